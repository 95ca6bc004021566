//! frame-host's chain indexer and the one interface the history, NFT and balance routes read
//! it through, [`HistorySource`].
//!
//! The built-in source ([`IndexedHistory`]) reads frame-host's own database, which the
//! indexer fills: one task per `[[indexer]]` network ([`start`]) reads blocks with their
//! transactions and the ERC-20/721/1155 transfer logs over the shared `oriel-rpc` client
//! (`scan`), token metadata once per token (`meta`), follows the head at `confirmations`
//! depth, and undoes reorgs (`task`). Several instances may share one PostgreSQL: a lease
//! row per chain lets exactly one of them index it, and every write re-checks the lease in
//! its own transaction.
//!
//! At internet scale an operator would rather use a hosted indexer: implement
//! [`HistorySource`] over its API (pages of an address's transfers with the same cursor
//! contract, the NFTs it owns, the ERC-20s it received), install it in `AppState` instead of
//! [`IndexedHistory`], and configure no `[[indexer]]`; the routes do not change.

mod abi;
mod config;
mod logs;
mod meta;
mod scan;
mod source;
mod task;
mod unwrap;

use std::{future::Future, pin::Pin, sync::Arc};

use tokio::{sync::watch, task::JoinHandle};

pub use config::IndexerConfig;
pub(crate) use meta::image_type;
pub(crate) use source::IndexedHistory;

use crate::{
    chain::Chains,
    error::ApiError,
    error::Result,
    store::{HistoryRow, SeenToken, Store},
    swap::ExchangeConfig,
};

/// A boxed `Send` future, so [`HistorySource`] can be used as a trait object.
pub(crate) type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// One page of an address's history: its transfers (newest transaction first, each
/// transaction's transfers in log order, every transfer touching the address) and the
/// cursor of the next page.
#[derive(Debug, Clone, Default)]
pub(crate) struct HistoryPage {
    pub(crate) rows: Vec<HistoryRow>,
    pub(crate) next: Option<String>,
}

/// An NFT an address owns now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HeldNft {
    pub(crate) contract: String,
    pub(crate) token_id: String,
    pub(crate) name: Option<String>,
    pub(crate) collection: Option<String>,
    pub(crate) image: Option<String>,
}

/// Where the history, NFTs and received tokens of an address come from. Addresses are
/// lowercase `0x` hex; chains are CAIP-2 ids.
pub(crate) trait HistorySource: Send + Sync + std::fmt::Debug {
    /// Whether it has the history of `chain_id`.
    fn covers(&self, chain_id: &str) -> bool;

    /// [`HISTORY_PAGE_SIZE`](oriel_protocol::http::history::HISTORY_PAGE_SIZE) transactions
    /// of `address` on `chains` after `cursor` (an opaque value of an earlier page's
    /// `next`; one it did not make is a 400).
    fn history<'a>(
        &'a self,
        address: &'a str,
        chains: &'a [String],
        cursor: Option<&'a str>,
    ) -> BoxFuture<'a, Result<HistoryPage, ApiError>>;

    /// The NFTs `address` owns on `chain_id`, newest acquired first.
    fn owned_nfts<'a>(
        &'a self,
        chain_id: &'a str,
        address: &'a str,
    ) -> BoxFuture<'a, Result<Vec<HeldNft>, ApiError>>;

    /// The ERC-20 tokens `address` has received on `chain_id`, with their metadata.
    fn seen_tokens<'a>(
        &'a self,
        chain_id: &'a str,
        address: &'a str,
    ) -> BoxFuture<'a, Result<Vec<SeenToken>, ApiError>>;

    /// The addresses `address` chose to deal with on `chains`: in the transactions it sent
    /// itself, the receivers of the tokens that left it and the transactions' recipients (the
    /// look-alike rule's reference, `account::poisoning`). At most a few thousand.
    fn counterparties<'a>(
        &'a self,
        address: &'a str,
        chains: &'a [String],
    ) -> BoxFuture<'a, Result<Vec<String>, ApiError>>;
}

/// The running indexer tasks of an instance.
#[derive(Debug)]
pub struct Indexers {
    holder: String,
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
}

impl Indexers {
    /// The id this instance holds leases under (random per start).
    pub fn holder(&self) -> &str {
        &self.holder
    }

    /// Stops every task after its current step and gives their leases up, so another
    /// instance takes over at once.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        for task in self.tasks {
            let _ = task.await;
        }
    }

    /// Ends every task at once without giving its lease up, as a crash would: another
    /// instance takes over when the lease expires.
    pub fn abort(self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// Starts one indexing task per configured chain, as lease holder `holder`; each knows its
/// chain's swap routers (`exchanges`).
pub(crate) fn start(
    configs: &[IndexerConfig],
    exchanges: &[ExchangeConfig],
    chains: &Chains,
    store: &Store,
    holder: &str,
) -> Indexers {
    let (stop, stopped) = watch::channel(false);
    let tasks = configs
        .iter()
        .filter_map(|config| {
            let client = chains.get(&config.chain_id)?;
            let routers = exchanges
                .iter()
                .filter(|e| e.chain_id == config.chain_id)
                .map(|e| e.router.to_ascii_lowercase())
                .collect();
            let task = task::ChainTask {
                config: config.clone(),
                routers,
                client,
                store: store.clone(),
                holder: holder.to_owned(),
            };
            tracing::info!(
                chain = config.chain_id,
                from_block = config.from_block,
                "indexing"
            );
            Some(tokio::spawn(task.run(stopped.clone())))
        })
        .collect();
    Indexers {
        holder: holder.to_owned(),
        stop,
        tasks,
    }
}

/// The built-in source over `store`, covering the chains of `configs`.
pub(crate) fn built_in(configs: &[IndexerConfig], store: &Store) -> Arc<dyn HistorySource> {
    Arc::new(IndexedHistory::new(
        store.clone(),
        configs.iter().map(|c| c.chain_id.clone()).collect(),
    ))
}
