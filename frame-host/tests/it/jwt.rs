//! Access-token rejections: each forged or unfit token is a 401 with the spec's text.

use crate::common;

use axum::http::{Method, StatusCode};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use common::{TestApp, DEV1};
use ed25519_dalek::{
    pkcs8::{spki::der::pem::LineEnding, DecodePrivateKey, EncodePrivateKey, EncodePublicKey},
    SigningKey,
};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{json, Value};

const USER: &str = "/auth/v1/user?projectId=shop";

struct Forge {
    t: TestApp,
    key: SigningKey,
    claims: Value,
}

impl Forge {
    /// An app with a logged-in user, the app's own signing key, and the claims of a valid
    /// token for that user.
    async fn new() -> Self {
        let t = TestApp::new().await;
        let s = t.login("ann@example.com", DEV1).await;
        let key = SigningKey::from_pkcs8_pem(&t.jwt_pem()).unwrap();
        let now = t.clock.now_secs();
        let claims = json!({
            "iss": "https://wallet.test",
            "aud": "oriel-frame:shop",
            "sub": s.user_id,
            "did": DEV1,
            "sid": sid(&s.access),
            "iat": now,
            "nbf": now,
            "exp": now + 900,
        });
        Self { t, key, claims }
    }

    fn claims_with(&self, changes: Value) -> Value {
        let mut c = self.claims.clone();
        for (k, v) in changes.as_object().unwrap() {
            if v.is_null() {
                c.as_object_mut().unwrap().remove(k);
            } else {
                c[k] = v.clone();
            }
        }
        c
    }

    fn sign_with(key: &SigningKey, claims: &Value) -> String {
        let der = key.to_pkcs8_der().unwrap();
        jsonwebtoken::encode(
            &Header::new(Algorithm::EdDSA),
            claims,
            &EncodingKey::from_ed_der(der.as_bytes()),
        )
        .unwrap()
    }

    fn sign(&self, changes: Value) -> String {
        Self::sign_with(&self.key, &self.claims_with(changes))
    }

    async fn rejects(&self, token: &str, message: &str) {
        let r = self.t.get_auth(USER, token).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{message}: {}", r.body);
        assert_eq!(
            r.json(),
            json!({ "error": { "code": "unauthorized", "message": message } }),
        );
    }
}

/// The `sid` claim of a token frame-host issued.
fn sid(token: &str) -> String {
    let payload = token.split('.').nth(1).unwrap();
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap();
    claims["sid"].as_str().unwrap().to_owned()
}

fn b64(v: &Value) -> String {
    URL_SAFE_NO_PAD.encode(v.to_string())
}

#[tokio::test]
async fn a_token_signed_by_the_app_key_is_accepted() {
    let f = Forge::new().await;
    let r = f.t.get_auth(USER, &f.sign(json!({}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn alg_none_is_rejected() {
    let f = Forge::new().await;
    for alg in ["none", "None", "NONE"] {
        let token = format!(
            "{}.{}.",
            b64(&json!({ "alg": alg, "typ": "JWT" })),
            b64(&f.claims)
        );
        f.rejects(&token, "Invalid key").await;
    }
}

#[tokio::test]
async fn hs256_signed_with_the_public_key_is_rejected() {
    let f = Forge::new().await;
    let public = f.key.verifying_key();
    let pem = public.to_public_key_pem(LineEnding::LF).unwrap();
    for secret in [public.as_bytes().as_slice(), pem.as_bytes()] {
        let token = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &f.claims,
            &EncodingKey::from_secret(secret),
        )
        .unwrap();
        f.rejects(&token, "Invalid key").await;
    }
}

#[tokio::test]
async fn another_issuer_or_audience_is_rejected() {
    let f = Forge::new().await;
    f.rejects(
        &f.sign(json!({ "iss": "https://evil.test" })),
        "Invalid key",
    )
    .await;
    f.rejects(
        &f.sign(json!({ "aud": "oriel-frame:other" })),
        "Invalid key",
    )
    .await;
    f.rejects(&f.sign(json!({ "aud": "something-else" })), "Invalid key")
        .await;
    f.rejects(
        &f.sign(json!({ "aud": ["oriel-frame:shop", "x"] })),
        "Invalid key",
    )
    .await;
    // A valid token of another configured project does not open this one's routes.
    f.rejects(&f.sign(json!({ "aud": "oriel-frame:demo" })), "Invalid key")
        .await;
}

#[tokio::test]
async fn an_expired_token_is_rejected() {
    let f = Forge::new().await;
    let now = f.t.clock.now_secs();
    f.rejects(&f.sign(json!({ "exp": now })), "Session Expired")
        .await;
    f.rejects(&f.sign(json!({ "exp": now - 3600 })), "Session Expired")
        .await;
}

#[tokio::test]
async fn a_token_not_yet_valid_is_rejected() {
    let f = Forge::new().await;
    let now = f.t.clock.now_secs();
    f.rejects(&f.sign(json!({ "nbf": now + 60 })), "JWT not yet valid")
        .await;
    f.rejects(&f.sign(json!({ "iat": now + 60 })), "JWT not yet valid")
        .await;
    // Within the 5 s leeway for clock skew.
    let r = f.t.get_auth(USER, &f.sign(json!({ "nbf": now + 5 }))).await;
    assert_eq!(r.status, StatusCode::OK);
}

#[tokio::test]
async fn a_bad_signature_is_rejected() {
    let f = Forge::new().await;
    let other = SigningKey::from_bytes(&[7; 32]);
    f.rejects(&Forge::sign_with(&other, &f.claims), "Invalid key")
        .await;
    // A valid signature over other claims.
    let good = f.sign(json!({}));
    let mut parts: Vec<&str> = good.split('.').collect();
    let tampered = b64(&f.claims_with(json!({ "sub": "someone-else" })));
    parts[1] = &tampered;
    f.rejects(&parts.join("."), "Invalid key").await;
}

#[tokio::test]
async fn missing_claims_are_rejected() {
    let f = Forge::new().await;
    for claim in ["exp", "nbf", "iss", "aud", "sub", "did", "sid"] {
        f.rejects(&f.sign(json!({ claim: null })), "Invalid key")
            .await;
    }
}

#[tokio::test]
async fn missing_or_garbage_headers_are_rejected() {
    let f = Forge::new().await;
    let r = f.t.get(USER).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.json()["error"]["message"], "Invalid key");
    for token in ["garbage", "a.b.c", "", "...."] {
        f.rejects(token, "Invalid key").await;
    }
    let token = f.sign(json!({}));
    for header in [format!("Basic {token}"), token.clone(), "Bearer".into()] {
        let mut req = axum::http::Request::builder()
            .method(Method::GET)
            .uri(USER)
            .header("authorization", header.as_str())
            .body(axum::body::Body::empty())
            .unwrap();
        req.extensions_mut()
            .insert(axum::extract::ConnectInfo(std::net::SocketAddr::from((
                [10, 0, 0, 1],
                1,
            ))));
        let res = tower::ServiceExt::oneshot(f.t.app.clone(), req)
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{header}");
    }
}

/// Issue 38, L-8: access tokens are signed with a key of their own, never the one the JWK set
/// publishes for sign-in tokens, so a dapp's backend holding the JWK set cannot accept (nor be
/// confused by) a frame access token; each kind names its key with a distinct `kid`.
#[tokio::test]
async fn access_tokens_are_not_signed_with_the_published_key() {
    let t = TestApp::new().await;
    let s = t.login("ann@example.com", DEV1).await;
    let jwks = t.get("/.well-known/jwks.json").await;
    let set: jsonwebtoken::jwk::JwkSet = serde_json::from_str(&jwks.body).unwrap();
    assert_eq!(set.keys.len(), 1, "{}", jwks.body);
    let mut any_audience = jsonwebtoken::Validation::new(Algorithm::EdDSA);
    any_audience.validate_aud = false;
    any_audience.validate_exp = false;
    for jwk in &set.keys {
        let key = jsonwebtoken::DecodingKey::from_jwk(jwk).unwrap();
        assert!(
            jsonwebtoken::decode::<Value>(&s.access, &key, &any_audience).is_err(),
            "the published key verifies an access token"
        );
    }
    let header = jsonwebtoken::decode_header(&s.access).unwrap();
    let kid = header.kid.expect("access tokens name their key");
    assert!(
        set.find(&kid).is_none(),
        "the access key's kid is published"
    );
    let siwx_pem =
        std::fs::read_to_string(t.config.data_dir.join(oriel_frame_host::SIWX_KEY_FILE)).unwrap();
    assert_ne!(siwx_pem, t.jwt_pem());
}
