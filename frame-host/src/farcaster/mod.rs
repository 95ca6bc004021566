//! Sign In With Farcaster (FIP-11; spec §7 "connect Farcaster"; `API.md`, "Farcaster").
//!
//! frame-host runs a relay with the API of Farcaster's own, so `@farcaster/auth-client`
//! works against it (`relay.rs`):
//!
//! - `POST /v1/channel` creates a channel: what an app asks to be signed, a secret channel
//!   token and the sign-in link (`{url_base}?channelToken=…&nonce=…&siweUri=…&domain=…`).
//! - `POST /v1/channel/authenticate` (Bearer: the channel token; `X-Farcaster-Auth-Relay-Key`:
//!   a configured key) takes the signed message from a trusted Farcaster client, checks it
//!   (`verify.rs`, then the IdRegistry: `id_registry.rs`) and completes the channel.
//! - `GET /v1/channel/status` (Bearer) answers `pending` (202) or `completed` (200).
//!
//! The frame's login (`login.rs`) rides on it: `POST /auth/v1/farcaster/start` makes a channel
//! bound to the frame's device and verifier, whose domain and URI are the dapp page's; the frame
//! polls its status and `POST /auth/v1/farcaster/redeem` opens a session for the account
//! (`social_identities`, provider `farcaster`, the fid as subject), as social login's.
//!
//! Channels live in the database (`farcaster_channels`), so every instance sharing a
//! PostgreSQL database sees them, for `channel_ttl_secs`.

mod config;
mod error;
pub(crate) mod id_registry;
pub(crate) mod rules;
pub(crate) mod verify;

use std::sync::Arc;

use alloy_primitives::Address;
use axum::http::{header, HeaderMap};
use sha2::{Digest, Sha256};

pub use config::{
    FarcasterConfig, DEFAULT_URL_BASE as FARCASTER_URL_BASE, FARCASTER_CHAIN_ID,
    FARCASTER_ID_REGISTRY,
};
pub(crate) use error::FarcasterError;

use crate::{
    chain::Chains,
    chain::NetworkConfig,
    clock::Clock,
    error::{ApiError, Error, Result},
    limits::{Limit, Limits},
    login::Approvals,
    projects::Projects,
    sessions::Sessions,
    store::Store,
};

/// The longest `Authorization` header read, bytes.
const MAX_AUTHORIZATION: usize = 512;

/// What Sign In With Farcaster uses. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Farcaster {
    setup: Option<Arc<Setup>>,
    store: Store,
    clock: Clock,
    sessions: Sessions,
    projects: Projects,
    limits: Limits,
    chains: Chains,
    /// Approval links, for an existing account's new device (issue 38 M-3).
    approvals: Approvals,
}

impl Farcaster {
    pub(crate) fn new(
        setup: Option<Setup>,
        store: Store,
        clock: Clock,
        sessions: Sessions,
        projects: Projects,
        chains: Chains,
        approvals: Approvals,
    ) -> Self {
        Self {
            setup: setup.map(Arc::new),
            limits: Limits::new(store.clone(), clock.clone()),
            store,
            clock,
            sessions,
            projects,
            chains,
            approvals,
        }
    }

    /// Approval links.
    pub(crate) fn approvals(&self) -> &Approvals {
        &self.approvals
    }

    /// The setup, or 404 [`FarcasterError::NotSetUp`].
    pub(crate) fn setup(&self) -> Result<&Setup, FarcasterError> {
        self.setup.as_deref().ok_or(FarcasterError::NotSetUp)
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    pub(crate) fn clock(&self) -> &Clock {
        &self.clock
    }

    pub(crate) fn sessions(&self) -> &Sessions {
        &self.sessions
    }

    pub(crate) fn projects(&self) -> &Projects {
        &self.projects
    }

    pub(crate) fn chains(&self) -> &Chains {
        &self.chains
    }

    /// One request against each of `limits` (a bucket and its count per 10 minutes),
    /// counted together.
    pub(crate) async fn check_windows(&self, limits: &[(String, i64)]) -> Result<(), ApiError> {
        let limits: Vec<Limit> = limits
            .iter()
            .map(|(bucket, count)| Limit::per_ip_window(bucket.clone(), *count))
            .collect();
        self.limits.hit(&limits).await
    }
}

/// Sign In With Farcaster as this instance runs it: `[farcaster]` with the chain and
/// IdRegistry settled (the devnet's, Optimism's, or the ones configured).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Setup {
    /// The IdRegistry's chain (one of `networks`).
    pub(crate) chain_id: String,
    /// The IdRegistry.
    pub(crate) id_registry: Address,
    /// SHA-256 of each trusted Farcaster client's key.
    relay_keys: Vec<[u8; 32]>,
    /// The sign-in link's base.
    pub(crate) url_base: String,
    /// A channel's lifetime, milliseconds.
    pub(crate) ttl_ms: i64,
}

impl Setup {
    /// The setup of `[farcaster]` (`None` without it): an unset chain is the devnet's when
    /// `devnet` names its chain and IdRegistry, else Optimism; an unset IdRegistry is the
    /// devnet's on the devnet and Farcaster's on Optimism, and needed on any other chain. The
    /// chain must be one of `networks`.
    pub(crate) fn resolve(
        farcaster: Option<&FarcasterConfig>,
        networks: &[NetworkConfig],
        devnet: Option<(String, String)>,
    ) -> Result<Option<Self>> {
        let Some(farcaster) = farcaster else {
            return Ok(None);
        };
        let invalid = |why: String| Error::InvalidValue(format!("farcaster.{why}"));
        let chain_id = match (&farcaster.chain_id, &devnet) {
            (Some(chain), _) => chain.clone(),
            (None, Some((chain, _))) => chain.clone(),
            (None, None) => FARCASTER_CHAIN_ID.to_owned(),
        };
        let registry = match (&farcaster.id_registry, &devnet) {
            (Some(registry), _) => registry.clone(),
            (None, Some((chain, registry))) if *chain == chain_id => registry.clone(),
            (None, _) if chain_id == FARCASTER_CHAIN_ID => FARCASTER_ID_REGISTRY.to_owned(),
            (None, _) => {
                return Err(invalid(format!(
                    "id_registry must be set for chain_id {chain_id:?}"
                )))
            }
        };
        if !networks.iter().any(|n| n.chain_id == chain_id) {
            return Err(invalid(format!(
                "chain_id {chain_id:?} is not one of networks: add its [[networks]] entry"
            )));
        }
        let id_registry = registry
            .parse()
            .map_err(|_| invalid(format!("id_registry {registry:?} is not an address")))?;
        Ok(Some(Self {
            chain_id,
            id_registry,
            relay_keys: farcaster.relay_keys.iter().map(|k| digest(k)).collect(),
            url_base: farcaster.url_base.clone(),
            ttl_ms: i64::try_from(farcaster.channel_ttl_secs)
                .unwrap_or(i64::MAX / 1000)
                .saturating_mul(1000),
        }))
    }

    /// Whether `key` is one of the trusted clients' keys. Their SHA-256 digests are compared,
    /// so how long a comparison takes tells nothing about a key.
    pub(crate) fn trusts(&self, key: &str) -> bool {
        self.relay_keys.contains(&digest(key))
    }
}

fn digest(key: &str) -> [u8; 32] {
    Sha256::digest(key.as_bytes()).into()
}

/// The Bearer token of `headers`: the channel token; 401 [`FarcasterError::UnknownChannel`]
/// without one.
pub(crate) fn channel_token(headers: &HeaderMap) -> Result<&str, FarcasterError> {
    headers
        .get(header::AUTHORIZATION)
        .filter(|v| v.len() <= MAX_AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(FarcasterError::UnknownChannel)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn resolve(c: &Config) -> Result<Option<Setup>> {
        Setup::resolve(c.farcaster.as_ref(), &c.networks, None)
    }

    fn config(farcaster: &str) -> Config {
        Config {
            farcaster: Some(toml::from_str(farcaster).unwrap()),
            ..Config::dev()
        }
    }

    #[test]
    fn optimism_is_the_default_chain_and_must_be_configured() {
        let mut c = config("relay_keys = [\"0123456789abcdef\"]");
        let e = resolve(&c).unwrap_err().to_string();
        assert!(e.contains("eip155:10") && e.contains("networks"), "{e}");
        c.networks.push(crate::NetworkConfig {
            chain_id: "eip155:10".into(),
            rpc_urls: vec!["https://op.example.com".into()],
            ..crate::NetworkConfig::default()
        });
        let setup = resolve(&c).unwrap().unwrap();
        assert_eq!(
            setup.id_registry,
            FARCASTER_ID_REGISTRY.parse::<Address>().unwrap()
        );
        assert_eq!(setup.ttl_ms, 600_000);
        assert!(setup.trusts("0123456789abcdef"));
        assert!(!setup.trusts("0123456789abcdeF"));
        assert!(!setup.trusts(""));
    }

    #[test]
    fn another_chain_needs_its_registry() {
        let c = config("relay_keys = [\"0123456789abcdef\"]\nchain_id = \"eip155:31337\"");
        let e = resolve(&c).unwrap_err().to_string();
        assert!(e.contains("id_registry must be set"), "{e}");
        let c = config(
            "relay_keys = [\"0123456789abcdef\"]\nchain_id = \"eip155:31337\"\n\
             id_registry = \"0x5FbDB2315678afecb367f032d93F642f64180aa3\"",
        );
        assert_eq!(resolve(&c).unwrap().unwrap().chain_id, "eip155:31337");
        assert!(resolve(&Config::dev()).unwrap().is_none());
        let _: Option<&FarcasterConfig> = c.farcaster.as_ref();
    }
}
