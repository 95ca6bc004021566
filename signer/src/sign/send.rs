//! `eth_sendTransaction`: fill what the dapp left out from the chain (once, before the
//! approval screen shows the fees), sign an EIP-1559 transaction, broadcast it with
//! `eth_sendRawTransaction`.

use alloy_consensus::{SignableTransaction, TxEip1559};
use alloy_eips::eip2718::Encodable2718;
use alloy_primitives::{Bytes, TxKind, B256};
use alloy_signer::SignerSync;
use alloy_signer_local::PrivateKeySigner;
use serde_json::{json, Map, Value};

use super::chain::ChainReader;
use super::codec::{quantity_u128, quantity_u64, to_hex, to_quantity};
use super::tx::{FilledTx, TxRequest};
use super::SignError;

async fn ask<R: ChainReader>(
    rpc: &R,
    method: &'static str,
    params: Value,
) -> Result<Value, SignError> {
    rpc.call(method, params).await.map_err(SignError::Chain)
}

fn bad_answer(method: &'static str, detail: &str) -> SignError {
    SignError::BadChainAnswer {
        method,
        detail: detail.into(),
    }
}

/// The call object `eth_estimateGas` gets for `req`.
fn estimate_params(req: &TxRequest) -> Value {
    let mut call = Map::new();
    call.insert("from".into(), json!(req.from.to_checksum(None)));
    if let Some(to) = req.to {
        call.insert("to".into(), json!(to.to_checksum(None)));
    }
    call.insert("value".into(), json!(to_quantity(req.value)));
    call.insert("data".into(), json!(to_hex(&req.data)));
    if !req.access_list.is_empty() {
        let list: Vec<Value> = req
            .access_list
            .iter()
            .map(|item| {
                json!({
                    "address": item.address.to_checksum(None),
                    "storageKeys": item.storage_keys.iter().map(|k| to_hex(k.as_slice())).collect::<Vec<_>>(),
                })
            })
            .collect();
        call.insert("accessList".into(), Value::Array(list));
    }
    Value::Object(call)
}

/// Fills `req` for chain `chain_id`: the nonce from `eth_getTransactionCount(from, "pending")`,
/// the gas limit from `eth_estimateGas`, the priority fee from `eth_maxPriorityFeePerGas` and
/// the max fee as twice the latest block's `baseFeePerGas` plus the priority fee. Values the
/// dapp gave are kept. The spec §5 checks apply to the result.
pub async fn fill<R: ChainReader>(
    req: &TxRequest,
    chain_id: u64,
    rpc: &R,
) -> Result<FilledTx, SignError> {
    if let Some(requested) = req.chain_id {
        if requested != chain_id {
            return Err(SignError::ChainMismatch {
                requested: format!("eip155:{requested}"),
                active: format!("eip155:{chain_id}"),
            });
        }
    }
    let nonce = match req.nonce {
        Some(nonce) => nonce,
        None => {
            let from = req.from.to_checksum(None);
            let count = ask(rpc, "eth_getTransactionCount", json!([from, "pending"])).await?;
            quantity_u64(&count, "nonce")
                .map_err(|_| bad_answer("eth_getTransactionCount", "not a quantity"))?
        }
    };
    let (max_fee_per_gas, max_priority_fee_per_gas) =
        fees(req.max_fee_per_gas, req.max_priority_fee_per_gas, rpc).await?;
    let gas_limit = match req.gas {
        Some(gas) => gas,
        None => {
            let gas = ask(rpc, "eth_estimateGas", json!([estimate_params(req)])).await?;
            quantity_u64(&gas, "gas")
                .map_err(|_| bad_answer("eth_estimateGas", "not a quantity"))?
        }
    };
    let filled = FilledTx {
        from: req.from,
        chain_id,
        nonce,
        gas_limit,
        max_fee_per_gas,
        max_priority_fee_per_gas,
        to: req.to,
        value: req.value,
        data: req.data.clone(),
        access_list: req.access_list.clone(),
    };
    filled.check()?;
    Ok(filled)
}

/// The fees per gas: those given, else the priority fee from `eth_maxPriorityFeePerGas`
/// (bounded by a given max fee) and the max fee as twice the latest block's
/// `baseFeePerGas` plus the priority fee. Answers `(max fee, priority fee)`.
pub(crate) async fn fees<R: ChainReader>(
    max: Option<u128>,
    priority: Option<u128>,
    rpc: &R,
) -> Result<(u128, u128), SignError> {
    Ok(match (max, priority) {
        (Some(max), Some(priority)) => (max, priority),
        (max, priority) => {
            let priority = match priority {
                Some(priority) => priority,
                None => {
                    let tip = ask(rpc, "eth_maxPriorityFeePerGas", json!([])).await?;
                    let tip = quantity_u128(&tip, "tip")
                        .map_err(|_| bad_answer("eth_maxPriorityFeePerGas", "not a quantity"))?;
                    // A dapp-given max fee bounds the suggested tip.
                    max.map_or(tip, |max| tip.min(max))
                }
            };
            let max = match max {
                Some(max) => max,
                None => {
                    let block = ask(rpc, "eth_getBlockByNumber", json!(["latest", false])).await?;
                    let base = block.get("baseFeePerGas").ok_or_else(|| {
                        bad_answer(
                            "eth_getBlockByNumber",
                            "the latest block has no baseFeePerGas (no EIP-1559 on this chain)",
                        )
                    })?;
                    let base = quantity_u128(base, "baseFeePerGas").map_err(|_| {
                        bad_answer("eth_getBlockByNumber", "baseFeePerGas is not a quantity")
                    })?;
                    base.saturating_mul(2).saturating_add(priority)
                }
            };
            (max, priority)
        }
    })
}

/// Signs `tx` as an EIP-1559 transaction and answers its EIP-2718 bytes
/// (`0x02 || rlp([...fields, y_parity, r, s])`), ready for `eth_sendRawTransaction`.
pub fn sign_transaction(signer: &PrivateKeySigner, tx: &FilledTx) -> Result<Bytes, SignError> {
    tx.check()?;
    if tx.from != signer.address() {
        return Err(SignError::Unauthorized(tx.from.to_checksum(None)));
    }
    let unsigned = TxEip1559 {
        chain_id: tx.chain_id,
        nonce: tx.nonce,
        gas_limit: tx.gas_limit,
        max_fee_per_gas: tx.max_fee_per_gas,
        max_priority_fee_per_gas: tx.max_priority_fee_per_gas,
        to: tx.to.map_or(TxKind::Create, TxKind::Call),
        value: tx.value,
        access_list: tx.access_list.clone(),
        input: tx.data.clone(),
    };
    let signature = signer
        .sign_hash_sync(&unsigned.signature_hash())
        .map_err(|e| SignError::Signing(e.to_string()))?;
    Ok(unsigned.into_signed(signature).encoded_2718().into())
}

/// Signs a filled transaction and broadcasts it with `eth_sendRawTransaction`; answers the
/// transaction hash the chain returned (0x and 64 hex digits).
pub async fn send_transaction<R: ChainReader>(
    signer: &PrivateKeySigner,
    filled: &FilledTx,
    rpc: &R,
) -> Result<B256, SignError> {
    let raw = sign_transaction(signer, filled)?;
    let answer = ask(rpc, "eth_sendRawTransaction", json!([to_hex(&raw)])).await?;
    answer
        .as_str()
        .and_then(|text| text.strip_prefix("0x"))
        .filter(|digits| digits.len() == 64)
        .and_then(|digits| digits.parse::<B256>().ok())
        .ok_or_else(|| bad_answer("eth_sendRawTransaction", "expected a 32-byte hash"))
}
