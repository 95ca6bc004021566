//! Sign-in with a wallet signature over HTTP (`/v1/sessions*`, `/.well-known/jwks.json`):
//! EOA (whose signature needs no chain) and Solana accounts; contract accounts are in
//! `siwx_chain.rs`, against a devnet.

mod common;
mod siwx_common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use ed25519_dalek::{Signer, SigningKey};
use jsonwebtoken::{jwk::JwkSet, Algorithm, DecodingKey, Validation};
use oriel_frame_host::NetworkConfig;
use serde_json::{json, Value};
use siwx_common::{
    call, iso, nonce, personal_sign, sessions, sign_in, signed_in, signer, Msg, KEY, OTHER_KEY, Q,
    SHOP,
};

fn error(r: &common::Reply) -> (u16, String) {
    let (status, _, message) = r.error();
    (status, message)
}

#[tokio::test]
async fn an_eoa_signs_in_and_its_backend_verifies_the_token_with_the_published_key() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);

    let r = t.get(&format!("/v1/sessions/nonce?{Q}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let nonce = r.json()["nonce"].as_str().unwrap().to_owned();
    assert!(nonce.len() >= 16 && nonce.bytes().all(|c| c.is_ascii_alphanumeric()));
    assert_eq!(r.json()["expiresAt"], iso(t.clock.now_ms() + 600_000));

    let text = Msg::eip155(&t, &address, &nonce).text();
    let signature = personal_sign(&key, &text);
    let r = sign_in(&t, &text, &signature, Some(SHOP)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), SHOP);
    let reply = r.json();
    let session = &reply["session"];
    assert_eq!(session["chainId"], "eip155:31337");
    assert_eq!(session["address"], address);
    assert_eq!(session["verification"], "eoa");
    assert_eq!(session["message"], text);
    assert_eq!(session["signature"], signature);
    assert_eq!(session["data"]["accountAddress"], address);
    assert_eq!(session["data"]["chainId"], "eip155:31337");
    assert_eq!(session["data"]["domain"], "shop.example.com");
    assert_eq!(session["data"]["scheme"], "https");
    assert_eq!(session["data"]["nonce"], nonce.as_str());
    assert_eq!(session["data"]["statement"], "Sign in to the shop.");
    let now = t.clock.now_ms();
    assert_eq!(session["createdAt"], iso(now));
    assert_eq!(
        session["expiresAt"],
        iso(now + 24 * 3600 * 1000),
        "a day at most"
    );

    // The dapp's backend: the JWK set, then the token checked with a JWT library alone.
    let jwks = t.get("/.well-known/jwks.json").await;
    assert_eq!(jwks.status, StatusCode::OK);
    assert_eq!(jwks.header("access-control-allow-origin"), "*");
    assert_eq!(jwks.header("cache-control"), "public, max-age=300");
    let set: JwkSet = serde_json::from_str(&jwks.body).unwrap();
    let token = reply["token"].as_str().unwrap();
    let header = jsonwebtoken::decode_header(token).unwrap();
    assert_eq!(header.alg, Algorithm::EdDSA);
    let jwk = set
        .find(header.kid.as_deref().unwrap())
        .expect("the token's key is published");
    let mut validation = Validation::new(Algorithm::EdDSA);
    validation.set_audience(&["oriel-siwx:shop"]);
    validation.set_issuer(&["https://wallet.test"]);
    validation.validate_exp = false; // the test's clock is not the library's
    let claims =
        jsonwebtoken::decode::<Value>(token, &DecodingKey::from_jwk(jwk).unwrap(), &validation)
            .unwrap()
            .claims;
    assert_eq!(claims["sub"], format!("eip155:31337:{address}"));
    assert_eq!(claims["sid"], session["id"]);
    assert_eq!(claims["iat"], now / 1000);
    assert_eq!(
        claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(),
        24 * 3600
    );
    // Not an access token of the frame: another audience.
    validation.set_audience(&["oriel-frame:shop"]);
    assert!(jsonwebtoken::decode::<Value>(
        token,
        &DecodingKey::from_jwk(jwk).unwrap(),
        &validation
    )
    .is_err());

    // The session, by its token, under any spelling of the address.
    for asked in [address.clone(), address.to_ascii_lowercase()] {
        let r = sessions(&t, &asked, token, None).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        assert_eq!(r.json(), json!({ "sessions": [session] }));
    }
    let r = sessions(&t, &address, token, Some("eip155:1")).await;
    assert_eq!(r.json(), json!({ "sessions": [] }), "another chain");
    let other = signer(OTHER_KEY).address().to_checksum(None);
    assert_eq!(
        error(&sessions(&t, &other, token, None).await),
        (401, "Invalid key".into())
    );
    assert_eq!(
        error(&sessions(&t, &address, "garbage", None).await),
        (401, "Invalid key".into())
    );
    let uri = format!("/v1/sessions/{address}?{Q}");
    assert_eq!(error(&t.get(&uri).await), (401, "Invalid key".into()));
    let demo = format!("/v1/sessions/{address}?projectId=demo");
    let r = call(&t, Method::GET, &demo, None, None, Some(token)).await;
    assert_eq!(
        error(&r),
        (401, "Invalid key".into()),
        "another project's token"
    );

    // It ends with its time.
    t.advance_secs(24 * 3600);
    assert_eq!(
        sessions(&t, &address, token, None).await.json(),
        json!({ "sessions": [] })
    );
}

#[tokio::test]
async fn a_nonce_is_single_use_and_the_projects_own() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let text = Msg::eip155(&t, &address, &nonce(&t).await).text();
    let signature = personal_sign(&key, &text);
    assert_eq!(
        sign_in(&t, &text, &signature, None).await.status,
        StatusCode::OK
    );
    let replay = sign_in(&t, &text, &signature, None).await;
    assert_eq!(error(&replay), (401, "Invalid nonce".into()), "replayed");

    let made_up = Msg::eip155(&t, &address, "aaaaaaaabbbbbbbbccccccccdddddddd").text();
    let r = sign_in(&t, &made_up, &personal_sign(&key, &made_up), None).await;
    assert_eq!(error(&r), (401, "Invalid nonce".into()), "not issued");

    let r = t.get("/v1/sessions/nonce?projectId=demo").await;
    let demo_nonce = r.json()["nonce"].as_str().unwrap().to_owned();
    let text = Msg::eip155(&t, &address, &demo_nonce).text();
    let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
    assert_eq!(
        error(&r),
        (401, "Invalid nonce".into()),
        "another project's"
    );
}

#[tokio::test]
async fn a_nonce_expires_after_ten_minutes() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let (first, second) = (nonce(&t).await, nonce(&t).await);
    t.advance_secs(599);
    let text = Msg::eip155(&t, &address, &first).text();
    assert_eq!(
        sign_in(&t, &text, &personal_sign(&key, &text), None)
            .await
            .status,
        StatusCode::OK
    );
    t.advance_secs(1);
    let text = Msg::eip155(&t, &address, &second).text();
    let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
    assert_eq!(error(&r), (401, "Nonce expired".into()));
}

#[tokio::test]
async fn the_domain_and_uri_must_be_the_projects_and_the_pages() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let nonce = nonce(&t).await;
    let mut refused = Vec::new();
    for (origin, uri, page) in [
        ("https://evil.test", "https://shop.example.com/login", None),
        ("evil.test", "https://shop.example.com/login", None),
        (
            "http://shop.example.com",
            "https://shop.example.com/login",
            None,
        ),
        (
            "shop.example.com:8443",
            "https://shop.example.com/login",
            None,
        ),
        (
            "me@shop.example.com",
            "https://shop.example.com/login",
            None,
        ),
        ("https://shop.example.com", "https://evil.test/login", None),
        (
            "https://shop.example.com",
            "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
            None,
        ),
        (
            "https://shop.example.com",
            "https://shop.example.com/",
            Some("https://a.example.com"),
        ),
    ] {
        let mut msg = Msg::eip155(&t, &address, &nonce);
        (msg.origin, msg.uri) = (origin.into(), uri.into());
        let text = msg.text();
        let r = sign_in(&t, &text, &personal_sign(&key, &text), page).await;
        refused.push((origin, error(&r).1));
    }
    assert_eq!(
        refused,
        [
            ("https://evil.test", "Domain not allowed".into()),
            ("evil.test", "Domain not allowed".into()),
            ("http://shop.example.com", "Domain not allowed".into()),
            ("shop.example.com:8443", "Domain not allowed".into()),
            ("me@shop.example.com", "Domain not allowed".into()),
            ("https://shop.example.com", "URI not allowed".into()),
            ("https://shop.example.com", "URI not allowed".into()),
            (
                "https://shop.example.com",
                "Domain does not match the request origin".into()
            ),
        ]
    );
    // None of that used the nonce up; an allowed wildcard origin from its own page signs in.
    let mut msg = Msg::eip155(&t, &address, &nonce);
    (msg.origin, msg.uri) = ("a.example.com".into(), "https://a.example.com/".into());
    let text = msg.text();
    let r = sign_in(
        &t,
        &text,
        &personal_sign(&key, &text),
        Some("https://a.example.com"),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // A page of another origin cannot call at all.
    let r = sign_in(
        &t,
        &text,
        &personal_sign(&key, &text),
        Some("https://evil.test"),
    )
    .await;
    assert_eq!(error(&r), (403, "Origin not allowed".into()));
}

#[tokio::test]
async fn the_message_must_be_within_its_time_window() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let nonce = nonce(&t).await;
    let now = t.clock.now_ms();
    let msg = || Msg::eip155(&t, &address, &nonce);
    let mut future = msg();
    future.issued_at = iso(now + 61_000);
    let mut expired = msg();
    expired.expiration_time = Some(iso(now));
    let mut early = msg();
    early.not_before = Some(iso(now + 61_000));
    for (m, expected) in [
        (future, "Message issued in the future"),
        (expired, "Message expired"),
        (early, "Message not yet valid"),
    ] {
        let text = m.text();
        let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
        assert_eq!(error(&r), (401, expected.into()));
    }
    // Within a minute of skew, and an expiration time that shortens the session.
    let mut within = msg();
    within.issued_at = iso(now + 60_000);
    within.not_before = Some(iso(now + 60_000));
    within.expiration_time = Some(iso(now + 3_600_500));
    let text = within.text();
    let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let reply = r.json();
    assert_eq!(reply["session"]["expiresAt"], iso(now + 3_600_500));
    let token = reply["token"].as_str().unwrap();
    let claims: Value =
        serde_json::from_slice(&base64_url(token.split('.').nth(1).unwrap())).unwrap();
    assert_eq!(claims["exp"], (now + 3_600_500) / 1000);
    t.advance_secs(3599);
    let live = sessions(&t, &address, token, None).await.json();
    assert_eq!(live["sessions"].as_array().unwrap().len(), 1, "{live}");
    t.advance_secs(2);
    assert_eq!(
        sessions(&t, &address, token, None).await.json(),
        json!({ "sessions": [] })
    );
}

fn base64_url(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(text)
        .unwrap()
}

#[tokio::test]
async fn malformed_requests_say_what_is_wrong() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let nonce = nonce(&t).await;
    let mut msg = Msg::eip155(&t, &address, &nonce);
    msg.chain = "1".into();
    let text = msg.text();
    let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
    assert_eq!(error(&r), (400, "Unsupported chainId: eip155:1".into()));

    let text = Msg::eip155(&t, &address, &nonce).text();
    let r = sign_in(
        &t,
        &text.replace('\n', "\r\n"),
        &personal_sign(&key, &text),
        None,
    )
    .await;
    assert_eq!(
        error(&r),
        (
            400,
            "Invalid sign-in message: line 1: only printable ASCII and LF line breaks are allowed"
                .into()
        )
    );
    let r = sign_in(&t, &text, "0x1234", None).await;
    assert_eq!(
        error(&r),
        (
            400,
            "Invalid signature: expected 0x and an even number of hex digits, at least 62".into()
        )
    );
    let body = json!({ "message": text, "signature": personal_sign(&key, &text), "data": {} });
    let r = call(
        &t,
        Method::POST,
        &format!("/v1/sessions?{Q}"),
        Some(body),
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let huge = json!({ "message": "x".repeat(40_000), "signature": "0x" });
    let r = call(
        &t,
        Method::POST,
        &format!("/v1/sessions?{Q}"),
        Some(huge),
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body.contains("length limit"), "{}", r.body);
    let r = t.get(&format!("/v1/sessions/not-an-address?{Q}")).await;
    assert_eq!(
        error(&r),
        (
            400,
            "Invalid address: expected 0x and 40 hex digits or a base58 public key".into()
        )
    );
    // Nothing above used the nonce up.
    let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn one_session_per_address_and_chain_and_its_holder_revokes_it() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let first = signed_in(&t, &key).await;
    let second = signed_in(&t, &key).await;
    assert_ne!(first["session"]["id"], second["session"]["id"]);
    let token1 = first["token"].as_str().unwrap();
    let token2 = second["token"].as_str().unwrap();
    assert_eq!(
        sessions(&t, &address, token1, None).await.json(),
        json!({ "sessions": [] }),
        "replaced"
    );
    assert_eq!(
        sessions(&t, &address, token2, None).await.json()["sessions"][0],
        second["session"]
    );

    let s = &second["session"];
    let r = revoke(&t, &address, &s["id"], &first["session"]["signature"]).await;
    assert_eq!(r.json(), json!({ "revoked": false }), "not its signature");
    let (id1, signature1) = (&first["session"]["id"], &first["session"]["signature"]);
    let r = revoke(&t, &address, id1, signature1).await;
    assert_eq!(r.json(), json!({ "revoked": false }), "already replaced");
    let other = signer(OTHER_KEY).address().to_checksum(None);
    let r = revoke(&t, &other, &s["id"], &s["signature"]).await;
    assert_eq!(r.json(), json!({ "revoked": false }), "another address");
    let r = revoke(&t, &address, &s["id"], &s["signature"]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), SHOP);
    assert_eq!(r.json(), json!({ "revoked": true }));
    assert_eq!(
        sessions(&t, &address, token2, None).await.json(),
        json!({ "sessions": [] })
    );
    let r = revoke(&t, &address, &s["id"], &s["signature"]).await;
    assert_eq!(r.json(), json!({ "revoked": false }));
}

async fn revoke(t: &TestApp, address: &str, pci: &Value, signature: &Value) -> common::Reply {
    let body = json!({ "pci": pci, "signature": signature });
    let uri = format!("/v1/sessions/{address}/revoke?{Q}");
    call(t, Method::POST, &uri, Some(body), Some(SHOP), None).await
}

#[tokio::test]
async fn a_solana_account_signs_in_with_ed25519() {
    const DEVNET: &str = "EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
    let t = TestApp::with(|c| {
        c.networks.push(NetworkConfig {
            chain_id: format!("solana:{DEVNET}"),
            rpc_urls: vec!["http://127.0.0.1:9".into()],
            ..NetworkConfig::default()
        });
    })
    .await;
    let key = SigningKey::from_bytes(&[7; 32]);
    let address = bs58::encode(key.verifying_key().as_bytes()).into_string();
    let mut msg = Msg::eip155(&t, &address, &nonce(&t).await);
    (msg.account, msg.chain) = ("Solana", DEVNET.into());
    let text = msg.text();
    let signature = bs58::encode(key.sign(text.as_bytes()).to_bytes()).into_string();
    let wrong = bs58::encode(
        SigningKey::from_bytes(&[8; 32])
            .sign(text.as_bytes())
            .to_bytes(),
    )
    .into_string();
    let r = sign_in(&t, &text, &wrong, Some(SHOP)).await;
    assert_eq!(error(&r), (401, "Invalid signature".into()));
    let r = sign_in(&t, &text, &signature, Some(SHOP)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let reply = r.json();
    assert_eq!(reply["session"]["chainId"], format!("solana:{DEVNET}"));
    assert_eq!(reply["session"]["verification"], "ed25519");
    let token = reply["token"].as_str().unwrap();
    let r = sessions(&t, &address, token, None).await;
    assert_eq!(r.json()["sessions"][0]["address"], address.as_str());
}

#[tokio::test]
async fn a_project_can_switch_sign_in_off() {
    let t = TestApp::with(|c| c.projects.iter_mut().for_each(|p| p.siwx = p.id != "shop")).await;
    let off = (403, "SIWX is not enabled".to_owned());
    assert_eq!(error(&t.get(&format!("/v1/sessions/nonce?{Q}")).await), off);
    let r = sign_in(&t, "x", "0x", None).await;
    assert_eq!(error(&r), off);
    let address = signer(KEY).address().to_checksum(None);
    assert_eq!(error(&sessions(&t, &address, "x", None).await), off);
    assert_eq!(
        t.get("/v1/sessions/nonce?projectId=demo").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn nonces_are_rate_limited_per_client() {
    let t = TestApp::new().await;
    for _ in 0..30 {
        nonce(&t).await;
    }
    let r = t.get(&format!("/v1/sessions/nonce?{Q}")).await;
    assert_eq!(
        error(&r),
        (429, "Please try again after 600 seconds".into())
    );
    let other = t
        .call_from(
            [10, 0, 0, 2],
            Method::GET,
            &format!("/v1/sessions/nonce?{Q}"),
            None,
            None,
        )
        .await;
    assert_eq!(other.status, StatusCode::OK, "another client");
    t.advance_secs(600);
    nonce(&t).await;
}

#[tokio::test]
async fn preflights_let_the_projects_pages_send_the_token() {
    let t = TestApp::new().await;
    let address = signer(KEY).address().to_checksum(None);
    let preflight = axum::http::Request::builder()
        .method(Method::OPTIONS)
        .uri(format!("/v1/sessions/{address}?{Q}"))
        .header("origin", SHOP)
        .header("access-control-request-method", "GET")
        .header("access-control-request-headers", "authorization")
        .body(axum::body::Body::empty())
        .unwrap();
    let r = t.send(preflight).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(r.header("access-control-allow-origin"), SHOP);
    assert!(r
        .header("access-control-allow-headers")
        .contains("authorization"));
}
