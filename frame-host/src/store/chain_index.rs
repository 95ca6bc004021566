//! The chain indexer's writes: its lease, cursor, block hashes, transfers and token metadata.
//! Every write of the indexer runs in one transaction that first renews the writer's lease,
//! so an instance that lost its lease cannot write (the renewal finds no row), and a crash
//! leaves no half-written batch.

use super::{chain_lease::renew_in, Store, WriteTx};
use crate::error::Result;

/// How many of a chain's newest block hashes are kept for reorg detection. A reorg deeper
/// than this re-indexes the chain from its start block.
pub(crate) const KEPT_BLOCKS: i64 = 256;

/// A transfer to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NewTransfer {
    pub(crate) block_number: i64,
    pub(crate) block_time: i64,
    pub(crate) tx_hash: String,
    pub(crate) tx_index: i64,
    /// -1 for a native transfer.
    pub(crate) log_index: i64,
    /// The position in an ERC-1155 `TransferBatch`, else 0.
    pub(crate) item: i64,
    pub(crate) tx_from: String,
    pub(crate) tx_to: String,
    pub(crate) nonce: i64,
    pub(crate) from: String,
    pub(crate) to: String,
    /// `native`, `erc20`, `erc721` or `erc1155`.
    pub(crate) kind: &'static str,
    /// `''` for native.
    pub(crate) contract: String,
    /// `''` for fungibles.
    pub(crate) token_id: String,
    /// Base units, decimal.
    pub(crate) amount: String,
}

/// A token contract's metadata (`None`: the call failed or answered nothing usable).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TokenMeta {
    pub(crate) contract: String,
    pub(crate) name: Option<String>,
    pub(crate) symbol: Option<String>,
    pub(crate) decimals: Option<i64>,
}

/// An NFT's metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NftMeta {
    pub(crate) contract: String,
    pub(crate) token_id: String,
    pub(crate) name: Option<String>,
    pub(crate) image: Option<String>,
}

/// Blocks up to `last` of a chain, read whole: their hashes, transfers and the metadata of
/// tokens seen for the first time.
#[derive(Debug, Clone, Default)]
pub(crate) struct Batch {
    pub(crate) last: i64,
    pub(crate) blocks: Vec<(i64, String)>,
    pub(crate) transfers: Vec<NewTransfer>,
    pub(crate) tokens: Vec<TokenMeta>,
    pub(crate) nfts: Vec<NftMeta>,
}

impl Store {
    /// The last indexed block of `chain_id`, if any.
    pub(crate) async fn index_cursor(&self, chain_id: &str) -> Result<Option<i64>> {
        let row: Option<(i64,)> =
            sqlx::query_as("SELECT last_block FROM index_cursors WHERE chain_id = $1")
                .bind(chain_id)
                .fetch_optional(self.pool())
                .await?;
        Ok(row.map(|(n,)| n))
    }

    /// The kept block hashes of `chain_id`, newest first.
    pub(crate) async fn kept_blocks(&self, chain_id: &str) -> Result<Vec<(i64, String)>> {
        Ok(sqlx::query_as(
            "SELECT number, hash FROM index_blocks WHERE chain_id = $1 ORDER BY number DESC",
        )
        .bind(chain_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// Which of `contracts` have no stored metadata yet.
    pub(crate) async fn tokens_without_meta(
        &self,
        chain_id: &str,
        contracts: &[String],
    ) -> Result<Vec<String>> {
        let mut missing = Vec::new();
        for contract in contracts {
            let known: Option<(i64,)> = sqlx::query_as(
                "SELECT fetched_at FROM token_meta WHERE chain_id = $1 AND contract = $2",
            )
            .bind(chain_id)
            .bind(contract)
            .fetch_optional(self.pool())
            .await?;
            if known.is_none() {
                missing.push(contract.clone());
            }
        }
        Ok(missing)
    }

    /// Which of the NFTs `(contract, token id)` have no stored metadata yet.
    pub(crate) async fn nfts_without_meta(
        &self,
        chain_id: &str,
        nfts: &[(String, String)],
    ) -> Result<Vec<(String, String)>> {
        let mut missing = Vec::new();
        for (contract, token_id) in nfts {
            let known: Option<(i64,)> = sqlx::query_as(
                "SELECT fetched_at FROM nft_meta \
                 WHERE chain_id = $1 AND contract = $2 AND token_id = $3",
            )
            .bind(chain_id)
            .bind(contract)
            .bind(token_id)
            .fetch_optional(self.pool())
            .await?;
            if known.is_none() {
                missing.push((contract.clone(), token_id.clone()));
            }
        }
        Ok(missing)
    }

    /// Writes `batch` of `chain_id` in one transaction, if `holder` still holds the lease
    /// and the cursor is still `cursor` (as read before the batch; `None` when nothing is
    /// indexed yet).
    /// Re-writing a transfer is a no-op. `false`: nothing was written.
    pub(crate) async fn write_batch(
        &self,
        chain_id: &str,
        holder: &str,
        (now, ttl_ms): (i64, i64),
        cursor: Option<i64>,
        batch: &Batch,
    ) -> Result<bool> {
        let mut tx = self.begin().await?;
        if !renew_in(&mut tx, chain_id, holder, now, ttl_ms).await?
            || cursor_in(&mut tx, chain_id).await? != cursor
        {
            tx.rollback().await?;
            return Ok(false);
        }
        for t in &batch.transfers {
            sqlx::query(
                "INSERT INTO transfers (chain_id, block_number, block_time, tx_hash, tx_index, \
                 log_index, item, tx_from, tx_to, nonce, from_addr, to_addr, kind, contract, \
                 token_id, amount) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) \
                 ON CONFLICT (chain_id, tx_hash, log_index, item) DO NOTHING",
            )
            .bind(chain_id)
            .bind(t.block_number)
            .bind(t.block_time)
            .bind(&t.tx_hash)
            .bind(t.tx_index)
            .bind(t.log_index)
            .bind(t.item)
            .bind(&t.tx_from)
            .bind(&t.tx_to)
            .bind(t.nonce)
            .bind(&t.from)
            .bind(&t.to)
            .bind(t.kind)
            .bind(&t.contract)
            .bind(&t.token_id)
            .bind(&t.amount)
            .execute(&mut *tx)
            .await?;
        }
        for m in &batch.tokens {
            sqlx::query(
                "INSERT INTO token_meta (chain_id, contract, name, symbol, decimals, fetched_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (chain_id, contract) DO NOTHING",
            )
            .bind(chain_id)
            .bind(&m.contract)
            .bind(&m.name)
            .bind(&m.symbol)
            .bind(m.decimals)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        for m in &batch.nfts {
            sqlx::query(
                "INSERT INTO nft_meta (chain_id, contract, token_id, name, image, fetched_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (chain_id, contract, token_id) DO NOTHING",
            )
            .bind(chain_id)
            .bind(&m.contract)
            .bind(&m.token_id)
            .bind(&m.name)
            .bind(&m.image)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        for (number, hash) in &batch.blocks {
            sqlx::query(
                "INSERT INTO index_blocks (chain_id, number, hash) VALUES ($1, $2, $3) \
                 ON CONFLICT (chain_id, number) DO UPDATE SET hash = excluded.hash",
            )
            .bind(chain_id)
            .bind(number)
            .bind(hash)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("DELETE FROM index_blocks WHERE chain_id = $1 AND number <= $2")
            .bind(chain_id)
            .bind(batch.last - KEPT_BLOCKS)
            .execute(&mut *tx)
            .await?;
        set_cursor_in(&mut tx, chain_id, batch.last, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Undoes everything indexed of `chain_id` after block `fork` (a reorg), if `holder`
    /// still holds the lease. `false`: nothing was changed.
    pub(crate) async fn roll_back(
        &self,
        chain_id: &str,
        holder: &str,
        (now, ttl_ms): (i64, i64),
        fork: i64,
    ) -> Result<bool> {
        let mut tx = self.begin().await?;
        if !renew_in(&mut tx, chain_id, holder, now, ttl_ms).await? {
            tx.rollback().await?;
            return Ok(false);
        }
        for table in ["transfers", "index_blocks"] {
            let column = if table == "transfers" {
                "block_number"
            } else {
                "number"
            };
            sqlx::query(&format!(
                "DELETE FROM {table} WHERE chain_id = $1 AND {column} > $2"
            ))
            .bind(chain_id)
            .bind(fork)
            .execute(&mut *tx)
            .await?;
        }
        set_cursor_in(&mut tx, chain_id, fork, now).await?;
        tx.commit().await?;
        Ok(true)
    }
}

async fn cursor_in(tx: &mut WriteTx, chain_id: &str) -> Result<Option<i64>> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT last_block FROM index_cursors WHERE chain_id = $1")
            .bind(chain_id)
            .fetch_optional(&mut **tx)
            .await?;
    Ok(row.map(|(n,)| n))
}

async fn set_cursor_in(tx: &mut WriteTx, chain_id: &str, last: i64, now: i64) -> Result<()> {
    sqlx::query(
        "INSERT INTO index_cursors (chain_id, last_block, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (chain_id) DO UPDATE SET last_block = excluded.last_block, \
         updated_at = excluded.updated_at",
    )
    .bind(chain_id)
    .bind(last)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
