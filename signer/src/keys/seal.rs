//! Encryption of the wallet's entropy and the two wraps of its data key.
//!
//! - Ciphertext: AES-256-GCM of the 16-byte entropy under a random 32-byte data key, with a
//!   fresh random 12-byte nonce, and [`wallet_aad`] as associated data.
//! - Wraps: AES-256-GCM of the data key under a wrap key from HKDF-SHA256 (no salt), stored as
//!   `nonce (12) || ciphertext (32) || tag (16)`:
//!   - device: input key `device secret (32) || pepper (32)`, info `oriel/device-wrap/v1`,
//!     associated data [`device_wrap_aad`];
//!   - recovery: input key the 32-byte recovery key, info `oriel/recovery-wrap/v1`, associated
//!     data [`recovery_wrap_aad`].
//!
//! Associated data is `len(label) || label || version || len(field) || field …`, lengths as
//! 4-byte big-endian, so no two different field lists encode the same bytes.

use crate::error::{KeyError, Result};
use aes_gcm::aead::{AeadInPlace, KeyInit};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use hkdf::Hkdf;
use sha2::Sha256;
use zeroize::Zeroizing;

/// Domain label of the ciphertext's associated data.
pub(crate) const WALLET_LABEL: &str = "oriel/wallet/v1";
/// HKDF info and associated-data label of the device wrap.
pub(crate) const DEVICE_WRAP_LABEL: &str = "oriel/device-wrap/v1";
/// HKDF info and associated-data label of the recovery wrap.
pub(crate) const RECOVERY_WRAP_LABEL: &str = "oriel/recovery-wrap/v1";

/// Bytes in a data key or a wrap key.
pub(crate) const KEY_LEN: usize = 32;
/// Bytes in an AES-GCM nonce.
pub(crate) const NONCE_LEN: usize = 12;
const TAG_LEN: usize = 16;
const WRAP_LEN: usize = NONCE_LEN + KEY_LEN + TAG_LEN;

/// A 32-byte symmetric key, zeroized on drop.
pub(crate) type SecretKey = Zeroizing<[u8; KEY_LEN]>;

/// Fills a buffer from the platform's CSPRNG (`crypto.getRandomValues` in the browser).
pub(crate) fn fill_random(buf: &mut [u8]) -> Result<()> {
    getrandom::getrandom(buf).map_err(|_| KeyError::Random)
}

/// A fresh random 32-byte key.
pub(crate) fn random_key() -> Result<SecretKey> {
    let mut key = Zeroizing::new([0u8; KEY_LEN]);
    fill_random(&mut key[..])?;
    Ok(key)
}

fn aad(label: &str, version: u8, fields: &[&str]) -> Vec<u8> {
    fn push(out: &mut Vec<u8>, bytes: &[u8]) {
        // Ids are short; a length over 4 GiB cannot reach here from a 32-bit wasm memory.
        out.extend_from_slice(&(bytes.len() as u32).to_be_bytes());
        out.extend_from_slice(bytes);
    }
    let mut out = Vec::with_capacity(64);
    push(&mut out, label.as_bytes());
    out.push(version);
    for field in fields {
        push(&mut out, field.as_bytes());
    }
    out
}

/// Associated data of the ciphertext: version, user id, wallet id.
pub(crate) fn wallet_aad(version: u8, user_id: &str, wallet_id: &str) -> Vec<u8> {
    aad(WALLET_LABEL, version, &[user_id, wallet_id])
}

/// Associated data of a device wrap: version, user id, wallet id, device id.
pub(crate) fn device_wrap_aad(
    version: u8,
    user_id: &str,
    wallet_id: &str,
    device_id: &str,
) -> Vec<u8> {
    aad(DEVICE_WRAP_LABEL, version, &[user_id, wallet_id, device_id])
}

/// Associated data of the recovery wrap: version, user id, wallet id.
pub(crate) fn recovery_wrap_aad(version: u8, user_id: &str, wallet_id: &str) -> Vec<u8> {
    aad(RECOVERY_WRAP_LABEL, version, &[user_id, wallet_id])
}

fn hkdf_sha256(ikm: &[u8], info: &str) -> Result<SecretKey> {
    let mut okm = Zeroizing::new([0u8; KEY_LEN]);
    Hkdf::<Sha256>::new(None, ikm)
        .expand(info.as_bytes(), &mut okm[..])
        .map_err(|_| KeyError::Derive)?;
    Ok(okm)
}

/// The device wrap key: HKDF-SHA256 over `secret || pepper`.
pub(crate) fn device_wrap_key(secret: &[u8; 32], pepper: &[u8; 32]) -> Result<SecretKey> {
    let mut ikm = Zeroizing::new([0u8; 64]);
    ikm[..32].copy_from_slice(secret);
    ikm[32..].copy_from_slice(pepper);
    hkdf_sha256(&ikm[..], DEVICE_WRAP_LABEL)
}

/// The recovery wrap key: HKDF-SHA256 over the recovery key.
pub(crate) fn recovery_wrap_key(recovery_key: &[u8; 32]) -> Result<SecretKey> {
    hkdf_sha256(recovery_key, RECOVERY_WRAP_LABEL)
}

fn cipher(key: &[u8; KEY_LEN]) -> Aes256Gcm {
    Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(key))
}

/// Encrypts `plaintext` under `key` with a fresh random nonce; returns the nonce and
/// `ciphertext || tag`.
pub(crate) fn seal(
    key: &[u8; KEY_LEN],
    aad: &[u8],
    plaintext: &[u8],
) -> Result<([u8; NONCE_LEN], Vec<u8>)> {
    let mut nonce = [0u8; NONCE_LEN];
    fill_random(&mut nonce)?;
    // Room for the tag up front, so the buffer never reallocates and leaves a plaintext copy.
    let mut buf = Vec::with_capacity(plaintext.len() + TAG_LEN);
    buf.extend_from_slice(plaintext);
    if cipher(key)
        .encrypt_in_place(Nonce::from_slice(&nonce), aad, &mut buf)
        .is_err()
    {
        zeroize::Zeroize::zeroize(&mut buf);
        return Err(KeyError::Seal);
    }
    Ok((nonce, buf))
}

/// Decrypts `ciphertext || tag`; any failure is [`KeyError::Open`].
pub(crate) fn open(
    key: &[u8; KEY_LEN],
    nonce: &[u8; NONCE_LEN],
    aad: &[u8],
    ciphertext: &[u8],
) -> Result<Zeroizing<Vec<u8>>> {
    let mut buf = Zeroizing::new(ciphertext.to_vec());
    cipher(key)
        .decrypt_in_place(Nonce::from_slice(nonce), aad, &mut *buf)
        .map_err(|_| KeyError::Open)?;
    Ok(buf)
}

/// Wraps a data key: `nonce || ciphertext || tag`.
pub(crate) fn wrap(
    wrap_key: &[u8; KEY_LEN],
    aad: &[u8],
    data_key: &[u8; KEY_LEN],
) -> Result<Vec<u8>> {
    let (nonce, sealed) = seal(wrap_key, aad, data_key)?;
    let mut out = Vec::with_capacity(WRAP_LEN);
    out.extend_from_slice(&nonce);
    out.extend_from_slice(&sealed);
    Ok(out)
}

/// Unwraps a data key; a wrap of the wrong length or that does not open is [`KeyError::Open`].
pub(crate) fn unwrap(wrap_key: &[u8; KEY_LEN], aad: &[u8], wrapped: &[u8]) -> Result<SecretKey> {
    if wrapped.len() != WRAP_LEN {
        return Err(KeyError::Open);
    }
    let (nonce, sealed) = wrapped.split_at(NONCE_LEN);
    let nonce: &[u8; NONCE_LEN] = nonce.try_into().map_err(|_| KeyError::Open)?;
    let plain = open(wrap_key, nonce, aad, sealed)?;
    let mut key = Zeroizing::new([0u8; KEY_LEN]);
    key.copy_from_slice(&plain);
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The associated-data encoding is part of the stored format: changing it strands every
    /// stored wallet.
    #[test]
    fn aad_encoding_is_pinned() {
        assert_eq!(
            hex(&wallet_aad(1, "u", "w1")),
            format!(
                "0000000f{}01000000017500000002{}",
                hex(b"oriel/wallet/v1"),
                hex(b"w1")
            )
        );
        // Moving a byte from one field to the next changes the encoding.
        assert_ne!(wallet_aad(1, "ab", "c"), wallet_aad(1, "a", "bc"));
        assert_ne!(
            device_wrap_aad(1, "u", "w", "d"),
            recovery_wrap_aad(1, "u", "w")
        );
    }

    #[test]
    fn wrap_keys_are_distinct_per_label_and_input() -> Result<()> {
        let a = [1u8; 32];
        let b = [2u8; 32];
        let device = device_wrap_key(&a, &b)?;
        assert_ne!(*device, *device_wrap_key(&b, &a)?);
        assert_ne!(*device, *device_wrap_key(&a, &a)?);
        assert_ne!(*recovery_wrap_key(&a)?, *device_wrap_key(&a, &a)?);
        Ok(())
    }

    #[test]
    fn wrap_round_trips_and_rejects_other_aad_or_key() -> Result<()> {
        let wrap_key = random_key()?;
        let data_key = random_key()?;
        let aad = recovery_wrap_aad(1, "user", "wallet");
        let wrapped = wrap(&wrap_key, &aad, &data_key)?;
        assert_eq!(wrapped.len(), WRAP_LEN);
        assert_eq!(*unwrap(&wrap_key, &aad, &wrapped)?, *data_key);
        let other_aad = recovery_wrap_aad(1, "user", "wallet2");
        assert!(matches!(
            unwrap(&wrap_key, &other_aad, &wrapped),
            Err(KeyError::Open)
        ));
        let other_key = random_key()?;
        assert!(matches!(
            unwrap(&other_key, &aad, &wrapped),
            Err(KeyError::Open)
        ));
        assert!(matches!(
            unwrap(&wrap_key, &aad, &wrapped[1..]),
            Err(KeyError::Open)
        ));
        let mut flipped = wrapped.clone();
        flipped[NONCE_LEN] ^= 1;
        assert!(matches!(
            unwrap(&wrap_key, &aad, &flipped),
            Err(KeyError::Open)
        ));
        Ok(())
    }

    #[test]
    fn version_is_bound_into_the_ciphertext() -> Result<()> {
        let key = random_key()?;
        let (nonce, sealed) = seal(&key, &wallet_aad(1, "u", "w"), &[7; 16])?;
        assert_eq!(
            &open(&key, &nonce, &wallet_aad(1, "u", "w"), &sealed)?[..],
            &[7; 16]
        );
        assert!(matches!(
            open(&key, &nonce, &wallet_aad(2, "u", "w"), &sealed),
            Err(KeyError::Open)
        ));
        Ok(())
    }

    #[test]
    fn ten_thousand_encryptions_use_distinct_nonces() -> Result<()> {
        let key = random_key()?;
        let aad = wallet_aad(1, "user", "wallet");
        let mut nonces = HashSet::new();
        for _ in 0..5_000 {
            let (nonce, _) = seal(&key, &aad, &[0; 16])?;
            assert!(nonces.insert(nonce.to_vec()));
            let wrapped = wrap(&key, &aad, &key)?;
            assert!(nonces.insert(wrapped[..NONCE_LEN].to_vec()));
        }
        assert_eq!(nonces.len(), 10_000);
        Ok(())
    }
}
