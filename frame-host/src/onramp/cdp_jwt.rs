//! The bearer token of a Coinbase Developer Platform API request: a JWT signed with the API
//! key's Ed25519 key (`alg` EdDSA), made afresh for each request and bound to it (`uri` is the
//! method, host and path), valid two minutes.
//!
//! Header `{ alg: "EdDSA", kid: key name, typ: "JWT", nonce }`, claims `{ sub: key name,
//! iss: "cdp", nbf, exp, uri: "POST api.developer.coinbase.com/onramp/v1/token" }`.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use ed25519_dalek::{Signer, SigningKey};
use serde_json::json;
use url::Url;

/// How long a token is valid, seconds.
const LIFETIME_SECS: i64 = 120;

/// The `uri` claim of a request: `{METHOD} {host[:port]}{path}`, the query left out.
pub(crate) fn uri_claim(method: &str, url: &Url) -> String {
    let host = url.host_str().unwrap_or_default();
    let port = url.port().map(|p| format!(":{p}")).unwrap_or_default();
    format!("{method} {host}{port}{}", url.path())
}

/// A token for `method` `url`, signed with `key` named `key_name`, at Unix second `now`, with
/// `nonce` (16 random bytes, hex).
pub(crate) fn token(
    key_name: &str,
    key: &SigningKey,
    method: &str,
    url: &Url,
    now: i64,
    nonce: &str,
) -> String {
    let header = json!({ "alg": "EdDSA", "kid": key_name, "typ": "JWT", "nonce": nonce });
    let claims = json!({
        "sub": key_name,
        "iss": "cdp",
        "nbf": now,
        "exp": now + LIFETIME_SECS,
        "uri": uri_claim(method, url),
    });
    let signing_input = format!(
        "{}.{}",
        URL_SAFE_NO_PAD.encode(header.to_string()),
        URL_SAFE_NO_PAD.encode(claims.to_string())
    );
    let signature = key.sign(signing_input.as_bytes());
    format!(
        "{signing_input}.{}",
        URL_SAFE_NO_PAD.encode(signature.to_bytes())
    )
}

#[cfg(test)]
mod tests {
    use ed25519_dalek::{Signature, Verifier};

    use super::*;

    #[test]
    fn a_token_binds_the_request_and_verifies_with_the_public_key() {
        let key = SigningKey::from_bytes(&[7; 32]);
        let url = Url::parse("http://127.0.0.1:15177/onramp/v1/buy/options?country=US").unwrap();
        let jwt = token(
            "organizations/o/apiKeys/k",
            &key,
            "GET",
            &url,
            1_767_225_600,
            "00ff",
        );
        let parts: Vec<&str> = jwt.split('.').collect();
        assert_eq!(parts.len(), 3);
        let decode = |p: &str| -> serde_json::Value {
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(p).unwrap()).unwrap()
        };
        assert_eq!(
            decode(parts[0]),
            json!({ "alg": "EdDSA", "kid": "organizations/o/apiKeys/k", "typ": "JWT", "nonce": "00ff" })
        );
        assert_eq!(
            decode(parts[1]),
            json!({ "sub": "organizations/o/apiKeys/k", "iss": "cdp", "nbf": 1_767_225_600,
                    "exp": 1_767_225_720, "uri": "GET 127.0.0.1:15177/onramp/v1/buy/options" })
        );
        let signature: [u8; 64] = URL_SAFE_NO_PAD
            .decode(parts[2])
            .unwrap()
            .try_into()
            .unwrap();
        key.verifying_key()
            .verify(
                format!("{}.{}", parts[0], parts[1]).as_bytes(),
                &Signature::from_bytes(&signature),
            )
            .unwrap();
        let https = Url::parse("https://api.developer.coinbase.com/onramp/v1/token").unwrap();
        assert_eq!(
            uri_claim("POST", &https),
            "POST api.developer.coinbase.com/onramp/v1/token"
        );
    }
}
