//! EIP-191 `personal_sign` signatures of externally owned accounts, shared by sign-in with a
//! wallet (`siwx`) and name registration (`names`): the `0x` hex encoding of a signature
//! (spec §5: `0x` and at least 62 hex characters) and the address a signature of a text
//! recovers to.

use alloy_primitives::{eip191_hash_message, Address, Signature};

/// The longest signature accepted, in bytes (an ERC-6492 wrapper carries a factory call).
pub(crate) const MAX_SIGNATURE_BYTES: usize = 8192;
/// The fewest hex digits of a signature (spec §5: `0x` and at least 62 hex characters).
const MIN_SIGNATURE_HEX: usize = 62;

/// The bytes of a `0x`-hex signature: an even number of hex digits, at least 62, at most
/// [`MAX_SIGNATURE_BYTES`] bytes; else why not, as the API says it.
pub(crate) fn signature_bytes(text: &str) -> Result<Vec<u8>, &'static str> {
    let hex = text
        .strip_prefix("0x")
        .ok_or("expected 0x and hex digits")?;
    if hex.len() < MIN_SIGNATURE_HEX || hex.len() > 2 * MAX_SIGNATURE_BYTES || hex.len() % 2 != 0 {
        return Err("expected 0x and an even number of hex digits, at least 62");
    }
    alloy_primitives::hex::decode(hex).map_err(|_| "expected 0x and hex digits")
}

/// The address whose key signed `text` with `personal_sign` (the EIP-191 hash of its UTF-8
/// bytes), when `signature` is a 65-byte `r ‖ s ‖ v` signature (`v` 27/28 or 0/1).
pub(crate) fn recover(text: &str, signature: &[u8]) -> Option<Address> {
    let hash = eip191_hash_message(text.as_bytes());
    Signature::from_raw(signature)
        .ok()?
        .recover_address_from_prehash(&hash)
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_0x_hex_of_a_bounded_size() {
        assert_eq!(
            signature_bytes(&format!("0x{}", "ab".repeat(65)))
                .unwrap()
                .len(),
            65
        );
        assert_eq!(
            signature_bytes(&format!("0x{}", "a".repeat(62)))
                .unwrap()
                .len(),
            31
        );
        for bad in [
            String::new(),
            "ab".repeat(65),
            format!("0x{}", "a".repeat(60)),
            format!("0x{}", "a".repeat(63)),
            format!("0x{}", "zz".repeat(65)),
            format!("0x{}", "ab".repeat(MAX_SIGNATURE_BYTES + 1)),
        ] {
            assert!(signature_bytes(&bad).is_err(), "{bad:.20}");
        }
    }

    #[test]
    fn a_signature_by_viem_recovers_to_its_signer_and_another_text_does_not() {
        // viem: privateKeyToAccount(<hardhat #0>).signMessage({ message: 'hello' }).
        let signature = signature_bytes(
            "0xf16ea9a3478698f695fd1401bfe27e9e4a7e8e3da94aa72b021125e31fa899cc573c48ea3fe1d4ab61a9db10c19032026e3ed2dbccba5a178235ac27f94504311c",
        )
        .unwrap();
        let signer: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
            .parse()
            .unwrap();
        assert_eq!(recover("hello", &signature), Some(signer));
        assert_ne!(recover("hello!", &signature), Some(signer));
        assert_eq!(recover("hello", &signature[..64]), None);
    }
}
