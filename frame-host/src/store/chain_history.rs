//! Reads of the chain index: an address's transactions page by page (newest first, by the
//! key [`TxKey`]), the NFTs it received or sent, the ERC-20 tokens it received, and the
//! addresses it chose to deal with.

use sqlx::{any::AnyRow, Row};

use super::Store;
use crate::error::Result;

/// Where a transaction sorts, newest first: block time, then chain, block and position in
/// the block, all descending. Within one chain that is block number then index, descending.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct TxKey {
    pub(crate) block_time: i64,
    pub(crate) chain_id: String,
    pub(crate) block_number: i64,
    pub(crate) tx_index: i64,
}

/// One stored transfer touching an address, with its token's metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HistoryRow {
    pub(crate) chain_id: String,
    pub(crate) block_number: i64,
    pub(crate) block_time: i64,
    pub(crate) tx_hash: String,
    pub(crate) tx_index: i64,
    pub(crate) tx_from: String,
    pub(crate) tx_to: String,
    pub(crate) nonce: i64,
    pub(crate) from_addr: String,
    pub(crate) to_addr: String,
    pub(crate) kind: String,
    pub(crate) contract: String,
    pub(crate) token_id: String,
    pub(crate) amount: String,
    pub(crate) token_name: Option<String>,
    pub(crate) token_symbol: Option<String>,
    pub(crate) token_decimals: Option<i64>,
    pub(crate) nft_name: Option<String>,
    pub(crate) nft_image: Option<String>,
}

/// An ERC-721/1155 transfer touching an address, oldest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NftRow {
    pub(crate) contract: String,
    pub(crate) token_id: String,
    pub(crate) from_addr: String,
    pub(crate) to_addr: String,
    pub(crate) amount: String,
    pub(crate) collection: Option<String>,
    pub(crate) nft_name: Option<String>,
    pub(crate) nft_image: Option<String>,
}

/// An ERC-20 an address received, with its metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeenToken {
    pub(crate) contract: String,
    pub(crate) name: Option<String>,
    pub(crate) symbol: Option<String>,
    pub(crate) decimals: Option<i64>,
}

/// The sort key, in SQL.
const KEY: &str = "(t.block_time, t.chain_id, t.block_number, t.tx_index)";
const NEWEST_FIRST: &str =
    "t.block_time DESC, t.chain_id DESC, t.block_number DESC, t.tx_index DESC";

/// `$first, $first+1, …` for `n` values.
fn placeholders(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Store {
    /// The keys of the first `limit` transactions of `address` on `chains` sorting after
    /// `after` (all when `None`), newest first.
    pub(crate) async fn history_keys(
        &self,
        address: &str,
        chains: &[String],
        after: Option<&TxKey>,
        limit: i64,
    ) -> Result<Vec<TxKey>> {
        if chains.is_empty() {
            return Ok(Vec::new());
        }
        let n = chains.len();
        let after_sql = if after.is_some() {
            format!(" AND {KEY} < ({})", placeholders(n + 3, 4))
        } else {
            String::new()
        };
        // The newest keys sent and the newest received, each along its own index, then the
        // newest of both (a scan of the chain's transfers otherwise).
        let side = |column: &str| {
            format!(
                "SELECT * FROM (SELECT DISTINCT t.block_time, t.chain_id, t.block_number, \
                 t.tx_index FROM transfers t WHERE t.{column} = $1 AND t.chain_id IN ({}){after_sql} \
                 ORDER BY {NEWEST_FIRST} LIMIT $2) AS {column}_side",
                placeholders(3, n)
            )
        };
        let sql = format!(
            "SELECT t.block_time, t.chain_id, t.block_number, t.tx_index FROM ({} UNION {}) t \
             ORDER BY {NEWEST_FIRST} LIMIT $2",
            side("from_addr"),
            side("to_addr"),
        );
        let mut query = sqlx::query_as::<_, (i64, String, i64, i64)>(&sql)
            .bind(address)
            .bind(limit);
        for chain in chains {
            query = query.bind(chain);
        }
        if let Some(k) = after {
            query = query
                .bind(k.block_time)
                .bind(&k.chain_id)
                .bind(k.block_number)
                .bind(k.tx_index);
        }
        let rows = query.fetch_all(self.pool()).await?;
        Ok(rows
            .into_iter()
            .map(|(block_time, chain_id, block_number, tx_index)| TxKey {
                block_time,
                chain_id,
                block_number,
                tx_index,
            })
            .collect())
    }

    /// The transfers touching `address` on `chains` of the transactions from `newest` down to
    /// `oldest` (inclusive), newest transaction first, each in log order.
    pub(crate) async fn history_rows(
        &self,
        address: &str,
        chains: &[String],
        newest: &TxKey,
        oldest: &TxKey,
    ) -> Result<Vec<HistoryRow>> {
        let n = chains.len();
        let sql = format!(
            "SELECT t.chain_id, t.block_number, t.block_time, t.tx_hash, t.tx_index, t.tx_from, \
             t.tx_to, t.nonce, t.from_addr, t.to_addr, t.kind, t.contract, t.token_id, t.amount, \
             m.name AS token_name, m.symbol AS token_symbol, m.decimals AS token_decimals, \
             f.name AS nft_name, f.image AS nft_image \
             FROM transfers t \
             LEFT JOIN token_meta m ON m.chain_id = t.chain_id AND m.contract = t.contract \
             LEFT JOIN nft_meta f ON f.chain_id = t.chain_id AND f.contract = t.contract \
             AND f.token_id = t.token_id \
             WHERE (t.from_addr = $1 OR t.to_addr = $1) AND t.chain_id IN ({}) \
             AND {KEY} <= ({}) AND {KEY} >= ({}) \
             ORDER BY {NEWEST_FIRST}, t.log_index, t.item",
            placeholders(2, n),
            placeholders(n + 2, 4),
            placeholders(n + 6, 4),
        );
        let mut query = sqlx::query(&sql).bind(address);
        for chain in chains {
            query = query.bind(chain);
        }
        for k in [newest, oldest] {
            query = query
                .bind(k.block_time)
                .bind(&k.chain_id)
                .bind(k.block_number)
                .bind(k.tx_index);
        }
        let rows = query.fetch_all(self.pool()).await?;
        Ok(rows.iter().map(history_row).collect::<Result<_, _>>()?)
    }

    /// Every ERC-721/1155 transfer touching `address` on `chain_id`, oldest first.
    pub(crate) async fn nft_rows(&self, chain_id: &str, address: &str) -> Result<Vec<NftRow>> {
        let rows = sqlx::query(
            "SELECT t.contract, t.token_id, t.from_addr, t.to_addr, t.amount, \
             m.name AS collection, f.name AS nft_name, f.image AS nft_image \
             FROM transfers t \
             LEFT JOIN token_meta m ON m.chain_id = t.chain_id AND m.contract = t.contract \
             LEFT JOIN nft_meta f ON f.chain_id = t.chain_id AND f.contract = t.contract \
             AND f.token_id = t.token_id \
             WHERE t.chain_id = $1 AND (t.from_addr = $2 OR t.to_addr = $2) \
             AND t.kind IN ('erc721', 'erc1155') \
             ORDER BY t.block_number, t.tx_index, t.log_index, t.item",
        )
        .bind(chain_id)
        .bind(address)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(nft_row).collect::<Result<_, _>>()?)
    }

    /// The ERC-20 tokens `address` received on `chain_id` (at most `limit`), oldest first.
    pub(crate) async fn seen_tokens(
        &self,
        chain_id: &str,
        address: &str,
        limit: i64,
    ) -> Result<Vec<SeenToken>> {
        let rows = sqlx::query(
            "SELECT m.contract, m.name, m.symbol, m.decimals FROM token_meta m \
             JOIN (SELECT contract, MIN(block_number) AS first_block FROM transfers \
                   WHERE chain_id = $1 AND to_addr = $2 AND kind = 'erc20' GROUP BY contract) s \
             ON s.contract = m.contract \
             WHERE m.chain_id = $1 ORDER BY s.first_block, m.contract LIMIT $3",
        )
        .bind(chain_id)
        .bind(address)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(seen_token).collect::<Result<_, _>>()?)
    }

    /// The addresses `address` chose to deal with on `chains`: in the transactions it sent
    /// itself (`tx_from`), the receivers of its transfers out and the transactions' recipients;
    /// from at most `limit` distinct pairs of them.
    pub(crate) async fn counterparties(
        &self,
        address: &str,
        chains: &[String],
        limit: i64,
    ) -> Result<Vec<String>> {
        if chains.is_empty() {
            return Ok(Vec::new());
        }
        // Along the index of the senders (`transfers_from`).
        let sql = format!(
            "SELECT DISTINCT t.to_addr, t.tx_to FROM transfers t \
             WHERE t.from_addr = $1 AND t.tx_from = $1 AND t.chain_id IN ({}) LIMIT $2",
            placeholders(3, chains.len())
        );
        let mut query = sqlx::query_as::<_, (String, String)>(&sql)
            .bind(address)
            .bind(limit);
        for chain in chains {
            query = query.bind(chain);
        }
        let pairs = query.fetch_all(self.pool()).await?;
        let mut out: Vec<String> = pairs.into_iter().flat_map(|(a, b)| [a, b]).collect();
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
}

fn history_row(r: &AnyRow) -> Result<HistoryRow, sqlx::Error> {
    Ok(HistoryRow {
        chain_id: r.try_get("chain_id")?,
        block_number: r.try_get("block_number")?,
        block_time: r.try_get("block_time")?,
        tx_hash: r.try_get("tx_hash")?,
        tx_index: r.try_get("tx_index")?,
        tx_from: r.try_get("tx_from")?,
        tx_to: r.try_get("tx_to")?,
        nonce: r.try_get("nonce")?,
        from_addr: r.try_get("from_addr")?,
        to_addr: r.try_get("to_addr")?,
        kind: r.try_get("kind")?,
        contract: r.try_get("contract")?,
        token_id: r.try_get("token_id")?,
        amount: r.try_get("amount")?,
        token_name: r.try_get("token_name")?,
        token_symbol: r.try_get("token_symbol")?,
        token_decimals: r.try_get("token_decimals")?,
        nft_name: r.try_get("nft_name")?,
        nft_image: r.try_get("nft_image")?,
    })
}

fn seen_token(r: &AnyRow) -> Result<SeenToken, sqlx::Error> {
    Ok(SeenToken {
        contract: r.try_get("contract")?,
        name: r.try_get("name")?,
        symbol: r.try_get("symbol")?,
        decimals: r.try_get("decimals")?,
    })
}

fn nft_row(r: &AnyRow) -> Result<NftRow, sqlx::Error> {
    Ok(NftRow {
        contract: r.try_get("contract")?,
        token_id: r.try_get("token_id")?,
        from_addr: r.try_get("from_addr")?,
        to_addr: r.try_get("to_addr")?,
        amount: r.try_get("amount")?,
        collection: r.try_get("collection")?,
        nft_name: r.try_get("nft_name")?,
        nft_image: r.try_get("nft_image")?,
    })
}
