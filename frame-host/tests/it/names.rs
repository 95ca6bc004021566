//! Names over HTTP (`/v1/profile/*`): registration signed by the address, first come, one name
//! per address; lookups both ways, suggestions and the identity route.
//! Refusals are in `names_refusals.rs`, the gateway in `names_gateway.rs`; resolution on chain
//! in `devnet/names.test.ts`.

use crate::common;
use crate::names_common;
use crate::siwx_common;

use axum::http::StatusCode;
use common::TestApp;
use names_common::{
    body, error, get, key, message, now_secs, post, record, register, DEVNET_COIN, SHOP,
};
use serde_json::json;
use siwx_common::iso;

#[tokio::test]
async fn an_address_registers_a_name_and_it_is_looked_up_both_ways() {
    let t = TestApp::new().await;
    let alice = key(0);
    let address = alice.address().to_checksum(None);
    let lower = address.to_ascii_lowercase();

    // Before: no identity (ENS is not configured in this app), no name either way.
    let identity = format!("/v1/identity/{lower}");
    assert_eq!(
        get(&t, &identity, "").await.json(),
        json!({ "name": null, "avatar": null })
    );
    assert_eq!(
        get(&t, &format!("/v1/profile/reverse/{lower}"), "&apiVersion=2")
            .await
            .json(),
        json!([])
    );

    let text = message(
        "alice.oriel.id",
        json!({ "avatar": "https://img.test/alice.png", "bio": "Builds wallets." }),
        now_secs(&t),
    );
    let r = post(&t, body(&alice, &text, DEVNET_COIN)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), SHOP);
    let at = iso(t.clock.now_ms());
    let expected = json!({
        "name": "alice.oriel.id",
        "registered_at": at,
        "updated_at": at,
        "addresses": {
            "60": { "address": address, "created_at": at },
            DEVNET_COIN.to_string(): { "address": address, "created_at": at },
        },
        "attributes": { "avatar": "https://img.test/alice.png", "bio": "Builds wallets." },
    });
    assert_eq!(r.json(), json!({ "success": true, "account": expected }));

    // Forward, in any case.
    assert_eq!(record(&t, "alice.oriel.id").await, expected);
    assert_eq!(record(&t, "Alice.Oriel.ID").await, expected);
    // Reverse, for the address in any case: its one (primary) name.
    for spelled in [&lower, &address] {
        let r = get(
            &t,
            &format!("/v1/profile/reverse/{spelled}"),
            &format!("&sender={lower}"),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        assert_eq!(r.json(), json!([expected]));
    }
    // The identity route answers the registered name at once (this instance's cache forgot
    // the address's empty identity), with the avatar attribute.
    assert_eq!(
        get(&t, &identity, "").await.json(),
        json!({ "name": "alice.oriel.id", "avatar": "https://img.test/alice.png" })
    );
}

#[tokio::test]
async fn first_come_first_served_and_one_name_per_address() {
    let t = TestApp::new().await;
    let (alice, bob) = (key(0), key(1));
    assert_eq!(
        register(&t, &alice, "alice.oriel.id").await.status,
        StatusCode::OK
    );

    let r = register(&t, &bob, "ALICE.oriel.id").await;
    assert_eq!(error(&r), (409, "Name is already registered".into()));
    let r = register(&t, &alice, "alice2.oriel.id").await;
    assert_eq!(error(&r), (409, "Address already has a name".into()));

    let kept = record(&t, "alice.oriel.id").await;
    assert_eq!(
        kept["addresses"]["60"]["address"],
        alice.address().to_checksum(None)
    );
    let r = get(&t, "/v1/profile/account/alice2.oriel.id", "").await;
    assert_eq!(error(&r), (404, "Name not found".into()));
    // Bob can still take another name.
    assert_eq!(
        register(&t, &bob, "bobby.oriel.id").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn suggestions_give_the_name_asked_for_and_free_alternatives() {
    let t = TestApp::new().await;
    let names = |r: &common::Reply| -> Vec<(String, bool)> {
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        r.json()["suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["name"].as_str().unwrap().to_owned(),
                    s["registered"].as_bool().unwrap(),
                )
            })
            .collect()
    };
    let free = |n: &str| (format!("{n}.oriel.id"), false);
    let r = get(&t, "/v1/profile/suggestions/alice", "&zone=oriel.id").await;
    assert_eq!(
        names(&r),
        [
            free("alice"),
            free("alice1"),
            free("alice-id"),
            free("alice2"),
            free("myalice")
        ]
    );

    register(&t, &key(0), "alice.oriel.id").await;
    register(&t, &key(1), "alice-id.oriel.id").await;
    for asked in ["alice", "Alice", "alice.oriel.id"] {
        let r = get(&t, &format!("/v1/profile/suggestions/{asked}"), "").await;
        assert_eq!(
            names(&r),
            [
                ("alice.oriel.id".to_owned(), true),
                free("alice1"),
                free("alice2"),
                free("myalice"),
                free("alicehq")
            ],
            "{asked}"
        );
    }

    let r = get(&t, "/v1/profile/suggestions/alice", "&zone=reown.id").await;
    assert_eq!(error(&r), (400, "Unsupported zone: reown.id".into()));
    let r = get(&t, "/v1/profile/suggestions/abc", "").await;
    assert_eq!(
        error(&r),
        (400, "Invalid name: at least 4 characters".into())
    );
    let r = get(&t, "/v1/profile/suggestions/al_ce", "").await;
    assert_eq!(
        error(&r),
        (400, "Invalid name: only letters, digits and hyphens".into())
    );
}

#[tokio::test]
async fn unknown_names_and_addresses_are_404_or_an_empty_list() {
    let t = TestApp::new().await;
    let nobody = "0x000000000000000000000000000000000000dead";
    let r = get(&t, "/v1/profile/account/nobody.oriel.id", "").await;
    assert_eq!(error(&r), (404, "Name not found".into()));
    let r = get(&t, "/v1/profile/account/nobody.oriel.id", "&apiVersion=2").await;
    assert_eq!((r.status, r.json()), (StatusCode::OK, json!([])));
    let r = get(
        &t,
        &format!("/v1/profile/reverse/{nobody}"),
        "&apiVersion=1",
    )
    .await;
    assert_eq!(error(&r), (404, "No name for this address".into()));
    let r = get(
        &t,
        &format!("/v1/profile/reverse/{nobody}"),
        "&apiVersion=2",
    )
    .await;
    assert_eq!((r.status, r.json()), (StatusCode::OK, json!([])));

    let r = get(
        &t,
        &format!("/v1/profile/reverse/{nobody}"),
        "&apiVersion=3",
    )
    .await;
    assert_eq!(
        error(&r),
        (400, "Invalid apiVersion: expected 1 or 2".into())
    );
    let r = get(&t, "/v1/profile/reverse/0xdead", "").await;
    assert_eq!(
        error(&r),
        (400, "Invalid address: expected 0x and 40 hex digits".into())
    );
    let r = get(&t, "/v1/profile/account/alice.eth", "").await;
    assert_eq!(
        error(&r),
        (
            400,
            "Invalid name: expected a name ending in .oriel.id".into()
        )
    );
    // Blockchain API rules: a project, and only its origins.
    let r = t.get("/v1/profile/account/nobody.oriel.id").await;
    assert_eq!(error(&r), (400, "missing projectId".into()));
}

#[tokio::test]
async fn the_suffix_is_the_operators() {
    assert_eq!(oriel_frame_host::Config::dev().name_suffix, "oriel.id");
    let t = TestApp::with(|c| c.name_suffix = "names.example".parse().unwrap()).await;
    let r = register(&t, &key(0), "alice.names.example").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        record(&t, "alice.names.example").await["name"],
        "alice.names.example"
    );
    let r = register(&t, &key(1), "bobby.oriel.id").await;
    assert_eq!(
        error(&r),
        (
            400,
            "Invalid name: expected a name ending in .names.example".into()
        )
    );
    let r = get(&t, "/v1/profile/gateway", "").await;
    assert_eq!(r.json()["suffix"], "names.example");

    // An invalid suffix cannot be written in a `Config`: it is refused when read.
    let suffix = |name: &str| (name == "ORIEL_NAME_SUFFIX").then(|| "Names.Example".to_owned());
    let e = oriel_frame_host::Config::load_with(suffix).unwrap_err();
    assert!(e.to_string().contains("name_suffix"), "{e}");
}
