//! The little of the EVM's encodings the indexer reads: hex quantities, 32-byte words, log
//! topics, ABI-encoded strings, checksummed addresses and block times.

use alloy_primitives::{B256, U256};
use alloy_sol_types::{sol, SolEvent};
use serde_json::Value;

sol! {
    /// The transfer events the indexer reads. ERC-20's and ERC-721's `Transfer` share one
    /// signature and differ in how many parameters are indexed (2 and 3).
    interface ITransfers {
        event Transfer(address indexed from, address indexed to, uint256 value);
        event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
        event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values);
    }
}

/// `Transfer(address,address,uint256)` of ERC-20 (2 indexed) and ERC-721 (3 indexed).
pub(super) const TRANSFER: B256 = ITransfers::Transfer::SIGNATURE_HASH;
/// ERC-1155 `TransferSingle(address,address,address,uint256,uint256)`.
pub(super) const TRANSFER_SINGLE: B256 = ITransfers::TransferSingle::SIGNATURE_HASH;
/// ERC-1155 `TransferBatch(address,address,address,uint256[],uint256[])`.
pub(super) const TRANSFER_BATCH: B256 = ITransfers::TransferBatch::SIGNATURE_HASH;

/// The most ids one `TransferBatch` may carry before the log is skipped.
const MAX_BATCH_ITEMS: usize = 1000;

/// A `0x` quantity as an `i64` (block numbers, indexes, nonces, times).
pub(super) fn quantity(v: &Value) -> Option<i64> {
    let digits = v.as_str()?.strip_prefix("0x")?;
    if digits.is_empty() || digits.len() > 16 {
        return None;
    }
    i64::try_from(u64::from_str_radix(digits, 16).ok()?).ok()
}

/// A `0x` quantity or word of at most 256 bits.
pub(super) fn uint(hex: &str) -> Option<U256> {
    let digits = hex.strip_prefix("0x")?;
    if digits.is_empty() || digits.len() > 64 {
        return None;
    }
    U256::from_str_radix(digits, 16).ok()
}

/// The address in the low 20 bytes of a 32-byte topic, lowercase.
pub(super) fn topic_address(topic: &Value) -> Option<String> {
    let digits = topic.as_str()?.strip_prefix("0x")?;
    (digits.len() == 64 && digits.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| format!("0x{}", digits[24..].to_ascii_lowercase()))
}

/// A lowercase `0x` address, if `v` is one.
pub(super) fn address(v: &Value) -> Option<String> {
    let text = v.as_str()?.to_ascii_lowercase();
    crate::types::is_evm_address(&text).then_some(text)
}

/// The 32-byte words of log data.
pub(super) fn words(data: &[u8]) -> Option<Vec<U256>> {
    data.len()
        .is_multiple_of(32)
        .then(|| data.chunks(32).map(|w| U256::from_be_slice(w)).collect())
}

/// The `(ids, values)` of a `TransferBatch`'s data: two dynamic `uint256[]` of equal length.
pub(super) fn batch_items(data: &[u8]) -> Option<Vec<(U256, U256)>> {
    let words = words(data)?;
    let array = |offset: &U256| -> Option<&[U256]> {
        let start = usize::try_from(*offset).ok()?;
        if !start.is_multiple_of(32) {
            return None;
        }
        let at = start / 32;
        let len = usize::try_from(*words.get(at)?).ok()?;
        if len > MAX_BATCH_ITEMS {
            return None;
        }
        words.get(at + 1..at + 1 + len)
    };
    let ids = array(words.first()?)?;
    let values = array(words.get(1)?)?;
    (ids.len() == values.len()).then(|| ids.iter().copied().zip(values.iter().copied()).collect())
}

/// An `eth_call` answer of a `string` function, or a `bytes32` one (older tokens), at most
/// `max` characters, without control characters; `None` when it is neither or empty.
pub(super) fn string(answer: &str, max: usize) -> Option<String> {
    let data = crate::types::hex_bytes(answer)?;
    let raw = if data.len() == 32 {
        let end = data.iter().position(|&b| b == 0).unwrap_or(32);
        data[..end].to_vec()
    } else {
        let offset = usize::try_from(U256::from_be_slice(data.get(..32)?)).ok()?;
        let len_word = data.get(offset..offset.checked_add(32)?)?;
        let len = usize::try_from(U256::from_be_slice(len_word)).ok()?;
        let start = offset + 32;
        data.get(start..start.checked_add(len)?)?.to_vec()
    };
    let text: String = String::from_utf8(raw)
        .ok()?
        .chars()
        .filter(|c| !c.is_control())
        .take(max)
        .collect();
    let text = text.trim().to_owned();
    (!text.is_empty()).then_some(text)
}

/// `0x` and 64 hex digits of `id`, as ERC-1155's `{id}` substitution wants.
pub(super) fn id_hex(id: &U256) -> String {
    format!("{id:064x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_and_bytes32() {
        // "Dev USD" as an ABI string.
        let abi = format!(
            "0x{:064x}{:064x}{}{}",
            32,
            7,
            "44657620555344",
            "0".repeat(50)
        );
        assert_eq!(string(&abi, 100).as_deref(), Some("Dev USD"));
        assert_eq!(string(&abi, 3).as_deref(), Some("Dev"));
        let b32 = format!("0x{}{}", "4d4b52", "0".repeat(58));
        assert_eq!(string(&b32, 100).as_deref(), Some("MKR"));
        assert_eq!(string("0x", 100), None);
        assert_eq!(string(&format!("0x{:064x}{:064x}", 32, 900), 100), None);
    }

    #[test]
    fn batches_and_topics() {
        let data = crate::types::hex_bytes(&format!(
            "0x{:064x}{:064x}{:064x}{:064x}{:064x}{:064x}{:064x}{:064x}",
            64, 160, 2, 7, 8, 2, 1, 5
        ))
        .unwrap();
        assert_eq!(
            batch_items(&data).unwrap(),
            [
                (U256::from(7), U256::from(1)),
                (U256::from(8), U256::from(5))
            ]
        );
        assert_eq!(batch_items(&data[..64]), None);
        let topic = serde_json::json!(format!("0x{}{}", "0".repeat(24), "AB".repeat(20)));
        assert_eq!(
            topic_address(&topic),
            Some(format!("0x{}", "ab".repeat(20)))
        );
        assert_eq!(
            crate::types::checksummed("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"),
            "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
        );
        assert_eq!(quantity(&serde_json::json!("0x1f")), Some(31));
        assert_eq!(quantity(&serde_json::json!("1f")), None);
    }
}
