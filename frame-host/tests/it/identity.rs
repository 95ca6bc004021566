//! `GET /v1/identity/{address}` against a real local chain: hardhat's node with the devnet
//! contracts, ENS's registry and resolver among them, and names set by `devnet/ens.mjs`.

use crate::common;

use axum::http::StatusCode;
use common::{devnet::Devnet, TestApp};
use oriel_frame_host::NetworkConfig;
use serde_json::{json, Value};

/// Has `alice.oriel` both ways, with an avatar.
const ALICE: &str = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
/// Its reverse record claims `alice.oriel`, which points at [`ALICE`]: the forward check fails.
const MALLORY: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/// Has `carol.oriel` both ways, no avatar.
const CAROL: &str = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
/// Has no name.
const NOBODY: &str = "0x000000000000000000000000000000000000dEaD";
const CHAIN: &str = "eip155:31337";

const SET_NAMES: &str =
    "const [url, file, alice, mallory, carol, avatar] = process.argv.slice(1); \
    const c = JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')); \
    const ens = await import('./devnet/ens.mjs'); \
    await ens.setEnsName(url, c, alice, 'Alice.oriel', { avatar }); \
    await ens.setEnsReverseName(url, c, mallory, 'alice.oriel'); \
    await ens.setEnsName(url, c, carol, 'carol.oriel');";

const SET_AVATAR: &str = "const [url, file, alice, avatar] = process.argv.slice(1); \
    const c = JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')); \
    const ens = await import('./devnet/ens.mjs'); \
    await ens.setEnsAddress(url, c, 'alice.oriel', alice, { avatar });";

fn uri(address: &str) -> String {
    format!("/v1/identity/{address}?projectId=demo&st=appkit&sv=oriel-react-0.1.0")
}

async fn identity(t: &TestApp, address: &str) -> Value {
    let r = t.get(&uri(address)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_and_avatars_from_ens_on_a_local_chain() {
    let devnet = Devnet::start().await;
    let contracts = devnet.deploy();
    assert!(contracts["ens"]["registry"].is_string(), "{contracts}");
    let file = common::json_file(&contracts);
    let path = file.path().to_str().unwrap().to_owned();
    devnet.node(
        SET_NAMES,
        &[&path, ALICE, MALLORY, CAROL, "https://img.test/alice.png"],
    );
    let (url, contracts_path) = (devnet.url.clone(), file.path().to_path_buf());
    let t = TestApp::with(move |c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec![url],
            ..NetworkConfig::default()
        }];
        // Its registry becomes the network's ens_registry.
        c.devnet_contracts = Some(contracts_path);
    })
    .await;

    assert_eq!(
        identity(&t, ALICE).await,
        json!({ "name": "alice.oriel", "avatar": "https://img.test/alice.png" }),
        "the name as normalised, with its avatar"
    );
    assert_eq!(
        identity(&t, &ALICE.to_ascii_lowercase()).await["name"],
        "alice.oriel"
    );
    assert_eq!(
        identity(&t, MALLORY).await,
        json!({ "name": null, "avatar": null }),
        "a reverse record whose name points elsewhere is not a name"
    );
    assert_eq!(
        identity(&t, CAROL).await,
        json!({ "name": "carol.oriel", "avatar": null })
    );
    assert_eq!(
        identity(&t, NOBODY).await,
        json!({ "name": null, "avatar": null })
    );

    // Cached for 5 minutes.
    devnet.node(SET_AVATAR, &[&path, ALICE, "https://img.test/alice-2.png"]);
    assert_eq!(
        identity(&t, ALICE).await["avatar"],
        "https://img.test/alice.png"
    );
    t.advance_secs(5 * 60);
    assert_eq!(
        identity(&t, ALICE).await["avatar"],
        "https://img.test/alice-2.png"
    );
}

#[tokio::test]
async fn without_a_registry_no_address_has_a_name() {
    // The RPC URL is never asked: nothing listens there.
    let t = TestApp::with(|c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec!["http://127.0.0.1:9".into()],
            ..NetworkConfig::default()
        }];
    })
    .await;
    assert_eq!(
        identity(&t, ALICE).await,
        json!({ "name": null, "avatar": null })
    );
}

#[tokio::test]
async fn bad_requests() {
    let t = TestApp::with(|c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec!["http://127.0.0.1:9".into()],
            ens_registry: Some("0x0165878A594ca255338adfa4d48449f69242Eb8F".into()),
            ..NetworkConfig::default()
        }];
    })
    .await;
    let r = t.get(&uri("alice.eth")).await;
    assert_eq!(
        r.error(),
        (
            400,
            "invalid_params".into(),
            "Invalid address: expected 0x and 40 hex digits".into()
        )
    );
    let r = t.get(&format!("{}&sender=bob", uri(ALICE))).await;
    assert_eq!(r.error().2, "Invalid sender: expected 0x and 40 hex digits");
    let r = t
        .get("/v1/identity/0x8ba1f109551bD432803012645Ac136ddd64DBA72")
        .await;
    assert_eq!(r.error().2, "missing projectId");
    // The chain cannot be reached: an error, not an empty identity (and nothing is cached).
    let r = t.get(&uri(ALICE)).await;
    assert_eq!(r.status, StatusCode::INTERNAL_SERVER_ERROR, "{}", r.body);
}

#[tokio::test]
async fn a_bad_ens_registry_stops_frame_host() {
    let e = common::startup_error(|c| {
        c.networks[0].ens_registry = Some("registry.eth".into());
    })
    .await;
    assert_eq!(
        e.to_string(),
        "network \"eip155:31337\": ens_registry is not 0x and 40 hex digits"
    );
}
