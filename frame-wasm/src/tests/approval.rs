//! The approval screen's lookups and its failure screen, through the dispatcher (issue 18 §1):
//! what the screen showed (`TestEnv::summaries`, `TestEnv::shown`) and what the dapp got.

use oriel_protocol::{ErrorCode, ErrorReply};
use oriel_signer::sign::{Summary, Value as Shown};
use serde_json::{json, Value};

use super::wallet_rpc::{address, frame_with, rpc};
use crate::env::HttpResponse;

const BOB: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/// What hardhat answers a transaction its sender cannot pay for.
const NO_FUNDS: &str = "Sender doesn't have enough funds to send tx. The max upfront cost is: \
     42000000000000 and the sender's account only has: 0";

/// A chain where the wallet holds `balance` (hex wei) and `eth_sendRawTransaction` answers
/// `sent`; fees are 1 gwei and a transfer takes 21000 gas.
fn devnet(
    balance: &'static str,
    sent: Result<Value, (i64, &'static str)>,
) -> impl Fn(&str, &Value) -> Result<Value, (i64, &'static str)> {
    move |method, _| match method {
        "eth_getTransactionCount" => Ok(json!("0x0")),
        "eth_estimateGas" => Ok(json!("0x5208")),
        "eth_maxPriorityFeePerGas" => Ok(json!("0x3b9aca00")),
        "eth_getBlockByNumber" => Ok(json!({ "baseFeePerGas": "0x3b9aca00" })),
        "eth_getBalance" => Ok(json!(balance)),
        "eth_sendRawTransaction" => sent.clone(),
        _ => Err((-32601, "method not found")),
    }
}

/// frame-host's price route: ETH at $3,000.
fn prices(method: &str, path: &str, body: Option<&str>) -> HttpResponse {
    assert_eq!(
        (method, path),
        ("POST", "/v1/fungible/price?projectId=demo")
    );
    let asked: Value = serde_json::from_str(body.unwrap()).unwrap();
    assert_eq!(asked, json!({ "addresses": ["eip155:31337/slip44:60"] }));
    HttpResponse {
        status: 200,
        body: json!({ "fungibles": [{ "address": "eip155:31337/slip44:60", "price": 3000 }] })
            .to_string(),
    }
}

fn row<'a>(summary: &'a Summary, label: &str) -> &'a Shown {
    &summary
        .rows
        .iter()
        .find(|r| r.label == label)
        .unwrap_or_else(|| panic!("no {label} in {:?}", summary.rows))
        .value
}

fn plain(text: &str) -> Shown {
    Shown::Plain(text.into())
}

#[test]
fn the_send_screen_names_the_network_and_shows_balance_and_total_in_eth_and_dollars() {
    let mut f = frame_with(devnet(
        "0x8ac7230489e80000", // 10 ETH
        Ok(json!(format!("0x{}", "ab".repeat(32)))),
    ));
    f.env.answer = Some(Box::new(prices));
    let me = address(&f);
    let tx = json!([{ "from": me, "to": BOB, "value": "0x38d7ea4c68000" }]);
    rpc(&mut f, "eth_sendTransaction", tx).unwrap();
    let summary = &f.env.summaries.borrow()[0];
    assert_eq!(row(summary, "Network"), &plain("Local Devnet"));
    assert_eq!(row(summary, "Amount"), &plain("0.001 ETH ($3.00)"));
    // 21000 gas × (2 × 1 gwei base fee + 1 gwei tip).
    assert_eq!(
        row(summary, "Max network fee"),
        &plain("0.000063 ETH ($0.19)")
    );
    assert_eq!(
        row(summary, "Total (amount + max fee)"),
        &plain("0.001063 ETH ($3.19)")
    );
    assert_eq!(row(summary, "Your balance"), &plain("10 ETH ($30,000.00)"));
    assert!(summary.warnings.is_empty());
}

#[test]
fn without_prices_or_a_balance_the_screen_shows_what_it_has() {
    // frame-host unreachable and the balance read refused: no dollars, no balance, and the
    // screen still comes.
    let mut f = frame_with(move |method, params| match method {
        "eth_getBalance" => Err((-32603, "internal error")),
        _ => devnet("0x0", Ok(json!(format!("0x{}", "ab".repeat(32)))))(method, params),
    });
    let me = address(&f);
    let tx = json!([{ "from": me, "to": BOB, "value": "0x38d7ea4c68000" }]);
    rpc(&mut f, "eth_sendTransaction", tx).unwrap();
    let summary = &f.env.summaries.borrow()[0];
    assert_eq!(row(summary, "Amount"), &plain("0.001 ETH"));
    assert!(!summary.rows.iter().any(|r| r.label == "Your balance"));
    assert!(summary.warnings.is_empty());
}

#[test]
fn a_lookup_that_never_answers_does_not_hold_the_screen() {
    // frame-host hangs: the screen waits its bounded time (the test clock's timers fire at
    // once), then shows what the chain answered, without dollars.
    let mut f = frame_with(devnet(
        "0x8ac7230489e80000",
        Ok(json!(format!("0x{}", "ab".repeat(32)))),
    ));
    f.env.http_hangs.set(true);
    let me = address(&f);
    let tx = json!([{ "from": me, "to": BOB, "value": "0x38d7ea4c68000" }]);
    rpc(&mut f, "eth_sendTransaction", tx).unwrap();
    assert_eq!(
        f.env.calls.borrow()[0].1,
        "/v1/fungible/price?projectId=demo"
    );
    let summary = &f.env.summaries.borrow()[0];
    assert_eq!(row(summary, "Your balance"), &plain("10 ETH"));
    assert_eq!(row(summary, "Amount"), &plain("0.001 ETH"));
}

#[test]
fn an_unfunded_account_is_warned_and_a_refused_send_is_explained_in_the_frame() {
    let mut f = frame_with(devnet("0x0", Err((-32000, NO_FUNDS))));
    f.env.answer = Some(Box::new(prices));
    let me = address(&f);
    let tx = json!([{ "from": me, "to": BOB, "value": "0x38d7ea4c68000" }]);
    let err = rpc(&mut f, "eth_sendTransaction", tx).unwrap_err();
    // The dapp gets the node's error exactly as before.
    assert_eq!(err, ErrorReply::new(ErrorCode::Rpc(-32000), NO_FUNDS));
    let summary = &f.env.summaries.borrow()[0];
    assert_eq!(
        summary.warnings,
        ["Not enough ETH to cover the amount and the network fee."]
    );
    assert_eq!(row(summary, "Your balance"), &plain("0 ETH ($0.00)"));
    // After Approve, the frame showed the failure in plain words, the raw error as details.
    let shown = f.env.shown.borrow();
    assert_eq!(shown.len(), 2);
    assert_eq!(
        shown[1],
        format!(
            "failure: Transaction failed: {} [-32000: {NO_FUNDS}]",
            oriel_signer::sign::plain_words(&err)
        )
    );
    assert!(shown[1].contains("Not enough funds"));
}

#[test]
fn a_rejected_request_shows_no_failure_screen() {
    let mut f = frame_with(devnet("0x0", Err((-32000, NO_FUNDS))));
    f.env.outcome.set(Some(crate::screen::Outcome::Rejected));
    let me = address(&f);
    let tx = json!([{ "from": me, "to": BOB, "value": "0x1" }]);
    let err = rpc(&mut f, "eth_sendTransaction", tx).unwrap_err();
    assert_eq!(err.code, ErrorCode::Rpc(4001));
    assert_eq!(f.env.shown.borrow().len(), 1, "the approval only");
}
