//! What the frame's approval screen shows for a request: a title, warnings and labelled rows,
//! in plain data the screen renders (text, monospace, addresses, or a tree for nested values).
//! `tx` writes transactions and calls, `typed` typed data, `budget` cuts what is too large.

mod budget;
mod solana;
#[cfg(test)]
mod tests;
mod tx;
mod typed;

use alloy_primitives::Address;
use serde_json::Value as Json;
use sha2::{Digest, Sha256};

use super::codec::to_hex;
use super::facts::Facts;
use super::format::format_count;
use super::SignRequest;
use solana::solana_rows;

#[cfg(test)]
pub(crate) use budget::{size, SHOWN_ENTRIES, SHOWN_TEXT_BYTES};
#[cfg(test)]
pub(crate) use tx::short_of_funds;
pub use tx::ShownTx;
pub(crate) use typed::typed_tokens;

/// What the approval screen shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The heading, such as "Sign message".
    pub title: String,
    /// Warnings the frame shows above the rows, such as a balance short of the total.
    pub warnings: Vec<String>,
    /// The rows, top to bottom.
    pub rows: Vec<Row>,
}

/// One labelled row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The label, such as "To".
    pub label: String,
    /// The value.
    pub value: Value,
}

/// A shown value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// Words from the request (a message, a typed-data string): at the top level, a box the
    /// user scrolls through.
    Text(String),
    /// A short value the frame wrote (an amount, a fee, a date, a name): one line, no box.
    Plain(String),
    /// Hashes, hex: shown in a monospace font, never shortened.
    Mono(String),
    /// An address, checksummed: shown whole, never broken across lines, with a copy button.
    Address(String),
    /// Nested values, such as an EIP-712 struct: (label, value) pairs.
    Tree(Vec<(String, Value)>),
}

fn row(label: &str, value: Value) -> Row {
    Row {
        label: label.to_owned(),
        value,
    }
}

fn text(s: impl Into<String>) -> Value {
    Value::Text(s.into())
}

fn plain(s: impl Into<String>) -> Value {
    Value::Plain(s.into())
}

fn mono(s: impl Into<String>) -> Value {
    Value::Mono(s.into())
}

fn address(a: &Address) -> Value {
    Value::Address(a.to_checksum(None))
}

/// How much of a message to sign the approval screen draws: the first 8 KiB. The rest is
/// counted and hashed, so the screen appears at once however long the message is.
pub(crate) const MESSAGE_SHOWN_BYTES: usize = 8 * 1024;

/// A message to sign (personal_sign, solana_signMessage): its first
/// [`MESSAGE_SHOWN_BYTES`] as UTF-8 text when the whole message reads as text (line breaks
/// and tabs aside, no control characters), else as hex; its size; and when it is longer, how
/// many bytes are not shown and the SHA-256 of the whole message.
fn message_rows(message: &[u8]) -> Vec<Row> {
    let as_text = core::str::from_utf8(message).ok().filter(|s| {
        !s.chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    });
    let (shown, shown_bytes) = match as_text {
        Some(s) => {
            let mut end = s.len().min(MESSAGE_SHOWN_BYTES);
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            (text(&s[..end]), end)
        }
        None => {
            let end = message.len().min(MESSAGE_SHOWN_BYTES);
            (mono(to_hex(&message[..end])), end)
        }
    };
    let mut rows = vec![
        row("Message", shown),
        row(
            "Size",
            text(match message.len() {
                1 => "1 byte".to_owned(),
                n => format!("{} bytes", format_count(n)),
            }),
        ),
    ];
    let hidden = message.len() - shown_bytes;
    if hidden > 0 {
        rows.push(row(
            "Not shown",
            text(format!(
                "Message truncated: {} more bytes are not shown.",
                format_count(hidden)
            )),
        ));
        rows.push(row(
            "SHA-256 of the whole message",
            mono(to_hex(&Sha256::digest(message))),
        ));
    }
    rows
}

fn json_value(value: &Json) -> Value {
    match value {
        Json::Object(map) => Value::Tree(
            map.iter()
                .map(|(k, v)| (k.clone(), json_value(v)))
                .collect(),
        ),
        Json::Array(items) => Value::Tree(
            items
                .iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), json_value(v)))
                .collect(),
        ),
        Json::String(s) if s.starts_with("0x") => mono(s.clone()),
        Json::String(s) => text(s.clone()),
        Json::Null => text("null"),
        other => text(other.to_string()),
    }
}

/// What the approval screen shows for a smart account's user operation running `calls`, which
/// can cost at most `max_fee` wei: titled as the dapp's method (`Send transaction` or `Send
/// calls`).
pub fn describe_operation(
    title: &str,
    calls: &crate::sign::CallsRequest,
    max_fee: alloy_primitives::U256,
    facts: &Facts,
) -> Summary {
    let (rows, warnings) = tx::operation_rows(calls, max_fee, facts);
    Summary {
        title: title.to_owned(),
        warnings,
        rows: budget::bounded(rows),
    }
}

/// What the approval screen shows for `req`, parsed or prepared, in the terms of `facts`
/// (what the frame looked up: the network, the balance, tokens, prices; all optional).
pub fn describe<Tx: ShownTx>(req: &SignRequest<Tx>, facts: &Facts) -> Summary {
    let mut warnings = Vec::new();
    let (title, rows) = match req {
        SignRequest::PersonalSign { message } => ("Sign message", message_rows(message)),
        SignRequest::TypedData(data) => ("Sign typed data", typed::typed_rows(data, facts)),
        SignRequest::SendTransaction(tx) => {
            let (rows, shown_warnings) = tx.rows(facts);
            warnings = shown_warnings;
            ("Send transaction", rows)
        }
        SignRequest::SendCalls(calls) => ("Send calls", tx::calls_rows(calls, facts)),
        SignRequest::SolanaSignMessage { message } => ("Sign message", message_rows(message)),
        SignRequest::SolanaSignTransaction { tx } => ("Sign transaction", solana_rows(tx)),
        SignRequest::SolanaSignAllTransactions { txs } => {
            let rows = txs
                .iter()
                .enumerate()
                .map(|(i, tx)| {
                    let fields = solana_rows(tx)
                        .into_iter()
                        .map(|r| (r.label, r.value))
                        .collect();
                    row(&format!("Transaction {}", i + 1), Value::Tree(fields))
                })
                .collect();
            ("Sign transactions", rows)
        }
        SignRequest::SolanaSignAndSendTransaction { tx, .. } => {
            ("Send transaction", solana_rows(tx))
        }
    };
    Summary {
        title: title.to_owned(),
        warnings,
        rows: budget::bounded(rows),
    }
}
