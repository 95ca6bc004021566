//! An indexed network's section of the config (`[[indexer]]`).

use std::collections::HashSet;

use serde::Deserialize;

use crate::{
    error::{Error, Result},
    types::is_evm_address,
};

/// The chain indexer of one network (`[[indexer]]`): where it starts, how deep a block must
/// be before it is read, how often it looks for new blocks, and the operator's NFT spam list.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct IndexerConfig {
    /// The network, one of `networks`' CAIP-2 ids (`eip155:` only).
    pub chain_id: String,
    /// The first block indexed.
    #[serde(default)]
    pub from_block: u64,
    /// How many blocks behind the head the indexer stays (0: it reads the head; a reorg is
    /// undone when seen either way). 0 suits a devnet; a few (such as 5 on an L2, 12 on
    /// Ethereum) keep most reorgs out of the history.
    #[serde(default)]
    pub confirmations: u64,
    /// How often it asks for new blocks once caught up, in milliseconds (100 to 60000).
    #[serde(default = "default_poll_ms")]
    pub poll_ms: u64,
    /// The most blocks read per batch (1 to 1000).
    #[serde(default = "default_batch_blocks")]
    pub batch_blocks: u64,
    /// NFT contracts the operator calls spam: their transfers carry `is_spam`, and
    /// `/v1/account/{address}/nfts` leaves them out.
    #[serde(default)]
    pub spam_nft_contracts: Vec<String>,
}

fn default_poll_ms() -> u64 {
    1000
}

fn default_batch_blocks() -> u64 {
    100
}

impl IndexerConfig {
    /// Indexing `chain_id` from block 0 with the defaults: no confirmations, a 500 ms poll.
    pub fn devnet(chain_id: &str) -> Self {
        Self {
            chain_id: chain_id.into(),
            from_block: 0,
            confirmations: 0,
            poll_ms: 500,
            batch_blocks: default_batch_blocks(),
            spam_nft_contracts: Vec::new(),
        }
    }

    pub(crate) fn validate(&self, networks: &HashSet<&str>) -> Result<()> {
        let invalid = |reason: String| Error::InvalidIndexer {
            chain_id: self.chain_id.clone(),
            reason,
        };
        if !self.chain_id.starts_with("eip155:") || !networks.contains(self.chain_id.as_str()) {
            return Err(invalid(
                "chain_id is not a configured eip155 network".into(),
            ));
        }
        if !(100..=60_000).contains(&self.poll_ms) {
            return Err(invalid("poll_ms must be 100 to 60000".into()));
        }
        if !(1..=1000).contains(&self.batch_blocks) {
            return Err(invalid("batch_blocks must be 1 to 1000".into()));
        }
        if self.from_block > i64::MAX as u64 || self.confirmations > 10_000 {
            return Err(invalid("from_block or confirmations out of range".into()));
        }
        for contract in &self.spam_nft_contracts {
            if !is_evm_address(&contract.to_ascii_lowercase()) {
                return Err(invalid(format!(
                    "spam_nft_contracts {contract:?} is not 0x and 40 hex digits"
                )));
            }
        }
        Ok(())
    }
}
