//! Reading blocks `first..=last` of a chain into transfers: the blocks with their full
//! transactions (`eth_getBlockByNumber`, native transfers of value > 0 whose receipt says
//! success) and the `Transfer`, `TransferSingle` and `TransferBatch` logs of the range
//! (`eth_getLogs`), in one JSON-RPC batch, then the receipts the transfers need in a second.
//! The blocks must chain (each one's parent is the one before, the first one's parent the
//! last stored block) and every log must name its block's hash, else the range straddles a
//! reorg and nothing of it is used. Not indexed: Ether moved by contracts (internal calls,
//! which need traces), value sent with a deployment, and zero-amount token transfers.

use std::collections::HashMap;

use alloy_primitives::U256;
use serde_json::{json, Value};

use super::abi::{self, TRANSFER, TRANSFER_BATCH, TRANSFER_SINGLE};
use crate::{
    blockchain::ChainClient,
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
pub(super) async fn scan(
    client: &ChainClient,
    first: i64,
    last: i64,
    parent: Option<&str>,
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
                 "topics": [[TRANSFER, TRANSFER_SINGLE, TRANSFER_BATCH]] }]),
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
                Some((
                    t["hash"].as_str()?.to_ascii_lowercase(),
                    Tx {
                        index: abi::quantity(&t["transactionIndex"])?,
                        from: abi::address(&t["from"])?,
                        to: abi::address(&t["to"]),
                        value: abi::uint(t["value"].as_str()?)?,
                        nonce: abi::quantity(&t["nonce"])?,
                        block: blocks.len(),
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
        .filter(|(_, tx)| !tx.value.is_zero() && tx.to.is_some())
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
    let receipts = receipts(client, &wanted).await?;
    let transfer = |tx_hash: &str, log_index, item, moved: Moved| {
        let tx = &txs[tx_hash];
        let block = &blocks[tx.block];
        let tx_to = tx
            .to
            .clone()
            .or_else(|| receipts.get(tx_hash).and_then(|r| r.1.clone()))
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
        .filter(|(hash, tx)| !tx.value.is_zero() && receipts.get(*hash).is_some_and(|r| r.0))
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
    for (hash, log_index, item, moved) in decoded {
        transfers.push(transfer(&hash, log_index, item, moved));
    }
    Ok(Scanned {
        blocks: blocks.into_iter().map(|b| (b.number, b.hash)).collect(),
        transfers,
    })
}

/// `(succeeded, created contract)` of each transaction in `hashes`.
async fn receipts(
    client: &ChainClient,
    hashes: &[String],
) -> Result<HashMap<String, (bool, Option<String>)>, ScanError> {
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
        out.insert(
            hash.clone(),
            (status == "0x1", abi::address(&r["contractAddress"])),
        );
    }
    Ok(out)
}

/// One token movement of a log.
struct Moved {
    from: String,
    to: String,
    kind: &'static str,
    contract: String,
    token_id: String,
    amount: String,
}

/// The movements of a transfer log; none for a log of another shape.
fn decode(log: &Value) -> Vec<Moved> {
    (|| {
        let contract = abi::address(&log["address"])?;
        let topics = log["topics"].as_array()?;
        let data = abi::bytes(log["data"].as_str()?)?;
        let moved = |from: &Value, to: &Value, kind, token_id: String, amount: U256| {
            Some(Moved {
                from: abi::topic_address(from)?,
                to: abi::topic_address(to)?,
                kind,
                contract: contract.clone(),
                token_id,
                amount: amount.to_string(),
            })
        };
        let signature = topics.first()?.as_str()?.to_ascii_lowercase();
        match (signature.as_str(), topics.len()) {
            (TRANSFER, 3) if data.len() == 32 => {
                let amount = U256::from_be_slice(&data);
                Some(vec![moved(
                    &topics[1],
                    &topics[2],
                    "erc20",
                    String::new(),
                    amount,
                )?])
            }
            (TRANSFER, 4) if data.is_empty() => {
                let id = abi::uint(topics[3].as_str()?)?;
                Some(vec![moved(
                    &topics[1],
                    &topics[2],
                    "erc721",
                    id.to_string(),
                    U256::from(1),
                )?])
            }
            (TRANSFER_SINGLE, 4) if data.len() == 64 => {
                let words = abi::words(&data)?;
                Some(vec![moved(
                    &topics[2],
                    &topics[3],
                    "erc1155",
                    words[0].to_string(),
                    words[1],
                )?])
            }
            (TRANSFER_BATCH, 4) => abi::batch_items(&data)?
                .into_iter()
                .map(|(id, amount)| {
                    moved(&topics[2], &topics[3], "erc1155", id.to_string(), amount)
                })
                .collect(),
            _ => None,
        }
    })()
    .unwrap_or_default()
    .into_iter()
    // A zero-amount fungible "transfer" moves nothing (and is how address poisoning works).
    .filter(|m| m.kind == "erc721" || m.amount != "0")
    .collect()
}
