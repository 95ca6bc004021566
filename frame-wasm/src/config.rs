//! The frame's configuration, which frame-host embeds in the page as a JSON data block
//! ([`FramePageConfig`], defined by the protocol crate so both sides share it).

pub use oriel_protocol::frame_page::{NetworkRpc, CONFIG_ELEMENT_ID};
use oriel_protocol::{caip::is_caip2, AllowList, FramePageConfig, OriginError};

/// Why the page's config could not be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The data block is missing.
    #[error("the frame page has no #{CONFIG_ELEMENT_ID} block")]
    Missing,
    /// The data block is not the expected JSON.
    #[error("the frame config is not valid: {0}")]
    Json(#[from] serde_json::Error),
    /// An allowed origin does not parse.
    #[error("the frame config is not valid: {0}")]
    Origin(#[from] OriginError),
    /// A network's id or RPC URLs cannot be used.
    #[error("the frame config is not valid: network {chain_id:?}: {reason}")]
    Network {
        /// The network's CAIP-2 id, as written.
        chain_id: String,
        /// What is wrong.
        reason: String,
    },
}

/// What the frame knows about the project it serves.
#[derive(Debug, Clone)]
pub struct FrameConfig {
    /// The site owner's project id.
    pub project_id: String,
    /// Origins allowed to embed and talk to the frame.
    pub allowed_origins: AllowList,
    /// The network active until the host picks another (CAIP-2).
    pub default_chain_id: String,
    /// The networks the frame reaches, with their RPC endpoints.
    pub networks: Vec<NetworkRpc>,
}

impl FrameConfig {
    /// Parses the data block's text. Its `networks` are checked here too (see
    /// [`networks_from_json`]), so a page with an unusable network list fails at boot.
    pub fn from_json(text: &str) -> Result<Self, ConfigError> {
        let page: FramePageConfig = serde_json::from_str(text)?;
        Ok(Self {
            allowed_origins: AllowList::parse(&page.allowed_origins)?,
            networks: checked_networks(page.networks)?,
            project_id: page.project_id,
            default_chain_id: page.default_chain_id,
        })
    }
}

/// The data block's `networks`: the networks the frame has RPC endpoints for (none when the
/// key is absent), each with a CAIP-2 id listed once and at least one http(s) URL.
pub fn networks_from_json(text: &str) -> Result<Vec<NetworkRpc>, ConfigError> {
    let page: FramePageConfig = serde_json::from_str(text)?;
    checked_networks(page.networks)
}

/// `networks`, once each has a CAIP-2 id listed once and at least one http(s) URL.
fn checked_networks(networks: Vec<NetworkRpc>) -> Result<Vec<NetworkRpc>, ConfigError> {
    for (i, network) in networks.iter().enumerate() {
        let invalid = |reason: &str| ConfigError::Network {
            chain_id: network.chain_id.clone(),
            reason: reason.into(),
        };
        if !is_caip2(&network.chain_id) {
            return Err(invalid("not a CAIP-2 id such as eip155:1"));
        }
        if network.rpc_urls.is_empty() {
            return Err(invalid("no RPC URL"));
        }
        if let Some(contracts) = &network.smart_account {
            if !network.chain_id.starts_with("eip155:") {
                return Err(invalid("smart accounts are for eip155 networks only"));
            }
            let is_address = |a: &str| oriel_signer::sign::parse_address(a).is_ok();
            if !contracts.addresses().iter().all(|(_, a)| is_address(a)) {
                return Err(invalid(
                    "the smart-account contracts are not 0x and 40 hex digits",
                ));
            }
        }
        if let Some(url) = network
            .rpc_urls
            .iter()
            .find(|u| !crate::rpc::is_http_url(u))
        {
            return Err(invalid(&format!("{url:?} is not an http(s) URL")));
        }
        if networks[..i].iter().any(|n| n.chain_id == network.chain_id) {
            return Err(invalid("listed twice"));
        }
    }
    Ok(networks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_what_frame_host_embeds() {
        let c = FrameConfig::from_json(
            r#"{"projectId":"demo","allowedOrigins":["http://localhost:5173"],"defaultChainId":"eip155:1","buildId":"0.1.0"}"#,
        )
        .unwrap();
        assert_eq!(c.project_id, "demo");
        assert!(c.allowed_origins.allows("http://localhost:5173"));
        assert_eq!(c.default_chain_id, "eip155:1");
        let networks = networks_from_json(
            r#"{"projectId":"demo","allowedOrigins":["http://localhost:5173"],"defaultChainId":"eip155:1"}"#,
        )
        .unwrap();
        assert!(networks.is_empty(), "no networks listed means none");
    }

    #[test]
    fn reads_networks() {
        let networks = networks_from_json(
            r#"{"projectId":"demo","allowedOrigins":["http://localhost:5173"],"defaultChainId":"eip155:1",
                "networks":[{"chainId":"eip155:31337","rpcUrls":["http://127.0.0.1:8545"],"name":"Local Devnet","nativeCurrency":{"symbol":"ETH","decimals":18}},
                            {"chainId":"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp","rpcUrls":["https://a.example/rpc","https://b.example"]}]}"#,
        )
        .unwrap();
        assert_eq!(
            networks,
            [
                NetworkRpc {
                    chain_id: "eip155:31337".into(),
                    rpc_urls: vec!["http://127.0.0.1:8545".into()],
                    name: "Local Devnet".into(),
                    native_currency: Some(oriel_protocol::NativeCurrency {
                        symbol: "ETH".into(),
                        decimals: 18,
                    }),
                    swap_router: None,
                    smart_account: None,
                },
                NetworkRpc {
                    chain_id: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp".into(),
                    rpc_urls: vec!["https://a.example/rpc".into(), "https://b.example".into()],
                    ..NetworkRpc::default()
                },
            ]
        );
    }

    #[test]
    fn rejects_bad_networks() {
        let with = |networks: &str| {
            FrameConfig::from_json(&format!(
                r#"{{"projectId":"x","allowedOrigins":["https://a.com"],"defaultChainId":"eip155:1","networks":{networks}}}"#
            ))
            .unwrap_err()
            .to_string()
        };
        assert_eq!(
            with(r#"[{"chainId":"31337","rpcUrls":["http://127.0.0.1:8545"]}]"#),
            "the frame config is not valid: network \"31337\": not a CAIP-2 id such as eip155:1"
        );
        assert_eq!(
            with(r#"[{"chainId":"eip155:1","rpcUrls":[]}]"#),
            "the frame config is not valid: network \"eip155:1\": no RPC URL"
        );
        assert_eq!(
            with(r#"[{"chainId":"eip155:1","rpcUrls":["wss://a.com"]}]"#),
            "the frame config is not valid: network \"eip155:1\": \"wss://a.com\" is not an http(s) URL"
        );
        assert_eq!(
            with(
                r#"[{"chainId":"eip155:1","rpcUrls":["https://a.com"]},{"chainId":"eip155:1","rpcUrls":["https://b.com"]}]"#
            ),
            "the frame config is not valid: network \"eip155:1\": listed twice"
        );
        assert_eq!(
            with(r#"[{"chainId":"solana:x","rpcUrls":["https://a.com"],"smartAccount":{"entryPoint":"0x0000000071727de22e5e9d8baf0edac6f37da032","safeSingleton":"0x41675c099f32341bf84bfc5382af534df5c7461a","safeProxyFactory":"0x4e1dcf7ad4e460cfd30791ccc4f9c8a4f820ec67","safe4337Module":"0x75cf11467937ce3f2f357ce24ffc3dbf8fd5c226","safeModuleSetup":"0x2dd68b007b46fbe91b9a7c3eda5a7a1063cb5b47","multiSendCallOnly":"0x9641d764fc13c8b624c04430c7356c1c7c8102e2"}}]"#),
            "the frame config is not valid: network \"solana:x\": smart accounts are for eip155 networks only"
        );
        assert!(with(r#"[{"chainId":"eip155:1"}]"#).contains("missing field `rpcUrls`"));
    }

    #[test]
    fn rejects_bad_blocks() {
        assert!(matches!(
            FrameConfig::from_json("{"),
            Err(ConfigError::Json(_))
        ));
        assert!(matches!(
            FrameConfig::from_json(
                r#"{"projectId":"x","allowedOrigins":["nope"],"defaultChainId":"eip155:1"}"#
            ),
            Err(ConfigError::Origin(_))
        ));
    }
}
