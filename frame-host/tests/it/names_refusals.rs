//! Registrations frame-host refuses, each with its answer, and nothing stored after any.

use crate::common;
use crate::names_common;
use crate::siwx_common;

use axum::http::StatusCode;
use common::TestApp;
use names_common::{body, error, get, key, message, now_secs, post, DEVNET_COIN};
use serde_json::json;
use siwx_common::personal_sign;

/// Asserts that nothing was registered for `name`.
async fn none(t: &TestApp, name: &str) {
    let r = get(t, &format!("/v1/profile/account/{name}"), "").await;
    assert_eq!(error(&r), (404, "Name not found".into()), "{name}");
}

#[tokio::test]
async fn signatures_must_be_the_addresss_over_the_message_sent() {
    // Without the devnet's RPC only a key's signature can hold: a contract account's is checked
    // over its chain (devnet/names.test.ts), and an unreachable chain is an internal error.
    let t = TestApp::with(|c| c.networks.retain(|n| n.chain_id != "eip155:31337")).await;
    let (alice, mallory) = (key(0), key(1));
    let text = message("alice.oriel.id", json!({}), now_secs(&t));

    // Mallory signs, claiming Alice's address.
    let mut forged = body(&alice, &text, DEVNET_COIN);
    forged["signature"] = personal_sign(&mallory, &text).into();
    assert_eq!(
        error(&post(&t, forged).await),
        (401, "Invalid signature".into())
    );

    // Alice's signature, over another text than the one sent.
    let mut swapped = body(&alice, &text, DEVNET_COIN);
    swapped["message"] = message(
        "alice.oriel.id",
        json!({ "bio": "mallory was here" }),
        now_secs(&t),
    )
    .into();
    assert_eq!(
        error(&post(&t, swapped).await),
        (401, "Invalid signature".into())
    );

    // Not a signature at all.
    for (signature, why) in [
        (
            "0x1234",
            "Invalid signature: expected 0x and an even number of hex digits, at least 62",
        ),
        ("deadbeef", "Invalid signature: expected 0x and hex digits"),
    ] {
        let mut bad = body(&alice, &text, DEVNET_COIN);
        bad["signature"] = signature.into();
        assert_eq!(error(&post(&t, bad).await), (400, why.into()));
    }
    // An address whose mixed case is not its checksum.
    let mut bad = body(&alice, &text, DEVNET_COIN);
    let address = alice.address().to_checksum(None);
    let flipped: String = address
        .chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else if c.is_ascii_lowercase() && c != 'x' {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect();
    bad["address"] = flipped.into();
    assert_eq!(
        error(&post(&t, bad).await),
        (
            400,
            "Invalid address: mixed case that is not its EIP-55 checksum".into()
        )
    );
    none(&t, "alice.oriel.id").await;

    // The same body, signed by Alice: registered.
    let r = post(&t, body(&alice, &text, DEVNET_COIN)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn timestamps_must_be_recent_and_replays_find_the_name_taken() {
    let t = TestApp::new().await;
    let alice = key(0);
    let now = now_secs(&t);
    for (timestamp, expected) in [
        (now - 301, (401, "Registration message expired")),
        (now + 61, (401, "Registration message issued in the future")),
    ] {
        let text = message("alice.oriel.id", json!({}), timestamp);
        let r = post(&t, body(&alice, &text, DEVNET_COIN)).await;
        assert_eq!(error(&r), (expected.0, expected.1.into()), "{timestamp}");
    }
    none(&t, "alice.oriel.id").await;

    // Five minutes old is still fine (a phone wallet can be slow to approve)…
    let text = message("alice.oriel.id", json!({}), now - 300);
    let signed = body(&alice, &text, DEVNET_COIN);
    assert_eq!(post(&t, signed.clone()).await.status, StatusCode::OK);
    // …and the same signed body sent again is refused: the name is taken.
    assert_eq!(
        error(&post(&t, signed.clone()).await),
        (409, "Name is already registered".into())
    );
    // Past the window, it is refused as expired before anything else.
    t.advance_secs(2);
    assert_eq!(
        error(&post(&t, signed).await),
        (401, "Registration message expired".into())
    );
}

#[tokio::test]
async fn coin_types_must_be_an_evm_chains_below_2_pow_31() {
    let t = TestApp::new().await;
    let alice = key(0);
    let text = message("alice.oriel.id", json!({}), now_secs(&t));
    for (coin_type, expected) in [
        (json!(0x8000_0000_u64), (400, "Invalid chainId")),
        (json!(0x1_0000_0000_u64), (400, "Invalid chainId")),
        (json!("4294967296"), (400, "Invalid chainId")),
        (json!(0), (400, "Unsupported coin type: 0")),
        (json!(501), (400, "Unsupported coin type: 501")),
        (
            json!(-1),
            (
                400,
                "Invalid registration message: coin_type: expected a whole number",
            ),
        ),
        (
            json!("0x3c"),
            (
                400,
                "Invalid registration message: coin_type: expected a whole number",
            ),
        ),
    ] {
        let mut b = body(&alice, &text, DEVNET_COIN);
        b["coin_type"] = coin_type.clone();
        assert_eq!(
            error(&post(&t, b).await),
            (expected.0, expected.1.into()),
            "{coin_type}"
        );
    }
    none(&t, "alice.oriel.id").await;
    // Ethereum's 60, as a string (the Blockchain API's documented form).
    let mut b = body(&alice, &text, DEVNET_COIN);
    b["coin_type"] = json!("60");
    let r = post(&t, b).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let addresses = r.json()["account"]["addresses"].clone();
    assert_eq!(
        addresses.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["60"]
    );
}

#[tokio::test]
async fn names_messages_and_attributes_follow_the_rules() {
    let t = TestApp::new().await;
    let alice = key(0);
    let now = now_secs(&t);
    let cases = [
        (
            message("abc.oriel.id", json!({}), now),
            "Invalid name: at least 4 characters",
        ),
        (
            message("al_ce.oriel.id", json!({}), now),
            "Invalid name: only letters, digits and hyphens",
        ),
        (
            message("ab--cd.oriel.id", json!({}), now),
            "Invalid name: hyphens cannot be the 3rd and 4th characters",
        ),
        (
            message(&format!("{}.oriel.id", "a".repeat(64)), json!({}), now),
            "Invalid name: at most 63 characters",
        ),
        (
            message("alice", json!({}), now),
            "Invalid name: expected a name ending in .oriel.id",
        ),
        (
            message("alice.reown.id", json!({}), now),
            "Invalid name: expected a name ending in .oriel.id",
        ),
        (
            message("alice.oriel.id", json!({ "twitter": "@alice" }), now),
            "Invalid attributes: unsupported attribute \"twitter\": expected avatar or bio",
        ),
        (
            message(
                "alice.oriel.id",
                json!({ "avatar": "javascript:alert(1)" }),
                now,
            ),
            // Issue 38, L-5 narrowed the rule (https or a raster data: image), and its text.
            "Invalid attributes: avatar must be an https URL or a data: URL of a PNG, JPEG, GIF or WebP image, of at most 2048 bytes",
        ),
    ];
    for (text, expected) in cases {
        let r = post(&t, body(&alice, &text, DEVNET_COIN)).await;
        assert_eq!(error(&r), (400, expected.into()), "{text}");
    }
    for text in [
        "alice.oriel.id".to_owned(),
        json!({ "name": "alice.oriel.id", "timestamp": now, "chain_id": 1 }).to_string(),
        json!({ "name": "alice.oriel.id", "timestamp": "now" }).to_string(),
        "x".repeat(4097),
    ] {
        let r = post(&t, body(&alice, &text, DEVNET_COIN)).await;
        let (status, message) = error(&r);
        assert_eq!(status, 400);
        assert!(
            message.starts_with("Invalid registration message: "),
            "{message}"
        );
    }
    none(&t, "alice.oriel.id").await;
    // Without attributes at all: fine.
    let text = json!({ "name": "alice.oriel.id", "timestamp": now }).to_string();
    assert_eq!(
        post(&t, body(&alice, &text, DEVNET_COIN)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn registrations_per_client_address_are_limited() {
    let t = TestApp::new().await;
    let alice = key(0);
    let text = message("abc.oriel.id", json!({}), now_secs(&t));
    for _ in 0..20 {
        assert_eq!(
            post(&t, body(&alice, &text, DEVNET_COIN)).await.status,
            StatusCode::BAD_REQUEST
        );
    }
    let r = post(&t, body(&alice, &text, DEVNET_COIN)).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        error(&r).1.starts_with("Please try again after "),
        "{}",
        r.body
    );
}

/// Issue 38, L-5: names cannot be squatted in bulk: reserved labels are refused, one client IP
/// registers at most 3 names a day, and one address sends at most 5 registrations per 10
/// minutes.
#[tokio::test]
async fn names_cannot_be_squatted_in_bulk() {
    // Without the devnet's RPC only a key's signature can hold (as above).
    let t = TestApp::with(|c| c.networks.retain(|n| n.chain_id != "eip155:31337")).await;
    let fresh = |n: u8| {
        alloy_signer_local::PrivateKeySigner::from_bytes(&alloy_primitives::B256::repeat_byte(
            0x40 + n,
        ))
        .unwrap()
    };
    for reserved in ["admin.oriel.id", "Support.oriel.id", "oriel.oriel.id"] {
        let r = names_common::register(&t, &fresh(0), reserved).await;
        assert_eq!(
            error(&r),
            (400, "Invalid name: this name is reserved".into()),
            "{reserved}"
        );
        none(&t, &reserved.to_ascii_lowercase()).await;
    }
    let r = get(&t, "/v1/profile/suggestions/admin", "").await;
    assert_eq!(
        r.json()["suggestions"][0],
        json!({ "name": "admin.oriel.id", "registered": true })
    );

    for n in 1..=3 {
        let r = names_common::register(&t, &fresh(n), &format!("squat{n}.oriel.id")).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let r = names_common::register(&t, &fresh(4), "squat4.oriel.id").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    none(&t, "squat4.oriel.id").await;

    // An address's refused registrations count too (here: signed by another key).
    let (victim, mallory) = (fresh(5), fresh(6));
    let text = message("victim.oriel.id", json!({}), now_secs(&t));
    let mut forged = body(&victim, &text, DEVNET_COIN);
    forged["signature"] = personal_sign(&mallory, &text).into();
    for _ in 0..5 {
        assert_eq!(
            error(&post(&t, forged.clone()).await),
            (401, "Invalid signature".into())
        );
    }
    assert_eq!(post(&t, forged).await.status, StatusCode::TOO_MANY_REQUESTS);
}
