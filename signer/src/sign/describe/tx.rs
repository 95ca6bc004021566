//! A transaction (and ERC-5792 calls) as the approval screen shows it: the network, who pays
//! whom, the amount, the most the network fee can be and the total in the native coin (with
//! dollars when the price is known), the sender's balance with a warning when it is short,
//! decoded ERC-20 calldata in the token's units, a Uniswap V2 router's swaps and approvals
//! summed up in one plain line ("Swap 0.1 ETH for at least 180.5 dUSD"), and the per-gas fees
//! as secondary detail.

use alloy_primitives::{Address, U256};

use super::{address, mono, plain, row, Row, Value};
use crate::sign::calldata::{self, KnownCall, Swap};
use crate::sign::codec::to_hex;
use crate::sign::facts::{Facts, Token};
use crate::sign::format::{format_amount, format_gwei, format_time_field};
use crate::sign::tx::{FilledTx, TxRequest};
use crate::sign::CallsRequest;

/// A transaction the approval screen can show: as the dapp asked for it (what the chain
/// fills is not known yet) or filled.
pub trait ShownTx {
    /// The screen's rows for it, and its warnings.
    fn rows(&self, facts: &Facts) -> (Vec<Row>, Vec<String>);
}

impl ShownTx for TxRequest {
    fn rows(&self, facts: &Facts) -> (Vec<Row>, Vec<String>) {
        transaction_rows(
            TxShown {
                from: &self.from,
                to: self.to.as_ref(),
                value: self.value,
                max_fee: self.max_fee_per_gas,
                priority_fee: self.max_priority_fee_per_gas,
                gas: self.gas,
                nonce: self.nonce,
                data: &self.data,
            },
            facts,
        )
    }
}

impl ShownTx for FilledTx {
    fn rows(&self, facts: &Facts) -> (Vec<Row>, Vec<String>) {
        transaction_rows(
            TxShown {
                from: &self.from,
                to: self.to.as_ref(),
                value: self.value,
                max_fee: Some(self.max_fee_per_gas),
                priority_fee: Some(self.max_priority_fee_per_gas),
                gas: Some(self.gas_limit),
                nonce: Some(self.nonce),
                data: &self.data,
            },
            facts,
        )
    }
}

/// A smart account's user operation: its calls as [`calls_rows`] shows them, that they run
/// as one, the most the network fee can be and the total, which the account pays.
pub(super) fn operation_rows(
    calls: &CallsRequest,
    max_fee: U256,
    facts: &Facts,
) -> (Vec<Row>, Vec<String>) {
    let mut rows = calls_rows(calls, facts);
    let mut warnings = Vec::new();
    rows.insert(
        1,
        row(
            "Account",
            plain("Smart account: the calls run as one, all or none".to_owned()),
        ),
    );
    let value = calls
        .calls
        .iter()
        .fold(U256::ZERO, |sum, call| sum.saturating_add(call.value));
    let total = value.saturating_add(max_fee);
    rows.push(row("Max network fee", plain(native(facts, max_fee))));
    rows.push(row("Total (amount + max fee)", plain(native(facts, total))));
    if let Some(balance) = facts.balance {
        if balance < total {
            warnings.push(short_of_funds(&facts.native.symbol));
        }
        rows.push(row("Your balance", plain(native(facts, balance))));
    }
    (rows, warnings)
}

/// The fields of a transaction the screen shows; `None` is what the network sets.
struct TxShown<'a> {
    from: &'a Address,
    to: Option<&'a Address>,
    value: U256,
    max_fee: Option<u128>,
    priority_fee: Option<u128>,
    gas: Option<u64>,
    nonce: Option<u64>,
    data: &'a [u8],
}

/// `wei` of the network's native coin: "1.5 ETH ($4,500.00)".
fn native(facts: &Facts, wei: U256) -> String {
    format_amount(
        wei,
        facts.native.decimals,
        &facts.native.symbol,
        facts.native_usd,
    )
}

/// Shown above the rows when the balance cannot pay the amount and the most the fee can be.
pub(crate) fn short_of_funds(symbol: &str) -> String {
    format!("Not enough {symbol} to cover the amount and the network fee.")
}

/// `amount` of the token at `token` in plain words: "180.5 dUSD", or its base units and the
/// contract when the token's decimals and symbol are not known.
fn token_words(facts: &Facts, token: &Address, amount: U256) -> String {
    match facts.token(token) {
        Some(t) => format_amount(amount, t.decimals, &t.symbol, None),
        None => format!("{amount} base units of {}", token.to_checksum(None)),
    }
}

/// `wei` of the native coin in plain words, without dollars: "0.1 ETH".
fn native_words(facts: &Facts, wei: U256) -> String {
    format_amount(wei, facts.native.decimals, &facts.native.symbol, None)
}

/// What a swap sells and the least it buys.
fn swap_sides(swap: &Swap, value: U256, facts: &Facts) -> (String, String) {
    let sold = match (swap.amount_in, swap.path.first()) {
        (Some(amount), Some(token)) => token_words(facts, token, amount),
        _ => native_words(facts, value),
    };
    let bought = match swap.path.last() {
        Some(token) if !swap.ether_out => token_words(facts, token, swap.amount_out_min),
        _ => native_words(facts, swap.amount_out_min),
    };
    (sold, bought)
}

/// The one-line summary of a swap or an approval the screen leads with, and its warnings: a
/// swap that pays out to another account, a swap sent to another contract than the
/// network's swap router.
fn summary(tx: &TxShown<'_>, facts: &Facts, warnings: &mut Vec<String>) -> Option<String> {
    let (Some(to), Some(call)) = (tx.to, calldata::decode(tx.data)) else {
        return None;
    };
    let router = facts.swap_router.as_ref();
    match call {
        KnownCall::Swap(swap) => {
            if swap.to != *tx.from {
                warnings.push(format!(
                    "The swap pays out to {}, not to the sending account.",
                    swap.to.to_checksum(None)
                ));
            }
            if router.is_some_and(|r| r != to) {
                warnings.push("This is not the network's swap router: check the contract.".into());
            }
            let (sold, bought) = swap_sides(&swap, tx.value, facts);
            Some(format!("Swap {sold} for at least {bought}"))
        }
        KnownCall::Approve { spender, amount } => {
            let who = if router == Some(&spender) {
                "the swap router".to_owned()
            } else {
                spender.to_checksum(None)
            };
            let symbol = facts.token(to).map_or("the token", |t| t.symbol.as_str());
            let what = if amount == U256::MAX || amount == max_u160() {
                format!("any amount of {symbol}")
            } else {
                format!("up to {}", token_words(facts, to, amount))
            };
            Some(format!("Allow {who} to spend {what}"))
        }
        _ => None,
    }
}

fn transaction_rows(tx: TxShown<'_>, facts: &Facts) -> (Vec<Row>, Vec<String>) {
    let mut rows = Vec::new();
    let mut warnings = Vec::new();
    if let Some(line) = summary(&tx, facts, &mut warnings) {
        rows.push(row("Summary", plain(line)));
    }
    if let Some(name) = &facts.network {
        rows.push(row("Network", plain(name.clone())));
    }
    rows.push(row("From", address(tx.from)));
    rows.push(row("To", tx.to.map_or(plain("New contract"), address)));
    rows.push(row("Amount", plain(native(facts, tx.value))));
    // What the sender may pay at most: gas limit × max fee per gas, and the amount on top.
    let max_fee = match (tx.gas, tx.max_fee) {
        (Some(gas), Some(per_gas)) => U256::from(gas).checked_mul(U256::from(per_gas)),
        _ => None,
    };
    if let Some(fee) = max_fee {
        rows.push(row("Max network fee", plain(native(facts, fee))));
        let total = tx.value.saturating_add(fee);
        rows.push(row("Total (amount + max fee)", plain(native(facts, total))));
        if facts.balance.is_some_and(|balance| balance < total) {
            warnings.push(short_of_funds(&facts.native.symbol));
        }
    }
    if let Some(balance) = facts.balance {
        rows.push(row("Your balance", plain(native(facts, balance))));
    }
    data_rows(tx.data, tx.to, facts, &mut rows);
    let fee = |v: Option<u128>| plain(v.map_or("set by the network".to_owned(), format_gwei));
    rows.push(row("Max fee per gas", fee(tx.max_fee)));
    rows.push(row("Priority fee per gas", fee(tx.priority_fee)));
    rows.push(row(
        "Gas limit",
        plain(
            tx.gas
                .map_or("estimated by the network".to_owned(), |g| g.to_string()),
        ),
    ));
    if let Some(nonce) = tx.nonce {
        rows.push(row("Nonce", plain(nonce.to_string())));
    }
    (rows, warnings)
}

/// The largest uint160 (Permit2's "unlimited" allowance).
fn max_u160() -> U256 {
    (U256::from(1u8) << 160) - U256::from(1u8)
}

/// `amount` of `token` for the screen: "1.5 dUSD ($1.50)", or "Unlimited dUSD" for the
/// allowances that mean it (the largest uint256 and uint160).
pub(super) fn token_amount(token: &Token, amount: U256) -> String {
    if amount == U256::MAX || amount == max_u160() {
        format!("Unlimited {}", token.symbol)
    } else {
        format_amount(amount, token.decimals, &token.symbol, token.usd)
    }
}

/// An ERC-20 amount in calldata: in the token's units when `to` is a known token, else the
/// base-unit integer (an `approve` of the largest uint256 says "unlimited").
fn call_amount(token: Option<&Token>, amount: U256, approve: bool) -> Value {
    plain(match token {
        Some(token) => token_amount(token, amount),
        None if approve && amount == U256::MAX => "unlimited".to_owned(),
        None => amount.to_string(),
    })
}

/// Decoded calldata rows (to contract `to`), or the raw data.
fn data_rows(data: &[u8], to: Option<&Address>, facts: &Facts, rows: &mut Vec<Row>) {
    let token = to.and_then(|to| facts.token(to));
    let function = |name: &str, mut fields: Vec<(String, Value)>| {
        fields.insert(0, ("name".into(), plain(name)));
        row("Function", Value::Tree(fields))
    };
    match calldata::decode(data) {
        Some(KnownCall::Transfer { to, amount }) => rows.push(function(
            "transfer (ERC-20)",
            vec![
                ("to".into(), address(&to)),
                ("amount".into(), call_amount(token, amount, false)),
            ],
        )),
        Some(KnownCall::Approve { spender, amount }) => rows.push(function(
            "approve (ERC-20)",
            vec![
                ("spender".into(), address(&spender)),
                ("amount".into(), call_amount(token, amount, true)),
            ],
        )),
        Some(KnownCall::TransferFrom { from, to, amount }) => rows.push(function(
            "transferFrom (ERC-20)",
            vec![
                ("from".into(), address(&from)),
                ("to".into(), address(&to)),
                ("amount".into(), call_amount(token, amount, false)),
            ],
        )),
        Some(KnownCall::Swap(swap)) => {
            let name = match (swap.amount_in, swap.ether_out) {
                (None, _) => "swapExactETHForTokens (Uniswap V2)",
                (Some(_), true) => "swapExactTokensForETH (Uniswap V2)",
                (Some(_), false) => "swapExactTokensForTokens (Uniswap V2)",
            };
            let path = swap
                .path
                .iter()
                .map(|t| {
                    facts
                        .token(t)
                        .map_or_else(|| t.to_checksum(None), |t| t.symbol.clone())
                })
                .collect::<Vec<_>>()
                .join(" → ");
            let mut fields = Vec::new();
            if let Some(amount) = swap.amount_in {
                let sold = swap.path.first().map(|t| token_words(facts, t, amount));
                fields.push(("amountIn".into(), plain(sold.unwrap_or_default())));
            }
            let (_, bought) = swap_sides(&swap, U256::ZERO, facts);
            fields.push(("amountOutMin".into(), plain(bought)));
            fields.push(("path".into(), plain(path)));
            fields.push(("to".into(), address(&swap.to)));
            let deadline =
                format_time_field(swap.deadline).unwrap_or_else(|| swap.deadline.to_string());
            fields.push(("deadline".into(), plain(deadline)));
            rows.push(function(name, fields));
        }
        None if data.is_empty() => {}
        None => rows.push(row("Data", mono(to_hex(data)))),
    }
}

/// ERC-5792 calls: the sender, the network, and each call's target, value and calldata.
pub(super) fn calls_rows(calls: &CallsRequest, facts: &Facts) -> Vec<Row> {
    let network = facts
        .network
        .clone()
        .unwrap_or_else(|| format!("eip155:{}", calls.chain_id));
    let mut rows = vec![
        row("From", address(&calls.from)),
        row("Network", plain(network)),
    ];
    for (i, call) in calls.calls.iter().enumerate() {
        let mut fields = vec![
            ("to".to_owned(), address(&call.to)),
            ("value".to_owned(), plain(native(facts, call.value))),
        ];
        let mut data = Vec::new();
        data_rows(&call.data, Some(&call.to), facts, &mut data);
        fields.extend(
            data.into_iter()
                .map(|r| (r.label.to_ascii_lowercase(), r.value)),
        );
        rows.push(row(&format!("Call {}", i + 1), Value::Tree(fields)));
    }
    rows
}
