//! Reading blocks `first..=last` of a chain into transfers: the blocks with their full
//! transactions (`eth_getBlockByNumber`, native transfers of value > 0 whose receipt says
//! success) and the `Transfer`, `TransferSingle` and `TransferBatch` logs of the range
//! (`eth_getLogs`), in one JSON-RPC batch, then the receipts the transfers need in a second.
//! The blocks must chain (each one's parent is the one before, the first one's parent the
//! last stored block) and every log must name its block's hash, else the range straddles a
//! reorg and nothing of it is used. Not indexed: Ether moved by contracts (internal calls,
//! which need traces) except a swap router's Ether payouts (`unwrap`), value sent with a
//! deployment, and zero-amount token transfers.

use std::collections::HashMap;

use alloy_primitives::U256;
use serde_json::{json, Value};

use super::{
    abi::{self, TRANSFER, TRANSFER_BATCH, TRANSFER_SINGLE},
    logs::{decode, Moved},
    unwrap,
};
use crate::{
    chain::ChainClient,
    error::{Error, Result},
    store::NewTransfer,
};

/// What one range read gave.
#[derive(Debug, Default)]
pub(super) struct Scanned {
    /// (number, hash) of each block, in order.
    pub(super) blocks: Vec<(i64, String)>,
    pub(super) transfers: Vec<NewTransfer>,
}

/// Why a range could not be used.
#[derive(Debug)]
pub(super) enum ScanError {
    /// The chain changed under the read: look for the fork and read again.
    Reorg,
    /// The RPC failed or answered something unusable: try again later.
    Failed(Error),
}

impl<E: Into<Error>> From<E> for ScanError {
    fn from(e: E) -> Self {
        Self::Failed(e.into())
    }
}

struct Tx {
    index: i64,
    from: String,
    to: Option<String>,
    value: U256,
    nonce: i64,
    block: usize,
    /// A call to a swap router that pays Ether out: its recipient.
    ether_to: Option<String>,
}

/// What the indexer reads of a receipt.
struct Receipt {
    succeeded: bool,
    created: Option<String>,
    /// A router call paying Ether out: the router's `Withdrawal`s (log index, amount).
    unwrapped: Vec<(i64, U256)>,
}

struct Block {
    number: i64,
    hash: String,
    time: i64,
}

fn unexpected(method: &'static str, value: &Value) -> ScanError {
    let mut result = value.to_string();
    result.truncate(200);
    ScanError::Failed(Error::RpcResult { method, result })
}

/// Reads blocks `first..=last`; `parent` is the stored hash of block `first - 1`, if kept.
/// `routers`: the chain's swap routers (lowercase), whose Ether payouts are read from their
/// transactions' receipts (see `unwrap`).
pub(super) async fn scan(
    client: &ChainClient,
    first: i64,
    last: i64,
    parent: Option<&str>,
    routers: &[String],
) -> Result<Scanned, ScanError> {
    let mut calls: Vec<(String, Value)> = (first..=last)
        .map(|n| {
            (
                "eth_getBlockByNumber".to_owned(),
                json!([format!("{n:#x}"), true]),
            )
        })
        .collect();
    calls.push((
        "eth_getLogs".to_owned(),
        json!([{ "fromBlock": format!("{first:#x}"), "toBlock": format!("{last:#x}"),
                 "topics": [[TRANSFER.to_string(), TRANSFER_SINGLE.to_string(), TRANSFER_BATCH.to_string()]] }]),
    ));
    let mut outcomes = client.batch(&calls).await?;
    let logs = outcomes.pop().unwrap_or(Ok(Value::Null))?;
    let mut blocks = Vec::new();
    let mut txs: HashMap<String, Tx> = HashMap::new();
    let mut expected_parent = parent.map(str::to_owned);
    for (outcome, n) in outcomes.into_iter().zip(first..) {
        let b = outcome?;
        let number = abi::quantity(&b["number"]);
        let (Some(hash), Some(parent_hash), Some(time)) = (
            b["hash"].as_str(),
            b["parentHash"].as_str(),
            abi::quantity(&b["timestamp"]),
        ) else {
            return Err(unexpected("eth_getBlockByNumber", &b));
        };
        if number != Some(n) {
            return Err(unexpected("eth_getBlockByNumber", &b["number"]));
        }
        if expected_parent
            .as_deref()
            .is_some_and(|p| !p.eq_ignore_ascii_case(parent_hash))
        {
            return Err(ScanError::Reorg);
        }
        let hash = hash.to_ascii_lowercase();
        expected_parent = Some(hash.clone());
        for t in b["transactions"].as_array().into_iter().flatten() {
            let parsed = (|| {
                let to = abi::address(&t["to"]);
                let ether_to = to
                    .as_ref()
                    .filter(|to| routers.contains(to))
                    .and_then(|_| unwrap::ether_recipient(t["input"].as_str()?));
                Some((
                    t["hash"].as_str()?.to_ascii_lowercase(),
                    Tx {
                        index: abi::quantity(&t["transactionIndex"])?,
                        from: abi::address(&t["from"])?,
                        to,
                        value: abi::uint(t["value"].as_str()?)?,
                        nonce: abi::quantity(&t["nonce"])?,
                        block: blocks.len(),
                        ether_to,
                    },
                ))
            })();
            let (tx_hash, tx) = parsed.ok_or_else(|| unexpected("eth_getBlockByNumber", t))?;
            txs.insert(tx_hash, tx);
        }
        blocks.push(Block {
            number: n,
            hash,
            time,
        });
    }
    let logs = logs
        .as_array()
        .ok_or_else(|| unexpected("eth_getLogs", &logs))?;
    // Receipts: native transfers need their status, deployments their contract address.
    let mut wanted: Vec<String> = txs
        .iter()
        .filter(|(_, tx)| (!tx.value.is_zero() && tx.to.is_some()) || tx.ether_to.is_some())
        .map(|(hash, _)| hash.clone())
        .collect();
    let mut decoded = Vec::new();
    for log in logs {
        if log["removed"] == json!(true) {
            return Err(ScanError::Reorg);
        }
        let n = abi::quantity(&log["blockNumber"]).ok_or_else(|| unexpected("eth_getLogs", log))?;
        let block = usize::try_from(n - first)
            .ok()
            .and_then(|i| blocks.get(i))
            .ok_or_else(|| unexpected("eth_getLogs", log))?;
        if !log["blockHash"]
            .as_str()
            .is_some_and(|h| h.eq_ignore_ascii_case(&block.hash))
        {
            return Err(ScanError::Reorg);
        }
        let tx_hash = log["transactionHash"]
            .as_str()
            .map(str::to_ascii_lowercase)
            .filter(|h| txs.contains_key(h))
            .ok_or_else(|| unexpected("eth_getLogs", log))?;
        let log_index =
            abi::quantity(&log["logIndex"]).ok_or_else(|| unexpected("eth_getLogs", log))?;
        for (item, moved) in decode(log).into_iter().enumerate() {
            if txs[&tx_hash].to.is_none() && !wanted.contains(&tx_hash) {
                wanted.push(tx_hash.clone());
            }
            decoded.push((tx_hash.clone(), log_index, item as i64, moved));
        }
    }
    let payouts: HashMap<&String, &str> = txs
        .iter()
        .filter(|(_, tx)| tx.ether_to.is_some())
        .filter_map(|(hash, tx)| Some((hash, tx.to.as_deref()?)))
        .collect();
    let receipts = receipts(client, &wanted, &payouts).await?;
    let transfer = |tx_hash: &str, log_index, item, moved: Moved| {
        let tx = &txs[tx_hash];
        let block = &blocks[tx.block];
        let tx_to = tx
            .to
            .clone()
            .or_else(|| receipts.get(tx_hash).and_then(|r| r.created.clone()))
            .unwrap_or_default();
        NewTransfer {
            block_number: block.number,
            block_time: block.time,
            tx_hash: tx_hash.to_owned(),
            tx_index: tx.index,
            log_index,
            item,
            tx_from: tx.from.clone(),
            tx_to,
            nonce: tx.nonce,
            from: moved.from,
            to: moved.to,
            kind: moved.kind,
            contract: moved.contract,
            token_id: moved.token_id,
            amount: moved.amount,
        }
    };
    let mut transfers = Vec::new();
    let mut native: Vec<(&String, &Tx)> = txs
        .iter()
        .filter(|(hash, tx)| {
            !tx.value.is_zero() && receipts.get(*hash).is_some_and(|r| r.succeeded)
        })
        .collect();
    native.sort_by_key(|(_, tx)| (tx.block, tx.index));
    for (hash, tx) in native {
        let moved = Moved {
            from: tx.from.clone(),
            to: tx.to.clone().unwrap_or_default(),
            kind: "native",
            contract: String::new(),
            token_id: String::new(),
            amount: tx.value.to_string(),
        };
        transfers.push(transfer(hash, -1, 0, moved));
    }
    // A router's Ether payout, from the router to the call's recipient, at its
    // `Withdrawal` log.
    let mut payouts: Vec<(&String, &Tx)> =
        txs.iter().filter(|(_, tx)| tx.ether_to.is_some()).collect();
    payouts.sort_by_key(|(_, tx)| (tx.block, tx.index));
    for (hash, tx) in payouts {
        let Some(receipt) = receipts.get(hash).filter(|r| r.succeeded) else {
            continue;
        };
        for (log_index, wad) in &receipt.unwrapped {
            let moved = Moved {
                from: tx.to.clone().unwrap_or_default(),
                to: tx.ether_to.clone().unwrap_or_default(),
                kind: "native",
                contract: String::new(),
                token_id: String::new(),
                amount: wad.to_string(),
            };
            transfers.push(transfer(hash, *log_index, 0, moved));
        }
    }
    for (hash, log_index, item, moved) in decoded {
        transfers.push(transfer(&hash, log_index, item, moved));
    }
    Ok(Scanned {
        blocks: blocks.into_iter().map(|b| (b.number, b.hash)).collect(),
        transfers,
    })
}

/// The receipt of each transaction in `hashes`; for those in `payouts`, the `Withdrawal`s of
/// the router it names.
async fn receipts(
    client: &ChainClient,
    hashes: &[String],
    payouts: &HashMap<&String, &str>,
) -> Result<HashMap<String, Receipt>, ScanError> {
    let calls: Vec<(String, Value)> = hashes
        .iter()
        .map(|h| ("eth_getTransactionReceipt".to_owned(), json!([h])))
        .collect();
    let outcomes = client.batch(&calls).await?;
    let mut out = HashMap::new();
    for (hash, outcome) in hashes.iter().zip(outcomes) {
        let r = outcome?;
        let status = r["status"]
            .as_str()
            .ok_or_else(|| unexpected("eth_getTransactionReceipt", &r))?;
        let unwrapped = payouts
            .get(hash)
            .map(|router| unwrap::withdrawals(&r, router))
            .unwrap_or_default();
        out.insert(
            hash.clone(),
            Receipt {
                succeeded: status == "0x1",
                created: abi::address(&r["contractAddress"]),
                unwrapped,
            },
        );
    }
    Ok(out)
}
