//! The indexing loop of one chain. Each step takes or renews the chain's lease (one instance
//! indexes a chain at a time; the others keep trying, and take over within
//! [`LEASE_MS`] + [`RENEW_MS`] of the holder's death), checks that the last indexed block is
//! still on the chain (else finds the fork among the kept blocks and rolls back), then reads
//! the next range of at most `batch_blocks` confirmed blocks and writes it in one transaction
//! that re-checks the lease.

use std::{
    collections::BTreeSet,
    sync::Arc,
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use serde_json::{json, Value};
use tokio::sync::watch;

use super::{
    abi,
    meta::{self, WantedNft, WantedToken},
    scan::{scan, ScanError},
    IndexerConfig,
};
use crate::{
    chain::ChainClient,
    error::{Error, Result},
    metrics,
    store::{Batch, Store},
};

/// How long a lease lasts unless renewed, in milliseconds.
pub(crate) const LEASE_MS: i64 = 5_000;
/// How often the holder renews it (every step renews, and an idle holder between polls),
/// and how often the others try to take it.
pub(crate) const RENEW_MS: u64 = 1_000;

/// What a step did.
enum Progress {
    /// There may be more to read at once.
    More,
    /// Caught up, or not the holder: wait for the poll interval.
    Idle,
}

/// The indexer of one chain.
pub(super) struct ChainTask {
    pub(super) config: IndexerConfig,
    /// The chain's swap routers, lowercase.
    pub(super) routers: Vec<String>,
    pub(super) client: Arc<ChainClient>,
    pub(super) store: Store,
    pub(super) holder: String,
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl ChainTask {
    /// Steps until `stop` turns true, then gives the lease up.
    pub(super) async fn run(self, mut stop: watch::Receiver<bool>) {
        let chain = self.config.chain_id.clone();
        let mut holding = false;
        let poll = self.config.poll_ms;
        'steps: loop {
            let wait = match self.step(&mut holding).await {
                Ok(Progress::More) => 0,
                // A holder waits for the poll interval; the others try for the lease often.
                Ok(Progress::Idle) if holding => poll,
                Ok(Progress::Idle) => poll.min(RENEW_MS),
                Err(error) => {
                    tracing::warn!(chain, %error, "indexing failed; trying again");
                    poll.max(RENEW_MS).min(LEASE_MS as u64 / 2)
                }
            };
            // Waits `wait`, renewing a held lease every RENEW_MS meanwhile.
            let until = Instant::now() + Duration::from_millis(wait);
            loop {
                let nap = until
                    .saturating_duration_since(Instant::now())
                    .min(Duration::from_millis(RENEW_MS));
                tokio::select! {
                    _ = stop.changed() => break 'steps,
                    () = tokio::time::sleep(nap) => {}
                }
                if *stop.borrow() {
                    break 'steps;
                }
                if Instant::now() >= until {
                    break;
                }
                if holding {
                    self.renew(&mut holding).await;
                }
            }
        }
        if holding {
            if let Err(error) = self.store.release_lease(&chain, &self.holder).await {
                tracing::warn!(chain, %error, "could not release the indexer lease");
            }
        }
    }

    /// Renews the held lease between polls.
    async fn renew(&self, holding: &mut bool) {
        let chain = self.config.chain_id.as_str();
        match self
            .store
            .take_lease(chain, &self.holder, now_ms(), LEASE_MS)
            .await
        {
            Ok(true) => {}
            Ok(false) => {
                tracing::warn!(chain, "lost the indexer lease");
                *holding = false;
            }
            Err(error) => tracing::warn!(chain, %error, "could not renew the indexer lease"),
        }
    }

    async fn step(&self, holding: &mut bool) -> Result<Progress> {
        let chain = self.config.chain_id.as_str();
        let lease = (now_ms(), LEASE_MS);
        let held = self
            .store
            .take_lease(chain, &self.holder, lease.0, lease.1)
            .await?;
        if held != *holding {
            tracing::info!(chain, held, "indexer lease changed");
            *holding = held;
        }
        if !held {
            return Ok(Progress::Idle);
        }
        let cursor = self.store.index_cursor(chain).await?;
        let kept = self.store.kept_blocks(chain).await?;
        let last_kept = kept.first().filter(|(n, _)| Some(*n) == cursor);
        let mut calls = vec![("eth_blockNumber".to_owned(), Value::Null)];
        if let Some((n, _)) = last_kept {
            calls.push(block_call(*n));
        }
        let mut answers = self.client.batch(&calls).await?.into_iter();
        let head = answers.next().unwrap_or(Ok(Value::Null))?;
        let head = abi::quantity(&head).ok_or_else(|| Error::RpcResult {
            method: "eth_blockNumber",
            result: head.to_string(),
        })?;
        let indexed = cursor.unwrap_or(self.config.from_block as i64 - 1);
        let label = chain.to_owned();
        ::metrics::gauge!(metrics::INDEXER_HEAD, "chain" => label.clone()).set(head as f64);
        ::metrics::gauge!(metrics::INDEXER_LAG, "chain" => label)
            .set((head - indexed).max(0) as f64);
        if let (Some((_, hash)), Some(answer)) = (last_kept, answers.next()) {
            if !same_hash(&answer?, hash) {
                let fork = self.find_fork(&kept).await?;
                tracing::warn!(chain, fork, "reorg: rolling back");
                if !self
                    .store
                    .roll_back(chain, &self.holder, lease, fork)
                    .await?
                {
                    *holding = false;
                }
                return Ok(Progress::More);
            }
        }
        let from = self.config.from_block as i64;
        let first = cursor.map_or(from, |c| c + 1).max(from);
        let target = head - self.config.confirmations as i64;
        if first > target {
            return Ok(Progress::Idle);
        }
        let last = target.min(first + self.config.batch_blocks as i64 - 1);
        let parent = kept
            .first()
            .filter(|(n, _)| *n == first - 1)
            .map(|(_, h)| h.as_str());
        let scanned = match scan(&self.client, first, last, parent, &self.routers).await {
            Ok(scanned) => scanned,
            Err(ScanError::Reorg) => {
                // The next step finds the fork (if the chain really changed: a chain whose
                // blocks do not link up, such as hardhat_mine's, is read again each poll).
                tracing::warn!(chain, first, last, "blocks do not chain up: reading again");
                return Ok(Progress::Idle);
            }
            Err(ScanError::Failed(e)) => return Err(e),
        };
        let (tokens, nfts) = self.wanted_meta(&scanned.transfers).await?;
        let (tokens, nfts) = meta::fetch(&self.client, &tokens, &nfts).await?;
        let batch = Batch {
            last,
            blocks: scanned.blocks,
            transfers: scanned.transfers,
            tokens,
            nfts,
        };
        if !self
            .store
            .write_batch(chain, &self.holder, (now_ms(), LEASE_MS), cursor, &batch)
            .await?
        {
            tracing::warn!(chain, "lost the indexer lease before writing");
            *holding = false;
            return Ok(Progress::Idle);
        }
        tracing::debug!(
            chain,
            first,
            last,
            transfers = batch.transfers.len(),
            "indexed"
        );
        Ok(if last < target {
            Progress::More
        } else {
            Progress::Idle
        })
    }

    /// The highest kept block the chain still has; `from_block - 1` when none is.
    async fn find_fork(&self, kept: &[(i64, String)]) -> Result<i64> {
        let calls: Vec<_> = kept.iter().map(|(n, _)| block_call(*n)).collect();
        let answers = self.client.batch(&calls).await?;
        for ((n, hash), answer) in kept.iter().zip(answers) {
            if same_hash(&answer?, hash) {
                return Ok(*n);
            }
        }
        Ok(self.config.from_block as i64 - 1)
    }

    /// The token contracts and NFTs of `transfers` whose metadata is not stored yet.
    async fn wanted_meta(
        &self,
        transfers: &[crate::store::NewTransfer],
    ) -> Result<(Vec<WantedToken>, Vec<WantedNft>)> {
        let chain = self.config.chain_id.as_str();
        let contracts: BTreeSet<(String, bool)> = transfers
            .iter()
            .filter(|t| t.kind != "native")
            .map(|t| (t.contract.clone(), t.kind == "erc20"))
            .collect();
        let list: Vec<String> = contracts.iter().map(|(c, _)| c.clone()).collect();
        let missing = self.store.tokens_without_meta(chain, &list).await?;
        let tokens = contracts
            .into_iter()
            .filter(|(c, _)| missing.contains(c))
            .map(|(contract, erc20)| WantedToken { contract, erc20 })
            .collect();
        let nfts: BTreeSet<(String, String, bool)> = transfers
            .iter()
            .filter(|t| t.kind == "erc721" || t.kind == "erc1155")
            .map(|t| (t.contract.clone(), t.token_id.clone(), t.kind == "erc1155"))
            .collect();
        let list: Vec<(String, String)> = nfts
            .iter()
            .map(|(c, i, _)| (c.clone(), i.clone()))
            .collect();
        let missing = self.store.nfts_without_meta(chain, &list).await?;
        let nfts = nfts
            .into_iter()
            .filter(|(c, i, _)| missing.iter().any(|(mc, mi)| mc == c && mi == i))
            .map(|(contract, token_id, erc1155)| WantedNft {
                contract,
                token_id,
                erc1155,
            })
            .collect();
        Ok((tokens, nfts))
    }
}

fn block_call(n: i64) -> (String, Value) {
    (
        "eth_getBlockByNumber".to_owned(),
        json!([format!("{n:#x}"), false]),
    )
}

/// Whether a block answer (`null` when the chain has no such block) has hash `hash`.
fn same_hash(block: &Value, hash: &str) -> bool {
    block["hash"]
        .as_str()
        .is_some_and(|h| h.eq_ignore_ascii_case(hash))
}
