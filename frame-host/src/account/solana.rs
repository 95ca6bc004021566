//! The balance route's `solana` networks: an address's SOL (`getBalance`) and its balances of
//! the operator's listed SPL tokens (`getTokenAccountsByOwner` over the Token program,
//! `jsonParsed`, summed per mint), read in one JSON-RPC batch.

use std::collections::HashMap;

use serde_json::{json, Value};

use super::balance::truncate;
use crate::chain::tokens::Token;
use crate::error::Error;

/// The SPL Token program, whose token accounts are read.
pub(super) const TOKEN_PROGRAM: &str = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";

/// The commitment balances are read at.
const COMMITMENT: &str = "confirmed";

/// The two calls of one address's holdings: SOL, then its token accounts.
pub(super) fn calls(address: &str) -> Vec<(String, Value)> {
    vec![
        (
            "getBalance".to_owned(),
            json!([address, { "commitment": COMMITMENT }]),
        ),
        (
            "getTokenAccountsByOwner".to_owned(),
            json!([
                address,
                { "programId": TOKEN_PROGRAM },
                { "encoding": "jsonParsed", "commitment": COMMITMENT }
            ]),
        ),
    ]
}

/// The non-zero raw amounts of `tokens` (native first, then listed mints) from the answers
/// to [`calls`]. A token account of an unlisted mint is not counted.
pub(super) fn holdings(
    tokens: Vec<Token>,
    balance: &Value,
    token_accounts: &Value,
) -> Result<Vec<(Token, String)>, Error> {
    let lamports = balance
        .get("value")
        .and_then(Value::as_u64)
        .ok_or_else(|| Error::RpcResult {
            method: "getBalance",
            result: truncate(&balance.to_string()),
        })?;
    let by_mint = amounts_by_mint(token_accounts)?;
    Ok(tokens
        .into_iter()
        .filter_map(|token| {
            let amount = match &token.address {
                None => lamports.into(),
                Some(mint) => by_mint.get(mint.as_str()).copied().unwrap_or(0),
            };
            (amount != 0).then(|| (token, amount.to_string()))
        })
        .collect())
}

/// The summed `tokenAmount.amount` of every token account in a `getTokenAccountsByOwner`
/// `jsonParsed` answer, by mint.
fn amounts_by_mint(answer: &Value) -> Result<HashMap<&str, u128>, Error> {
    let unexpected = || Error::RpcResult {
        method: "getTokenAccountsByOwner",
        result: truncate(&answer.to_string()),
    };
    let accounts = answer
        .get("value")
        .and_then(Value::as_array)
        .ok_or_else(unexpected)?;
    let mut by_mint = HashMap::new();
    for account in accounts {
        let info = account
            .pointer("/account/data/parsed/info")
            .ok_or_else(unexpected)?;
        let mint = info.get("mint").and_then(Value::as_str);
        let amount = info
            .pointer("/tokenAmount/amount")
            .and_then(Value::as_str)
            .and_then(|a| a.parse::<u64>().ok());
        let (Some(mint), Some(amount)) = (mint, amount) else {
            return Err(unexpected());
        };
        let total: &mut u128 = by_mint.entry(mint).or_default();
        *total += u128::from(amount);
    }
    Ok(by_mint)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(address: Option<&str>, symbol: &str, decimals: u8) -> Token {
        Token {
            address: address.map(Into::into),
            symbol: symbol.into(),
            name: symbol.into(),
            decimals,
            icon_url: None,
        }
    }

    fn account(mint: &str, amount: &str) -> Value {
        json!({ "pubkey": "x", "account": { "data": { "program": "spl-token", "parsed": {
            "type": "account",
            "info": { "mint": mint, "owner": "o", "tokenAmount": { "amount": amount, "decimals": 6 } }
        } } } })
    }

    #[test]
    fn sums_listed_mints_and_leaves_out_zero_and_unlisted() {
        let tokens = vec![
            token(None, "SOL", 9),
            token(Some("MintA"), "AAA", 6),
            token(Some("MintB"), "BBB", 6),
        ];
        let accounts = json!({ "context": { "slot": 1 }, "value": [
            account("MintA", "1500000"),
            account("MintA", "500000"),
            account("MintC", "7"),
            account("MintB", "0"),
        ] });
        let held = holdings(tokens, &json!({ "value": 2_000_000_000u64 }), &accounts).unwrap();
        let held: Vec<(&str, &str)> = held
            .iter()
            .map(|(t, a)| (t.symbol.as_str(), a.as_str()))
            .collect();
        assert_eq!(held, [("SOL", "2000000000"), ("AAA", "2000000")]);
    }

    #[test]
    fn malformed_answers_are_rpc_result_errors() {
        let tokens = || vec![token(None, "SOL", 9)];
        let empty = json!({ "value": [] });
        let err = holdings(tokens(), &json!({ "value": "1" }), &empty).unwrap_err();
        assert!(err
            .to_string()
            .starts_with("chain RPC getBalance: unexpected result"));
        let bad = json!({ "value": [{ "account": { "data": ["AAAA", "base64"] } }] });
        let err = holdings(tokens(), &json!({ "value": 1 }), &bad).unwrap_err();
        assert!(err
            .to_string()
            .starts_with("chain RPC getTokenAccountsByOwner: unexpected result"));
    }
}
