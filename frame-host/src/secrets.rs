//! Random values and hashes: one-time codes, opaque tokens, ids, and base64.
//!
//! Nothing here logs; callers must not log the values either.

use base64::{engine::general_purpose::STANDARD, Engine};
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};

/// `N` bytes from the operating system's CSPRNG.
pub(crate) fn random<const N: usize>() -> Result<[u8; N]> {
    let mut bytes = [0u8; N];
    getrandom::getrandom(&mut bytes).map_err(|e| Error::Random(e.to_string()))?;
    Ok(bytes)
}

/// A uniformly random 6-digit code, `000000` to `999999`.
pub(crate) fn otp_code() -> Result<String> {
    // 4_294_000_000 is the largest multiple of 10^6 below 2^32: rejecting values at or above
    // it keeps every code equally likely.
    loop {
        let n = u32::from_le_bytes(random()?);
        if n < 4_294_000_000 {
            return Ok(format!("{:06}", n % 1_000_000));
        }
    }
}

/// A random 32-byte bearer secret (refresh or approval token), hex so it can go into a link
/// and no run of exactly six digits can appear in it (mail readers look for the code).
pub(crate) fn token() -> Result<String> {
    Ok(hex(&random::<32>()?))
}

/// The stored form of a token: SHA-256, base64. Tokens have 256 bits of entropy, so no salt
/// is needed.
pub(crate) fn token_hash(token: &str) -> String {
    STANDARD.encode(Sha256::digest(token.as_bytes()))
}

/// A random 128-bit id, hex (user ids, attempt ids).
pub(crate) fn id() -> Result<String> {
    Ok(hex(&random::<16>()?))
}

/// `bytes` as lowercase hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Standard base64 with padding, the API's encoding for binary values.
pub(crate) fn b64(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

/// Decodes standard base64 with padding.
pub(crate) fn unb64(text: &str) -> Option<Vec<u8>> {
    STANDARD.decode(text).ok()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn codes_are_six_digits_and_vary() {
        let codes: HashSet<String> = (0..50).map(|_| otp_code().unwrap()).collect();
        assert!(codes.len() > 40, "50 codes should rarely collide");
        for c in &codes {
            assert_eq!(c.len(), 6);
            assert!(c.bytes().all(|b| b.is_ascii_digit()), "{c}");
        }
    }

    #[test]
    fn tokens_are_hex_and_hash_stably() {
        let t = token().unwrap();
        assert_eq!(t.len(), 64);
        assert!(t.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(token_hash(&t), token_hash(&t));
        assert_ne!(token_hash(&t), token_hash(&token().unwrap()));
    }

    #[test]
    fn ids_are_hex() {
        let i = id().unwrap();
        assert_eq!(i.len(), 32);
        assert!(i.bytes().all(|b| b.is_ascii_hexdigit()));
    }

    #[test]
    fn base64_round_trips() {
        assert_eq!(b64(b"hi"), "aGk=");
        assert_eq!(unb64("aGk=").unwrap(), b"hi");
        assert!(unb64("not base64!").is_none());
    }
}

/// The operator's token for the admin routes (`admin_token`): at least [`AdminToken::MIN_LEN`]
/// characters, never shown (its `Debug` is redacted), compared by hash.
#[derive(Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(try_from = "String")]
pub struct AdminToken(String);

impl AdminToken {
    /// The shortest token accepted.
    pub const MIN_LEN: usize = 32;

    /// Whether `presented` is the token. Both sides are hashed first, so the comparison's
    /// time says nothing about the token.
    pub(crate) fn matches(&self, presented: &str) -> bool {
        Sha256::digest(presented.as_bytes()) == Sha256::digest(self.0.as_bytes())
    }
}

impl TryFrom<String> for AdminToken {
    type Error = String;

    fn try_from(token: String) -> std::result::Result<Self, Self::Error> {
        if token.chars().count() < Self::MIN_LEN || token.chars().any(char::is_whitespace) {
            return Err(format!(
                "admin_token: at least {} characters, no spaces (e.g. openssl rand -hex 32)",
                Self::MIN_LEN
            ));
        }
        Ok(Self(token))
    }
}

impl std::fmt::Debug for AdminToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AdminToken(…)")
    }
}
