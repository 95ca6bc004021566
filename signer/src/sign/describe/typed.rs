//! EIP-712 typed data as the approval screen shows it: each value by its declared type, with
//! the known kinds written for people: addresses checksummed (drawn whole, with a copy
//! button), token amounts in the token's units when its decimals and symbol were read, and
//! Unix times as dates.
//!
//! Which amounts are token amounts: an EIP-2612 `Permit`'s `value` (the token is the domain's
//! `verifyingContract`), and an `amount` beside an address field `token` in the same struct
//! (Permit2's `PermitDetails` and `TokenPermissions`, so `PermitSingle`, `PermitBatch`,
//! `PermitTransferFrom` and `PermitBatchTransferFrom`). Anything unknown stays as sent.

use alloy_primitives::{Address, U256};
use serde_json::{Map, Value as Json};

use super::tx::token_amount;
use super::{json_value, plain, row, Row, Value};
use crate::sign::codec::{parse_address, quantity};
use crate::sign::eip712::TypedData;
use crate::sign::facts::{Facts, MAX_TOKENS};
use crate::sign::format::{format_time_field, is_time_field};

/// How deep the token search goes (the encoder refuses deeper payloads anyway).
const MAX_DEPTH: usize = 32;

/// A uint as typed data writes it: a JSON number, or a decimal or 0x-hex string.
fn uint(value: &Json) -> Option<U256> {
    quantity(value, "uint").ok()
}

fn json_address(value: Option<&Json>) -> Option<Address> {
    parse_address(value?.as_str()?).ok()
}

/// The token whose amount field `field` of a `type_name` struct (with values `fields`)
/// holds, if it is one (see the module's rules).
fn amount_token(
    data: &TypedData,
    type_name: &str,
    fields: &Map<String, Json>,
    field: &str,
) -> Option<Address> {
    match field {
        "value" if type_name == "Permit" && data.primary_type == "Permit" => {
            json_address(data.domain.get("verifyingContract"))
        }
        "amount" => {
            let declared = data.types.get(type_name)?;
            declared
                .iter()
                .any(|f| f.name == "token" && f.type_name == "address")
                .then(|| json_address(fields.get("token")))?
        }
        _ => None,
    }
}

/// The element type of an array type (`uint256[]`, `Person[3]`).
fn element_type(type_name: &str) -> Option<&str> {
    type_name
        .strip_suffix(']')
        .and_then(|t| t.rfind('[').map(|at| &t[..at]))
}

/// The tokens whose amounts the typed data's message holds, at most [`MAX_TOKENS`].
pub(crate) fn typed_tokens(data: &TypedData) -> Vec<Address> {
    let mut found = Vec::new();
    collect(data, &data.primary_type, &data.message, 0, &mut found);
    found
}

fn collect(data: &TypedData, type_name: &str, value: &Json, depth: usize, out: &mut Vec<Address>) {
    if depth > MAX_DEPTH || out.len() >= MAX_TOKENS {
        return;
    }
    if let (Some(inner), Json::Array(items)) = (element_type(type_name), value) {
        for item in items {
            collect(data, inner, item, depth + 1, out);
        }
        return;
    }
    let (Some(props), Json::Object(fields)) = (data.types.get(type_name), value) else {
        return;
    };
    for prop in props {
        if let Some(token) = amount_token(data, type_name, fields, &prop.name) {
            if out.len() < MAX_TOKENS && !out.contains(&token) {
                out.push(token);
            }
        }
        if let Some(child) = fields.get(&prop.name) {
            collect(data, &prop.type_name, child, depth + 1, out);
        }
    }
}

/// The typed data's rows: its domain, primary type and message.
pub(super) fn typed_rows(data: &TypedData, facts: &Facts) -> Vec<Row> {
    let shown = Shown { data, facts };
    let domain = Json::Object(data.domain.clone());
    vec![
        row("Domain", shown.value("EIP712Domain", "", &domain, None)),
        row("Primary type", super::text(data.primary_type.clone())),
        row(
            "Message",
            shown.value(&data.primary_type, "", &data.message, None),
        ),
    ]
}

struct Shown<'a> {
    data: &'a TypedData,
    facts: &'a Facts,
}

impl Shown<'_> {
    /// `value` of type `type_name` in field `name`; `token` is the token its amount is of,
    /// when it is a token amount.
    fn value(&self, type_name: &str, name: &str, value: &Json, token: Option<Address>) -> Value {
        if let (Some(inner), Json::Array(items)) = (element_type(type_name), value) {
            return Value::Tree(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| (i.to_string(), self.value(inner, name, item, token)))
                    .collect(),
            );
        }
        let declared = if type_name == "EIP712Domain" {
            Some(self.data.domain_fields())
        } else {
            self.data.types.get(type_name).cloned()
        };
        match (declared, value) {
            (Some(props), Json::Object(fields)) => Value::Tree(
                props
                    .iter()
                    .map(|prop| {
                        let field = fields.get(&prop.name).unwrap_or(&Json::Null);
                        let token = amount_token(self.data, type_name, fields, &prop.name);
                        let shown = self.value(&prop.type_name, &prop.name, field, token);
                        (prop.name.clone(), shown)
                    })
                    .collect(),
            ),
            _ => self.leaf(type_name, name, value, token),
        }
    }

    /// A value of an atomic type.
    fn leaf(&self, type_name: &str, name: &str, value: &Json, token: Option<Address>) -> Value {
        if type_name == "address" {
            if let Some(a) = json_address(Some(value)) {
                return super::address(&a);
            }
        }
        if type_name.starts_with("uint") {
            if let Some(amount) = uint(value) {
                if let Some(token) = token.and_then(|t| self.facts.token(&t)) {
                    return plain(token_amount(token, amount));
                }
                if is_time_field(name) {
                    if let Some(date) = format_time_field(amount) {
                        return plain(date);
                    }
                }
            }
        }
        json_value(value)
    }
}
