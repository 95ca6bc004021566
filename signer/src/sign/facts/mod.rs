//! What the frame looks up so the approval screen speaks the user's terms: the network's name
//! and coin (from the page config), the sender's balance, the tokens a request moves
//! (`decimals()` and `symbol()` over the chain RPC) and their prices in US dollars (frame-host's
//! `POST /v1/fungible/price`).
//!
//! Every lookup may fail or be slow: whatever is missing leaves the screen with the raw value
//! (a base-unit integer, no dollars, no balance warning), never with a guess. The handler
//! bounds the wait (oriel-frame's `handlers::approval_facts`); this module decides what to ask and reads
//! the answers, strictly: a token's answer longer than an ABI string of 32 bytes, decimals
//! above 77, or a symbol that is empty, longer than 32 bytes or not UTF-8 count as no answer.

use alloy_primitives::{Address, U256};
use oriel_protocol::{ErrorReply, NativeCurrency};
use serde_json::{json, Value};

use super::calldata;
use super::codec::{decode_hex, quantity};
use super::describe::typed_tokens;
use super::{FilledTx, SignRequest};

/// The most tokens looked up for one request (a Permit2 batch can name many).
pub const MAX_TOKENS: usize = 8;
/// The gas an `eth_call` of `decimals()` or `symbol()` may use: plenty for a token, too little
/// for a contract to return megabytes.
const CALL_GAS: &str = "0x186a0";
/// `decimals()`.
const DECIMALS: &str = "0x313ce567";
/// `symbol()`.
const SYMBOL: &str = "0x95d89b41";
/// The longest symbol shown, in bytes.
const MAX_SYMBOL_BYTES: usize = 32;

/// A token the screen can write amounts of.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// Its contract.
    pub address: Address,
    /// Its symbol, as the contract says (drawn with hidden characters escaped, like any text
    /// the screen did not write itself).
    pub symbol: String,
    /// Its decimals (at most 77).
    pub decimals: u8,
    /// US dollars per whole token, when frame-host knows.
    pub usd: Option<f64>,
}

/// What the screen knows besides the request.
#[derive(Debug, Clone, PartialEq)]
pub struct Facts {
    /// The network's name, such as "Ethereum".
    pub network: Option<String>,
    /// The network's native coin (Ether, 18 decimals, unless the page config says otherwise).
    pub native: NativeCurrency,
    /// US dollars per whole native coin, when frame-host knows.
    pub native_usd: Option<f64>,
    /// The sender's balance in the native coin's base unit, when it was read.
    pub balance: Option<U256>,
    /// The tokens the request moves whose decimals and symbol were read.
    pub tokens: Vec<Token>,
    /// The network's swap router (its exchange's, from the page config), named as such.
    pub swap_router: Option<Address>,
}

impl Default for Facts {
    fn default() -> Self {
        Self {
            network: None,
            native: NativeCurrency {
                symbol: "ETH".into(),
                decimals: 18,
            },
            native_usd: None,
            balance: None,
            tokens: Vec::new(),
            swap_router: None,
        }
    }
}

impl Facts {
    /// The token at `address`, if its decimals and symbol are known.
    pub fn token(&self, address: &Address) -> Option<&Token> {
        self.tokens.iter().find(|t| t.address == *address)
    }
}

/// What to look up for a request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lookups {
    /// Whose native balance to read.
    pub balance_of: Option<Address>,
    /// Whether the native coin's price matters.
    pub native_price: bool,
    /// The tokens to read (at most [`MAX_TOKENS`], each once).
    pub tokens: Vec<Address>,
}

impl Lookups {
    fn add_token(&mut self, token: Address) {
        if self.tokens.len() < MAX_TOKENS && !self.tokens.contains(&token) {
            self.tokens.push(token);
        }
    }

    /// The tokens a call to `to` moves: the token called (ERC-20), or a swap's first and
    /// last tokens (the router's path).
    fn add_call(&mut self, to: Address, data: &[u8]) {
        match calldata::decode(data) {
            Some(calldata::KnownCall::Swap(swap)) => {
                for token in [swap.path.first(), swap.path.last()].into_iter().flatten() {
                    self.add_token(*token);
                }
            }
            Some(_) => self.add_token(to),
            None => {}
        }
    }

    /// Whether there is nothing to look up.
    pub fn is_empty(&self) -> bool {
        self.balance_of.is_none() && !self.native_price && self.tokens.is_empty()
    }
}

/// What to look up to show `request` on eip155 chain `chain_id`: for a transaction, the
/// sender's balance, the native coin's price and the token it calls (an ERC-20 transfer,
/// approve or transferFrom); for calls, their tokens and the coin's price; for typed data on
/// this chain (its domain names no other), the tokens it moves (EIP-2612 Permit, Permit2).
pub fn lookups(request: &SignRequest<FilledTx>, chain_id: u64) -> Lookups {
    let mut out = Lookups::default();
    match request {
        SignRequest::SendTransaction(tx) => {
            out.balance_of = Some(tx.from);
            out.native_price = true;
            if let Some(to) = tx.to {
                out.add_call(to, &tx.data);
            }
        }
        SignRequest::SendCalls(calls) => {
            out.native_price = calls.calls.iter().any(|c| !c.value.is_zero());
            for call in &calls.calls {
                out.add_call(call.to, &call.data);
            }
        }
        SignRequest::TypedData(data) => {
            let same_chain = match data.domain_chain_id() {
                Ok(None) => true,
                Ok(Some(id)) => id == U256::from(chain_id),
                Err(_) => false,
            };
            if same_chain {
                for token in typed_tokens(data) {
                    out.add_token(token);
                }
            }
        }
        _ => {}
    }
    out
}

fn eth_call(to: &Address, data: &str) -> (String, Value) {
    (
        "eth_call".to_owned(),
        json!([{ "to": to.to_checksum(None), "data": data, "gas": CALL_GAS }, "latest"]),
    )
}

/// The chain calls for `lookups`, in the order [`read_chain`] reads their answers: the
/// balance, then each token's `decimals()` and `symbol()`.
pub fn chain_calls(lookups: &Lookups) -> Vec<(String, Value)> {
    let mut calls = Vec::with_capacity(1 + 2 * lookups.tokens.len());
    if let Some(owner) = &lookups.balance_of {
        calls.push((
            "eth_getBalance".to_owned(),
            json!([owner.to_checksum(None), "latest"]),
        ));
    }
    for token in &lookups.tokens {
        calls.push(eth_call(token, DECIMALS));
        calls.push(eth_call(token, SYMBOL));
    }
    calls
}

/// The bytes of an `eth_call` answer, if it is hex of at most `max` bytes.
fn returned(answer: &Result<Value, ErrorReply>, max: usize) -> Option<Vec<u8>> {
    let text = answer.as_ref().ok()?.as_str()?.strip_prefix("0x")?;
    if text.len() > 2 * max {
        return None;
    }
    decode_hex(text)
}

/// A `uint8 decimals()` answer: one ABI word holding at most 77.
fn read_decimals(answer: &Result<Value, ErrorReply>) -> Option<u8> {
    let word = returned(answer, 32)?;
    let (high, low) = word.split_last().filter(|_| word.len() == 32)?;
    (low.iter().all(|b| *b == 0) && *high <= 77).then_some(*high)
}

/// A `string symbol()` answer (an ABI string), or the `bytes32` some old tokens return.
fn read_symbol(answer: &Result<Value, ErrorReply>) -> Option<String> {
    let bytes = returned(answer, 96)?;
    let text = if bytes.len() == 32 {
        let end = bytes.iter().position(|b| *b == 0).unwrap_or(32);
        bytes[..end].to_vec()
    } else {
        // A word holding a small number: 31 zero bytes, then the number.
        let small = |i: usize| {
            let word = bytes.get(32 * i..32 * (i + 1))?;
            let (number, zeros) = word.split_last()?;
            zeros
                .iter()
                .all(|b| *b == 0)
                .then_some(usize::from(*number))
        };
        let (offset, length) = (small(0)?, small(1)?);
        if offset != 32 || length > MAX_SYMBOL_BYTES {
            return None;
        }
        bytes.get(64..64 + length)?.to_vec()
    };
    String::from_utf8(text)
        .ok()
        .filter(|s| !s.trim().is_empty() && !s.chars().any(char::is_control))
}

/// Reads the answers to [`chain_calls`] into `facts`; a call that failed or answered
/// something else leaves its fact unknown.
pub fn read_chain(lookups: &Lookups, answers: &[Result<Value, ErrorReply>], facts: &mut Facts) {
    let mut answers = answers.iter();
    if lookups.balance_of.is_some() {
        facts.balance = answers
            .next()
            .and_then(|a| quantity(a.as_ref().ok()?, "balance").ok());
    }
    for address in &lookups.tokens {
        let (decimals, symbol) = (answers.next(), answers.next());
        if let (Some(decimals), Some(symbol)) = (
            decimals.and_then(read_decimals),
            symbol.and_then(read_symbol),
        ) {
            facts.tokens.push(Token {
                address: *address,
                symbol,
                decimals,
                usd: None,
            });
        }
    }
}

/// The asset ids to ask frame-host's price route about, in the order [`read_prices`] reads
/// them: the native coin (`eip155:N/slip44:60`), then each token (`eip155:N:0x…`).
pub fn price_ids(lookups: &Lookups, chain_id: u64) -> Vec<String> {
    let mut ids = Vec::new();
    if lookups.native_price {
        ids.push(format!("eip155:{chain_id}/slip44:60"));
    }
    for token in &lookups.tokens {
        ids.push(format!("eip155:{chain_id}:{}", token.to_checksum(None)));
    }
    ids
}

/// Reads the prices of [`price_ids`] into `facts` (tokens whose decimals were not read get
/// none). A price frame-host does not know (`None`), or that is not a finite number of at
/// least 0, stays unknown.
pub fn read_prices(lookups: &Lookups, prices: &[Option<f64>], facts: &mut Facts) {
    let usable = |p: &Option<f64>| p.filter(|p| p.is_finite() && *p >= 0.0);
    let mut prices = prices.iter();
    if lookups.native_price {
        facts.native_usd = prices.next().and_then(usable);
    }
    for address in &lookups.tokens {
        let price = prices.next().and_then(usable);
        if let Some(token) = facts.tokens.iter_mut().find(|t| t.address == *address) {
            token.usd = price;
        }
    }
}

#[cfg(test)]
mod tests;
