//! A transaction's rows with what the frame looked up.

use alloy_primitives::U256;

use super::super::{describe, short_of_funds, Row};
use super::{addr, at, devnet_facts, eth, find, plain, BOB, DUSD, ME};
use crate::sign::{Facts, FilledTx, SignRequest, Value};

/// 0.001 ETH to Bob, at most 21000 gas × 2 gwei.
fn send(value: U256, data: Vec<u8>, to: &str) -> SignRequest<FilledTx> {
    SignRequest::SendTransaction(FilledTx {
        from: addr(ME),
        chain_id: 31337,
        nonce: 7,
        gas_limit: 21_000,
        max_fee_per_gas: 2_000_000_000,
        max_priority_fee_per_gas: 1_000_000_000,
        to: Some(addr(to)),
        value,
        data: data.into(),
        access_list: Default::default(),
    })
}

fn labels(rows: &[Row]) -> Vec<&str> {
    rows.iter().map(|r| r.label.as_str()).collect()
}

#[test]
fn a_transaction_shows_network_amount_fee_total_and_balance_in_eth_and_dollars() {
    let summary = describe(&send(eth(1), Vec::new(), BOB), &devnet_facts());
    assert_eq!(
        labels(&summary.rows),
        [
            "Network",
            "From",
            "To",
            "Amount",
            "Max network fee",
            "Total (amount + max fee)",
            "Your balance",
            "Max fee per gas",
            "Priority fee per gas",
            "Gas limit",
            "Nonce"
        ]
    );
    assert_eq!(find(&summary, "Network"), &plain("Local Devnet"));
    assert_eq!(find(&summary, "From"), &Value::Address(ME.into()));
    assert_eq!(find(&summary, "Amount"), &plain("0.001 ETH ($3.00)"));
    // 21000 × 2 gwei = 0.000042 ETH, 12.6 cents.
    assert_eq!(
        find(&summary, "Max network fee"),
        &plain("0.000042 ETH ($0.13)")
    );
    assert_eq!(
        find(&summary, "Total (amount + max fee)"),
        &plain("0.001042 ETH ($3.13)")
    );
    assert_eq!(
        find(&summary, "Your balance"),
        &plain("10 ETH ($30,000.00)")
    );
    assert!(summary.warnings.is_empty(), "10 ETH pays for it");
}

#[test]
fn no_price_means_no_dollars_and_another_coin_its_own_symbol() {
    let facts = Facts {
        native: oriel_protocol::NativeCurrency {
            symbol: "POL".into(),
            decimals: 18,
        },
        native_usd: None,
        ..devnet_facts()
    };
    let summary = describe(&send(eth(1), Vec::new(), BOB), &facts);
    assert_eq!(find(&summary, "Amount"), &plain("0.001 POL"));
    assert_eq!(find(&summary, "Your balance"), &plain("10 POL"));
}

#[test]
fn a_balance_short_of_the_total_is_warned_about() {
    let short = Facts {
        balance: Some(eth(1)), // the amount, but not the fee on top
        ..devnet_facts()
    };
    let summary = describe(&send(eth(1), Vec::new(), BOB), &short);
    assert_eq!(
        summary.warnings,
        ["Not enough ETH to cover the amount and the network fee."]
    );
    assert_eq!(summary.warnings[0], short_of_funds("ETH"));
    assert_eq!(find(&summary, "Your balance"), &plain("0.001 ETH ($3.00)"));
    let empty = Facts {
        balance: Some(U256::ZERO),
        ..devnet_facts()
    };
    assert_eq!(
        describe(&send(U256::ZERO, Vec::new(), BOB), &empty).warnings,
        [short_of_funds("ETH")],
        "the fee alone"
    );
    // An unknown balance warns of nothing and shows no balance.
    let unknown = Facts {
        balance: None,
        ..devnet_facts()
    };
    let summary = describe(&send(eth(1), Vec::new(), BOB), &unknown);
    assert!(summary.warnings.is_empty());
    assert!(!labels(&summary.rows).contains(&"Your balance"));
}

fn call(selector: &str, args: &[&str]) -> Vec<u8> {
    let mut hex = selector.to_owned();
    for a in args {
        hex.push_str(&format!("{a:0>64}"));
    }
    crate::sign::codec::decode_hex(&hex).unwrap()
}

#[test]
fn erc20_amounts_in_the_tokens_units_when_it_is_known() {
    let bob = BOB[2..].to_lowercase();
    let transfer = call("a9059cbb", &[&bob, &format!("{:x}", 1_500_000)]);
    let summary = describe(&send(U256::ZERO, transfer.clone(), DUSD), &devnet_facts());
    let function = find(&summary, "Function");
    assert_eq!(at(function, &["amount"]), &plain("1.5 dUSD ($1.50)"));
    assert_eq!(at(function, &["to"]), &Value::Address(BOB.into()));
    // To a contract that did not answer decimals() and symbol(): the base-unit integer.
    let summary = describe(&send(U256::ZERO, transfer, BOB), &devnet_facts());
    assert_eq!(
        at(find(&summary, "Function"), &["amount"]),
        &plain("1500000")
    );
    let approve = call("095ea7b3", &[&bob, &"f".repeat(64)]);
    let summary = describe(&send(U256::ZERO, approve, DUSD), &devnet_facts());
    assert_eq!(
        at(find(&summary, "Function"), &["amount"]),
        &plain("Unlimited dUSD")
    );
    let from = call(
        "23b872dd",
        &[&bob, &ME[2..].to_lowercase(), &format!("{:x}", 2_000_000)],
    );
    let summary = describe(&send(U256::ZERO, from, DUSD), &devnet_facts());
    assert_eq!(
        at(find(&summary, "Function"), &["amount"]),
        &plain("2 dUSD ($2.00)")
    );
}
