//! `swap_networks` and `[[exchanges]]`: where the convert API (`/v1/convert/*`) offers swaps,
//! and the Uniswap V2 style router each of those networks swaps through.

use std::collections::HashSet;

use serde::Deserialize;

use crate::error::{Error, Result};

/// The networks that offer swaps unless the config says otherwise (spec §9, "Swap
/// networks"); with `devnet_contracts` the devnet joins them.
pub const DEFAULT_SWAP_NETWORKS: [&str; 12] = [
    "eip155:1",
    "eip155:42161",
    "eip155:10",
    "eip155:324",
    "eip155:8453",
    "eip155:56",
    "eip155:137",
    "eip155:100",
    "eip155:43114",
    "eip155:250",
    "eip155:8217",
    "eip155:1313161554",
];

/// The most `swap_networks` entries.
const MAX_SWAP_NETWORKS: usize = 100;

/// The exchange of one network (`[[exchanges]]`): a deployment of Uniswap V2's router
/// interface (`UniswapV2Router02`: `getAmountsOut`, `swapExact*`) and its factory.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ExchangeConfig {
    /// The network, one of `networks` and of `swap_networks` (`eip155:` only).
    pub chain_id: String,
    /// The router (`0x` and 40 hex digits): quotes, swaps and the spender of approvals.
    pub router: String,
    /// The factory whose pairs the router trades (`getPair`).
    pub factory: String,
    /// The wrapped native coin the router swaps the native coin through; unset, it is read
    /// from the router's `WETH()` on first use.
    #[serde(default)]
    pub weth: Option<String>,
}

impl ExchangeConfig {
    /// An exchange of `chain_id` at these addresses (lowercased).
    pub fn new(chain_id: &str, router: &str, factory: &str, weth: Option<&str>) -> Self {
        Self {
            chain_id: chain_id.into(),
            router: router.to_ascii_lowercase(),
            factory: factory.to_ascii_lowercase(),
            weth: weth.map(str::to_ascii_lowercase),
        }
    }
}

/// The default of `swap_networks`.
pub(crate) fn default_swap_networks() -> Vec<String> {
    DEFAULT_SWAP_NETWORKS.map(String::from).to_vec()
}

/// Checks `swap_networks` (each `eip155:` and a decimal chain id, listed once) and
/// `exchanges` (each on a configured network that is a swap network, once per network, with
/// valid addresses).
pub(crate) fn validate(
    swap_networks: &[String],
    exchanges: &[ExchangeConfig],
    networks: &HashSet<&str>,
) -> Result<()> {
    if swap_networks.len() > MAX_SWAP_NETWORKS {
        return Err(Error::InvalidValue(format!(
            "swap_networks: at most {MAX_SWAP_NETWORKS} entries"
        )));
    }
    let mut swaps = HashSet::new();
    for id in swap_networks {
        let reference = id.strip_prefix("eip155:").unwrap_or_default();
        let number = (1..=20).contains(&reference.len())
            && reference.bytes().all(|b| b.is_ascii_digit())
            && !reference.starts_with('0');
        if !number {
            return Err(Error::InvalidValue(format!(
                "swap_networks {id:?} is not an eip155 network id such as eip155:1"
            )));
        }
        if !swaps.insert(id.as_str()) {
            return Err(Error::InvalidValue(format!(
                "swap_networks {id:?} is listed twice"
            )));
        }
    }
    let mut seen = HashSet::new();
    for exchange in exchanges {
        let invalid = |reason: String| Error::InvalidExchange {
            chain_id: exchange.chain_id.clone(),
            reason,
        };
        if !networks.contains(exchange.chain_id.as_str()) {
            return Err(invalid(
                "chain_id is not one of networks (the exchange is read over its RPC)".into(),
            ));
        }
        if !swaps.contains(exchange.chain_id.as_str()) {
            return Err(invalid(
                "chain_id is not one of swap_networks: add it there".into(),
            ));
        }
        if !seen.insert(exchange.chain_id.as_str()) {
            return Err(invalid("listed twice".into()));
        }
        let addresses = [
            ("router", Some(&exchange.router)),
            ("factory", Some(&exchange.factory)),
            ("weth", exchange.weth.as_ref()),
        ];
        for (key, address) in addresses {
            if let Some(address) = address {
                if !crate::types::is_evm_address(&address.to_ascii_lowercase()) {
                    return Err(invalid(format!(
                        "{key} {address:?} is not 0x and 40 hex digits"
                    )));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;
    use crate::config::Config;

    fn load(contents: &str) -> Result<Config> {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        f.write_all(contents.as_bytes()).unwrap();
        let path = f.path().to_str().unwrap().to_owned();
        let names_mode = contents.contains("mode =");
        Config::load_with(|name| match name {
            "ORIEL_CONFIG" => Some(path.clone()),
            // Dev mode, unless the file names a mode (the environment would override it).
            "ORIEL_MODE" if !names_mode => Some("dev".to_owned()),
            _ => None,
        })
    }

    const NETWORK: &str =
        "[[networks]]\nchain_id = \"eip155:1\"\nrpc_urls = [\"https://rpc.example.com\"]\n";
    const ROUTER: &str = "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D";
    const FACTORY: &str = "0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f";

    fn exchange(chain_id: &str, router: &str) -> String {
        format!(
            "[[exchanges]]\nchain_id = {chain_id:?}\nrouter = {router:?}\nfactory = {FACTORY:?}\n"
        )
    }

    #[test]
    fn swap_networks_default_to_the_spec_list_and_exchanges_to_none() {
        let c = Config::dev();
        assert_eq!(c.swap_networks, DEFAULT_SWAP_NETWORKS);
        assert!(c.exchanges.is_empty());
        assert_eq!(c.convert_requests_per_ip, 600);
    }

    #[test]
    fn an_exchange_on_a_swap_network() {
        let c = load(&format!("{NETWORK}{}", exchange("eip155:1", ROUTER))).unwrap();
        assert_eq!(
            c.exchanges,
            [ExchangeConfig {
                chain_id: "eip155:1".into(),
                router: ROUTER.into(),
                factory: FACTORY.into(),
                weth: None,
            }]
        );
    }

    #[test]
    fn bad_exchanges_are_named() {
        let cases = [
            (
                format!("{NETWORK}{}", exchange("eip155:8453", ROUTER)),
                "invalid exchange of eip155:8453: chain_id is not one of networks (the exchange is read over its RPC)",
            ),
            (
                format!("swap_networks = [\"eip155:10\"]\n{NETWORK}{}", exchange("eip155:1", ROUTER)),
                "invalid exchange of eip155:1: chain_id is not one of swap_networks: add it there",
            ),
            (
                format!("{NETWORK}{}", exchange("eip155:1", "0x12")),
                "invalid exchange of eip155:1: router \"0x12\" is not 0x and 40 hex digits",
            ),
            (
                format!("{NETWORK}{}{}", exchange("eip155:1", ROUTER), exchange("eip155:1", ROUTER)),
                "invalid exchange of eip155:1: listed twice",
            ),
            (
                "swap_networks = [\"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\"]".to_owned(),
                "swap_networks \"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\" is not an eip155 network id such as eip155:1",
            ),
            (
                "swap_networks = [\"eip155:1\", \"eip155:1\"]".to_owned(),
                "swap_networks \"eip155:1\" is listed twice",
            ),
            (
                "convert_requests_per_ip = 0".to_owned(),
                "convert_requests_per_ip must be at least 1",
            ),
        ];
        for (file, want) in cases {
            assert_eq!(load(&file).unwrap_err().to_string(), want, "{file}");
        }
    }
}
