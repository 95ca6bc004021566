//! The frame page's configuration: frame-host writes it into the page it serves as a JSON data
//! block (`<script type="application/json" id="oriel-frame-config">`), and the frame's boot
//! reads it back. Field names are camelCase.

use serde::{Deserialize, Serialize};

/// The id of the `<script type="application/json">` element that holds the [`FramePageConfig`].
pub const CONFIG_ELEMENT_ID: &str = "oriel-frame-config";

/// What the frame knows about the project it serves, as written into its page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FramePageConfig {
    /// The site owner's project id.
    pub project_id: String,
    /// Origin patterns allowed to embed and talk to the frame (see [`AllowList`](crate::AllowList)).
    pub allowed_origins: Vec<String>,
    /// The network active until the host picks another (CAIP-2).
    pub default_chain_id: String,
    /// frame-host's version; empty when the page does not say.
    #[serde(default)]
    pub build_id: String,
    /// The networks the frame reaches, with their RPC endpoints; none when the key is absent.
    #[serde(default)]
    pub networks: Vec<NetworkRpc>,
}

/// A network the frame can reach, with its JSON-RPC endpoints, and what its approval screen
/// calls it and its coin.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkRpc {
    /// The network's CAIP-2 id, such as `eip155:31337`.
    pub chain_id: String,
    /// Its JSON-RPC endpoints (`http(s)://`), in the operator's order of preference.
    pub rpc_urls: Vec<String>,
    /// Its name for people, such as `Ethereum`; empty when frame-host knows none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Its native coin; absent when frame-host knows none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub native_currency: Option<NativeCurrency>,
    /// The router of its exchange (a Uniswap V2 `Router02`, `0x` and 40 hex digits), which the
    /// approval screen names as this network's swap router; absent on a network without swaps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swap_router: Option<String>,
    /// Its smart accounts, when frame-host has an ERC-4337 bundler for it
    /// (`POST /v1/bundler/{chainId}`): the contracts the embedded wallet's smart account
    /// lives by (`eip155` only); absent on a network without smart accounts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smart_account: Option<SmartAccountContracts>,
}

/// The ERC-4337 contracts of a network's smart accounts, all `0x` and 40 hex digits: the
/// EntryPoint (v0.7) the bundler serves, and the Safe (1.4.1) deployment a user's account is
/// made of: a proxy of `safe_singleton` that `safe_proxy_factory` creates, whose setup (a
/// delegate call to `safe_module_setup`) enables `safe_4337_module` as its module and fallback
/// handler; batches run through `multi_send_call_only`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SmartAccountContracts {
    /// The EntryPoint v0.7.
    pub entry_point: String,
    /// The Safe singleton the account's proxy delegates to.
    pub safe_singleton: String,
    /// The `SafeProxyFactory` that creates the account.
    pub safe_proxy_factory: String,
    /// The `Safe4337Module` (v0.3.0, bound to the EntryPoint).
    pub safe_4337_module: String,
    /// The `SafeModuleSetup` the account's setup enables the module with.
    pub safe_module_setup: String,
    /// The `MultiSendCallOnly` batches run through.
    pub multi_send_call_only: String,
}

impl SmartAccountContracts {
    /// Every address, with its JSON key.
    pub fn addresses(&self) -> [(&'static str, &str); 6] {
        [
            ("entryPoint", &self.entry_point),
            ("safeSingleton", &self.safe_singleton),
            ("safeProxyFactory", &self.safe_proxy_factory),
            ("safe4337Module", &self.safe_4337_module),
            ("safeModuleSetup", &self.safe_module_setup),
            ("multiSendCallOnly", &self.multi_send_call_only),
        ]
    }
}

/// A network's native coin, such as ETH with 18 decimals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NativeCurrency {
    /// Its symbol, such as `ETH`.
    pub symbol: String,
    /// Its decimals, such as 18 (at most 77, so one whole coin fits a `uint256`).
    pub decimals: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_shape() {
        let config = FramePageConfig {
            project_id: "demo".into(),
            allowed_origins: ["http://localhost:5173".into()].into(),
            default_chain_id: "eip155:1".into(),
            build_id: "0.1.0".into(),
            networks: [
                NetworkRpc {
                    chain_id: "eip155:31337".into(),
                    rpc_urls: ["http://127.0.0.1:8545".into()].into(),
                    name: "Local Devnet".into(),
                    native_currency: Some(NativeCurrency {
                        symbol: "ETH".into(),
                        decimals: 18,
                    }),
                    swap_router: Some("0x9a9f2ccfde556a7e9ff0848998aa4a0cfd8863ae".into()),
                    smart_account: Some(SmartAccountContracts {
                        entry_point: "0x0000000071727de22e5e9d8baf0edac6f37da032".into(),
                        safe_singleton: "0x41675c099f32341bf84bfc5382af534df5c7461a".into(),
                        safe_proxy_factory: "0x4e1dcf7ad4e460cfd30791ccc4f9c8a4f820ec67".into(),
                        safe_4337_module: "0x75cf11467937ce3f2f357ce24ffc3dbf8fd5c226".into(),
                        safe_module_setup: "0x2dd68b007b46fbe91b9a7c3eda5a7a1063cb5b47".into(),
                        multi_send_call_only: "0x9641d764fc13c8b624c04430c7356c1c7c8102e2".into(),
                    }),
                },
                NetworkRpc {
                    chain_id: "eip155:5".into(),
                    rpc_urls: ["http://127.0.0.1:8546".into()].into(),
                    ..NetworkRpc::default()
                },
            ]
            .into(),
        };
        let json = serde_json::to_string(&config).unwrap();
        assert_eq!(
            json,
            r#"{"projectId":"demo","allowedOrigins":["http://localhost:5173"],"defaultChainId":"eip155:1","buildId":"0.1.0","networks":[{"chainId":"eip155:31337","rpcUrls":["http://127.0.0.1:8545"],"name":"Local Devnet","nativeCurrency":{"symbol":"ETH","decimals":18},"swapRouter":"0x9a9f2ccfde556a7e9ff0848998aa4a0cfd8863ae","smartAccount":{"entryPoint":"0x0000000071727de22e5e9d8baf0edac6f37da032","safeSingleton":"0x41675c099f32341bf84bfc5382af534df5c7461a","safeProxyFactory":"0x4e1dcf7ad4e460cfd30791ccc4f9c8a4f820ec67","safe4337Module":"0x75cf11467937ce3f2f357ce24ffc3dbf8fd5c226","safeModuleSetup":"0x2dd68b007b46fbe91b9a7c3eda5a7a1063cb5b47","multiSendCallOnly":"0x9641d764fc13c8b624c04430c7356c1c7c8102e2"}},{"chainId":"eip155:5","rpcUrls":["http://127.0.0.1:8546"]}]}"#
        );
        assert_eq!(
            serde_json::from_str::<FramePageConfig>(&json).unwrap(),
            config
        );
        let bare: FramePageConfig = serde_json::from_str(
            r#"{"projectId":"demo","allowedOrigins":[],"defaultChainId":"eip155:1"}"#,
        )
        .unwrap();
        assert!(bare.networks.is_empty() && bare.build_id.is_empty());
    }
}
