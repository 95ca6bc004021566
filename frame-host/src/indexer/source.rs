//! [`IndexedHistory`]: the [`HistorySource`] over frame-host's own index. Its cursor is the
//! sort key of the last transaction of a page, as base64url JSON.

use std::collections::HashMap;

use alloy_primitives::U256;
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use oriel_protocol::{caip::is_caip2, http::history::HISTORY_PAGE_SIZE};

use super::{BoxFuture, HeldNft, HistoryPage, HistorySource};
use crate::{
    error::ApiError,
    store::{SeenToken, Store, TxKey},
};

/// The longest cursor read.
const MAX_CURSOR_LEN: usize = 300;
/// The most received tokens listed per address and chain.
const MAX_SEEN_TOKENS: i64 = 100;
/// The most (receiver, recipient) pairs of an address's own transfers read for the look-alike
/// rule: far more than a person deals with.
const MAX_COUNTERPARTIES: i64 = 5_000;

/// The built-in history source.
#[derive(Debug)]
pub(crate) struct IndexedHistory {
    store: Store,
    chains: Vec<String>,
}

impl IndexedHistory {
    /// Reads `store`, which the indexer fills for `chains`.
    pub(crate) fn new(store: Store, chains: Vec<String>) -> Self {
        Self { store, chains }
    }
}

fn encode(key: &TxKey) -> String {
    let json = serde_json::json!([key.block_time, key.chain_id, key.block_number, key.tx_index]);
    URL_SAFE_NO_PAD.encode(json.to_string())
}

fn decode(cursor: &str) -> Option<TxKey> {
    if cursor.len() > MAX_CURSOR_LEN {
        return None;
    }
    let bytes = URL_SAFE_NO_PAD.decode(cursor).ok()?;
    let (block_time, chain_id, block_number, tx_index): (i64, String, i64, i64) =
        serde_json::from_slice(&bytes).ok()?;
    (is_caip2(&chain_id) && block_time >= 0 && block_number >= 0 && tx_index >= 0).then_some(
        TxKey {
            block_time,
            chain_id,
            block_number,
            tx_index,
        },
    )
}

impl HistorySource for IndexedHistory {
    fn covers(&self, chain_id: &str) -> bool {
        self.chains.iter().any(|c| c == chain_id)
    }

    fn history<'a>(
        &'a self,
        address: &'a str,
        chains: &'a [String],
        cursor: Option<&'a str>,
    ) -> BoxFuture<'a, Result<HistoryPage, ApiError>> {
        Box::pin(async move {
            let after = cursor
                .map(|c| decode(c).ok_or_else(|| ApiError::invalid("Invalid cursor")))
                .transpose()?;
            let limit = HISTORY_PAGE_SIZE as i64;
            let mut keys = self
                .store
                .history_keys(address, chains, after.as_ref(), limit + 1)
                .await?;
            let more = keys.len() > HISTORY_PAGE_SIZE;
            keys.truncate(HISTORY_PAGE_SIZE);
            let (Some(newest), Some(oldest)) = (keys.first(), keys.last()) else {
                return Ok(HistoryPage::default());
            };
            let rows = self
                .store
                .history_rows(address, chains, newest, oldest)
                .await?;
            Ok(HistoryPage {
                rows,
                next: more.then(|| encode(oldest)),
            })
        })
    }

    fn owned_nfts<'a>(
        &'a self,
        chain_id: &'a str,
        address: &'a str,
    ) -> BoxFuture<'a, Result<Vec<HeldNft>, ApiError>> {
        Box::pin(async move {
            let rows = self.store.nft_rows(chain_id, address).await?;
            // Per token: received, sent, when last received (row order), what it is.
            let mut held: HashMap<(String, String), (U256, U256, usize, HeldNft)> = HashMap::new();
            for (at, row) in rows.into_iter().enumerate() {
                let amount = U256::from_str_radix(&row.amount, 10).unwrap_or_default();
                let entry = held
                    .entry((row.contract.clone(), row.token_id.clone()))
                    .or_insert_with(|| {
                        let nft = HeldNft {
                            contract: row.contract.clone(),
                            token_id: row.token_id.clone(),
                            name: row.nft_name.clone(),
                            collection: row.collection.clone(),
                            image: row.nft_image.clone(),
                        };
                        (U256::ZERO, U256::ZERO, at, nft)
                    });
                if row.to_addr == address {
                    entry.0 = entry.0.saturating_add(amount);
                    entry.2 = at;
                }
                if row.from_addr == address {
                    entry.1 = entry.1.saturating_add(amount);
                }
            }
            let mut owned: Vec<(usize, HeldNft)> = held
                .into_values()
                .filter(|(received, sent, _, _)| received > sent)
                .map(|(_, _, at, nft)| (at, nft))
                .collect();
            owned.sort_by_key(|nft| std::cmp::Reverse(nft.0));
            Ok(owned.into_iter().map(|(_, nft)| nft).collect())
        })
    }

    fn seen_tokens<'a>(
        &'a self,
        chain_id: &'a str,
        address: &'a str,
    ) -> BoxFuture<'a, Result<Vec<SeenToken>, ApiError>> {
        Box::pin(async move {
            Ok(self
                .store
                .seen_tokens(chain_id, address, MAX_SEEN_TOKENS)
                .await?)
        })
    }

    fn counterparties<'a>(
        &'a self,
        address: &'a str,
        chains: &'a [String],
    ) -> BoxFuture<'a, Result<Vec<String>, ApiError>> {
        Box::pin(async move {
            Ok(self
                .store
                .counterparties(address, chains, MAX_COUNTERPARTIES)
                .await?)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_garbage_is_refused() {
        let key = TxKey {
            block_time: 1_700_000_000,
            chain_id: "eip155:31337".into(),
            block_number: 12,
            tx_index: 3,
        };
        assert_eq!(decode(&encode(&key)), Some(key));
        for bad in [
            "",
            "garbage",
            "!!!",
            &URL_SAFE_NO_PAD.encode("[1,\"nope\",2,3]"),
            &URL_SAFE_NO_PAD.encode("[1,\"eip155:1\",-2,3]"),
            &URL_SAFE_NO_PAD.encode("{\"a\":1}"),
            &"A".repeat(400),
        ] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}
