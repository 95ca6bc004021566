//! ENS's standard interfaces as frame-host reads them over `eth_call` (EIP-137 registry and
//! `addr`, EIP-181 reverse `name`, EIP-634 `text`): namehashes, call data and the ABI
//! decoding of their answers.

use crate::types::hex_bytes as bytes;

/// The longest name frame-host accepts from a reverse record, in bytes.
pub(crate) const MAX_NAME_LEN: usize = 255;
/// The longest `avatar` record frame-host passes on, in bytes.
pub(crate) const MAX_AVATAR_LEN: usize = 2048;

/// Keccak-256 of `data`.
pub(crate) fn keccak256(data: &[u8]) -> [u8; 32] {
    alloy_primitives::keccak256(data).0
}

/// EIP-137 `namehash` of a name (labels separated by `.`; the empty name is the root, 0).
pub(crate) fn namehash(name: &str) -> [u8; 32] {
    let mut node = [0u8; 32];
    if name.is_empty() {
        return node;
    }
    for label in name.rsplit('.') {
        let mut both = [0u8; 64];
        both[..32].copy_from_slice(&node);
        both[32..].copy_from_slice(&keccak256(label.as_bytes()));
        node = keccak256(&both);
    }
    node
}

/// The reverse node of `address` (`0x` and 40 hex digits): `<hex, lowercase>.addr.reverse`.
pub(crate) fn reverse_node(address: &str) -> [u8; 32] {
    let hex = address.trim_start_matches("0x").to_ascii_lowercase();
    namehash(&format!("{hex}.addr.reverse"))
}

/// The 4-byte selector of a function signature such as `addr(bytes32)`.
fn selector(signature: &str) -> [u8; 4] {
    let hash = keccak256(signature.as_bytes());
    [hash[0], hash[1], hash[2], hash[3]]
}

/// `0x` call data of `signature` with one `bytes32` argument.
pub(crate) fn call_node(signature: &str, node: &[u8; 32]) -> String {
    format!("0x{}{}", hex(&selector(signature)), hex(node))
}

/// `0x` call data of `text(bytes32,string)`.
pub(crate) fn call_text(node: &[u8; 32], key: &str) -> String {
    let mut data = selector("text(bytes32,string)").to_vec();
    data.extend_from_slice(node);
    data.extend_from_slice(&word(64));
    data.extend_from_slice(&word(key.len()));
    data.extend_from_slice(key.as_bytes());
    data.resize(data.len() + (32 - key.len() % 32) % 32, 0);
    format!("0x{}", hex(&data))
}

/// A big-endian 32-byte word holding `n`.
fn word(n: usize) -> [u8; 32] {
    let mut w = [0u8; 32];
    w[24..].copy_from_slice(&(n as u64).to_be_bytes());
    w
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// An `address` answer (one word) as `0x` and 40 lowercase hex digits; `None` when it is
/// not one word with 12 zero bytes first.
pub(crate) fn decode_address(result: &str) -> Option<String> {
    let bytes = bytes(result)?;
    if bytes.len() != 32 || bytes[..12].iter().any(|&b| b != 0) {
        return None;
    }
    Some(format!("0x{}", hex(&bytes[12..])))
}

/// A `string` answer; `None` when it is not ABI-encoded UTF-8 of at most `max` bytes.
pub(crate) fn decode_string(result: &str, max: usize) -> Option<String> {
    let bytes = bytes(result)?;
    let number = |at: usize| -> Option<usize> {
        let w = bytes.get(at..at + 32)?;
        if w[..24].iter().any(|&b| b != 0) {
            return None;
        }
        usize::try_from(u64::from_be_bytes(w[24..].try_into().ok()?)).ok()
    };
    let offset = number(0)?;
    let len = number(offset)?;
    if len > max {
        return None;
    }
    let start = offset.checked_add(32)?;
    let text = bytes.get(start..start.checked_add(len)?)?;
    String::from_utf8(text.to_vec()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex32(text: &str) -> String {
        format!("0x{}", hex(&namehash(text)))
    }

    #[test]
    fn namehashes_of_eip_137() {
        assert_eq!(hex32(""), format!("0x{}", "0".repeat(64)));
        assert_eq!(
            hex32("eth"),
            "0x93cdeb708b7545dc668eb9280176169d1c33cfd8ed6f04690a0bcc88a93fc4ae"
        );
        assert_eq!(
            hex32("foo.eth"),
            "0xde9b09fd7c5f901e23a3f19fecc54828e9c848539801e86591bd9801b019f84f"
        );
        assert_eq!(
            hex32("addr.reverse"),
            "0x91d1777781884d03a6757a803996e38de2a42967fb37eeaca72729271025a9e2"
        );
    }

    #[test]
    fn selectors_of_the_standard_interfaces() {
        assert_eq!(hex(&selector("resolver(bytes32)")), "0178b8bf");
        assert_eq!(hex(&selector("addr(bytes32)")), "3b3b57de");
        assert_eq!(hex(&selector("name(bytes32)")), "691f3431");
        assert_eq!(hex(&selector("text(bytes32,string)")), "59d1d43c");
    }

    #[test]
    fn text_call_data_pads_the_key() {
        let data = call_text(&[0x11; 32], "avatar");
        assert_eq!(data.len(), 2 + 8 + 64 * 4);
        assert!(data.starts_with("0x59d1d43c"));
        assert!(data.ends_with(&format!("{:064x}{}{}", 6, hex(b"avatar"), "0".repeat(52))));
    }

    #[test]
    fn answers() {
        let address = format!("0x{}{}", "0".repeat(24), "ab".repeat(20));
        assert_eq!(
            decode_address(&address).as_deref(),
            Some(format!("0x{}", "ab".repeat(20)).as_str())
        );
        assert_eq!(decode_address("0x"), None);
        assert_eq!(decode_address(&format!("0x{}", "ff".repeat(32))), None);
        let name = format!(
            "0x{:064x}{:064x}{}{}",
            32,
            9,
            hex(b"alice.eth"),
            "0".repeat(46)
        );
        assert_eq!(decode_string(&name, 255).as_deref(), Some("alice.eth"));
        assert_eq!(decode_string(&name, 8), None, "longer than the cap");
        let empty = format!("0x{:064x}{:064x}", 32, 0);
        assert_eq!(decode_string(&empty, 255).as_deref(), Some(""));
        assert_eq!(decode_string("0x", 255), None);
        let lying = format!("0x{:064x}{:064x}{}", 32, 64, hex(b"short"));
        assert_eq!(decode_string(&lying, 255), None, "length past the end");
    }
}
