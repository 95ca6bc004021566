//! Helpers of the sign-in tests: messages written the way EIP-4361 / CAIP-122 lay them out
//! (independently of frame-host's writer), keys, and the calls.

#![allow(dead_code, unreachable_pub)]

use alloy_signer::SignerSync;
use alloy_signer_local::PrivateKeySigner;
use axum::{
    body::Body,
    http::{Method, Request, StatusCode},
};
use serde_json::{json, Value};

use crate::common::{Reply, TestApp};

/// The status and message of an API error.
pub fn error(r: &Reply) -> (u16, String) {
    let (status, _, message) = r.error();
    (status, message)
}

/// The query of every `/v1/sessions*` call of project `shop`.
pub const Q: &str = "projectId=shop&st=appkit&sv=oriel-react-0.1.0";
/// The `shop` project's exact origin (the test config also allows `https://*.example.com`).
pub const SHOP: &str = "https://shop.example.com";
/// Hardhat's second test account.
pub const KEY: &str = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
/// Hardhat's third test account.
pub const OTHER_KEY: &str = "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";

pub fn signer(key: &str) -> PrivateKeySigner {
    PrivateKeySigner::from_slice(&alloy_primitives::hex::decode(key).unwrap()).unwrap()
}

/// `0x` hex of `signer`'s `personal_sign` of `text`.
pub fn personal_sign(signer: &PrivateKeySigner, text: &str) -> String {
    let signature = signer.sign_message_sync(text.as_bytes()).unwrap();
    format!("0x{}", alloy_primitives::hex::encode(signature.as_bytes()))
}

/// RFC 3339 UTC with milliseconds of Unix ms, as JavaScript's `toISOString` writes it.
pub fn iso(ms: i64) -> String {
    let (secs, millis) = (ms.div_euclid(1000), ms.rem_euclid(1000));
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The fields of a message to sign.
#[derive(Debug, Clone)]
pub struct Msg {
    /// `[scheme://]domain`.
    pub origin: String,
    /// `Ethereum` or `Solana`.
    pub account: &'static str,
    pub address: String,
    pub statement: Option<String>,
    pub uri: String,
    pub chain: String,
    pub nonce: String,
    pub issued_at: String,
    pub expiration_time: Option<String>,
    pub not_before: Option<String>,
}

impl Msg {
    /// An `eip155:31337` message from [`SHOP`] for `address`, issued now.
    pub fn eip155(t: &TestApp, address: &str, nonce: &str) -> Self {
        Self {
            origin: SHOP.into(),
            account: "Ethereum",
            address: address.into(),
            statement: Some("Sign in to the shop.".into()),
            uri: format!("{SHOP}/login"),
            chain: "31337".into(),
            nonce: nonce.into(),
            issued_at: iso(t.clock.now_ms()),
            expiration_time: None,
            not_before: None,
        }
    }

    pub fn text(&self) -> String {
        let mut text = format!(
            "{} wants you to sign in with your {} account:\n{}\n\n",
            self.origin, self.account, self.address
        );
        if let Some(s) = &self.statement {
            text += &format!("{s}\n");
        }
        text += &format!(
            "\nURI: {}\nVersion: 1\nChain ID: {}\nNonce: {}\nIssued At: {}",
            self.uri, self.chain, self.nonce, self.issued_at
        );
        if let Some(t) = &self.expiration_time {
            text += &format!("\nExpiration Time: {t}");
        }
        if let Some(t) = &self.not_before {
            text += &format!("\nNot Before: {t}");
        }
        text
    }
}

/// A fresh nonce of project `shop`.
pub async fn nonce(t: &TestApp) -> String {
    let r = t.get(&format!("/v1/sessions/nonce?{Q}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()["nonce"].as_str().unwrap().into()
}

/// A request with a JSON body (or none), an `Origin` and a bearer token when given.
pub async fn call(
    t: &TestApp,
    method: Method,
    uri: &str,
    body: Option<Value>,
    origin: Option<&str>,
    bearer: Option<&str>,
) -> Reply {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(o) = origin {
        req = req.header("origin", o);
    }
    if let Some(token) = bearer {
        req = req.header("authorization", format!("Bearer {token}"));
    }
    let req = match body {
        Some(b) => req
            .header("content-type", "application/json")
            .body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    };
    t.send(req.unwrap()).await
}

/// `POST /v1/sessions` of `text` and `signature`, from a page on `origin` when given.
pub async fn sign_in(t: &TestApp, text: &str, signature: &str, origin: Option<&str>) -> Reply {
    let body = json!({ "message": text, "signature": signature });
    call(
        t,
        Method::POST,
        &format!("/v1/sessions?{Q}"),
        Some(body),
        origin,
        None,
    )
    .await
}

/// `GET /v1/sessions/{address}` with `token`.
pub async fn sessions(t: &TestApp, address: &str, token: &str, chain: Option<&str>) -> Reply {
    let chain = chain.map(|c| format!("&chainId={c}")).unwrap_or_default();
    let uri = format!("/v1/sessions/{address}?{Q}{chain}");
    call(t, Method::GET, &uri, None, None, Some(token)).await
}

/// Signs `address`'s key into `shop` on the devnet chain; the answer's JSON.
pub async fn signed_in(t: &TestApp, key: &PrivateKeySigner) -> Value {
    let address = key.address().to_checksum(None);
    let text = Msg::eip155(t, &address, &nonce(t).await).text();
    let r = sign_in(t, &text, &personal_sign(key, &text), Some(SHOP)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}
