//! Bitcoin balances from Esplora-compatible APIs (`[[esplora]]`): `GET {url}/address/{address}`
//! answers the address's funded and spent sums, confirmed (`chain_stats`) and unconfirmed
//! (`mempool_stats`), in satoshis.

use std::{collections::HashMap, time::Duration};

use serde::Deserialize;

use crate::error::ApiError;

/// An Esplora-compatible API (Blockstream's Esplora, mempool.space's) for one Bitcoin network.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EsploraConfig {
    /// The network's CAIP-2 id, such as `bip122:000000000019d6689c085ae165831e93` (mainnet).
    pub chain_id: String,
    /// The API's base URL (`http(s)://`, no trailing slash), such as `https://blockstream.info/api`.
    pub url: String,
}

/// The largest answer read: an address summary is a few hundred bytes.
const MAX_BODY: usize = 64 * 1024;
/// How long one Esplora call may take.
const TIMEOUT: Duration = Duration::from_secs(10);

/// The Esplora API of each configured Bitcoin network. Cloning shares the connection pool.
#[derive(Debug, Clone)]
pub(crate) struct Esplora {
    http: reqwest::Client,
    urls: HashMap<String, String>,
}

#[derive(Deserialize)]
struct Stats {
    funded_txo_sum: u64,
    spent_txo_sum: u64,
}

#[derive(Deserialize)]
struct AddressSummary {
    chain_stats: Stats,
    mempool_stats: Stats,
}

/// A Bitcoin address as Esplora takes it: base58 (legacy, P2SH) or bech32/bech32m, 26 to 90
/// letters and digits. Esplora itself rejects one that does not decode.
pub(crate) fn is_bitcoin_address(text: &str) -> bool {
    (26..=90).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl Esplora {
    /// The APIs of `configs` (validated with the config), with no redirects and a timeout.
    pub(crate) fn new(configs: &[EsploraConfig]) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(TIMEOUT)
            .build()?;
        let urls = configs
            .iter()
            .map(|c| (c.chain_id.clone(), c.url.clone()))
            .collect();
        Ok(Self { http, urls })
    }

    /// Whether `chain_id` has an Esplora API.
    pub(crate) fn covers(&self, chain_id: &str) -> bool {
        self.urls.contains_key(chain_id)
    }

    /// The balance of `address` on `chain_id` in satoshis, unconfirmed payments included.
    pub(crate) async fn balance(&self, chain_id: &str, address: &str) -> Result<u64, ApiError> {
        let Some(base) = self.urls.get(chain_id) else {
            return Err(ApiError::InvalidParams(format!(
                "Unsupported chainId: {chain_id}"
            )));
        };
        let failed = || ApiError::Upstream(format!("The Esplora API of {chain_id} failed"));
        let mut response = self
            .http
            .get(format!("{base}/address/{address}"))
            .send()
            .await
            .map_err(|e| {
                tracing::warn!(%chain_id, error = %e, "esplora request failed");
                failed()
            })?;
        let status = response.status();
        if status == reqwest::StatusCode::BAD_REQUEST {
            return Err(ApiError::invalid("Invalid address"));
        }
        if !status.is_success() {
            tracing::warn!(%chain_id, %status, "esplora answered an error");
            return Err(failed());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|_| failed())? {
            if body.len() + chunk.len() > MAX_BODY {
                return Err(failed());
            }
            body.extend_from_slice(&chunk);
        }
        let summary: AddressSummary = serde_json::from_slice(&body).map_err(|e| {
            tracing::warn!(%chain_id, error = %e, "esplora answer is not an address summary");
            failed()
        })?;
        let total = |s: &Stats| s.funded_txo_sum.saturating_sub(s.spent_txo_sum);
        let pending = i128::from(summary.mempool_stats.funded_txo_sum)
            - i128::from(summary.mempool_stats.spent_txo_sum);
        let sats = i128::from(total(&summary.chain_stats)) + pending;
        Ok(u64::try_from(sats.max(0)).unwrap_or(u64::MAX))
    }
}
