//! The few ABI encoding pieces the smart account's calls need, written out: fixed shapes do
//! not need an ABI library (the tests check them against one).

use alloy_primitives::{Address, U256};

/// An address as an ABI word.
pub(crate) fn word_address(address: &Address) -> [u8; 32] {
    let mut word = [0u8; 32];
    word[12..].copy_from_slice(address.as_slice());
    word
}

/// A `uint256` as an ABI word.
pub(crate) fn word_u256(value: U256) -> [u8; 32] {
    value.to_be_bytes()
}

/// A length or offset as an ABI word.
pub(crate) fn word_usize(value: usize) -> [u8; 32] {
    word_u256(U256::from(value))
}

/// `bytes` as the tail of an ABI encoding: its length, then its bytes padded to 32.
pub(crate) fn bytes_tail(bytes: &[u8]) -> Vec<u8> {
    let mut out = word_usize(bytes.len()).to_vec();
    out.extend_from_slice(bytes);
    out.resize(32 + bytes.len().div_ceil(32) * 32, 0);
    out
}

/// An ABI encoding of `heads` (static words, with `None` where a dynamic value goes) and the
/// dynamic values' tails in order: each `None` becomes the offset of its tail.
pub(crate) fn encode(selector: &[u8], heads: &[Option<[u8; 32]>], tails: &[Vec<u8>]) -> Vec<u8> {
    let mut out = selector.to_vec();
    let mut offset = heads.len() * 32;
    let mut tails_iter = tails.iter();
    for head in heads {
        match head {
            Some(word) => out.extend_from_slice(word),
            None => {
                out.extend_from_slice(&word_usize(offset));
                offset += tails_iter.next().map_or(0, Vec::len);
            }
        }
    }
    for tail in tails {
        out.extend_from_slice(tail);
    }
    out
}
