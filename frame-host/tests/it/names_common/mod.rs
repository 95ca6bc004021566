//! Helpers of the name tests: registration messages signed the way the SDK signs them
//! (`personal_sign` of `JSON.stringify({ name, attributes, timestamp })`), and the calls.

#![allow(dead_code, unreachable_pub)]

use alloy_signer_local::PrivateKeySigner;
use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{Reply, TestApp};
use crate::siwx_common::{personal_sign, signer};

/// The query of every `/v1/profile/*` call of project `shop`.
pub const Q: &str = "projectId=shop&st=appkit&sv=oriel-react-0.1.0";
/// The `shop` project's origin.
pub const SHOP: &str = "https://shop.example.com";
/// ENSIP-11's coin type of the devnet (chain 31337): `0x80000000 | 31337`.
pub const DEVNET_COIN: u64 = 0x8000_7a69;

/// Hardhat's accounts #1 to #4.
pub const KEYS: [&str; 4] = [
    "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
    "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
    "7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
    "47e179ec197488593b187f8a8eb0abb9de8fc22c5e8aa40f6d8d1b3b72d9f4b7",
];

pub fn key(i: usize) -> PrivateKeySigner {
    signer(KEYS[i])
}

/// The message an address signs to register `name`, as `JSON.stringify` writes it.
pub fn message(name: &str, attributes: Value, timestamp: i64) -> String {
    json!({ "name": name, "attributes": attributes, "timestamp": timestamp }).to_string()
}

/// Now on the app's clock, Unix seconds.
pub fn now_secs(t: &TestApp) -> i64 {
    t.clock.now_ms().div_euclid(1000)
}

/// `POST /v1/profile/account` with `body`, from the shop's page.
pub async fn post(t: &TestApp, body: Value) -> Reply {
    t.send(
        axum::http::Request::builder()
            .method(Method::POST)
            .uri(format!("/v1/profile/account?{Q}"))
            .header("origin", SHOP)
            .header("content-type", "application/json")
            .body(axum::body::Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

/// `key` registers `name` now (no attributes), for the devnet's coin type.
pub async fn register(t: &TestApp, key: &PrivateKeySigner, name: &str) -> Reply {
    let text = message(name, json!({}), now_secs(t));
    post(t, body(key, &text, DEVNET_COIN)).await
}

/// The body of a registration of `text`, signed by `key`.
pub fn body(key: &PrivateKeySigner, text: &str, coin_type: u64) -> Value {
    json!({
        "coin_type": coin_type,
        "address": key.address().to_checksum(None),
        "message": text,
        "signature": personal_sign(key, text),
    })
}

/// A GET of `path` with the shop's query; `extra` is appended to it.
pub async fn get(t: &TestApp, path: &str, extra: &str) -> Reply {
    t.get(&format!("{path}?{Q}{extra}")).await
}

/// The record of `name`, which must be registered.
pub async fn record(t: &TestApp, name: &str) -> Value {
    let r = get(t, &format!("/v1/profile/account/{name}"), "&apiVersion=2").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}

/// The status and message of an API error.
pub fn error(r: &Reply) -> (u16, String) {
    let (status, _, message) = r.error();
    (status, message)
}
