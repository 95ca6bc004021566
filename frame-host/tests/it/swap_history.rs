//! Swaps in the history (`API.md`, "Blockchain API", history): a swap through the devnet's
//! Uniswap V2 router is a `trade` with what left the account and what reached it, including
//! the Ether a sale for Ether pays out through the router's internal call (read from the
//! wrapped coin's `Withdrawal` log). `npm ci` first (hardhat).

use crate::convert_common;

use std::time::{Duration, Instant};

use alloy_primitives::U256;
use convert_common::*;
use serde_json::{json, Value};

/// Waits until the indexer has read the block of `receipt`.
async fn indexed(s: &Setup, receipt: &Value) {
    let block = quantity(&receipt["blockNumber"]).to::<u64>();
    let deadline = Instant::now() + Duration::from_secs(30);
    while s.app.state.indexed_block(CHAIN).await.unwrap().unwrap_or(0) < block {
        assert!(
            Instant::now() < deadline,
            "the indexer did not reach block {block}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// `(direction, numeric, symbol)` of each transfer of a history entry.
fn moves(entry: &Value) -> Vec<(String, String, String)> {
    entry["transfers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["direction"].as_str().unwrap().to_owned(),
                t["quantity"]["numeric"].as_str().unwrap().to_owned(),
                t["fungible_info"]["symbol"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// `value` base units of `decimals` as the history writes whole tokens.
fn whole(value: U256, decimals: usize) -> String {
    let digits = format!("{value:0>width$}", width = decimals + 1);
    let (int, fraction) = digits.split_at(digits.len() - decimals);
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        int.to_owned()
    } else {
        format!("{int}.{fraction}")
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swaps_are_trades_with_both_legs() {
    let s = Setup::start().await;
    let indexers = oriel_frame_host::tasks::indexers(&s.app.state).unwrap();
    let dusd = s.token("dUSD");
    let router = s.address("/uniswapV2/router").to_checksum(None);

    // 0.1 ETH for dUSD.
    let sold = units(1, 17);
    let built = s
        .build(USER, ETH, &s.caip(dusd), sold, json!(1))
        .await
        .json();
    let before = s.balance(dusd, USER).await;
    s.send(USER, &built["tx"]).await.unwrap();
    let bought = s.balance(dusd, USER).await - before;

    // 10 dUSD for ETH, after the approval (which moves nothing).
    let sale = units(10, 6);
    let approve = s
        .get(&format!(
            "/v1/convert/build-approve?projectId=demo&userAddress={CHAIN}:{USER}&from={}&to={ETH}&amount={sale}",
            s.caip(dusd)
        ))
        .await;
    s.send(USER, &approve["tx"]).await.unwrap();
    let built = s
        .build(USER, &s.caip(dusd), ETH, sale, json!(1))
        .await
        .json();
    let paid: U256 = built["toAmount"].as_str().unwrap().parse().unwrap();
    let receipt = s.send(USER, &built["tx"]).await.unwrap();
    indexed(&s, &receipt).await;

    let history = s
        .get(&format!(
            "/v1/account/{USER}/history?projectId=demo&chainId={CHAIN}"
        ))
        .await;
    let data = history["data"].as_array().unwrap();
    let sale_entry = &data[0];
    assert_eq!(sale_entry["metadata"]["operationType"], "trade");
    assert_eq!(sale_entry["metadata"]["sentTo"], router.as_str());
    assert_eq!(
        moves(sale_entry),
        [
            ("out".to_owned(), "10".to_owned(), "dUSD".to_owned()),
            ("in".to_owned(), whole(paid, 18), "ETH".to_owned()),
        ]
    );
    let buy_entry = &data[1];
    assert_eq!(buy_entry["metadata"]["operationType"], "trade");
    assert_eq!(
        moves(buy_entry),
        [
            ("out".to_owned(), "0.1".to_owned(), "ETH".to_owned()),
            ("in".to_owned(), whole(bought, 6), "dUSD".to_owned()),
        ]
    );
    // The faucet's payments before are what they were: receipts and the NFT's mint.
    let before: Vec<&Value> = data[2..]
        .iter()
        .map(|e| &e["metadata"]["operationType"])
        .collect();
    assert!(
        !before.is_empty() && before.iter().all(|op| *op == "receive" || *op == "mint"),
        "{before:?}"
    );
    indexers.stop().await;
}
