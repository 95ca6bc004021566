//! What the frame's approval screen shows for a request: a title and labelled rows, in plain
//! data the screen renders (text, monospace, or a tree for nested values).

use alloy_primitives::{Address, U256};
use serde_json::Value as Json;
use sha2::{Digest, Sha256};

use super::calldata::{self, KnownCall};
use super::codec::to_hex;
use super::eip712::TypedData;
use super::solana::{base58, MessageVersion, SolanaTx};
use super::tx::{FilledTx, TxRequest};
use super::SignRequest;

/// What the approval screen shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The heading, such as "Sign message".
    pub title: String,
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
    /// Words for people.
    Text(String),
    /// Addresses, hashes, hex: shown in a monospace font, never shortened.
    Mono(String),
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

fn mono(s: impl Into<String>) -> Value {
    Value::Mono(s.into())
}

/// `amount` (in units of 10^-`decimals`) as an exact decimal, without trailing zeros.
pub(crate) fn format_units(amount: U256, decimals: u32) -> String {
    let digits = amount.to_string();
    let decimals = decimals as usize;
    let (whole, fraction) = if digits.len() > decimals {
        let (w, f) = digits.split_at(digits.len() - decimals);
        (w.to_owned(), f.to_owned())
    } else {
        ("0".to_owned(), format!("{digits:0>decimals$}"))
    };
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        whole
    } else {
        format!("{whole}.{fraction}")
    }
}

/// Wei as ETH, exactly: "1.5 ETH".
pub(crate) fn format_eth(wei: U256) -> String {
    format!("{} ETH", format_units(wei, 18))
}

/// Wei per gas as gwei, exactly: "1.5 gwei".
pub(crate) fn format_gwei(wei: u128) -> String {
    format!("{} gwei", format_units(U256::from(wei), 9))
}

fn address(a: &Address) -> Value {
    mono(a.to_checksum(None))
}

/// How much of a message to sign the approval screen draws: the first 8 KiB. The rest is
/// counted and hashed, so the screen appears at once however long the message is.
pub(crate) const MESSAGE_SHOWN_BYTES: usize = 8 * 1024;

/// `n` with thousands separated by commas: "1,048,576".
pub(crate) fn format_count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

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

/// An EIP-712 value shown by its declared type: struct fields in the order the type lists
/// them, arrays by index, everything else as its JSON value.
fn typed_value(data: &TypedData, type_name: &str, value: &Json) -> Value {
    if let Some(inner) = type_name
        .strip_suffix(']')
        .and_then(|t| t.rfind('[').map(|at| &t[..at]))
    {
        if let Json::Array(items) = value {
            return Value::Tree(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| (i.to_string(), typed_value(data, inner, item)))
                    .collect(),
            );
        }
    }
    let declared = if type_name == "EIP712Domain" {
        Some(data.domain_fields())
    } else {
        data.types.get(type_name).cloned()
    };
    match (declared, value) {
        (Some(props), Json::Object(fields)) => Value::Tree(
            props
                .iter()
                .map(|prop| {
                    let field = fields.get(&prop.name).unwrap_or(&Json::Null);
                    (prop.name.clone(), typed_value(data, &prop.type_name, field))
                })
                .collect(),
        ),
        _ => json_value(value),
    }
}

/// Decoded calldata rows, or the raw data.
fn data_rows(data: &[u8], rows: &mut Vec<Row>) {
    match calldata::decode(data) {
        Some(KnownCall::Transfer { to, amount }) => rows.push(row(
            "Function",
            Value::Tree(vec![
                ("name".into(), text("transfer (ERC-20)")),
                ("to".into(), address(&to)),
                ("amount".into(), text(amount.to_string())),
            ]),
        )),
        Some(KnownCall::Approve { spender, amount }) => rows.push(row(
            "Function",
            Value::Tree(vec![
                ("name".into(), text("approve (ERC-20)")),
                ("spender".into(), address(&spender)),
                (
                    "amount".into(),
                    text(if amount == U256::MAX {
                        "unlimited".to_owned()
                    } else {
                        amount.to_string()
                    }),
                ),
            ]),
        )),
        Some(KnownCall::TransferFrom { from, to, amount }) => rows.push(row(
            "Function",
            Value::Tree(vec![
                ("name".into(), text("transferFrom (ERC-20)")),
                ("from".into(), address(&from)),
                ("to".into(), address(&to)),
                ("amount".into(), text(amount.to_string())),
            ]),
        )),
        None if data.is_empty() => {}
        None => rows.push(row("Data", mono(to_hex(data)))),
    }
}

/// A transaction the approval screen can show: as the dapp asked for it (what the chain
/// fills is not known yet) or filled.
pub trait ShownTx {
    /// The screen's rows for it.
    fn rows(&self) -> Vec<Row>;
}

impl ShownTx for TxRequest {
    fn rows(&self) -> Vec<Row> {
        transaction_rows(TxShown {
            from: &self.from,
            to: self.to.as_ref(),
            value: self.value,
            max_fee: self.max_fee_per_gas,
            priority_fee: self.max_priority_fee_per_gas,
            gas: self.gas,
            nonce: self.nonce,
            data: &self.data,
        })
    }
}

impl ShownTx for FilledTx {
    fn rows(&self) -> Vec<Row> {
        transaction_rows(TxShown {
            from: &self.from,
            to: self.to.as_ref(),
            value: self.value,
            max_fee: Some(self.max_fee_per_gas),
            priority_fee: Some(self.max_priority_fee_per_gas),
            gas: Some(self.gas_limit),
            nonce: Some(self.nonce),
            data: &self.data,
        })
    }
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

fn transaction_rows(tx: TxShown<'_>) -> Vec<Row> {
    let mut rows = vec![
        row("From", address(tx.from)),
        row("To", tx.to.map_or(text("New contract"), address)),
        row("Value", text(format_eth(tx.value))),
    ];
    let fee = |v: Option<u128>| text(v.map_or("set by the network".to_owned(), format_gwei));
    rows.push(row("Max fee", fee(tx.max_fee)));
    rows.push(row("Priority fee", fee(tx.priority_fee)));
    rows.push(row(
        "Gas limit",
        text(
            tx.gas
                .map_or("estimated by the network".to_owned(), |g| g.to_string()),
        ),
    ));
    if let Some(nonce) = tx.nonce {
        rows.push(row("Nonce", text(nonce.to_string())));
    }
    data_rows(tx.data, &mut rows);
    rows
}

fn solana_rows(tx: &SolanaTx) -> Vec<Row> {
    let programs = tx
        .program_ids()
        .enumerate()
        .map(|(i, id)| ((i + 1).to_string(), mono(base58(id))))
        .collect();
    vec![
        row("Fee payer", mono(base58(tx.fee_payer()))),
        row("Recent blockhash", mono(base58(&tx.recent_blockhash))),
        row(
            "Version",
            text(match tx.version {
                MessageVersion::Legacy => "legacy",
                MessageVersion::V0 => "v0",
            }),
        ),
        row("Instructions", text(tx.instructions.len().to_string())),
        row("Programs", Value::Tree(programs)),
        row("Signatures", text(tx.signatures.len().to_string())),
    ]
}

/// What the approval screen shows for `req`, parsed or prepared.
pub fn describe<Tx: ShownTx>(req: &SignRequest<Tx>) -> Summary {
    let (title, rows) = match req {
        SignRequest::PersonalSign { message } => ("Sign message", message_rows(message)),
        SignRequest::TypedData(data) => {
            let domain = Json::Object(data.domain.clone());
            (
                "Sign typed data",
                vec![
                    row("Domain", typed_value(data, "EIP712Domain", &domain)),
                    row("Primary type", text(data.primary_type.clone())),
                    row(
                        "Message",
                        typed_value(data, &data.primary_type, &data.message),
                    ),
                ],
            )
        }
        SignRequest::SendTransaction(tx) => ("Send transaction", tx.rows()),
        SignRequest::SendCalls(calls) => {
            let mut rows = vec![
                row("From", address(&calls.from)),
                row("Chain", text(format!("eip155:{}", calls.chain_id))),
            ];
            for (i, call) in calls.calls.iter().enumerate() {
                let mut fields = vec![
                    ("to".to_owned(), address(&call.to)),
                    ("value".to_owned(), text(format_eth(call.value))),
                ];
                let mut data = Vec::new();
                data_rows(&call.data, &mut data);
                fields.extend(
                    data.into_iter()
                        .map(|r| (r.label.to_ascii_lowercase(), r.value)),
                );
                rows.push(row(&format!("Call {}", i + 1), Value::Tree(fields)));
            }
            ("Send calls", rows)
        }
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
        rows: bounded(rows),
    }
}

/// The most text the approval screen draws for one request, in bytes, all values and names
/// together.
pub(crate) const SHOWN_TEXT_BYTES: usize = 64 * 1024;
/// The most nested entries (typed-data fields, array items, calls) the screen draws.
pub(crate) const SHOWN_ENTRIES: usize = 1000;

/// What is left to draw, and what was left out.
struct Budget {
    text: usize,
    entries: usize,
    cut_bytes: usize,
    cut_entries: usize,
}

impl Budget {
    fn value(&mut self, value: Value) -> Value {
        match value {
            Value::Text(s) => Value::Text(self.text(s)),
            Value::Mono(s) => Value::Mono(self.text(s)),
            Value::Tree(entries) => Value::Tree(
                entries
                    .into_iter()
                    .filter_map(|(key, child)| {
                        if self.entries == 0 {
                            let (entries, bytes) = size(&child);
                            self.cut_entries += 1 + entries;
                            self.cut_bytes += key.len() + bytes;
                            return None;
                        }
                        self.entries -= 1;
                        Some((self.text(key), self.value(child)))
                    })
                    .collect(),
            ),
        }
    }

    fn text(&mut self, mut s: String) -> String {
        let mut end = s.len().min(self.text);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        self.cut_bytes += s.len() - end;
        self.text -= end;
        s.truncate(end);
        s
    }
}

/// The nested entries in `value` and the bytes of text in it.
pub(crate) fn size(value: &Value) -> (usize, usize) {
    match value {
        Value::Text(s) | Value::Mono(s) => (0, s.len()),
        Value::Tree(entries) => entries.iter().fold((0, 0), |(n, bytes), (key, v)| {
            let (inner, inner_bytes) = size(v);
            (n + 1 + inner, bytes + key.len() + inner_bytes)
        }),
    }
}

/// `rows` cut to [`SHOWN_TEXT_BYTES`] of text and [`SHOWN_ENTRIES`] nested entries, so the
/// screen appears at once however large the request (a typed-data payload or calldata can
/// fill the protocol's 4 MiB), with a last row saying what is not shown. A message to sign
/// is cut earlier, by [`message_rows`].
fn bounded(rows: Vec<Row>) -> Vec<Row> {
    let mut budget = Budget {
        text: SHOWN_TEXT_BYTES,
        entries: SHOWN_ENTRIES,
        cut_bytes: 0,
        cut_entries: 0,
    };
    let mut rows: Vec<Row> = rows
        .into_iter()
        .map(|r| Row {
            value: budget.value(r.value),
            label: r.label,
        })
        .collect();
    if budget.cut_bytes > 0 || budget.cut_entries > 0 {
        rows.push(row(
            "Not shown",
            text(format!(
                "This request is too long to show in full: {} more bytes of text and {} more \
                 entries are not shown.",
                format_count(budget.cut_bytes),
                format_count(budget.cut_entries)
            )),
        ));
    }
    rows
}
