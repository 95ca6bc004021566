//! Sign-in session tokens: JWTs signed with frame-host's sign-in key (`siwx-ed25519.pem`,
//! never the access tokens' key: issue 38, L-8), published as a JWK set at
//! `/.well-known/jwks.json` so a dapp's backend can check a token without asking frame-host.
//!
//! Header `{"alg":"EdDSA","typ":"JWT","kid":…}` (`kid`: the key's RFC 7638 thumbprint); claims
//! `iss` (frame-host's `public_url`), `aud` (`oriel-siwx:{projectId}`, never an access token's
//! `oriel-frame:{projectId}`), `sub` (the CAIP-10 account, such as
//! `eip155:1:0xAbC…`), `sid` (the session id), `iat`, `nbf`, `exp` (Unix seconds).

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use jsonwebtoken::{Algorithm, Validation};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::{error::Result, keys::JwtKeys};

/// The longest a session lasts, seconds (a message's `Expiration Time` can end it sooner).
pub(crate) const SESSION_TTL_SECS: i64 = 24 * 3600;

/// The audience of a project's sign-in tokens.
pub(crate) fn audience(project_id: &str) -> String {
    format!("oriel-siwx:{project_id}")
}

/// The claims of a sign-in token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SessionClaims {
    /// frame-host's public URL.
    pub(crate) iss: String,
    /// `oriel-siwx:{projectId}`.
    pub(crate) aud: String,
    /// The signed-in account, CAIP-10: `{namespace}:{reference}:{address}`.
    pub(crate) sub: String,
    /// The session id.
    pub(crate) sid: String,
    /// Issued at, Unix seconds.
    pub(crate) iat: i64,
    /// Not before, Unix seconds.
    pub(crate) nbf: i64,
    /// Expires at, Unix seconds.
    pub(crate) exp: i64,
}

/// The `x` of the key's JWK: the raw public key, base64url without padding.
fn jwk_x(keys: &JwtKeys) -> String {
    URL_SAFE_NO_PAD.encode(keys.public_key())
}

/// The key's RFC 7638 thumbprint.
pub(crate) fn key_id(keys: &JwtKeys) -> String {
    keys.key_id().to_owned()
}

/// The JWK set that verifies sign-in tokens at `now` (Unix seconds): the Ed25519 key
/// (RFC 8037), and after a rotation the key it replaced until its tokens have expired.
pub(crate) fn jwks(keys: &JwtKeys, now: i64) -> Value {
    let jwk = |x: String, kid: &str| {
        json!({
            "kty": "OKP",
            "crv": "Ed25519",
            "x": x,
            "kid": kid,
            "alg": "EdDSA",
            "use": "sig",
        })
    };
    let mut set = vec![jwk(jwk_x(keys), keys.key_id())];
    if let Some((public, kid)) = keys.previous_public(now) {
        set.push(jwk(URL_SAFE_NO_PAD.encode(public), kid));
    }
    json!({ "keys": set })
}

/// A token for session `sid` of `account` (CAIP-10) in `project_id`, valid from `now` until
/// `exp` (Unix seconds).
pub(crate) fn issue(
    keys: &JwtKeys,
    project_id: &str,
    account: &str,
    sid: &str,
    now: i64,
    exp: i64,
) -> Result<String> {
    let claims = SessionClaims {
        iss: keys.issuer().into(),
        aud: audience(project_id),
        sub: account.into(),
        sid: sid.into(),
        iat: now,
        nbf: now,
        exp,
    };
    keys.sign(&claims, &key_id(keys))
}

/// The claims of `token` when frame-host signed it for `project_id` (EdDSA only, this issuer,
/// this project's sign-in audience), with its key or, at `now` (Unix seconds), the key a
/// rotation replaced. Its `exp` is left to the caller.
pub(crate) fn decode(
    keys: &JwtKeys,
    project_id: &str,
    token: &str,
    now: i64,
) -> Option<SessionClaims> {
    let mut validation = Validation::new(Algorithm::EdDSA);
    validation.algorithms = vec![Algorithm::EdDSA];
    validation.validate_exp = false;
    validation.validate_nbf = false;
    validation.required_spec_claims = ["exp", "nbf", "iss", "aud", "sub"]
        .into_iter()
        .map(String::from)
        .collect();
    validation.set_issuer(&[keys.issuer()]);
    validation.set_audience(&[audience(project_id)]);
    keys.decode(token, &validation, now)
}
