//! The operator's keys: the key-encryption key (KEK) and what derives from it ([`Keys`]),
//! and the keys that sign access tokens and sign-in tokens ([`JwtKeys`], `jwt`).
//!
//! The KEK is 32 bytes. From it come, by HKDF-SHA256 with distinct `info` labels, the key that
//! seals each wallet's recovery key (`kek`), the HMAC key that hashes one-time codes, the name
//! gateway's signing key and the on-ramp partner references. Where each key comes from
//! (environment, `…_FILE`, data dir) is `source`; production never creates one (`load`), and
//! the database records their fingerprints so instances cannot silently split
//! (`fingerprint`). Keys are never logged.

pub(crate) mod files;
pub(crate) mod fingerprint;
mod jwt;
pub(crate) mod kek;
pub(crate) mod load;
pub(crate) mod rotate;
pub(crate) mod source;

use std::{fmt, sync::Arc};

use hmac::{Hmac, Mac};
use sha2::Sha256;
use zeroize::Zeroizing;

pub(crate) use fingerprint::{check_fingerprints, record_or_check, token_keys, Fingerprints};
pub(crate) use jwt::{audience, JwtKeys, Rejection, ACCESS_TTL_SECS};
pub(crate) use load::{load, Missing};

use crate::error::{Error, Result};
use kek::Kek;

/// File name of the key-encryption key in the data dir.
pub const KEK_FILE: &str = "kek.bin";
/// File name of the access-token signing key in the data dir.
pub const JWT_KEY_FILE: &str = "jwt-ed25519.pem";
/// File name of the sign-in token signing key in the data dir (the key of the JWK set).
pub const SIWX_KEY_FILE: &str = "siwx-ed25519.pem";

const OTP_INFO: &[u8] = b"oriel/otp-hmac/v1";
const NAME_GATEWAY_INFO: &str = "oriel/name-gateway-key/v1:";
const PARTNER_REF_INFO: &[u8] = b"oriel/onramp-partner-ref/v1";

/// Keys derived from the KEK, and the other KEKs a rotation needs (the next or the previous
/// one), which only open sealed recovery keys. Cheap to clone.
#[derive(Clone)]
pub(crate) struct Keys {
    kek: Arc<Kek>,
    others: Arc<[Kek]>,
    otp: Arc<Zeroizing<[u8; 32]>>,
}

impl fmt::Debug for Keys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Keys { <redacted> }")
    }
}

impl Keys {
    #[cfg(test)]
    pub(crate) fn from_kek(kek: &[u8; 32]) -> Self {
        Self::with_others(kek, &[])
    }

    /// The KEK `kek`, which seals and derives, and `others`, which only open.
    pub(crate) fn with_others(kek: &[u8; 32], others: &[&[u8; 32]]) -> Self {
        let kek = Kek::new(kek);
        let otp = kek.expand(OTP_INFO);
        Self {
            kek: Arc::new(kek),
            others: others.iter().map(|k| Kek::new(k)).collect(),
            otp: Arc::new(otp),
        }
    }

    /// A fresh random recovery key for `user_id`, sealed under the KEK: (sealed, KEK
    /// fingerprint).
    pub(crate) fn new_recovery_key(&self, user_id: &str) -> Result<(String, String)> {
        let key = Zeroizing::new(crate::secrets::random::<32>()?);
        Ok((self.kek.seal(user_id, &key)?, self.kek.id().to_owned()))
    }

    /// The recovery key of `user_id` as stored: `sealed` under the KEK with fingerprint
    /// `kek_id`, or, for a wallet from before per-wallet keys (`None`), derived from the KEK
    /// and the user id.
    pub(crate) fn open_recovery_key(
        &self,
        user_id: &str,
        sealed: Option<(&str, &str)>,
    ) -> Result<Zeroizing<[u8; 32]>> {
        let Some((sealed, kek_id)) = sealed else {
            return Ok(self.kek.legacy_recovery_key(user_id));
        };
        let kek = std::iter::once(&*self.kek)
            .chain(self.others.iter())
            .find(|k| k.id() == kek_id)
            .ok_or_else(|| Error::RecoveryKeyUnavailable {
                user_id: user_id.into(),
                reason: format!("sealed under KEK {kek_id}, which this instance does not hold"),
            })?;
        kek.unseal(user_id, sealed)
            .ok_or_else(|| Error::RecoveryKeyUnavailable {
                user_id: user_id.into(),
                reason: format!("does not open under KEK {kek_id}"),
            })
    }

    /// The legacy recovery key of `user_id` (HKDF over the user id), for tests of wallets
    /// created before per-wallet keys.
    #[cfg(test)]
    pub(crate) fn recovery_key(&self, user_id: &str) -> Zeroizing<[u8; 32]> {
        self.kek.legacy_recovery_key(user_id)
    }

    /// The secret of the name gateway's secp256k1 signing key (`names::gateway`): the first
    /// HKDF-SHA256 output under the KEK, for counters 0, 1, …, that `accept` takes (a valid
    /// scalar; all but a 2^-127 share of outputs are). Every instance sharing the KEK signs
    /// with the same key, so the on-chain resolver trusts one address.
    pub(crate) fn name_gateway_secret(
        &self,
        accept: impl Fn(&[u8; 32]) -> bool,
    ) -> Zeroizing<[u8; 32]> {
        for counter in 0u32.. {
            let key = self
                .kek
                .expand(format!("{NAME_GATEWAY_INFO}{counter}").as_bytes());
            if accept(&key) {
                return key;
            }
        }
        unreachable!("2^32 refused outputs")
    }

    /// The on-ramp provider's reference of a buyer (its `partnerUserId`): 40 hex digits of
    /// HMAC-SHA256 under a KEK-derived key over the project and the dapp's id of the buyer
    /// (an address), so the provider can group a buyer's purchases without learning who
    /// they are in the dapp, and every instance sharing the KEK agrees.
    pub(crate) fn partner_ref(&self, project_id: &str, partner_user_id: &str) -> String {
        let key = self.kek.expand(PARTNER_REF_INFO);
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key.as_ref())
            .expect("HMAC takes keys of any length");
        mac.update(&(project_id.len() as u64).to_be_bytes());
        mac.update(project_id.as_bytes());
        mac.update(partner_user_id.as_bytes());
        let digest = mac.finalize().into_bytes();
        digest[..20].iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The stored form of a one-time code: HMAC-SHA256 under a KEK-derived key over the
    /// salt and the code, so a database dump alone does not reveal codes.
    pub(crate) fn code_hash(&self, salt: &[u8], code: &str) -> Vec<u8> {
        self.code_mac(salt, code).finalize().into_bytes().to_vec()
    }

    /// Whether `code` matches `hash` (as [`Keys::code_hash`] made it), in constant time.
    pub(crate) fn code_matches(&self, salt: &[u8], code: &str, hash: &[u8]) -> bool {
        self.code_mac(salt, code).verify_slice(hash).is_ok()
    }

    /// The token of a form frame-host serves (CSRF, issue 38 H-1): HMAC-SHA256 under the
    /// codes' key over a random `nonce` and what the form acts on, `bound_to` (prefixed, so it
    /// is never the hash of a code).
    pub(crate) fn form_token(&self, nonce: &[u8], bound_to: &str) -> Vec<u8> {
        self.code_hash(nonce, &format!("form:{bound_to}"))
    }

    /// Whether `token` is [`Keys::form_token`]'s for `nonce` and `bound_to`, in constant time.
    pub(crate) fn form_token_matches(&self, nonce: &[u8], bound_to: &str, token: &[u8]) -> bool {
        self.code_matches(nonce, &format!("form:{bound_to}"), token)
    }

    fn code_mac(&self, salt: &[u8], code: &str) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(self.otp.as_slice())
            .expect("HMAC takes keys of any length");
        mac.update(&(salt.len() as u64).to_be_bytes());
        mac.update(salt);
        mac.update(code.as_bytes());
        mac
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partner_refs_are_per_project_and_kek() {
        let a = Keys::from_kek(&[1; 32]);
        let r = a.partner_ref("demo", "0xabc");
        assert_eq!(r.len(), 40);
        assert!(r.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(r, a.partner_ref("demo", "0xabc"));
        assert_ne!(r, a.partner_ref("shop", "0xabc"));
        assert_ne!(r, a.partner_ref("dem", "o0xabc"));
        assert_ne!(r, Keys::from_kek(&[2; 32]).partner_ref("demo", "0xabc"));
    }

    #[test]
    fn recovery_keys_differ_per_user_and_per_kek() {
        let k1 = Keys::from_kek(&[1; 32]);
        let k2 = Keys::from_kek(&[2; 32]);
        assert_ne!(*k1.recovery_key("a"), *k1.recovery_key("b"));
        assert_ne!(*k1.recovery_key("a"), *k2.recovery_key("a"));
        assert_eq!(
            *k1.recovery_key("a"),
            *Keys::from_kek(&[1; 32]).recovery_key("a")
        );
    }

    #[test]
    fn the_name_gateway_secret_comes_from_the_kek() {
        let k1 = Keys::from_kek(&[1; 32]);
        let a = k1.name_gateway_secret(|_| true);
        assert_eq!(*a, *Keys::from_kek(&[1; 32]).name_gateway_secret(|_| true));
        assert_ne!(*a, *Keys::from_kek(&[2; 32]).name_gateway_secret(|_| true));
        assert_ne!(*a, *k1.recovery_key(""), "its own label");
        let first = *a;
        let next = k1.name_gateway_secret(|key| *key != first);
        assert_ne!(*next, first, "a refused output is skipped");
    }

    #[test]
    fn code_hashes_check_salt_and_code() {
        let k = Keys::from_kek(&[7; 32]);
        let hash = k.code_hash(b"salt", "123456");
        assert!(k.code_matches(b"salt", "123456", &hash));
        assert!(!k.code_matches(b"salt", "123457", &hash));
        assert!(!k.code_matches(b"other", "123456", &hash));
        assert!(!k.code_matches(b"salt", "123456", &hash[..31]));
    }
}
