//! frame-host's JWTs, signed with Ed25519 (EdDSA), each kind with its own key (issue 38, L-8):
//! access tokens with `{data_dir}/jwt-ed25519.pem`, which only frame-host verifies, and sign-in
//! tokens with `{data_dir}/siwx-ed25519.pem`, whose public half `/.well-known/jwks.json`
//! publishes. Each key file is PKCS#8, mode 0600, generated on first start; each token's
//! header names its key (`kid`, the key's RFC 7638 thumbprint). Validation accepts only EdDSA, this issuer and a configured project's
//! audience, and checks `exp` (no leeway) and `nbf`/`iat` (5 s leeway for clock skew between
//! instances) against the [`Clock`](crate::Clock).

use std::{collections::HashSet, fmt, path::Path};

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};
use ed25519_dalek::{
    pkcs8::{spki::der::pem::LineEnding, DecodePrivateKey, EncodePrivateKey},
    Signer as _, SigningKey,
};
use jsonwebtoken::{Algorithm, DecodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::read_or_create;
use crate::{
    error::{Error, Result},
    secrets,
};

/// File name of the access-token signing key in the data dir.
pub const JWT_KEY_FILE: &str = "jwt-ed25519.pem";

/// File name of the sign-in token signing key in the data dir (the key of the JWK set).
pub const SIWX_KEY_FILE: &str = "siwx-ed25519.pem";

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
    /// Loads (or creates) `{data_dir}/{file}` ([`JWT_KEY_FILE`] or [`SIWX_KEY_FILE`]); tokens
    /// are issued by `issuer`, and access tokens verified for the audiences of `project_ids`.
    pub(crate) fn load<'a>(
        data_dir: &Path,
        file: &str,
        issuer: &str,
        project_ids: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self> {
        let path = data_dir.join(file);
        let pem = read_or_create(&path, || {
            let key = SigningKey::from_bytes(&secrets::random::<32>()?);
            let pem = key
                .to_pkcs8_pem(LineEnding::LF)
                .map_err(|e| Error::Jwt(e.to_string()))?;
            Ok(pem.as_bytes().to_vec())
        })?;
        let bad = |reason: String| Error::KeyFile {
            path: path.clone(),
            reason,
        };
        let pem = std::str::from_utf8(&pem).map_err(|_| bad("not a PEM file".into()))?;
        let key = SigningKey::from_pkcs8_pem(pem)
            .map_err(|e| bad(format!("not an Ed25519 PKCS#8 key: {e}")))?;
        Self::from_key(&key, issuer, project_ids)
    }

    fn from_key<'a>(
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
        })
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

    /// The claims of `token` if its signature is this key's and it passes `validation`.
    pub(crate) fn decode<T: serde::de::DeserializeOwned>(
        &self,
        token: &str,
        validation: &Validation,
    ) -> Option<T> {
        jsonwebtoken::decode::<T>(token, &self.decoding, validation)
            .ok()
            .map(|data| data.claims)
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
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .map_err(|_| Rejection::Invalid)?;
        let claims = data.claims;
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
    fn key_file_is_created_once() {
        let dir = tempfile::tempdir().unwrap();
        let a = JwtKeys::load(dir.path(), JWT_KEY_FILE, "https://fh.test", ["shop"]).unwrap();
        let b = JwtKeys::load(dir.path(), JWT_KEY_FILE, "https://fh.test", ["shop"]).unwrap();
        let t = a.issue("shop", "u", "d", "s", 1_000).unwrap();
        assert!(b.verify(&t, 1_000).is_ok());
        let pem = std::fs::read_to_string(dir.path().join(JWT_KEY_FILE)).unwrap();
        assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----"));
        // The sign-in key is another file, another key, another kid.
        let siwx = JwtKeys::load(dir.path(), SIWX_KEY_FILE, "https://fh.test", ["shop"]).unwrap();
        assert_ne!(siwx.public_key(), a.public_key());
        assert_ne!(siwx.key_id(), a.key_id());
        assert_eq!(siwx.verify(&t, 1_000), Err(Rejection::Invalid));
    }
}
