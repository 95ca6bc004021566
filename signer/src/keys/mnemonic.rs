//! BIP-39: 16 bytes of entropy as a 12-word English phrase, and the phrase's 64-byte seed.
//!
//! Encoded here rather than with a BIP-39 crate, kept for the wasm budget. Measured (issue 10)
//! with rust-bitcoin's `bip39` 3.0 (`default-features = false`, `zeroize`) doing both the
//! phrase and the seed, on the frame's wasm (wasm-bindgen output, gzip -9): 535,140 ->
//! 570,673 bytes raw, 219,245 -> 233,888 gzip, +35 KB raw / +14.6 KB gzip (its own SHA-2,
//! HMAC and PBKDF2 from `bitcoin_hashes` next to RustCrypto's, and a 16 KB table of word
//! slices); +10.5 KB gzip with `bitcoin_hashes`' `small-hash`; +9.2 KB gzip with the crate for
//! the phrase only and PBKDF2 from RustCrypto. Alloy's `mnemonic` feature (coins-bip39) added
//! about 17 KB gzip. The encoding is about 40 lines of bit slicing, checked against the spec's
//! vectors and against coins-bip39 on 64 entropies; and unlike the crate's table lookup, the
//! word for a (secret) index is read here in constant time. Every copy of the phrase and the
//! seed made here is zeroized. `bip39-english.txt` is the spec's English list, unchanged
//! (SHA-256 pinned in a test).

use sha2::{Digest, Sha256, Sha512};
use zeroize::{Zeroize, Zeroizing};

/// Bytes of entropy behind a wallet (128 bits, a 12-word phrase).
pub(crate) const ENTROPY_LEN: usize = 16;

const WORDS: usize = 12;
/// Letters in the longest English word.
const MAX_WORD: usize = 8;
/// 12 words and 11 spaces fit without reallocating (a reallocation would leave an unzeroized
/// copy behind).
const PHRASE_CAPACITY: usize = WORDS * (MAX_WORD + 1);
const PBKDF2_ROUNDS: u32 = 2048;

/// The BIP-39 English word list: 2048 words, one a line, sorted.
const ENGLISH: &str = include_str!("bip39-english.txt");

/// Appends the word at `index` (secret) to `out`. Every word of the list is read and masked
/// the same way, so neither the time taken nor the memory touched depends on `index`; and there
/// is no 16 KB table of slices in the wasm module.
fn push_word(out: &mut String, index: u32) {
    let mut word = Zeroizing::new([0u8; MAX_WORD]);
    let mut len = 0usize;
    for (line_index, line) in (0u32..).zip(ENGLISH.lines()) {
        // 1 when line_index == index, else 0 (both are below 2^11).
        let hit = (line_index ^ index).wrapping_sub(1) >> 31;
        let byte_mask = 0u8.wrapping_sub(hit as u8);
        for (slot, letter) in word.iter_mut().zip(line.bytes()) {
            *slot |= letter & byte_mask;
        }
        len |= line.len() & 0usize.wrapping_sub(hit as usize);
    }
    out.push_str(core::str::from_utf8(&word[..len.min(MAX_WORD)]).unwrap_or_default());
}

/// The BIP-39 English phrase of `entropy`, words separated by single spaces.
pub(crate) fn phrase(entropy: &[u8; ENTROPY_LEN]) -> Zeroizing<String> {
    let mut digest = Sha256::digest(entropy);
    // 128 bits of entropy, then the checksum's 4 bits, then zero padding for the last read.
    let mut bits = Zeroizing::new([0u8; ENTROPY_LEN + 2]);
    bits[..ENTROPY_LEN].copy_from_slice(entropy);
    bits[ENTROPY_LEN] = digest[0] & 0xf0;
    digest.as_mut_slice().zeroize();

    let mut out = Zeroizing::new(String::with_capacity(PHRASE_CAPACITY));
    for i in 0..WORDS {
        let bit = i * 11;
        let byte = bit / 8;
        let mut window = (u32::from(bits[byte]) << 16)
            | (u32::from(bits[byte + 1]) << 8)
            | u32::from(bits[byte + 2]);
        let index = (window >> (24 - 11 - bit % 8)) & 0x7ff;
        window.zeroize();
        if i > 0 {
            out.push(' ');
        }
        push_word(&mut out, index);
    }
    out
}

/// The BIP-39 seed of `phrase` with an empty passphrase (PBKDF2-HMAC-SHA512, 2048 rounds).
pub(crate) fn seed(phrase: &str) -> Zeroizing<[u8; 64]> {
    let mut seed = Zeroizing::new([0u8; 64]);
    pbkdf2::pbkdf2_hmac::<Sha512>(phrase.as_bytes(), b"mnemonic", PBKDF2_ROUNDS, &mut seed[..]);
    seed
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_signer_local::coins_bip39::{English, Mnemonic, MnemonicError, Wordlist};

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn word_list_is_the_bip39_english_list() {
        assert_eq!(
            hex(&Sha256::digest(ENGLISH.as_bytes())),
            "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda"
        );
        assert_eq!(ENGLISH.lines().count(), 2048);
        assert!(ENGLISH.lines().all(
            |w| (3..=MAX_WORD).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_lowercase())
        ));
        assert_eq!(ENGLISH.lines().collect::<Vec<_>>(), English::get_all());
    }

    #[test]
    fn every_index_selects_its_word() {
        for (index, expected) in (0u32..).zip(ENGLISH.lines()) {
            let mut out = String::new();
            push_word(&mut out, index);
            assert_eq!(out, expected);
        }
    }

    /// The 128-bit vectors of the BIP-39 spec (the seeds there use the passphrase "TREZOR",
    /// so only the abandon phrase's empty-passphrase seed is checked below).
    #[test]
    fn phrase_matches_bip39_vectors() {
        for (entropy, expected) in [
            ([0x00; 16], "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"),
            ([0x7f; 16], "legal winner thank year wave sausage worth useful legal winner thank yellow"),
            ([0x80; 16], "letter advice cage absurd amount doctor acoustic avoid letter advice cage above"),
            ([0xff; 16], "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong"),
        ] {
            assert_eq!(phrase(&entropy).as_str(), expected);
        }
    }

    /// Cross-check with the BIP-39 implementation alloy uses (a test-only dependency).
    #[test]
    fn phrase_agrees_with_coins_bip39() -> Result<(), MnemonicError> {
        for n in 0u8..64 {
            let entropy: [u8; 16] =
                core::array::from_fn(|i| n.wrapping_mul(37).wrapping_add(i as u8 * 11));
            let reference = Mnemonic::<English>::new_from_entropy(entropy.into()).to_phrase();
            assert_eq!(phrase(&entropy).as_str(), reference);
            Mnemonic::<English>::new_from_phrase(&reference)?;
        }
        Ok(())
    }

    #[test]
    fn seed_of_abandon_phrase() {
        let seed = seed(phrase(&[0; 16]).as_str());
        assert_eq!(
            hex(&seed[..]),
            "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1\
             9a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4"
        );
    }
}
