//! The approval screen in the user's terms (issue 18 §1): `tx` a transaction's network, amount,
//! maximum fee, total and balance in the native coin with dollars, the short-of-funds warning
//! and ERC-20 amounts in the token's units; `typed` typed data's addresses, token amounts and
//! dates. Here what both use.

mod swap;
mod tx;
mod typed;

use alloy_primitives::{Address, U256};

use super::{Summary, Value};
use crate::sign::{Facts, Token};

pub(super) const ME: &str = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
pub(super) const BOB: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/// The devnet's 6-decimals token.
pub(super) const DUSD: &str = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
pub(super) const PERMIT2: &str = "0x000000000022D473030F116dDEE9F6B43aC78BA3";

pub(super) fn addr(text: &str) -> Address {
    text.parse().unwrap()
}

pub(super) fn eth(milli: u64) -> U256 {
    U256::from(milli) * U256::from(10u64).pow(U256::from(15))
}

pub(super) fn plain(text: &str) -> Value {
    Value::Plain(text.into())
}

pub(super) fn find<'a>(summary: &'a Summary, label: &str) -> &'a Value {
    &summary
        .rows
        .iter()
        .find(|r| r.label == label)
        .unwrap_or_else(|| panic!("no row {label} in {:?}", summary.rows))
        .value
}

/// The value at `path` (field names) in a tree.
pub(super) fn at<'a>(value: &'a Value, path: &[&str]) -> &'a Value {
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

pub(super) fn devnet_facts() -> Facts {
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
