//! `wallet_switchEthereumChain` (EIP-3326) and `wallet_addEthereumChain` (EIP-3085) params.
//! Which chains the frame knows is the handler's business: it answers
//! [`UNRECOGNIZED_CHAIN`](super::UNRECOGNIZED_CHAIN) (4902) for a chain it cannot switch to.

use serde_json::Value;

use super::SignError;

/// A chain id param: `0x` hex without leading zeros (EIP-3085, EIP-3326), positive.
pub(crate) fn parse_chain_id(value: &Value) -> Result<u64, SignError> {
    let text = value.as_str().unwrap_or_default();
    let invalid = || SignError::params(format!("invalid chainId: {value}"));
    let digits = text.strip_prefix("0x").ok_or_else(invalid)?;
    if digits.is_empty() || digits.starts_with('0') || digits.len() > 16 {
        return Err(invalid());
    }
    u64::from_str_radix(digits, 16).map_err(|_| invalid())
}

fn first(params: &Value, method: &str) -> Result<serde_json::Map<String, Value>, SignError> {
    params
        .get(0)
        .and_then(Value::as_object)
        .cloned()
        .ok_or_else(|| SignError::params(format!("{method} takes [{{ chainId, ... }}]")))
}

/// `wallet_switchEthereumChain [{ chainId }]`: the chain to switch to.
pub fn parse_switch_chain(params: &Value) -> Result<u64, SignError> {
    let request = first(params, "wallet_switchEthereumChain")?;
    parse_chain_id(request.get("chainId").unwrap_or(&Value::Null))
}

/// The native currency of an added chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddChainCurrency {
    /// Its name, such as "Ether".
    pub name: String,
    /// Its symbol, 2 to 6 characters (EIP-3085).
    pub symbol: String,
    /// Its decimals.
    pub decimals: u8,
}

/// A checked `wallet_addEthereumChain` request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddChain {
    /// The chain id.
    pub chain_id: u64,
    /// Its name.
    pub chain_name: String,
    /// Its RPC URLs (at least one; http or https).
    pub rpc_urls: Vec<String>,
    /// Its native currency.
    pub native_currency: Option<AddChainCurrency>,
    /// Its block explorers (http or https).
    pub block_explorer_urls: Vec<String>,
}

fn urls(request: &serde_json::Map<String, Value>, name: &str) -> Result<Vec<String>, SignError> {
    match request.get(name) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|url| match url.as_str() {
                Some(u) if u.starts_with("https://") || u.starts_with("http://") => {
                    Ok(u.to_owned())
                }
                _ => Err(SignError::params(format!(
                    "{name}: {url} is not an http(s) URL"
                ))),
            })
            .collect(),
        Some(_) => Err(SignError::params(format!("{name} must be an array"))),
    }
}

/// `wallet_addEthereumChain [{ chainId, chainName, rpcUrls, nativeCurrency?,
/// blockExplorerUrls? }]`, checked.
pub fn parse_add_chain(params: &Value) -> Result<AddChain, SignError> {
    let request = first(params, "wallet_addEthereumChain")?;
    let chain_id = parse_chain_id(request.get("chainId").unwrap_or(&Value::Null))?;
    let chain_name = request
        .get("chainName")
        .and_then(Value::as_str)
        .filter(|n| !n.trim().is_empty())
        .ok_or_else(|| SignError::params("chainName is required"))?
        .to_owned();
    let rpc_urls = urls(&request, "rpcUrls")?;
    if rpc_urls.is_empty() {
        return Err(SignError::params("rpcUrls needs at least one URL"));
    }
    let native_currency = match request.get("nativeCurrency") {
        None | Some(Value::Null) => None,
        Some(currency) => {
            let text = |name: &str| {
                currency
                    .get(name)
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            };
            let name = text("name")
                .filter(|n| !n.is_empty())
                .ok_or_else(|| SignError::params("nativeCurrency.name is required"))?;
            let symbol = text("symbol")
                .filter(|s| (2..=6).contains(&s.chars().count()))
                .ok_or_else(|| {
                    SignError::params("nativeCurrency.symbol must be 2 to 6 characters")
                })?;
            let decimals = currency
                .get("decimals")
                .and_then(Value::as_u64)
                .and_then(|d| u8::try_from(d).ok())
                .ok_or_else(|| SignError::params("nativeCurrency.decimals must be 0 to 255"))?;
            Some(AddChainCurrency {
                name,
                symbol,
                decimals,
            })
        }
    };
    Ok(AddChain {
        chain_id,
        chain_name,
        rpc_urls,
        native_currency,
        block_explorer_urls: urls(&request, "blockExplorerUrls")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn switch_chain_reads_a_hex_chain_id() {
        assert_eq!(
            parse_switch_chain(&json!([{ "chainId": "0x7a69" }])),
            Ok(31337)
        );
        assert_eq!(parse_switch_chain(&json!([{ "chainId": "0x1" }])), Ok(1));
        for bad in [
            json!("0x0"),
            json!("0x01"),
            json!("1"),
            json!(1),
            json!("0x"),
            json!("0xzz"),
        ] {
            assert!(
                matches!(
                    parse_switch_chain(&json!([{ "chainId": bad }])),
                    Err(SignError::InvalidParams(_))
                ),
                "{bad}"
            );
        }
        assert!(parse_switch_chain(&json!([])).is_err());
    }

    #[test]
    fn add_chain_checks_every_field() {
        let good = json!([{
            "chainId": "0x2105",
            "chainName": "Base",
            "rpcUrls": ["https://mainnet.base.org"],
            "nativeCurrency": { "name": "Ether", "symbol": "ETH", "decimals": 18 },
            "blockExplorerUrls": ["https://basescan.org"]
        }]);
        let chain = parse_add_chain(&good).unwrap();
        assert_eq!(chain.chain_id, 8453);
        assert_eq!(chain.chain_name, "Base");
        assert_eq!(chain.rpc_urls, vec!["https://mainnet.base.org"]);
        assert_eq!(chain.native_currency.unwrap().decimals, 18);
        assert_eq!(chain.block_explorer_urls, vec!["https://basescan.org"]);

        let with = |key: &str, value: Value| {
            let mut request = good[0].clone();
            request[key] = value;
            parse_add_chain(&json!([request]))
        };
        assert!(with("rpcUrls", json!([])).is_err());
        assert!(with("rpcUrls", json!(["ftp://x"])).is_err());
        assert!(with("chainName", json!(" ")).is_err());
        assert!(with("chainId", json!("0x00")).is_err());
        assert!(with(
            "nativeCurrency",
            json!({ "name": "E", "symbol": "E", "decimals": 18 })
        )
        .is_err());
        assert!(with(
            "nativeCurrency",
            json!({ "name": "E", "symbol": "ETH", "decimals": 256 })
        )
        .is_err());
        assert!(with("blockExplorerUrls", json!("https://x")).is_err());
        assert!(with("nativeCurrency", Value::Null)
            .unwrap()
            .native_currency
            .is_none());
    }
}
