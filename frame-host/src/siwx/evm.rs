//! Signatures of `eip155` sign-in messages, over the EIP-191 hash of the message text
//! (`personal_sign`), in ERC-6492's verifier order:
//!
//! 1. a signature ending in ERC-6492's magic suffix (a contract account that may not be
//!    deployed yet): the `SignatureCheck` contract (`devnet/validator/SignatureCheck.sol`) as a
//!    deployless `eth_call`, which runs the wrapped factory call and then ERC-1271 inside the
//!    call only;
//! 2. a 65-byte signature that recovers to the address: an externally owned account (no RPC);
//! 3. otherwise, when the address has code: ERC-1271 `isValidSignature(bytes32,bytes)` must
//!    answer `0x1626ba7e`.
//!
//! A revert of either call means "not valid"; a failing RPC is an internal error. Both calls run
//! code the signer chose (ERC-6492's factory call is any call to any address), so each carries
//! a gas cap, [`CHECK_GAS`] (issue 38, L-4): past it, the node stops the call and the signature
//! is not valid.

use alloy_primitives::{eip191_hash_message, Address, B256};
use oriel_protocol::signature::{ERC1271_VALID, ERC6492_SUFFIX};
use serde_json::{json, Value};

use super::{error::SiwxError, Verification};
use crate::chain::ChainClient;

pub(crate) use crate::eip191::MAX_SIGNATURE_BYTES;
/// The most gas a signature check's `eth_call` may use: about five times what deploying and
/// setting up a Safe 1.4.1 proxy with the 4337 module (the embedded wallet's smart account,
/// some 400,000) and its ERC-1271 check take, and a fifteenth of a 30M-gas block, so an
/// attacker's factory call cannot make the node run a block's worth of code per sign-in.
pub(crate) const CHECK_GAS: u64 = 2_000_000;

/// The creation code of `SignatureCheck` (hex), built by `devnet/validator/compile.mjs`.
const SIGNATURE_CHECK: &str = include_str!("signature_check.hex");

/// The bytes of a `0x`-hex signature ([`crate::eip191::signature_bytes`]).
pub(crate) fn signature_bytes(text: &str) -> Result<Vec<u8>, SiwxError> {
    crate::eip191::signature_bytes(text).map_err(SiwxError::SignatureFormat)
}

/// Checks that `address` signed `text` (`personal_sign`) with `signature`, over the chain
/// RPC of the message's network where the account is a contract.
pub(crate) async fn verify(
    chain: &ChainClient,
    address: &str,
    text: &str,
    signature: &[u8],
) -> Result<Verification, SiwxError> {
    let address: Address = address.parse().map_err(|_| SiwxError::BadSignature)?;
    let hash = eip191_hash_message(text.as_bytes());
    if signature.ends_with(&ERC6492_SUFFIX) {
        return match call(
            chain,
            json!({ "data": check_call(address, hash, signature), "gas": gas() }),
        )
        .await?
        {
            Some(answer) if answer == [1] => Ok(Verification::Erc6492),
            _ => Err(SiwxError::BadSignature),
        };
    }
    if crate::eip191::recover(text, signature) == Some(address) {
        return Ok(Verification::Eoa);
    }
    let code = chain
        .request("eth_getCode", json!([address.to_string(), "latest"]))
        .await?;
    let has_code = code
        .as_str()
        .and_then(decode_hex)
        .ok_or_else(|| unexpected("eth_getCode", &code))?;
    if has_code.is_empty() {
        return Err(SiwxError::BadSignature);
    }
    let data = is_valid_signature_call(hash, signature);
    let tx = json!({ "to": address.to_string(), "data": data, "gas": gas() });
    match call(chain, tx).await? {
        Some(answer) if answer.len() >= 32 && answer[..4] == ERC1271_VALID => {
            Ok(Verification::Erc1271)
        }
        _ => Err(SiwxError::BadSignature),
    }
}

/// `eth_call` of `tx` at the latest block: the answer's bytes, or `None` when it reverts.
async fn call(chain: &ChainClient, tx: Value) -> Result<Option<Vec<u8>>, SiwxError> {
    match chain.request("eth_call", json!([tx, "latest"])).await {
        Ok(answer) => answer
            .as_str()
            .and_then(decode_hex)
            .map(Some)
            .ok_or_else(|| unexpected("eth_call", &answer)),
        // A revert, or the gas cap reached (geth: "out of gas", "gas required exceeds
        // allowance"; hardhat: "ran out of gas").
        Err(oriel_rpc::RpcError::Rpc { message, .. })
            if ["revert", "out of gas", "gas required exceeds"]
                .iter()
                .any(|m| message.to_ascii_lowercase().contains(m)) =>
        {
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// [`CHECK_GAS`] as a JSON-RPC quantity.
fn gas() -> String {
    format!("{CHECK_GAS:#x}")
}

fn unexpected(method: &'static str, answer: &Value) -> SiwxError {
    SiwxError::Internal(crate::error::Error::RpcResult {
        method,
        result: answer.to_string().chars().take(100).collect(),
    })
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    alloy_primitives::hex::decode(text.strip_prefix("0x")?).ok()
}

/// `isValidSignature(bytes32,bytes)` call data.
fn is_valid_signature_call(hash: B256, signature: &[u8]) -> String {
    let mut data = ERC1271_VALID.to_vec();
    data.extend_from_slice(hash.as_slice());
    data.extend_from_slice(&word(64));
    push_bytes(&mut data, signature);
    format!("0x{}", alloy_primitives::hex::encode(data))
}

/// `SignatureCheck`'s creation code with its constructor's arguments
/// `abi.encode(address, bytes32, bytes)`.
fn check_call(address: Address, hash: B256, signature: &[u8]) -> String {
    let mut args = Vec::with_capacity(128 + signature.len());
    args.extend_from_slice(&[0; 12]);
    args.extend_from_slice(address.as_slice());
    args.extend_from_slice(hash.as_slice());
    args.extend_from_slice(&word(96));
    push_bytes(&mut args, signature);
    format!(
        "0x{}{}",
        SIGNATURE_CHECK.trim(),
        alloy_primitives::hex::encode(args)
    )
}

/// A big-endian 32-byte word holding `n`.
fn word(n: usize) -> [u8; 32] {
    let mut w = [0u8; 32];
    w[24..].copy_from_slice(&(n as u64).to_be_bytes());
    w
}

/// ABI `bytes` tail: the length word, then the bytes padded to a whole number of words.
fn push_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&word(bytes.len()));
    out.extend_from_slice(bytes);
    out.resize(out.len() + (32 - bytes.len() % 32) % 32, 0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_erc1271_call_is_abi_encoded() {
        let data = is_valid_signature_call(B256::repeat_byte(0x11), &[0xaa; 65]);
        // selector, hash, offset 0x40, length 65, three words of data.
        assert_eq!(data.len(), 2 + 2 * (4 + 32 * 6));
        assert!(data.starts_with(&format!("0x1626ba7e{}", "11".repeat(32))));
        assert_eq!(&data[10 + 64..10 + 128], format!("{:064x}", 0x40));
        assert_eq!(&data[10 + 128..10 + 192], format!("{:064x}", 65));
        assert!(data.ends_with(&"00".repeat(31)));
    }

    #[test]
    fn the_check_call_is_the_creation_code_then_its_arguments() {
        let address: Address = "0x00000000000000000000000000000000000000aa"
            .parse()
            .unwrap();
        let data = check_call(address, B256::repeat_byte(0x22), &[0xbb; 33]);
        let code = SIGNATURE_CHECK.trim();
        assert!(code.len() > 1000 && code.bytes().all(|c| c.is_ascii_hexdigit()));
        let args = &data[2 + code.len()..];
        assert_eq!(&args[..64], format!("{:064x}", 0xaa));
        assert_eq!(&args[64..128], "22".repeat(32));
        assert_eq!(&args[128..192], format!("{:064x}", 96));
        assert_eq!(&args[192..256], format!("{:064x}", 33));
        assert_eq!(args.len(), 64 * 6);
    }
}
