//! `GET /v1/account/{address}/balance` (spec §7): the account's native balance
//! (`eth_getBalance`) and its balances of the operator's `[[tokens]]` and of every ERC-20 the
//! indexer has seen it receive (`eth_call` of `balanceOf`; only the coin and the listed tokens
//! are `verified`), read in one JSON-RPC batch per network and cached for [`CACHE_MS`] per
//! (address, network) unless `forceUpdate`; zero balances are left out, prices come from the
//! price source ([`super::Prices`]). On `solana` networks: SOL and the listed SPL tokens
//! ([`super::solana_balance`]).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
};

use alloy_primitives::{hex, Address, U256};
use alloy_sol_types::{sol, SolCall};
use oriel_protocol::http::blockchain::{BalanceReply, Quantity, TokenBalance};
use serde_json::{json, Value};

use super::{check_currency, solana as solana_balance, Account};
use crate::chain::tokens::{tokens_of, Token};
use crate::{
    chain::{esplora::is_bitcoin_address, AssetKey},
    error::{ApiError, Error},
    types::{is_evm_address, is_solana_address},
};

/// How long a network's balances of an address are reused.
pub(crate) const CACHE_MS: i64 = 30_000;

/// Cached entries kept at most; past that the expired ones go, then all.
const CACHE_ENTRIES: usize = 10_000;

sol! {
    /// The ERC-20 read of the balance route.
    interface IErc20 {
        function balanceOf(address owner) external view returns (uint256);
    }
}

/// Non-zero raw amounts (decimal strings of base units) of one address on one network.
type Holdings = Arc<Vec<(Token, String)>>;

/// The balance cache, by (lowercased address, chain id): when read, and what.
#[derive(Debug, Default)]
pub(crate) struct BalanceCache {
    entries: Mutex<HashMap<(String, String), (i64, Holdings)>>,
}

impl BalanceCache {
    fn get(&self, key: &(String, String), now_ms: i64) -> Option<Holdings> {
        let entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries
            .get(key)
            .filter(|(at, _)| now_ms - at < CACHE_MS)
            .map(|(_, holdings)| holdings.clone())
    }

    fn put(&self, key: (String, String), now_ms: i64, holdings: Holdings) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        if entries.len() >= CACHE_ENTRIES {
            entries.retain(|_, (at, _)| now_ms - *at < CACHE_MS);
            if entries.len() >= CACHE_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(key, (now_ms, holdings));
    }
}

impl Account {
    /// The balances of `address` on one network (`chainId`) or every network of its family.
    pub(crate) async fn balance(
        &self,
        address: String,
        chain_id: Option<&str>,
        currency: Option<&str>,
        force_update: bool,
    ) -> Result<BalanceReply, ApiError> {
        let state = self;
        if let Some(chain_id) = chain_id.filter(|c| c.starts_with("bip122:")) {
            check_currency(currency)?;
            let balances = bitcoin_balances(state, chain_id, &address).await?;
            return Ok(BalanceReply { balances });
        }
        let namespace = if is_evm_address(&address) {
            "eip155:"
        } else if is_solana_address(&address) {
            "solana:"
        } else {
            return Err(ApiError::invalid(
                "Invalid address: expected 0x and 40 hex digits, or a base58 Solana address",
            ));
        };
        check_currency(currency)?;
        let config = state.config();
        let chains: Vec<&str> = match chain_id {
            Some(chain_id) => {
                let known = chain_id.starts_with(namespace)
                    && config.networks.iter().any(|n| n.chain_id == chain_id);
                if !known {
                    return Err(ApiError::InvalidParams(format!(
                        "Unsupported chainId: {}",
                        truncate(chain_id)
                    )));
                }
                vec![chain_id]
            }
            None => config
                .networks
                .iter()
                .map(|n| n.chain_id.as_str())
                .filter(|c| c.starts_with(namespace))
                .collect(),
        };
        // An EVM address in any case is one account; a Solana address is case-sensitive.
        let address = if namespace == "eip155:" {
            address.to_ascii_lowercase()
        } else {
            address
        };
        let native = if namespace == "solana:" {
            "slip44:501"
        } else {
            "slip44:60"
        };
        let mut balances = Vec::new();
        for chain_id in chains {
            let holdings = holdings(state, &address, chain_id, force_update).await?;
            let listed = tokens_of(&config.tokens, chain_id);
            let ids: Vec<String> = holdings
                .iter()
                .map(|(token, _)| match &token.address {
                    Some(a) => format!("{chain_id}:{a}"),
                    None => format!("{chain_id}/{native}"),
                })
                .collect();
            let keys: Vec<AssetKey> = ids.iter().filter_map(|id| AssetKey::parse(id)).collect();
            let prices = state.prices().lookup(&keys, state.now_ms()).await?;
            for ((token, amount), key) in holdings.iter().zip(ids) {
                let price = AssetKey::parse(&key).and_then(|k| prices.get(&k).copied());
                let numeric = to_decimal_units(amount, token.decimals);
                let value = price.and_then(|p| numeric.parse::<f64>().ok().map(|n| n * p));
                balances.push(TokenBalance {
                    name: token.name.clone(),
                    symbol: token.symbol.clone(),
                    chain_id: chain_id.to_owned(),
                    address: token.address.as_ref().map(|_| key.clone()),
                    value,
                    price,
                    quantity: Quantity {
                        decimals: token.decimals.to_string(),
                        numeric,
                    },
                    icon_url: token.icon_url.clone(),
                    // The coin, or a token of the operator's list; the other ERC-20s the
                    // account received (`seen_tokens`) may be counterfeits of listed ones.
                    verified: token.address.is_none()
                        || listed.iter().any(|l| l.address == token.address),
                });
            }
        }
        Ok(BalanceReply { balances })
    }
}

/// A Bitcoin address's balance on `chain_id` from the network's Esplora API, as one `BTC`
/// entry (none when it holds nothing, like the zero balances of other networks).
async fn bitcoin_balances(
    state: &Account,
    chain_id: &str,
    address: &str,
) -> Result<Vec<TokenBalance>, ApiError> {
    if !state.esplora().covers(chain_id) {
        return Err(ApiError::InvalidParams(format!(
            "Unsupported chainId: {}",
            truncate(chain_id)
        )));
    }
    if !is_bitcoin_address(address) {
        return Err(ApiError::invalid(
            "Invalid address: expected a Bitcoin address",
        ));
    }
    let sats = state.esplora().balance(chain_id, address).await?;
    if sats == 0 {
        return Ok(Vec::new());
    }
    let key = AssetKey::parse(&format!("{chain_id}/slip44:0"));
    let price = match &key {
        Some(k) => state
            .prices()
            .lookup(std::slice::from_ref(k), state.now_ms())
            .await?
            .get(k)
            .copied(),
        None => None,
    };
    let numeric = to_decimal_units(&sats.to_string(), BITCOIN_DECIMALS);
    let value = price.and_then(|p| numeric.parse::<f64>().ok().map(|n| n * p));
    Ok(vec![TokenBalance {
        name: "Bitcoin".into(),
        symbol: "BTC".into(),
        chain_id: chain_id.to_owned(),
        address: None,
        value,
        price,
        quantity: Quantity {
            decimals: BITCOIN_DECIMALS.to_string(),
            numeric,
        },
        icon_url: None,
        verified: true,
    }])
}

/// Satoshis per bitcoin: 10^8.
const BITCOIN_DECIMALS: u8 = 8;

/// At most 100 characters of a value echoed in a message.
pub(super) fn truncate(text: &str) -> String {
    text.chars().take(100).collect()
}

/// The non-zero holdings of `address` on `chain_id`, from the cache or one batch.
async fn holdings(
    state: &Account,
    address: &str,
    chain_id: &str,
    force: bool,
) -> Result<Holdings, ApiError> {
    let key = (address.to_owned(), chain_id.to_owned());
    if !force {
        if let Some(cached) = state.balance_cache().get(&key, state.clock().now_ms()) {
            return Ok(cached);
        }
    }
    let client = state
        .chains()
        .get(chain_id)
        .ok_or_else(|| ApiError::InvalidParams(format!("Unsupported chainId: {chain_id}")))?;
    let mut tokens = tokens_of(&state.config().tokens, chain_id);
    if chain_id.starts_with("solana:") {
        let outcomes = client
            .batch(&solana_balance::calls(address))
            .await
            .map_err(Error::from)?;
        let mut outcomes = outcomes.into_iter();
        let mut next = || -> Result<Value, ApiError> {
            Ok(outcomes
                .next()
                .ok_or(Error::RpcResult {
                    method: "getTokenAccountsByOwner",
                    result: "no answer".into(),
                })?
                .map_err(Error::from)?)
        };
        let (balance, accounts) = (next()?, next()?);
        let held = Arc::new(solana_balance::holdings(tokens, &balance, &accounts)?);
        state
            .balance_cache()
            .put(key, state.clock().now_ms(), held.clone());
        return Ok(held);
    }
    tokens.extend(seen_tokens(state, address, chain_id, &tokens).await?);
    let calls: Vec<(String, Value)> = tokens
        .iter()
        .map(|t| match &t.address {
            None => ("eth_getBalance".to_owned(), json!([address, "latest"])),
            Some(contract) => {
                let owner = address.parse().unwrap_or(Address::ZERO);
                let data = IErc20::balanceOfCall { owner }.abi_encode();
                let call = json!({ "to": contract, "data": hex::encode_prefixed(data) });
                ("eth_call".to_owned(), json!([call, "latest"]))
            }
        })
        .collect();
    let outcomes = client.batch(&calls).await.map_err(Error::from)?;
    let mut held = Vec::new();
    for ((token, (method, _)), outcome) in tokens.into_iter().zip(&calls).zip(outcomes) {
        let result = outcome.map_err(Error::from)?;
        let method = if method == "eth_call" {
            "eth_call balanceOf"
        } else {
            "eth_getBalance"
        };
        let amount = result
            .as_str()
            .and_then(hex_to_decimal)
            .ok_or_else(|| Error::RpcResult {
                method,
                result: truncate(&result.to_string()),
            })?;
        if amount != "0" {
            held.push((token, amount));
        }
    }
    let held = Arc::new(held);
    state
        .balance_cache()
        .put(key, state.clock().now_ms(), held.clone());
    Ok(held)
}

/// The ERC-20s the indexer has seen `address` receive on `chain_id` that are not listed
/// already, with their stored metadata; those without a symbol or with 0 decimals are left
/// out.
async fn seen_tokens(
    state: &Account,
    address: &str,
    chain_id: &str,
    listed: &[Token],
) -> Result<Vec<Token>, ApiError> {
    let source = state.history();
    if !source.covers(chain_id) {
        return Ok(Vec::new());
    }
    let seen = source.seen_tokens(chain_id, address).await?;
    Ok(seen
        .into_iter()
        .filter(|t| {
            !listed
                .iter()
                .any(|l| l.address.as_deref() == Some(&t.contract))
        })
        .filter_map(|t| {
            let decimals = u8::try_from(t.decimals?).ok().filter(|d| *d > 0)?;
            let symbol = t.symbol?;
            Some(Token {
                name: t.name.unwrap_or_else(|| symbol.clone()),
                address: Some(t.contract),
                symbol,
                decimals,
                icon_url: None,
            })
        })
        .collect())
}

/// A `0x` quantity or 32-byte word (at most 64 hex digits) as a decimal string; `None` when
/// it is not one. `0x` alone (an empty `eth_call` answer) is not a balance.
fn hex_to_decimal(hex: &str) -> Option<String> {
    let digits = hex.strip_prefix("0x")?;
    if digits.is_empty() || digits.len() > 64 {
        return None;
    }
    U256::from_str_radix(digits, 16).ok().map(|n| n.to_string())
}

/// Base units (a decimal string) as whole tokens of `decimals`, exact and without trailing
/// zeros: `("1500000000000000000", 18)` is `1.5`.
pub(super) fn to_decimal_units(amount: &str, decimals: u8) -> String {
    let decimals = usize::from(decimals);
    let padded = format!("{amount:0>width$}", width = decimals + 1);
    let (whole, fraction) = padded.split_at(padded.len() - decimals);
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        whole.to_owned()
    } else {
        format!("{whole}.{fraction}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_amounts() {
        assert_eq!(hex_to_decimal("0x0").as_deref(), Some("0"));
        assert_eq!(hex_to_decimal("0x3e8").as_deref(), Some("1000"));
        assert_eq!(
            hex_to_decimal(&format!("0x{}", "f".repeat(64))).as_deref(),
            Some("115792089237316195423570985008687907853269984665640564039457584007913129639935")
        );
        assert_eq!(
            hex_to_decimal("0x00000000000000000000000000000000000000000000021e19e0c9bab2400000")
                .as_deref(),
            Some("10000000000000000000000")
        );
        for bad in ["", "0x", "3e8", "0xg", &format!("0x{}", "1".repeat(65))] {
            assert_eq!(hex_to_decimal(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn whole_tokens() {
        assert_eq!(to_decimal_units("1500000000000000000", 18), "1.5");
        assert_eq!(to_decimal_units("10000000000000000000000", 18), "10000");
        assert_eq!(to_decimal_units("1", 6), "0.000001");
        assert_eq!(to_decimal_units("123456789", 6), "123.456789");
    }
}
