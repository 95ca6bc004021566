//! frame-host's JWTs, signed with Ed25519 (EdDSA), each kind with its own key (issue 38, L-8):
//! access tokens with the access-token key (`jwt-ed25519.pem`), which only frame-host
//! verifies, and sign-in tokens with the sign-in key (`siwx-ed25519.pem`), whose public half
//! `/.well-known/jwks.json` publishes (where they come from: `source`). Each token's
//! header names its key (`kid`, the key's RFC 7638 thumbprint). After `keys rotate-jwt` the
//! key it replaced still verifies, and is still published, until the tokens it signed have
//! expired ([`JwtKeys::with_previous`]). Validation accepts only EdDSA, this issuer and a configured project's
//! audience, and checks `exp` (no leeway) and `nbf`/`iat` (5 s leeway for clock skew between
//! instances) against the [`Clock`](crate::Clock).

use std::{collections::HashSet, fmt};

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};
use ed25519_dalek::{Signer as _, SigningKey};
use jsonwebtoken::{Algorithm, DecodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};

/// Lifetime of an access token, seconds.
pub(crate) const ACCESS_TTL_SECS: i64 = 15 * 60;

/// Leeway for `nbf` and `iat`, seconds. `exp` has none.
pub(crate) const NBF_LEEWAY_SECS: i64 = 5;

/// The audience of a project's tokens.
pub(crate) fn audience(project_id: &str) -> String {
    format!("oriel-frame:{project_id}")
}

/// The claims of an access token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Claims {
    /// frame-host's public URL.
    pub(crate) iss: String,
    /// `oriel-frame:{projectId}`.
    pub(crate) aud: String,
    /// The user id.
    pub(crate) sub: String,
    /// The device id.
    pub(crate) did: String,
    /// The session: the refresh-token family the token was issued with. Ending the family
    /// (sign-out, reuse, device revocation) ends the token at once.
    pub(crate) sid: String,
    /// Issued at, Unix seconds.
    pub(crate) iat: i64,
    /// Not before, Unix seconds.
    pub(crate) nbf: i64,
    /// Expires at, Unix seconds.
    pub(crate) exp: i64,
}

/// Why a token was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rejection {
    /// Past `exp`.
    Expired,
    /// Before `nbf` or `iat`.
    NotYetValid,
    /// Anything else: malformed, wrong algorithm, bad signature, issuer or audience.
    Invalid,
}

/// The signing and verifying keys, and the validation rules.
pub(crate) struct JwtKeys {
    /// Kept whole, its public half computed once: `jsonwebtoken::encode` would parse the
    /// PKCS#8 key and derive the public key (a scalar multiplication) for every token.
    signing: SigningKey,
    decoding: DecodingKey,
    validation: Validation,
    issuer: String,
    /// The Ed25519 public key (published for sign-in tokens).
    public: [u8; 32],
    /// The key's RFC 7638 thumbprint, every token's `kid`.
    key_id: String,
    /// The key a rotation replaced, while tokens it signed may still be valid.
    previous: Option<Previous>,
}

/// A replaced key: it verifies (and is published) until `until`, Unix seconds.
struct Previous {
    decoding: DecodingKey,
    public: [u8; 32],
    key_id: String,
    until: i64,
}

impl fmt::Debug for JwtKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "JwtKeys {{ issuer: {:?}, <keys redacted> }}",
            self.issuer
        )
    }
}

impl JwtKeys {
    /// Tokens signed with `key`, issued by `issuer`; access tokens are verified for the
    /// audiences of `project_ids`.
    pub(crate) fn from_key<'a>(
        key: &SigningKey,
        issuer: &str,
        project_ids: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self> {
        let mut validation = Validation::new(Algorithm::EdDSA);
        validation.algorithms = vec![Algorithm::EdDSA];
        // exp and nbf are checked against the Clock in `verify`.
        validation.validate_exp = false;
        validation.validate_nbf = false;
        validation.required_spec_claims = ["exp", "nbf", "iss", "aud", "sub"]
            .into_iter()
            .map(String::from)
            .collect::<HashSet<_>>();
        validation.set_issuer(&[issuer]);
        let audiences: Vec<String> = project_ids.into_iter().map(audience).collect();
        validation.set_audience(&audiences);
        let public = key.verifying_key().to_bytes();
        Ok(Self {
            signing: key.clone(),
            decoding: DecodingKey::from_ed_der(&public),
            validation,
            issuer: issuer.into(),
            key_id: thumbprint(&public),
            public,
            previous: None,
        })
    }

    /// Also verifies tokens of `key`, the key a rotation replaced, and publishes it, until
    /// `until` (Unix seconds: when the last token it signed expires).
    pub(crate) fn with_previous(mut self, key: &SigningKey, until: i64) -> Self {
        let public = key.verifying_key().to_bytes();
        self.previous = Some(Previous {
            decoding: DecodingKey::from_ed_der(&public),
            key_id: thumbprint(&public),
            public,
            until,
        });
        self
    }

    /// The replaced key's public key and `kid`, while it still verifies at `now`.
    pub(crate) fn previous_public(&self, now: i64) -> Option<(&[u8; 32], &str)> {
        self.previous
            .as_ref()
            .filter(|p| now < p.until)
            .map(|p| (&p.public, p.key_id.as_str()))
    }

    /// The decoding keys that verify at `now`: this key, then the replaced one.
    fn decoding_keys(&self, now: i64) -> impl Iterator<Item = &DecodingKey> {
        std::iter::once(&self.decoding).chain(
            self.previous
                .as_ref()
                .filter(move |p| now < p.until)
                .map(|p| &p.decoding),
        )
    }

    /// The key's RFC 7638 thumbprint, the `kid` of every token it signs.
    pub(crate) fn key_id(&self) -> &str {
        &self.key_id
    }

    /// The issuer of every token: frame-host's public URL.
    pub(crate) fn issuer(&self) -> &str {
        &self.issuer
    }

    /// The public key, raw (32 bytes).
    pub(crate) fn public_key(&self) -> &[u8; 32] {
        &self.public
    }

    /// Signs `claims` with the key, EdDSA, with `kid` in the header.
    pub(crate) fn sign<T: Serialize>(&self, claims: &T, kid: &str) -> Result<String> {
        let mut header = Header::new(Algorithm::EdDSA);
        header.kid = Some(kid.into());
        self.encode(&header, claims)
    }

    /// `header.claims.signature`, each part base64url without padding (RFC 7515's compact
    /// serialization), signed EdDSA with the key.
    fn encode<T: Serialize>(&self, header: &Header, claims: &T) -> Result<String> {
        let mut token = json_part(header)?;
        token.push('.');
        token.push_str(&json_part(claims)?);
        let signature = self.signing.sign(token.as_bytes());
        token.push('.');
        token.push_str(&URL_SAFE_NO_PAD.encode(signature.to_bytes()));
        Ok(token)
    }

    /// The claims of `token` if its signature is this key's (or, at `now`, the replaced
    /// key's) and it passes `validation`.
    pub(crate) fn decode<T: serde::de::DeserializeOwned>(
        &self,
        token: &str,
        validation: &Validation,
        now: i64,
    ) -> Option<T> {
        self.decoding_keys(now).find_map(|key| {
            jsonwebtoken::decode::<T>(token, key, validation)
                .ok()
                .map(|data| data.claims)
        })
    }

    /// A token for `user_id` on `device_id` in `project_id` and session `sid`, valid from
    /// `now` (Unix seconds) for [`ACCESS_TTL_SECS`].
    pub(crate) fn issue(
        &self,
        project_id: &str,
        user_id: &str,
        device_id: &str,
        sid: &str,
        now: i64,
    ) -> Result<String> {
        let claims = Claims {
            iss: self.issuer.clone(),
            aud: audience(project_id),
            sub: user_id.into(),
            did: device_id.into(),
            sid: sid.into(),
            iat: now,
            nbf: now,
            exp: now + ACCESS_TTL_SECS,
        };
        self.sign(&claims, &self.key_id)
    }

    /// The claims of `token` if it is valid at `now` (Unix seconds).
    pub(crate) fn verify(&self, token: &str, now: i64) -> Result<Claims, Rejection> {
        let claims = self
            .decoding_keys(now)
            .find_map(|key| jsonwebtoken::decode::<Claims>(token, key, &self.validation).ok())
            .ok_or(Rejection::Invalid)?
            .claims;
        if now >= claims.exp {
            return Err(Rejection::Expired);
        }
        if claims.nbf > now + NBF_LEEWAY_SECS || claims.iat > now + NBF_LEEWAY_SECS {
            return Err(Rejection::NotYetValid);
        }
        Ok(claims)
    }
}

/// The RFC 7638 thumbprint of an Ed25519 public key: SHA-256 of its JWK's required members in
/// lexicographic order, base64url without padding.
fn thumbprint(public: &[u8; 32]) -> String {
    let x = URL_SAFE_NO_PAD.encode(public);
    let canonical = format!(r#"{{"crv":"Ed25519","kty":"OKP","x":"{x}"}}"#);
    URL_SAFE_NO_PAD.encode(Sha256::digest(canonical.as_bytes()))
}

/// `value` as JSON, base64url without padding.
fn json_part<T: Serialize + ?Sized>(value: &T) -> Result<String> {
    let json = serde_json::to_vec(value).map_err(|e| Error::Jwt(e.to_string()))?;
    Ok(URL_SAFE_NO_PAD.encode(json))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> JwtKeys {
        JwtKeys::from_key(
            &SigningKey::from_bytes(&[9; 32]),
            "https://fh.test",
            ["shop"],
        )
        .unwrap()
    }

    #[test]
    fn issued_tokens_verify_until_they_expire() {
        let k = keys();
        let t = k.issue("shop", "u1", "d1", "s1", 1_000).unwrap();
        let c = k.verify(&t, 1_000).unwrap();
        assert_eq!(
            c,
            Claims {
                iss: "https://fh.test".into(),
                aud: "oriel-frame:shop".into(),
                sub: "u1".into(),
                did: "d1".into(),
                sid: "s1".into(),
                iat: 1_000,
                nbf: 1_000,
                exp: 1_900,
            }
        );
        assert!(k.verify(&t, 1_899).is_ok());
        assert_eq!(k.verify(&t, 1_900), Err(Rejection::Expired));
        assert!(
            k.verify(&t, 1_000 - NBF_LEEWAY_SECS).is_ok(),
            "within leeway"
        );
        assert_eq!(k.verify(&t, 994), Err(Rejection::NotYetValid));
    }

    #[test]
    fn tokens_are_byte_for_byte_jsonwebtokens() {
        use ed25519_dalek::pkcs8::EncodePrivateKey;
        let der = SigningKey::from_bytes(&[9; 32]).to_pkcs8_der().unwrap();
        let theirs = jsonwebtoken::EncodingKey::from_ed_der(der.as_bytes());
        let token = keys().issue("shop", "u1", "d1", "s1", 1_000).unwrap();
        let claims = keys().verify(&token, 1_000).unwrap();
        let mut header = Header::new(Algorithm::EdDSA);
        assert_eq!(
            keys().encode(&header, &claims).unwrap(),
            jsonwebtoken::encode(&header, &claims, &theirs).unwrap()
        );
        header.kid = Some("k1".into());
        assert_eq!(
            keys().sign(&claims, "k1").unwrap(),
            jsonwebtoken::encode(&header, &claims, &theirs).unwrap()
        );
    }

    #[test]
    fn other_projects_and_keys_are_invalid() {
        let k = keys();
        let t = k.issue("other", "u1", "d1", "s1", 1_000).unwrap();
        assert_eq!(k.verify(&t, 1_000), Err(Rejection::Invalid));
        let other = JwtKeys::from_key(
            &SigningKey::from_bytes(&[8; 32]),
            "https://fh.test",
            ["shop"],
        )
        .unwrap();
        let t = other.issue("shop", "u1", "d1", "s1", 1_000).unwrap();
        assert_eq!(k.verify(&t, 1_000), Err(Rejection::Invalid));
        assert_eq!(k.verify("garbage", 1_000), Err(Rejection::Invalid));
    }

    #[test]
    fn a_replaced_key_verifies_until_its_tokens_expire() {
        let old = keys();
        let token = old.issue("shop", "u1", "d1", "s1", 1_000).unwrap();
        let new = JwtKeys::from_key(
            &SigningKey::from_bytes(&[8; 32]),
            "https://fh.test",
            ["shop"],
        )
        .unwrap();
        assert_eq!(new.verify(&token, 1_000), Err(Rejection::Invalid));
        let new = new.with_previous(&SigningKey::from_bytes(&[9; 32]), 1_900);
        assert_eq!(new.verify(&token, 1_000).unwrap().sub, "u1");
        let fresh = new.issue("shop", "u2", "d2", "s2", 1_000).unwrap();
        assert_eq!(new.verify(&fresh, 1_000).unwrap().sub, "u2");
        assert_eq!(old.verify(&fresh, 1_000), Err(Rejection::Invalid));
        assert_eq!(new.previous_public(1_000).unwrap().1, old.key_id());
        assert_eq!(new.verify(&token, 1_900), Err(Rejection::Invalid));
        assert!(new.previous_public(1_900).is_none(), "no longer published");
    }
}
