//! The wallet-list service: `GET /getWallets` and `GET /getWalletImage/{image_id}`, and the
//! public images (`/public/getAssetImage/{id}`, `/public/getCurrencyImage/{id}`,
//! `/public/getTokenImage/{id}`). All are project-scoped and answer CORS requests from the
//! project's allowed origins.
//!
//! The wallets come from the copy of the WalletConnect registry in the database once one
//! exists (`walletconnect_registry` in the config; [`sync`] keeps it fresh), else from the
//! offline catalogue: the registry file loaded at startup (`wallet_registry`), or the registry
//! shipped in `fixtures/wallets/registry.json`.

mod catalog;
mod config;
mod explorer;
pub(crate) mod image;
mod listing;
mod png;
pub(crate) mod query;
mod state;
pub(crate) mod sync;
mod tile;
pub(crate) mod wallet;

use std::sync::Arc;

pub(crate) use catalog::Catalog;
pub use config::{WalletConnectRegistryConfig, DEFAULT_EXPLORER_URL};
pub(crate) use state::Registry;
pub use sync::RegistrySyncReport;

use crate::{clock::Clock, store::Store};

/// The wallet registry with the database its copy lives in. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct WalletRegistry {
    registry: Arc<Registry>,
    store: Store,
    clock: Clock,
}

impl WalletRegistry {
    pub(crate) fn new(registry: Registry, store: Store, clock: Clock) -> Self {
        Self {
            registry: Arc::new(registry),
            store,
            clock,
        }
    }

    pub(crate) fn registry(&self) -> &Registry {
        &self.registry
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Copies the WalletConnect registry now and serves the copy; on failure (unset,
    /// already running, upstream unreachable or unreadable) nothing changes.
    pub(crate) async fn sync_now(&self) -> crate::error::Result<RegistrySyncReport> {
        sync::sync_now(self).await
    }
}
