//! [`Registry`]: which wallet list `/getWallets` answers from. The offline catalogue (the
//! registry file, or the one built in) until a copy of the WalletConnect registry is in
//! the database, then that copy, swapped whole after each good sync.

use std::sync::{Arc, PoisonError, RwLock};

use super::{
    catalog::Catalog,
    explorer::Explorer,
    wallet::{Wallet, WalletRules},
    WalletConnectRegistryConfig,
};
use crate::{
    error::{Error, Result},
    store::Store,
};

/// The wallet lists and, when configured, the WalletConnect registry client.
#[derive(Debug)]
pub(crate) struct Registry {
    offline: Arc<Catalog>,
    copy: RwLock<Option<Copy>>,
    sync: Option<Sync>,
}

/// The copy in use and when it was taken (Unix ms).
#[derive(Debug, Clone)]
struct Copy {
    catalog: Arc<Catalog>,
    synced_at: i64,
}

/// What a sync needs: the config, its client, and the lock that keeps syncs one at a time.
#[derive(Debug)]
pub(crate) struct Sync {
    pub(crate) config: WalletConnectRegistryConfig,
    pub(crate) explorer: Explorer,
    pub(crate) running: tokio::sync::Mutex<()>,
}

/// The list a request reads.
pub(crate) struct Current {
    pub(crate) catalog: Arc<Catalog>,
    /// Whether it is the WalletConnect registry's copy (its logos are in the database).
    pub(crate) synced: bool,
}

impl Registry {
    /// `offline`, and the WalletConnect registry of `config` once a copy is installed.
    pub(crate) fn new(
        offline: Catalog,
        config: Option<&WalletConnectRegistryConfig>,
    ) -> Result<Self> {
        let sync = config
            .map(|config| {
                Ok::<_, Error>(Sync {
                    config: config.clone(),
                    explorer: Explorer::new(config).map_err(|e| {
                        Error::RegistrySync(format!("cannot build its HTTP client: {e}"))
                    })?,
                    running: tokio::sync::Mutex::new(()),
                })
            })
            .transpose()?;
        Ok(Self {
            offline: Arc::new(offline),
            copy: RwLock::new(None),
            sync,
        })
    }

    /// The list to answer from now.
    pub(crate) fn current(&self) -> Current {
        match self.read_copy() {
            Some(copy) => Current {
                catalog: copy.catalog,
                synced: true,
            },
            None => Current {
                catalog: self.offline.clone(),
                synced: false,
            },
        }
    }

    /// The sync's config and client, when `walletconnect_registry` is set.
    pub(crate) fn sync(&self) -> Option<&Sync> {
        self.sync.as_ref()
    }

    /// When the copy in use was taken, if one is.
    pub(crate) fn synced_at(&self) -> Option<i64> {
        self.read_copy().map(|c| c.synced_at)
    }

    /// Puts `wallets` (checked, in the API's order) in use, taken at `synced_at`.
    pub(crate) fn install(&self, wallets: Vec<Wallet>, synced_at: i64) {
        let copy = Copy {
            catalog: Arc::new(Catalog::new(wallets)),
            synced_at,
        };
        *self.copy.write().unwrap_or_else(PoisonError::into_inner) = Some(copy);
    }

    /// Puts the database's copy in use when it is newer than the one in use (at startup, or
    /// after another instance synced); whether it did. A stored wallet that no longer reads
    /// as valid is left out and logged.
    pub(crate) async fn load_stored(&self, store: &Store) -> Result<bool> {
        let Some(sync) = &self.sync else {
            return Ok(false);
        };
        let Some(copy) = store.registry_copy(sync.config.base()).await? else {
            return Ok(false);
        };
        if self.synced_at().is_some_and(|at| at >= copy.synced_at) {
            return Ok(false);
        }
        let mut wallets = Vec::with_capacity(copy.wallets.len());
        for text in &copy.wallets {
            let wallet = serde_json::from_str::<Wallet>(text)
                .map_err(|e| e.to_string())
                .and_then(|w| w.validate_fields().map(|()| w));
            match wallet {
                Ok(w) => wallets.push(w),
                Err(error) => {
                    tracing::warn!(%error, "a stored registry wallet is invalid: left out")
                }
            }
        }
        if wallets.is_empty() {
            return Ok(false);
        }
        tracing::info!(
            wallets = wallets.len(),
            synced_at = copy.synced_at,
            "serving the stored copy of the WalletConnect registry"
        );
        self.install(wallets, copy.synced_at);
        Ok(true)
    }

    fn read_copy(&self) -> Option<Copy> {
        self.copy
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}
