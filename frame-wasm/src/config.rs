//! The frame's configuration, which frame-host embeds in the page as a JSON data block.

use oriel_protocol::{caip::is_caip2, AllowList, OriginError};
use serde::Deserialize;

/// The id of the `<script type="application/json">` element holding the config.
pub const CONFIG_ELEMENT_ID: &str = "oriel-frame-config";

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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Raw {
    project_id: String,
    allowed_origins: Vec<String>,
    default_chain_id: String,
}

#[derive(Deserialize)]
struct RawNetworks {
    #[serde(default)]
    networks: Vec<NetworkRpc>,
}

/// A network the frame can reach, with its JSON-RPC endpoints.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkRpc {
    /// The network's CAIP-2 id, such as `eip155:31337`.
    pub chain_id: String,
    /// Its JSON-RPC endpoints (`http(s)://`), in the operator's order of preference.
    pub rpc_urls: Vec<String>,
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
        let raw: Raw = serde_json::from_str(text)?;
        Ok(Self {
            project_id: raw.project_id,
            allowed_origins: AllowList::parse(&raw.allowed_origins)?,
            default_chain_id: raw.default_chain_id,
            networks: networks_from_json(text)?,
        })
    }
}

/// The data block's `networks`: the networks the frame has RPC endpoints for (none when the
/// key is absent), each with a CAIP-2 id listed once and at least one http(s) URL.
pub fn networks_from_json(text: &str) -> Result<Vec<NetworkRpc>, ConfigError> {
    let RawNetworks { networks } = serde_json::from_str(text)?;
    for (i, network) in networks.iter().enumerate() {
        network.check()?;
        if networks[..i].iter().any(|n| n.chain_id == network.chain_id) {
            return Err(network.invalid("listed twice"));
        }
    }
    Ok(networks)
}

impl NetworkRpc {
    /// A CAIP-2 id and at least one http(s) URL.
    fn check(&self) -> Result<(), ConfigError> {
        if !is_caip2(&self.chain_id) {
            return Err(self.invalid("not a CAIP-2 id such as eip155:1"));
        }
        if self.rpc_urls.is_empty() {
            return Err(self.invalid("no RPC URL"));
        }
        if let Some(url) = self.rpc_urls.iter().find(|u| !crate::rpc::is_http_url(u)) {
            return Err(self.invalid(&format!("{url:?} is not an http(s) URL")));
        }
        Ok(())
    }

    fn invalid(&self, reason: &str) -> ConfigError {
        ConfigError::Network {
            chain_id: self.chain_id.clone(),
            reason: reason.into(),
        }
    }
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
                "networks":[{"chainId":"eip155:31337","rpcUrls":["http://127.0.0.1:8545"]},
                            {"chainId":"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp","rpcUrls":["https://a.example/rpc","https://b.example"]}]}"#,
        )
        .unwrap();
        assert_eq!(
            networks,
            [
                NetworkRpc {
                    chain_id: "eip155:31337".into(),
                    rpc_urls: vec!["http://127.0.0.1:8545".into()],
                },
                NetworkRpc {
                    chain_id: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp".into(),
                    rpc_urls: vec!["https://a.example/rpc".into(), "https://b.example".into()],
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
