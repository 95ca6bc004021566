//! Which JSON-RPC methods the endpoint passes to the operator's nodes: the reads a dapp's
//! page makes, and `eth_sendRawTransaction` (already signed, so the node holds no key for it).
//! Everything else is refused: signing with the node's own accounts (`eth_sendTransaction`,
//! `eth_sign`, `eth_accounts` on a dev node), node administration (`admin_`, `debug_`,
//! `hardhat_`, `anvil_`, `evm_`), and filters, which live on one node and break behind a
//! fallback across several.

use serde_json::Value;

/// The methods passed through.
const READS: &[&str] = &[
    "eth_blobBaseFee",
    "eth_blockNumber",
    "eth_call",
    "eth_chainId",
    "eth_estimateGas",
    "eth_feeHistory",
    "eth_gasPrice",
    "eth_getBalance",
    "eth_getBlockByHash",
    "eth_getBlockByNumber",
    "eth_getBlockReceipts",
    "eth_getBlockTransactionCountByHash",
    "eth_getBlockTransactionCountByNumber",
    "eth_getCode",
    "eth_getLogs",
    "eth_getProof",
    "eth_getStorageAt",
    "eth_getTransactionByBlockHashAndIndex",
    "eth_getTransactionByBlockNumberAndIndex",
    "eth_getTransactionByHash",
    "eth_getTransactionCount",
    "eth_getTransactionReceipt",
    "eth_getUncleCountByBlockHash",
    "eth_getUncleCountByBlockNumber",
    "eth_maxPriorityFeePerGas",
    "eth_sendRawTransaction",
    "eth_syncing",
    "net_listening",
    "net_version",
    "web3_clientVersion",
];

/// The widest block range one `eth_getLogs` may ask for.
pub(crate) const MAX_LOG_BLOCKS: u64 = 10_000;

/// Whether `method` is passed through.
pub(crate) fn allowed(method: &str) -> bool {
    READS.binary_search(&method).is_ok()
}

/// Methods whose answer (without params) may be reused for [`super::cache::FRESH_MS`].
pub(crate) fn cacheable(method: &str) -> bool {
    matches!(
        method,
        "eth_blockNumber" | "eth_gasPrice" | "eth_maxPriorityFeePerGas" | "eth_blobBaseFee"
    )
}

/// A block number in a filter: a `0x` quantity, or a tag resolved against `head`.
fn block(value: Option<&Value>, head: Option<u64>) -> Option<u64> {
    match value.and_then(Value::as_str).unwrap_or("latest") {
        "latest" | "safe" | "finalized" | "pending" => head,
        "earliest" => Some(0),
        hex => u64::from_str_radix(hex.strip_prefix("0x")?, 16).ok(),
    }
}

/// Why an `eth_getLogs` filter is refused, if it is: one asking for more than
/// [`MAX_LOG_BLOCKS`] blocks, or a range it does not say. `head`: the chain's newest block,
/// for the tags (`None` when the filter names no tag, or the head is unknown).
pub(crate) fn check_logs(params: &Value, head: Option<u64>) -> Result<(), String> {
    let filter = params.get(0).and_then(Value::as_object);
    let Some(filter) = filter else {
        return Err("eth_getLogs takes one filter object".into());
    };
    if filter.contains_key("blockHash") {
        return Ok(());
    }
    let from = block(filter.get("fromBlock"), head);
    let to = block(filter.get("toBlock"), head);
    match (from, to) {
        (Some(from), Some(to)) if to.saturating_sub(from) < MAX_LOG_BLOCKS => Ok(()),
        _ => Err(format!(
            "eth_getLogs may ask for at most {MAX_LOG_BLOCKS} blocks: give fromBlock and toBlock"
        )),
    }
}

/// Whether a filter names a block by tag, so the head is needed to check it.
pub(crate) fn logs_need_head(params: &Value) -> bool {
    let Some(filter) = params.get(0).and_then(Value::as_object) else {
        return false;
    };
    !filter.contains_key("blockHash")
        && ["fromBlock", "toBlock"].iter().any(|key| {
            filter
                .get(*key)
                .and_then(Value::as_str)
                .is_none_or(|v| !v.starts_with("0x"))
        })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_list_is_sorted_and_holds_no_signing_or_admin_method() {
        assert!(
            READS.windows(2).all(|w| w[0] < w[1]),
            "READS must stay sorted"
        );
        for refused in [
            "eth_sendTransaction",
            "eth_sign",
            "eth_accounts",
            "personal_sign",
            "eth_newFilter",
            "eth_getFilterChanges",
            "debug_traceTransaction",
            "hardhat_setBalance",
            "anvil_setBalance",
            "evm_mine",
            "admin_peers",
        ] {
            assert!(!allowed(refused), "{refused}");
        }
        assert!(allowed("eth_call") && allowed("eth_sendRawTransaction"));
    }

    #[test]
    fn log_ranges_are_bounded() {
        let logs = |filter: Value| check_logs(&json!([filter]), Some(50_000));
        assert!(logs(json!({ "fromBlock": "0x1", "toBlock": "0x2710" })).is_ok());
        assert!(logs(json!({ "fromBlock": "0x0", "toBlock": "0x2710" })).is_err());
        assert!(logs(json!({ "blockHash": "0xab" })).is_ok());
        assert!(logs(json!({})).is_ok(), "latest to latest");
        assert!(logs(json!({ "fromBlock": "earliest" })).is_err());
        assert!(logs(json!({ "fromBlock": "0xc350" })).is_ok());
        assert!(check_logs(&json!([{ "fromBlock": "0x1" }]), None).is_err());
        assert!(check_logs(&json!(["x"]), None).is_err());
        assert!(logs_need_head(&json!([{ "fromBlock": "0x1" }])));
        assert!(!logs_need_head(
            &json!([{ "fromBlock": "0x1", "toBlock": "0x2" }])
        ));
    }
}
