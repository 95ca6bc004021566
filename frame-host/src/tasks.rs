//! The background work of an instance, started and stopped by one [`Tasks`]: the indexers
//! (one per `[[indexer]]` network, under a lease in the database shared with other
//! instances), the WalletConnect registry copy (when `walletconnect_registry` is set), the
//! housekeeping that deletes expired rows, and in dev mode pointing the devnet's ENS at this
//! frame-host's names. [`Tasks::shutdown`] stops them all before the database closes.

use std::time::Duration;

use tokio::task::JoinHandle;

use crate::{
    dev, error::Result, indexer::Indexers, registry::RegistrySyncReport, secrets, state::AppState,
};

/// How often the housekeeping runs.
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(600);
/// How long the devnet may take to answer before its names are left unpointed.
const DEVNET_NAMES_WAIT: Duration = Duration::from_secs(10);

/// The running background tasks of an instance.
#[derive(Debug)]
pub struct Tasks {
    indexers: Indexers,
    others: Vec<JoinHandle<()>>,
}

impl Tasks {
    /// Starts every background task of `state`.
    pub fn start(state: &AppState) -> Result<Self> {
        let mut others = vec![housekeeping(state)];
        others.extend(registry_sync(state));
        Ok(Self {
            indexers: indexers(state)?,
            others,
        })
    }

    /// Stops every task: the indexers give their leases up; a purge or a registry copy still
    /// running is aborted (mid-transaction, it rolls back), so none meets a closed pool.
    pub async fn shutdown(self) {
        self.indexers.stop().await;
        for task in &self.others {
            task.abort();
        }
        for task in self.others {
            match task.await {
                Err(error) if error.is_panic() => {
                    tracing::error!(%error, "a background task panicked");
                }
                // Cancelled, as asked, or already ended.
                _ => {}
            }
        }
    }
}

/// Starts indexing every `[[indexer]]` network (and, with `devnet_contracts`, the devnet),
/// each in its own task under a lease in the database shared with other instances. Stop
/// them with [`Indexers::stop`] before closing the state.
pub fn indexers(state: &AppState) -> Result<Indexers> {
    let holder = secrets::id()?;
    let indexing = &state.indexing;
    Ok(crate::indexer::start(
        &indexing.indexers,
        &indexing.exchanges,
        &indexing.chains,
        &state.store,
        &holder,
    ))
}

/// Starts copying the WalletConnect registry in the background when
/// `walletconnect_registry` is set (see the README, "Wallet registry"): soon after start,
/// then every `refresh_secs`. `None` when it is unset. The task runs until the runtime
/// stops (or it is aborted).
pub fn registry_sync(state: &AppState) -> Option<JoinHandle<()>> {
    crate::registry::sync::start(&state.registry)
}

/// Copies the WalletConnect registry now and serves the copy; on failure (unset, already
/// running, upstream unreachable or unreadable) nothing changes.
pub async fn sync_wallet_registry(state: &AppState) -> Result<RegistrySyncReport> {
    state.registry.sync_now().await
}

/// Deletes expired attempts, codes, links, refresh tokens, rate-limit windows and old
/// analytics events now and then every 10 minutes, for as long as the runtime runs. A
/// failure is logged and retried.
pub fn housekeeping(state: &AppState) -> JoinHandle<()> {
    let (store, analytics, clock) = (
        state.store.clone(),
        state.analytics.clone(),
        state.clock.clone(),
    );
    tokio::spawn(async move {
        let mut every = tokio::time::interval(HOUSEKEEPING_EVERY);
        loop {
            every.tick().await;
            match store.purge_expired(clock.now_ms()).await {
                Ok(0) => {}
                Ok(rows) => tracing::info!(rows, "purged expired rows"),
                Err(error) => tracing::warn!(%error, "purging expired rows failed"),
            }
            match analytics.purge(clock.now_ms()).await {
                Ok(0) => {}
                Ok(rows) => tracing::info!(rows, "purged old analytics events"),
                Err(error) => tracing::warn!(%error, "purging analytics events failed"),
            }
        }
    })
}

/// Dev mode with `devnet_contracts`: points the devnet's ENS at this frame-host's names (the
/// suffix's resolver and its gateway; see the README, "Names"), sending the devnet deployer's
/// transactions when something is not set yet. A devnet that does not answer within 10 s
/// leaves them resolvable over HTTP only: said, not fatal.
pub async fn point_devnet_names(state: &AppState) {
    let Some(devnet) = state.devnet.contracts() else {
        return;
    };
    let pointed = dev::names::point_devnet_names(devnet, &state.indexing.chains, &state.names);
    match tokio::time::timeout(DEVNET_NAMES_WAIT, pointed).await {
        Ok(Ok(true)) => tracing::info!("pointed the devnet's name resolver at this gateway"),
        Ok(Ok(false)) => {}
        Ok(Err(error)) => {
            tracing::warn!(%error, "cannot point the devnet's names at this gateway");
        }
        Err(_) => tracing::warn!("the devnet did not answer: its names resolve over HTTP only"),
    }
}
