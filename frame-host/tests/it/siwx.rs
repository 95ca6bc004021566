//! Sign-in with a wallet signature over HTTP (`/v1/sessions*`, `/.well-known/jwks.json`):
//! EOA (whose signature needs no chain) and Solana accounts, their sessions and tokens.
//! Refusals are in `siwx_refusals.rs`; contract accounts in `siwx_chain.rs`, against a devnet.

use crate::common;
use crate::siwx_common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use ed25519_dalek::{Signer, SigningKey};
use jsonwebtoken::{jwk::JwkSet, Algorithm, DecodingKey, Validation};
use oriel_frame_host::NetworkConfig;
use serde_json::{json, Value};
use siwx_common::{
    call, error, iso, nonce, personal_sign, sessions, sign_in, signed_in, signer, Msg, KEY,
    OTHER_KEY, Q, SHOP,
};

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
    let wrong = bs58::encode(
        SigningKey::from_bytes(&[8; 32])
            .sign(text.as_bytes())
            .to_bytes(),
    )
    .into_string();
    let r = sign_in(&t, &text, &wrong, Some(SHOP)).await;
    assert_eq!(error(&r), (401, "Invalid signature".into()));
    // The refusal used that nonce up (issue 38, L-4): the right signature comes with a new one.
    msg.nonce = nonce(&t).await;
    let text = msg.text();
    let signature = bs58::encode(key.sign(text.as_bytes()).to_bytes()).into_string();
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
