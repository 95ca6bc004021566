//! Issue 38, L-4: contract-account signature checks run code the signer chose (ERC-6492's
//! factory call), so each `eth_call` carries a gas cap, and a refused signature uses its
//! sign-in nonce up. A stand-in JSON-RPC server records what frame-host asks the chain and
//! answers as a chain would for accounts whose signatures are not valid.

use crate::common::TestApp;
use crate::names_common;
use crate::siwx_common::{error, nonce, personal_sign, sign_in, signer, Msg, KEY, OTHER_KEY, SHOP};

use std::sync::{Arc, Mutex};

use axum::{routing::post, Json, Router};
use oriel_frame_host::NetworkConfig;
use serde_json::{json, Value};

/// A contract account in the stand-in chain (it has code); every other address has none.
const CONTRACT: &str = "0x00000000000000000000000000000000000c0de0";
/// `SignatureCheck::CHECK_GAS`, 2,000,000, as a JSON-RPC quantity.
const GAS_CAP: &str = "0x1e8480";

/// The stand-in chain: its URL and the requests it got.
async fn chain() -> (String, Arc<Mutex<Vec<Value>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    let app = Router::new().route(
        "/",
        post(move |Json(request): Json<Value>| {
            let log = Arc::clone(&log);
            async move {
                log.lock().unwrap().push(request.clone());
                let result = match request["method"].as_str() {
                    Some("eth_getCode") if is_contract(&request["params"][0]) => json!("0x6000"),
                    Some("eth_getCode") => json!("0x"),
                    // SignatureCheck's "not valid" byte; ERC-1271 answers not the magic value.
                    Some("eth_call") if request["params"][0].get("to").is_none() => json!("0x00"),
                    _ => json!(format!("0x{}", "00".repeat(32))),
                };
                Json(json!({ "jsonrpc": "2.0", "id": request["id"], "result": result }))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, seen)
}

async fn app(url: String) -> TestApp {
    TestApp::with(move |c| {
        c.networks = vec![NetworkConfig {
            chain_id: "eip155:31337".into(),
            rpc_urls: vec![url],
            ..NetworkConfig::default()
        }];
    })
    .await
}

fn is_contract(address: &Value) -> bool {
    address
        .as_str()
        .is_some_and(|a| a.eq_ignore_ascii_case(CONTRACT))
}

/// An ERC-6492-wrapped signature (its factory call and inner signature do not matter here).
fn erc6492() -> String {
    format!("0x{}{}", "ab".repeat(96), "6492".repeat(16))
}

/// The `eth_call`s the chain got since `from`.
fn calls(seen: &Mutex<Vec<Value>>, from: usize) -> Vec<Value> {
    seen.lock().unwrap()[from..]
        .iter()
        .filter(|r| r["method"] == "eth_call")
        .cloned()
        .collect()
}

#[tokio::test]
async fn contract_signature_checks_carry_a_gas_cap() {
    let (url, seen) = chain().await;
    let t = app(url).await;
    let address = signer(KEY).address().to_checksum(None);

    // ERC-6492, in sign-in: the deployless SignatureCheck call.
    let text = Msg::eip155(&t, &address, &nonce(&t).await).text();
    let r = sign_in(&t, &text, &erc6492(), Some(SHOP)).await;
    assert_eq!(error(&r), (401, "Invalid signature".into()));
    let sent = calls(&seen, 0);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0]["params"][0]["gas"], GAS_CAP, "{sent:?}");

    // ERC-1271 of an account with code.
    let from = seen.lock().unwrap().len();
    let text = Msg::eip155(&t, CONTRACT, &nonce(&t).await).text();
    let r = sign_in(&t, &text, &personal_sign(&signer(KEY), &text), Some(SHOP)).await;
    assert_eq!(error(&r), (401, "Invalid signature".into()));
    let sent = calls(&seen, from);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(is_contract(&sent[0]["params"][0]["to"]), "{sent:?}");
    assert_eq!(sent[0]["params"][0]["gas"], GAS_CAP, "{sent:?}");

    // A name registration's ERC-6492 check, the same way.
    let from = seen.lock().unwrap().len();
    let key = signer(KEY);
    let text = names_common::message("alice.oriel.id", json!({}), names_common::now_secs(&t));
    let mut body = names_common::body(&key, &text, names_common::DEVNET_COIN);
    body["signature"] = erc6492().into();
    let r = names_common::post(&t, body).await;
    assert_eq!(names_common::error(&r), (401, "Invalid signature".into()));
    let sent = calls(&seen, from);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0]["params"][0]["gas"], GAS_CAP, "{sent:?}");
}

#[tokio::test]
async fn a_refused_signature_uses_the_nonce_up() {
    let (url, _seen) = chain().await;
    let t = app(url).await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let text = Msg::eip155(&t, &address, &nonce(&t).await).text();
    let wrong = personal_sign(&signer(OTHER_KEY), &text);
    assert_eq!(
        error(&sign_in(&t, &text, &wrong, Some(SHOP)).await),
        (401, "Invalid signature".into())
    );
    // The right signature now comes too late: the refusal used the nonce up.
    let right = personal_sign(&key, &text);
    assert_eq!(
        error(&sign_in(&t, &text, &right, Some(SHOP)).await),
        (401, "Invalid nonce".into())
    );
    // A fresh nonce signs in.
    let text = Msg::eip155(&t, &address, &nonce(&t).await).text();
    let r = sign_in(&t, &text, &personal_sign(&key, &text), Some(SHOP)).await;
    assert_eq!(r.status, 200, "{}", r.body);
}
