//! The approval screen in the user's terms (issue 18 §1): a transaction's network, amount,
//! maximum fee, total and balance in the native coin with dollars, the short-of-funds warning,
//! ERC-20 amounts in the token's units, and typed data's addresses, token amounts and dates.

use alloy_primitives::{Address, U256};
use serde_json::json;

use super::{describe, short_of_funds, Row, Summary, Value};
use crate::keys::Addresses;
use crate::sign::{parse, Facts, FilledTx, SignRequest, Token};

const ME: &str = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const BOB: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/// The devnet's 6-decimals token.
const DUSD: &str = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const PERMIT2: &str = "0x000000000022D473030F116dDEE9F6B43aC78BA3";

fn addr(text: &str) -> Address {
    text.parse().unwrap()
}

fn eth(milli: u64) -> U256 {
    U256::from(milli) * U256::from(10u64).pow(U256::from(15))
}

fn plain(text: &str) -> Value {
    Value::Plain(text.into())
}

fn find<'a>(summary: &'a Summary, label: &str) -> &'a Value {
    &summary
        .rows
        .iter()
        .find(|r| r.label == label)
        .unwrap_or_else(|| panic!("no row {label} in {:?}", summary.rows))
        .value
}

/// The value at `path` (field names) in a tree.
fn at<'a>(value: &'a Value, path: &[&str]) -> &'a Value {
    path.iter().fold(value, |value, key| match value {
        Value::Tree(entries) => {
            &entries
                .iter()
                .find(|(k, _)| k == key)
                .unwrap_or_else(|| panic!("no {key} in {entries:?}"))
                .1
        }
        other => panic!("{other:?} has no {key}"),
    })
}

fn devnet_facts() -> Facts {
    Facts {
        network: Some("Local Devnet".into()),
        native_usd: Some(3000.0),
        balance: Some(eth(10_000)),
        tokens: vec![Token {
            address: addr(DUSD),
            symbol: "dUSD".into(),
            decimals: 6,
            usd: Some(1.0),
        }],
        ..Facts::default()
    }
}

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

fn typed(params: serde_json::Value) -> SignRequest<FilledTx> {
    let addresses = Addresses {
        eip155: ME.into(),
        solana: String::new(),
    };
    let SignRequest::TypedData(data) = parse("eth_signTypedData_v4", &json!([ME, params]), &addresses).unwrap()
    else {
        panic!("typed data")
    };
    SignRequest::TypedData(data)
}

/// An EIP-2612 permit of `value` dUSD base units to Bob (addresses in lower case, as many
/// dapps send them), until 2030-01-01.
fn permit(value: &str) -> SignRequest<FilledTx> {
    typed(json!({
        "types": {
            "EIP712Domain": [
                { "name": "name", "type": "string" },
                { "name": "version", "type": "string" },
                { "name": "chainId", "type": "uint256" },
                { "name": "verifyingContract", "type": "address" }
            ],
            "Permit": [
                { "name": "owner", "type": "address" },
                { "name": "spender", "type": "address" },
                { "name": "value", "type": "uint256" },
                { "name": "nonce", "type": "uint256" },
                { "name": "deadline", "type": "uint256" }
            ]
        },
        "primaryType": "Permit",
        "domain": { "name": "Devnet Dollar", "version": "1", "chainId": 31337, "verifyingContract": DUSD.to_lowercase() },
        "message": {
            "owner": ME.to_lowercase(), "spender": BOB.to_lowercase(), "value": value,
            "nonce": 0, "deadline": "1893456000"
        }
    }))
}

#[test]
fn a_permit_shows_its_amount_in_the_tokens_units_its_deadline_as_a_date() {
    let summary = describe(&permit("2500000"), &devnet_facts());
    let message = find(&summary, "Message");
    assert_eq!(at(message, &["value"]), &plain("2.5 dUSD ($2.50)"));
    assert_eq!(
        at(message, &["deadline"]),
        &plain("2030-01-01 00:00 UTC (1893456000)")
    );
    // Addresses checksummed in full, whatever case the dapp wrote them in.
    assert_eq!(at(message, &["owner"]), &Value::Address(ME.into()));
    assert_eq!(at(message, &["spender"]), &Value::Address(BOB.into()));
    assert_eq!(
        at(find(&summary, "Domain"), &["verifyingContract"]),
        &Value::Address(DUSD.into())
    );
    // A number that is not a date stays one.
    assert_eq!(at(message, &["nonce"]), &Value::Text("0".into()));
    let unlimited = describe(&permit(&U256::MAX.to_string()), &devnet_facts());
    assert_eq!(
        at(find(&unlimited, "Message"), &["value"]),
        &plain("Unlimited dUSD")
    );
    // The token unknown (it did not answer): the raw integer.
    let unknown = describe(&permit("2500000"), &Facts::default());
    assert_eq!(
        at(find(&unknown, "Message"), &["value"]),
        &Value::Text("2500000".into())
    );
}

#[test]
fn permit2_amounts_follow_the_token_beside_them() {
    let single = typed(json!({
        "types": {
            "EIP712Domain": [
                { "name": "name", "type": "string" },
                { "name": "chainId", "type": "uint256" },
                { "name": "verifyingContract", "type": "address" }
            ],
            "PermitSingle": [
                { "name": "details", "type": "PermitDetails" },
                { "name": "spender", "type": "address" },
                { "name": "sigDeadline", "type": "uint256" }
            ],
            "PermitDetails": [
                { "name": "token", "type": "address" },
                { "name": "amount", "type": "uint160" },
                { "name": "expiration", "type": "uint48" },
                { "name": "nonce", "type": "uint48" }
            ]
        },
        "primaryType": "PermitSingle",
        "domain": { "name": "Permit2", "chainId": 31337, "verifyingContract": PERMIT2 },
        "message": {
            "details": {
                "token": DUSD, "amount": "1461501637330902918203684832716283019655932542975",
                "expiration": "281474976710655", "nonce": "0"
            },
            "spender": BOB,
            "sigDeadline": "1893459600"
        }
    }));
    let summary = describe(&single, &devnet_facts());
    let message = find(&summary, "Message");
    // The largest uint160: Permit2's unlimited allowance.
    assert_eq!(
        at(message, &["details", "amount"]),
        &plain("Unlimited dUSD")
    );
    // uint48's maximum ("never expires") is no plausible date: the number.
    assert_eq!(
        at(message, &["details", "expiration"]),
        &Value::Text("281474976710655".into())
    );
    assert_eq!(
        at(message, &["sigDeadline"]),
        &plain("2030-01-01 01:00 UTC (1893459600)")
    );
    assert_eq!(
        crate::sign::lookups(&single, 31337).tokens,
        [addr(DUSD)],
        "the token beside the amount is the one looked up"
    );

    let transfer = typed(json!({
        "types": {
            "PermitTransferFrom": [
                { "name": "permitted", "type": "TokenPermissions" },
                { "name": "spender", "type": "address" },
                { "name": "nonce", "type": "uint256" },
                { "name": "deadline", "type": "uint256" }
            ],
            "TokenPermissions": [
                { "name": "token", "type": "address" },
                { "name": "amount", "type": "uint256" }
            ]
        },
        "primaryType": "PermitTransferFrom",
        "domain": { "name": "Permit2", "chainId": 31337, "verifyingContract": PERMIT2 },
        "message": {
            "permitted": { "token": DUSD, "amount": "0x2dc6c0" },
            "spender": BOB, "nonce": "1", "deadline": 1893456000u64
        }
    }));
    let summary = describe(&transfer, &devnet_facts());
    let message = find(&summary, "Message");
    assert_eq!(
        at(message, &["permitted", "amount"]),
        &plain("3 dUSD ($3.00)")
    );
    assert_eq!(
        at(message, &["deadline"]),
        &plain("2030-01-01 00:00 UTC (1893456000)")
    );
}

#[test]
fn typed_data_for_another_chain_looks_up_no_token() {
    let SignRequest::TypedData(mut data) = permit("1") else {
        panic!()
    };
    data.domain.insert("chainId".into(), json!(1));
    let request = SignRequest::TypedData(data);
    assert!(crate::sign::lookups(&request, 31337).tokens.is_empty());
    assert_eq!(crate::sign::lookups(&request, 1).tokens, [addr(DUSD)]);
}
