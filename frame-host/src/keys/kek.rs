//! One key-encryption key (KEK): what derives from it by HKDF-SHA256, its fingerprint, and the
//! sealing of recovery keys under it.
//!
//! A wallet's recovery key is 32 random bytes made when its first login asks for it
//! (issue 38, M-5), stored sealed: AES-256-GCM under a KEK-derived key, the user id as
//! associated data, `base64(nonce (12) || ciphertext (32) || tag (16))`, next to the
//! fingerprint of the KEK that sealed it. Wallets created before that keep the recovery key
//! derived from the KEK and the user id ([`Kek::legacy_recovery_key`]) until `keys rotate-kek`
//! seals it like the others.

use aes_gcm::{
    aead::{Aead, KeyInit, Payload},
    Aes256Gcm, Key, Nonce,
};
use hkdf::Hkdf;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use zeroize::Zeroizing;

use crate::{
    error::{Error, Result},
    secrets,
};

const HKDF_SALT: &[u8] = b"oriel-frame-host v1";
const RECOVERY_INFO: &str = "oriel/recovery-key/v1:";
const SEAL_INFO: &[u8] = b"oriel/recovery-seal/v1";
const SEAL_AAD: &str = "oriel/recovery-seal/v1:";
const FINGERPRINT_MSG: &[u8] = b"oriel/kek-fingerprint/v1";
const NONCE_LEN: usize = 12;
const SEALED_LEN: usize = NONCE_LEN + 32 + 16;

/// A KEK, expanded. Its bytes are not kept; only the HKDF state, the sealing cipher and the
/// fingerprint.
pub(crate) struct Kek {
    prk: Hkdf<Sha256>,
    seal: Aes256Gcm,
    id: String,
}

impl Kek {
    pub(crate) fn new(kek: &[u8; 32]) -> Self {
        let prk = Hkdf::<Sha256>::new(Some(HKDF_SALT), kek);
        let mut seal_key = Zeroizing::new([0u8; 32]);
        prk.expand(SEAL_INFO, seal_key.as_mut())
            .expect("32 bytes is a valid HKDF-SHA256 output length");
        let seal = Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(seal_key.as_ref()));
        Self {
            prk,
            seal,
            id: fingerprint(kek),
        }
    }

    /// The KEK's fingerprint ([`fingerprint`]).
    pub(crate) fn id(&self) -> &str {
        &self.id
    }

    /// 32 bytes of HKDF-SHA256 output for `info`.
    pub(crate) fn expand(&self, info: &[u8]) -> Zeroizing<[u8; 32]> {
        let mut key = Zeroizing::new([0u8; 32]);
        self.prk
            .expand(info, key.as_mut())
            .expect("32 bytes is a valid HKDF-SHA256 output length");
        key
    }

    /// The recovery key of a wallet created before per-wallet keys: HKDF over the user id.
    pub(crate) fn legacy_recovery_key(&self, user_id: &str) -> Zeroizing<[u8; 32]> {
        self.expand(format!("{RECOVERY_INFO}{user_id}").as_bytes())
    }

    /// `key`, sealed for `user_id` under this KEK.
    pub(crate) fn seal(&self, user_id: &str, key: &[u8; 32]) -> Result<String> {
        let nonce = secrets::random::<NONCE_LEN>()?;
        let aad = format!("{SEAL_AAD}{user_id}");
        let sealed = self
            .seal
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: key,
                    aad: aad.as_bytes(),
                },
            )
            .map_err(|_| Error::Random("AES-GCM sealing failed".into()))?;
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        Ok(secrets::b64(&out))
    }

    /// The key `sealed` holds for `user_id`, or `None` when it was not sealed for that user
    /// under this KEK.
    pub(crate) fn unseal(&self, user_id: &str, sealed: &str) -> Option<Zeroizing<[u8; 32]>> {
        let bytes = secrets::unb64(sealed).filter(|b| b.len() == SEALED_LEN)?;
        let aad = format!("{SEAL_AAD}{user_id}");
        let plain = Zeroizing::new(
            self.seal
                .decrypt(
                    Nonce::from_slice(&bytes[..NONCE_LEN]),
                    Payload {
                        msg: &bytes[NONCE_LEN..],
                        aad: aad.as_bytes(),
                    },
                )
                .ok()?,
        );
        let mut key = Zeroizing::new([0u8; 32]);
        key.copy_from_slice(plain.get(..32)?);
        Some(key)
    }
}

/// The fingerprint of a KEK as the database records it: HMAC-SHA256 keyed with the KEK over a
/// fixed label, the first 16 bytes in hex. It names the key without revealing anything of it.
pub(crate) fn fingerprint(kek: &[u8; 32]) -> String {
    let mut mac =
        <Hmac<Sha256> as Mac>::new_from_slice(kek).expect("HMAC takes keys of any length");
    mac.update(FINGERPRINT_MSG);
    hex16(&mac.finalize().into_bytes())
}

/// The fingerprint of a token-signing public key: HMAC-SHA256 keyed with a fixed label over
/// the 32-byte public key, the first 16 bytes in hex.
pub(crate) fn public_key_fingerprint(label: &str, public: &[u8; 32]) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(label.as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(public);
    hex16(&mac.finalize().into_bytes())
}

fn hex16(bytes: &[u8]) -> String {
    bytes[..16].iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_keys_open_only_for_their_user_and_kek() {
        let (a, b) = (Kek::new(&[1; 32]), Kek::new(&[2; 32]));
        let sealed = a.seal("u1", &[7; 32]).unwrap();
        assert_eq!(*a.unseal("u1", &sealed).unwrap(), [7; 32]);
        assert!(a.unseal("u2", &sealed).is_none(), "another user's row");
        assert!(b.unseal("u1", &sealed).is_none(), "another KEK");
        assert!(a.unseal("u1", "garbage").is_none());
        assert_ne!(sealed, a.seal("u1", &[7; 32]).unwrap(), "fresh nonce");
    }

    #[test]
    fn fingerprints_name_the_key_and_hide_it() {
        let f = fingerprint(&[1; 32]);
        assert_eq!(f.len(), 32);
        assert_eq!(f, Kek::new(&[1; 32]).id());
        assert_ne!(f, fingerprint(&[2; 32]));
        assert_ne!(f, "01".repeat(16), "not the key's bytes");
        assert_ne!(
            public_key_fingerprint("a", &[1; 32]),
            public_key_fingerprint("b", &[1; 32])
        );
    }
}
