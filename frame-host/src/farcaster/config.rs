//! `[farcaster]`: Sign In With Farcaster (FIP-11). frame-host runs a relay with the API of
//! Farcaster's own (`/v1/channel*`) and checks each signed message against Farcaster's
//! IdRegistry on a configured chain: Optimism in production (the defaults below), the devnet's
//! `DevIdRegistry` with `devnet_contracts`. Without the table, Farcaster login is off.

use serde::Deserialize;

use crate::error::{Error, Result};

/// The chain of Farcaster's IdRegistry: Optimism.
pub const FARCASTER_CHAIN_ID: &str = "eip155:10";
/// Farcaster's IdRegistry on Optimism.
pub const FARCASTER_ID_REGISTRY: &str = "0x00000000Fc6c5F01Fc30151999387Bb99A9f489b";
/// Where a sign-in link points by default: the Farcaster app's sign-in page, as Farcaster's
/// relay links to it.
pub const DEFAULT_URL_BASE: &str = "https://warpcast.com/~/sign-in-with-farcaster";

/// The shortest and longest relay key.
const RELAY_KEY_LEN: std::ops::RangeInclusive<usize> = 16..=256;
/// The shortest and longest channel lifetime, seconds.
const CHANNEL_TTL_SECS: std::ops::RangeInclusive<u64> = 60..=3600;

/// Sign In With Farcaster's settings.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct FarcasterConfig {
    /// The chain of the IdRegistry (CAIP-2, `eip155`, one of `networks`). Unset: the devnet
    /// with `devnet_contracts` (whose file names its IdRegistry), else [`FARCASTER_CHAIN_ID`].
    #[serde(default)]
    pub chain_id: Option<String>,
    /// The IdRegistry (`idOf(address)`, `custodyOf(uint256)`). Unset: the devnet's with
    /// `devnet_contracts`, else [`FARCASTER_ID_REGISTRY`] on Optimism (any other chain needs it).
    #[serde(default)]
    pub id_registry: Option<String>,
    /// The keys of the Farcaster clients trusted to post signed messages (and the profile that
    /// comes with them) to `POST /v1/channel/authenticate`, sent as
    /// `X-Farcaster-Auth-Relay-Key`: at least one, each 16 to 256 printable characters.
    pub relay_keys: Vec<String>,
    /// The sign-in link's base: the Farcaster client's page that takes it (the link adds
    /// `?channelToken=…&nonce=…&siweUri=…&domain=…`).
    #[serde(default = "default_url_base")]
    pub url_base: String,
    /// How long a channel lives, seconds (60 to 3600, default 600).
    #[serde(default = "default_channel_ttl_secs")]
    pub channel_ttl_secs: u64,
}

fn default_url_base() -> String {
    DEFAULT_URL_BASE.into()
}

fn default_channel_ttl_secs() -> u64 {
    600
}

impl FarcasterConfig {
    /// Checks each value's shape; which chain and registry apply is settled at startup, once
    /// the devnet's contracts are read.
    pub(crate) fn validate(&self) -> Result<()> {
        let invalid = |what: String| Err(Error::InvalidValue(format!("farcaster.{what}")));
        if let Some(chain) = &self.chain_id {
            if !chain.starts_with("eip155:") || !oriel_protocol::caip::is_caip2(chain) {
                return invalid(format!("chain_id {chain:?} must be an eip155 CAIP-2 id"));
            }
        }
        if let Some(registry) = &self.id_registry {
            if !crate::types::is_evm_address(&registry.to_ascii_lowercase()) {
                return invalid(format!(
                    "id_registry {registry:?} must be 0x and 40 hex digits"
                ));
            }
        }
        if self.relay_keys.is_empty() {
            return invalid("relay_keys must list at least one key".into());
        }
        for (i, key) in self.relay_keys.iter().enumerate() {
            if !RELAY_KEY_LEN.contains(&key.len()) || !key.bytes().all(|b| b.is_ascii_graphic()) {
                return invalid(format!(
                    "relay_keys[{i}] must be 16 to 256 printable characters without spaces"
                ));
            }
        }
        let url = url::Url::parse(&self.url_base).ok();
        let usable = url.as_ref().is_some_and(|u| {
            matches!(u.scheme(), "http" | "https")
                && u.host().is_some()
                && u.query().is_none()
                && u.fragment().is_none()
                && u.username().is_empty()
                && u.password().is_none()
        });
        if !usable || self.url_base.len() > 512 {
            return invalid(format!(
                "url_base {:?} must be an http(s) URL without query, fragment or credentials",
                self.url_base
            ));
        }
        if !CHANNEL_TTL_SECS.contains(&self.channel_ttl_secs) {
            return invalid("channel_ttl_secs must be 60 to 3600".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> FarcasterConfig {
        toml::from_str("relay_keys = [\"0123456789abcdef\"]").unwrap()
    }

    #[test]
    fn defaults_are_the_farcaster_app_and_ten_minutes() {
        let c = config();
        assert_eq!(c.url_base, DEFAULT_URL_BASE);
        assert_eq!(c.channel_ttl_secs, 600);
        assert_eq!((c.chain_id, c.id_registry), (None, None));
        assert!(config().validate().is_ok());
    }

    #[test]
    fn bad_values_are_named() {
        type Change = fn(&mut FarcasterConfig);
        let cases: [(Change, &str); 7] = [
            (|c| c.relay_keys.clear(), "relay_keys must"),
            (|c| c.relay_keys = vec!["short".into()], "relay_keys[0]"),
            (
                |c| c.relay_keys = vec!["has a space in it!".into()],
                "relay_keys[0]",
            ),
            (|c| c.chain_id = Some("solana:x".into()), "chain_id"),
            (|c| c.id_registry = Some("0x12".into()), "id_registry"),
            (
                |c| c.url_base = "https://farcaster.example/?a=1".into(),
                "url_base",
            ),
            (|c| c.channel_ttl_secs = 30, "channel_ttl_secs"),
        ];
        for (change, named) in cases {
            let mut c = config();
            change(&mut c);
            let error = c.validate().unwrap_err().to_string();
            assert!(error.contains(named), "{error}");
        }
    }
}
