//! The devnet's contracts file (`devnet_contracts`, dev mode only): what `make demo` deployed
//! (`devnet/deploy.mjs` writes it). Its tokens join the balance route's token list for its
//! chain, and the faucet sends from its deployer.

use std::path::Path;

use oriel_protocol::frame_page::SmartAccountContracts;
use serde::Deserialize;

pub use super::exchange::{DevnetPair, DevnetUniswapV2};
use crate::chain::{NetworkConfig, TokenConfig};
use crate::error::{Error, Result};
use crate::types::is_evm_address;

/// The devnet contracts file, as `devnet/deploy.mjs` writes it (`DevnetContracts` there).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DevnetContracts {
    /// The devnet's EIP-155 chain id.
    pub chain_id: u64,
    /// The account that deployed everything and holds each token's supply (hardhat's
    /// unlocked account #0).
    pub deployer: String,
    /// The block of the first deployment.
    pub start_block: u64,
    /// Multicall3.
    pub multicall3: String,
    /// The ERC-20 tokens, in deployment order.
    pub tokens: Vec<DevnetToken>,
    /// The ERC-721 collection (not a fungible token: never in the balance list).
    pub nft: DevnetNft,
    /// What the faucet sends besides the tokens.
    pub faucet: DevnetFaucet,
    /// ENS's registry and public resolver (absent from files written before they were
    /// deployed). The registry becomes the devnet network's `ens_registry`.
    #[serde(default)]
    pub ens: Option<DevnetEns>,
    /// Uniswap V2 and its pools (absent from files written before it was deployed). It
    /// becomes the devnet's exchange, and the devnet a swap network.
    #[serde(default)]
    pub uniswap_v2: Option<DevnetUniswapV2>,
    /// Farcaster's IdRegistry on the devnet and its account (absent from files written before
    /// it was deployed): with `[farcaster]`, sign-ins are checked against it (see the README,
    /// "Sign In With Farcaster").
    #[serde(default)]
    pub farcaster: Option<DevnetFarcaster>,
    /// ERC-4337's EntryPoint v0.7 and the smart accounts' factory (absent from files
    /// written before they were deployed): a devnet network with a bundler uses them.
    #[serde(default)]
    pub account_abstraction: Option<SmartAccountContracts>,
}

/// The devnet's Farcaster IdRegistry (`DevIdRegistry`) and the account the deploy registered.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DevnetFarcaster {
    /// The IdRegistry.
    pub id_registry: String,
    /// The devnet's own account (`devnet/farcaster.mjs`).
    pub fid: u64,
    /// Its custody address.
    pub custody: String,
}

/// The devnet's ENS contracts.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DevnetEns {
    /// The registry.
    pub registry: String,
    /// The public resolver.
    pub resolver: String,
    /// The universal resolver viem's ENS actions call (absent from older files).
    #[serde(default)]
    pub universal_resolver: Option<String>,
    /// The CCIP-read resolver of frame-host's names (absent from older files): in dev mode
    /// frame-host points its suffix at it, and it at its gateway (see the README, "Names").
    #[serde(default)]
    pub name_resolver: Option<String>,
}

/// One devnet ERC-20 token.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DevnetToken {
    /// The contract.
    pub address: String,
    /// Its name.
    pub name: String,
    /// Its symbol.
    pub symbol: String,
    /// Its decimals.
    pub decimals: u8,
    /// `erc20`, or `erc20-no-return` (USDT-style `transfer` without a return value).
    pub kind: String,
    /// What the faucet sends, in whole tokens (a decimal string).
    pub faucet_amount: String,
}

/// The devnet's ERC-721 collection.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct DevnetNft {
    /// The contract.
    pub address: String,
    /// Its name.
    pub name: String,
    /// Its symbol.
    pub symbol: String,
}

/// The faucet's Ether.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct DevnetFaucet {
    /// What the faucet sends, in whole ETH (a decimal string).
    pub ether: String,
}

impl DevnetContracts {
    /// Reads and checks the file at `path`; errors name it.
    pub fn load(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::DevnetContractsRead {
            path: path.to_path_buf(),
            source,
        })?;
        let invalid = |reason: String| Error::InvalidDevnetContracts {
            path: path.to_path_buf(),
            reason,
        };
        let contracts: Self = serde_json::from_str(&text).map_err(|e| invalid(e.to_string()))?;
        contracts.check().map_err(invalid)?;
        Ok(contracts)
    }

    /// The CAIP-2 id of the devnet.
    pub fn caip2(&self) -> String {
        format!("eip155:{}", self.chain_id)
    }

    fn check(&self) -> Result<(), String> {
        let address = |what: &str, a: &str| {
            if is_evm_address(&a.to_ascii_lowercase()) {
                Ok(())
            } else {
                Err(format!("{what} {a:?} is not 0x and 40 hex digits"))
            }
        };
        address("deployer", &self.deployer)?;
        address("multicall3", &self.multicall3)?;
        address("nft address", &self.nft.address)?;
        if let Some(ens) = &self.ens {
            address("ens registry", &ens.registry)?;
            address("ens resolver", &ens.resolver)?;
        }
        if let Some(uniswap) = &self.uniswap_v2 {
            uniswap.check()?;
        }
        if let Some(aa) = &self.account_abstraction {
            for (key, value) in aa.addresses() {
                address(&format!("accountAbstraction {key}"), value)?;
            }
        }
        if let Some(farcaster) = &self.farcaster {
            address("farcaster idRegistry", &farcaster.id_registry)?;
            address("farcaster custody", &farcaster.custody)?;
        }
        if self.tokens.is_empty() {
            return Err("no tokens".into());
        }
        decimal_units(&self.faucet.ether, 18).ok_or_else(|| {
            format!(
                "faucet ether {:?} is not a decimal amount",
                self.faucet.ether
            )
        })?;
        for token in &self.tokens {
            address(&format!("token {}", token.symbol), &token.address)?;
            if !matches!(token.kind.as_str(), "erc20" | "erc20-no-return") {
                return Err(format!(
                    "token {} kind {:?} is unknown",
                    token.symbol, token.kind
                ));
            }
            if token.decimals == 0 || token.decimals > 77 {
                return Err(format!("token {} decimals must be 1 to 77", token.symbol));
            }
            decimal_units(&token.faucet_amount, token.decimals).ok_or_else(|| {
                format!(
                    "token {} faucetAmount {:?} is not a decimal amount with at most {} decimals",
                    token.symbol, token.faucet_amount, token.decimals
                )
            })?;
        }
        Ok(())
    }

    /// Makes the devnet's ENS registry the `ens_registry` of its network, unless one is set.
    pub fn join_ens(&self, networks: &mut [NetworkConfig]) {
        let chain_id = self.caip2();
        let network = networks.iter_mut().find(|n| n.chain_id == chain_id);
        if let (Some(ens), Some(network)) = (&self.ens, network) {
            if network.ens_registry.is_none() {
                network.ens_registry = Some(ens.registry.to_ascii_lowercase());
            }
        }
    }

    /// Makes the devnet's EntryPoint and Safe deployment those of its smart accounts, where
    /// its network has a bundler, each unless the network names its own.
    pub fn join_account_abstraction(&self, networks: &mut [NetworkConfig]) {
        let chain_id = self.caip2();
        let network = networks.iter_mut().find(|n| n.chain_id == chain_id);
        let (Some(aa), Some(network)) = (&self.account_abstraction, network) else {
            return;
        };
        if network.bundler_url.is_some() {
            network.fill_smart_account_contracts(aa);
        }
    }

    /// Adds the devnet's tokens to `tokens` (those not listed already for its chain).
    pub fn join_tokens(&self, tokens: &mut Vec<TokenConfig>) {
        let chain_id = self.caip2();
        for token in &self.tokens {
            let listed = tokens.iter().any(|t| {
                t.chain_id == chain_id
                    && t.address
                        .as_deref()
                        .is_some_and(|a| a.eq_ignore_ascii_case(&token.address))
            });
            if !listed {
                tokens.push(TokenConfig {
                    chain_id: chain_id.clone(),
                    address: Some(token.address.to_ascii_lowercase()),
                    symbol: token.symbol.clone(),
                    name: token.name.clone(),
                    decimals: token.decimals,
                    icon_url: None,
                });
            }
        }
    }
}

/// `amount` (whole units, a decimal string such as `1.5`) in base units of `decimals`, or
/// `None` if it is not such a string or has more fractional digits than `decimals`.
pub(crate) fn decimal_units(amount: &str, decimals: u8) -> Option<u128> {
    let (whole, fraction) = amount.split_once('.').unwrap_or((amount, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > decimals.into() {
        return None;
    }
    let scale = 10u128.checked_pow(decimals.into())?;
    let whole: u128 = whole.parse().ok()?;
    let fraction: u128 = if fraction.is_empty() {
        0
    } else {
        fraction.parse::<u128>().ok()?
            * 10u128.checked_pow(u32::from(decimals) - fraction.len() as u32)?
    };
    whole.checked_mul(scale)?.checked_add(fraction)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{"chainId":31337,"deployer":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","startBlock":1,
      "multicall3":"0x5FbDB2315678afecb367f032d93F642f64180aa3",
      "tokens":[{"address":"0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512","name":"Devnet Dollar","symbol":"dUSD","decimals":6,"kind":"erc20","faucetAmount":"1000"}],
      "nft":{"address":"0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0","name":"Oriel Devnet Collection","symbol":"ODC"},
      "faucet":{"ether":"10"}}"#;

    fn load(text: &str) -> Result<DevnetContracts> {
        let f = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(f.path(), text).unwrap();
        DevnetContracts::load(f.path())
    }

    #[test]
    fn reads_the_file_deploy_writes_and_joins_its_tokens() {
        let contracts = load(FILE).unwrap();
        assert_eq!(contracts.caip2(), "eip155:31337");
        let mut tokens = Vec::new();
        contracts.join_tokens(&mut tokens);
        contracts.join_tokens(&mut tokens);
        assert_eq!(tokens.len(), 1);
        assert_eq!(
            tokens[0].address.as_deref(),
            Some("0xe7f1725e7734ce288f8367e1bb143e90bb3f0512")
        );
        assert_eq!(tokens[0].decimals, 6);
        let mut networks = vec![NetworkConfig {
            chain_id: "eip155:31337".into(),
            ..NetworkConfig::default()
        }];
        contracts.join_ens(&mut networks);
        assert_eq!(networks[0].ens_registry, None, "a file without ens");
        let with_ens = FILE.replace(
            r#""faucet":{"ether":"10"}"#,
            r#""faucet":{"ether":"10"},"ens":{"registry":"0x0165878A594ca255338adfa4d48449f69242Eb8F","resolver":"0xa513E6E4b8f2a923D98304ec87F64353C4D5C853"}"#,
        );
        load(&with_ens).unwrap().join_ens(&mut networks);
        assert_eq!(
            networks[0].ens_registry.as_deref(),
            Some("0x0165878a594ca255338adfa4d48449f69242eb8f")
        );
    }

    #[test]
    fn a_devnet_network_with_a_bundler_gets_its_smart_account_contracts() {
        let with_aa = FILE.replace(
            r#""faucet":{"ether":"10"}"#,
            r#""faucet":{"ether":"10"},"accountAbstraction":{"entryPoint":"0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6","safeSingleton":"0x8A791620dd6260079BF849Dc5567aDC3F2FdC318","safeProxyFactory":"0x610178dA211FEF7D417bC0e6FeD39F05609AD788","safe4337Module":"0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e","safeModuleSetup":"0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0","multiSendCallOnly":"0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82"}"#,
        );
        let contracts = load(&with_aa).unwrap();
        let network = |bundler: bool| NetworkConfig {
            chain_id: "eip155:31337".into(),
            bundler_url: bundler.then(|| "http://127.0.0.1:4337".into()),
            ..NetworkConfig::default()
        };
        let mut networks = vec![network(true), network(false)];
        networks[1].chain_id = "eip155:1".into();
        contracts.join_account_abstraction(&mut networks);
        assert_eq!(
            networks[0].entry_point.as_deref(),
            Some("0x2279b7a0a67db372996a5fab50d91eaa73d2ebe6")
        );
        assert_eq!(
            networks[0].safe_4337_module.as_deref(),
            Some("0xb7f8bc63bbcad18155201308c8f3540b07f84f5e")
        );
        assert_eq!(
            networks[0].multi_send_call_only.as_deref(),
            Some("0x0dcd1bf9a1b36ce34237eeafef220932846bcd82")
        );
        assert_eq!(networks[1].safe_proxy_factory, None, "another chain");
        let mut own = vec![network(true)];
        own[0].safe_singleton = Some("0x29fcb43b46531bca003ddc8fcb67ffe91900c762".into());
        contracts.join_account_abstraction(&mut own);
        assert_eq!(
            own[0].safe_singleton.as_deref(),
            Some("0x29fcb43b46531bca003ddc8fcb67ffe91900c762"),
            "the network's own stays"
        );
        let mut without_bundler = vec![network(false)];
        contracts.join_account_abstraction(&mut without_bundler);
        assert_eq!(
            without_bundler[0].entry_point, None,
            "no bundler, no smart accounts"
        );
        let e = load(&with_aa.replace("0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6", "0x1"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("accountAbstraction entryPoint \"0x1\""), "{e}");
    }

    #[test]
    fn a_bad_file_is_named() {
        let e = DevnetContracts::load(Path::new("/nonexistent/devnet.json"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("/nonexistent/devnet.json"), "{e}");
        let e = load("{}").unwrap_err().to_string();
        assert!(e.starts_with("invalid devnet contracts file"), "{e}");
        let e = load(&FILE.replace("\"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\"", "\"0x12\""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("deployer \"0x12\""), "{e}");
        let e = load(&FILE.replace("\"1000\"", "\"1.0000001\""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("faucetAmount \"1.0000001\""), "{e}");
    }

    #[test]
    fn decimal_amounts_in_base_units() {
        assert_eq!(decimal_units("10", 18), Some(10_000_000_000_000_000_000));
        assert_eq!(decimal_units("1.5", 6), Some(1_500_000));
        assert_eq!(decimal_units("1000", 6), Some(1_000_000_000));
        assert_eq!(decimal_units("1.", 6), Some(1_000_000));
        for bad in ["", ".5", "1e3", "-1", "1.1234567"] {
            assert_eq!(decimal_units(bad, 6), None, "{bad}");
        }
    }
}
