//! A network's section of the config (`[[networks]]`): its CAIP-2 id, RPC URLs, name, ENS
//! registry, price ids, and its bundler with the smart-account contracts.

use oriel_protocol::{caip::is_caip2, frame_page::SmartAccountContracts};
use serde::Deserialize;

use crate::{
    error::{Error, Result},
    types::{is_evm_address, rpc_url_origin},
};

/// A chain network and the JSON-RPC endpoints the frame uses for it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NetworkConfig {
    /// The network's CAIP-2 id, such as `eip155:31337`.
    pub chain_id: String,
    /// Its JSON-RPC endpoints (`http(s)://`), in order of preference; the frame falls back
    /// across them and ranks them by what it measures.
    pub rpc_urls: Vec<String>,
    /// Its name for people, which the wallet's approval screen shows (1 to 64 characters, no
    /// control characters). Unset: the name [`known_networks`] gives well-known chains (such
    /// as Ethereum for `eip155:1`), else none.
    #[serde(default)]
    pub name: Option<String>,
    /// The ENS registry (`0x` and 40 hex digits) `GET /v1/identity/{address}` resolves names
    /// through (`eip155` only); unset, addresses on this network have no name.
    #[serde(default)]
    pub ens_registry: Option<String>,
    /// The network's CoinGecko asset platform id (such as `ethereum`), for token prices from
    /// `prices_url`.
    #[serde(default)]
    pub coingecko_platform: Option<String>,
    /// The CoinGecko coin id of the network's native coin (such as `ethereum`), for its price
    /// from `prices_url`.
    #[serde(default)]
    pub coingecko_native_id: Option<String>,
    /// An ERC-4337 bundler's JSON-RPC endpoint (`http(s)://`, `eip155` only), which
    /// `POST /v1/bundler/{chainId}` passes the frame's user-operation calls to; unset, the
    /// network has no smart accounts. The frame never sees the URL (it may carry a key).
    #[serde(default)]
    pub bundler_url: Option<String>,
    /// The EntryPoint v0.7 the bundler serves (`0x` and 40 hex digits; with `bundler_url`
    /// only). Unset: [`ENTRY_POINT_V07`], its address on every public chain; with
    /// `devnet_contracts`, the devnet's.
    #[serde(default)]
    pub entry_point: Option<String>,
    /// The Safe singleton of the embedded wallet's smart accounts (with `bundler_url` only).
    /// Unset: [`SAFE_SINGLETON_V141`]; with `devnet_contracts`, the devnet's. So are the four
    /// below: unset, the Safe deployment's address on the public chains.
    #[serde(default)]
    pub safe_singleton: Option<String>,
    /// The `SafeProxyFactory` (1.4.1) that creates the accounts.
    #[serde(default)]
    pub safe_proxy_factory: Option<String>,
    /// The `Safe4337Module` (0.3.0) bound to `entry_point`.
    #[serde(default)]
    pub safe_4337_module: Option<String>,
    /// The `SafeModuleSetup` (0.3.0) an account enables the module with.
    #[serde(default)]
    pub safe_module_setup: Option<String>,
    /// The `MultiSendCallOnly` (1.4.1) batches run through.
    #[serde(default)]
    pub multi_send_call_only: Option<String>,
}

/// The EntryPoint v0.7's address, the same on every chain it is deployed to.
pub const ENTRY_POINT_V07: &str = "0x0000000071727de22e5e9d8baf0edac6f37da032";
/// The Safe 1.4.1 singleton (the L1 `Safe`), the same on every chain Safe deployed to.
pub const SAFE_SINGLETON_V141: &str = "0x41675c099f32341bf84bfc5382af534df5c7461a";
/// The `SafeProxyFactory` 1.4.1.
pub const SAFE_PROXY_FACTORY_V141: &str = "0x4e1dcf7ad4e460cfd30791ccc4f9c8a4f820ec67";
/// The `Safe4337Module` 0.3.0, bound to [`ENTRY_POINT_V07`].
pub const SAFE_4337_MODULE_V030: &str = "0x75cf11467937ce3f2f357ce24ffc3dbf8fd5c226";
/// The `SafeModuleSetup` 0.3.0.
pub const SAFE_MODULE_SETUP_V030: &str = "0x2dd68b007b46fbe91b9a7c3eda5a7a1063cb5b47";
/// The `MultiSendCallOnly` 1.4.1.
pub const MULTI_SEND_CALL_ONLY_V141: &str = "0x9641d764fc13c8b624c04430c7356c1c7c8102e2";

impl NetworkConfig {
    /// The smart-account contracts the network's config may set, by key: each value, and the
    /// address it defaults to.
    pub fn smart_account_fields(&self) -> [(&'static str, &Option<String>, &'static str); 6] {
        [
            ("entry_point", &self.entry_point, ENTRY_POINT_V07),
            ("safe_singleton", &self.safe_singleton, SAFE_SINGLETON_V141),
            (
                "safe_proxy_factory",
                &self.safe_proxy_factory,
                SAFE_PROXY_FACTORY_V141,
            ),
            (
                "safe_4337_module",
                &self.safe_4337_module,
                SAFE_4337_MODULE_V030,
            ),
            (
                "safe_module_setup",
                &self.safe_module_setup,
                SAFE_MODULE_SETUP_V030,
            ),
            (
                "multi_send_call_only",
                &self.multi_send_call_only,
                MULTI_SEND_CALL_ONLY_V141,
            ),
        ]
    }

    /// Sets each smart-account contract the network's config leaves unset to `contracts`'
    /// (lowercase).
    pub fn fill_smart_account_contracts(&mut self, contracts: &SmartAccountContracts) {
        let fill = |slot: &mut Option<String>, address: &str| {
            slot.get_or_insert_with(|| address.to_ascii_lowercase());
        };
        fill(&mut self.entry_point, &contracts.entry_point);
        fill(&mut self.safe_singleton, &contracts.safe_singleton);
        fill(&mut self.safe_proxy_factory, &contracts.safe_proxy_factory);
        fill(&mut self.safe_4337_module, &contracts.safe_4337_module);
        fill(&mut self.safe_module_setup, &contracts.safe_module_setup);
        fill(
            &mut self.multi_send_call_only,
            &contracts.multi_send_call_only,
        );
    }

    /// The network's smart-account contracts (lowercase, defaults filled in) when it has a
    /// bundler; `None` without one.
    pub fn smart_account_contracts(&self) -> Option<SmartAccountContracts> {
        self.bundler_url.as_ref()?;
        let [entry_point, safe_singleton, safe_proxy_factory, safe_4337_module, safe_module_setup, multi_send_call_only] =
            self.smart_account_fields()
                .map(|(_, set, default)| set.as_deref().unwrap_or(default).to_ascii_lowercase());
        Some(SmartAccountContracts {
            entry_point,
            safe_singleton,
            safe_proxy_factory,
            safe_4337_module,
            safe_module_setup,
            multi_send_call_only,
        })
    }
}

impl NetworkConfig {
    /// Checks the chain id is CAIP-2 and every RPC URL is `http(s)://` with a host.
    pub fn validate(&self) -> Result<()> {
        if !is_caip2(&self.chain_id) {
            return Err(Error::InvalidChainId(self.chain_id.clone()));
        }
        if self.rpc_urls.is_empty() {
            return Err(Error::NoRpcUrls(self.chain_id.clone()));
        }
        for url in &self.rpc_urls {
            if rpc_url_origin(url).is_none() {
                return Err(Error::InvalidRpcUrl {
                    chain_id: self.chain_id.clone(),
                    url: url.clone(),
                });
            }
        }
        self.validate_services()
    }

    /// Checks `name`, `ens_registry`, `bundler_url` with the smart-account contracts,
    /// `coingecko_platform` and `coingecko_native_id`.
    fn validate_services(&self) -> Result<()> {
        let invalid = |reason: String| Error::InvalidNetwork {
            chain_id: self.chain_id.clone(),
            reason,
        };
        if let Some(name) = &self.name {
            let length = name.chars().count();
            if !(1..=64).contains(&length) || name.chars().any(char::is_control) {
                return Err(invalid(
                    "name must be 1 to 64 characters without control characters".into(),
                ));
            }
        }
        if let Some(registry) = &self.ens_registry {
            if !self.chain_id.starts_with("eip155:") {
                return Err(invalid("ens_registry is for eip155 networks only".into()));
            }
            if !is_evm_address(registry) {
                return Err(invalid("ens_registry is not 0x and 40 hex digits".into()));
            }
        }
        if let Some(url) = &self.bundler_url {
            if !self.chain_id.starts_with("eip155:") {
                return Err(invalid("bundler_url is for eip155 networks only".into()));
            }
            if rpc_url_origin(url).is_none() {
                return Err(invalid(
                    "bundler_url is not an http(s) URL with a host".into(),
                ));
            }
        }
        for (key, address, _) in self.smart_account_fields() {
            let Some(address) = address else { continue };
            if self.bundler_url.is_none() {
                return Err(invalid(format!("{key} needs bundler_url")));
            }
            if !is_evm_address(address) {
                return Err(invalid(format!("{key} is not 0x and 40 hex digits")));
            }
        }
        let plain = |id: &String| {
            (1..=100).contains(&id.len())
                && id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        };
        for (key, id) in [
            ("coingecko_platform", &self.coingecko_platform),
            ("coingecko_native_id", &self.coingecko_native_id),
        ] {
            if id.as_ref().is_some_and(|id| !plain(id)) {
                return Err(invalid(format!(
                    "{key} must be 1 to 100 lowercase letters, digits and hyphens"
                )));
            }
        }
        Ok(())
    }
}
