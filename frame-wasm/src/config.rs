//! The frame's configuration, which frame-host embeds in the page as a JSON data block.

use oriel_protocol::{AllowList, OriginError};
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
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Raw {
    project_id: String,
    allowed_origins: Vec<String>,
    default_chain_id: String,
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
}

impl FrameConfig {
    /// Parses the data block's text.
    pub fn from_json(text: &str) -> Result<Self, ConfigError> {
        let raw: Raw = serde_json::from_str(text)?;
        Ok(Self {
            project_id: raw.project_id,
            allowed_origins: AllowList::parse(&raw.allowed_origins)?,
            default_chain_id: raw.default_chain_id,
        })
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
