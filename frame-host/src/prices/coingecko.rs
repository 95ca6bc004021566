//! Prices from a CoinGecko-compatible API (`prices_url`): `GET {url}/simple/token_price/
//! {platform}?contract_addresses=…&vs_currencies=usd` for a network's tokens and
//! `GET {url}/simple/price?ids=…&vs_currencies=usd` for native coins, by the network's
//! `coingecko_platform` and `coingecko_native_id`. Answers (a missing price included) are
//! reused for [`CACHE_MS`]; a failed request is logged and its prices are unknown (not cached).

use std::{
    collections::HashMap,
    sync::{Mutex, PoisonError},
    time::Duration,
};

use serde_json::Value;

use crate::chain::AssetKey;
use crate::chain::NetworkConfig;

/// How long a price (or its absence) is reused.
pub(crate) const CACHE_MS: i64 = 60_000;
/// How long one request may take.
const TIMEOUT: Duration = Duration::from_secs(5);
/// The largest answer read.
const MAX_BODY: usize = 1024 * 1024;
/// Cached prices kept at most; past that the cache starts again.
const CACHE_ENTRIES: usize = 10_000;

/// A network's CoinGecko ids.
#[derive(Debug, Clone)]
struct Ids {
    platform: Option<String>,
    native: Option<String>,
}

/// The API client and its cache.
#[derive(Debug)]
pub(crate) struct PriceApi {
    base: String,
    http: reqwest::Client,
    networks: HashMap<String, Ids>,
    cache: Mutex<HashMap<AssetKey, (i64, Option<f64>)>>,
}

/// What one asset is, as the API names it.
enum Asset<'a> {
    Token { platform: &'a str, address: &'a str },
    Native { id: &'a str },
}

impl PriceApi {
    /// A client of the API at `base` for `networks`' CoinGecko ids.
    pub(crate) fn new(base: &str, networks: &[NetworkConfig]) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(TIMEOUT)
            .build()?;
        let networks = networks
            .iter()
            .map(|n| {
                let ids = Ids {
                    platform: n.coingecko_platform.clone(),
                    native: n.coingecko_native_id.clone(),
                };
                (n.chain_id.clone(), ids)
            })
            .collect();
        Ok(Self {
            base: base.trim_end_matches('/').to_owned(),
            http,
            networks,
            cache: Mutex::default(),
        })
    }

    /// How the API names `key`, if its network has the id for it.
    fn asset<'a>(&'a self, key: &'a AssetKey) -> Option<Asset<'a>> {
        let id = key.as_str();
        if let Some((chain, asset)) = id.split_once('/') {
            let native = asset.starts_with("slip44:");
            let ids = self.networks.get(chain)?;
            return native
                .then_some(())
                .and(ids.native.as_deref())
                .map(|id| Asset::Native { id });
        }
        let split = id.match_indices(':').nth(1)?.0;
        let platform = self.networks.get(&id[..split])?.platform.as_deref()?;
        Some(Asset::Token {
            platform,
            address: &id[split + 1..],
        })
    }

    /// The prices of `keys` the API knows, asking only for those not cached at `now_ms`.
    pub(crate) async fn prices(&self, keys: &[AssetKey], now_ms: i64) -> HashMap<AssetKey, f64> {
        let mut found = HashMap::new();
        let mut tokens: HashMap<&str, Vec<(&AssetKey, &str)>> = HashMap::new();
        let mut natives: Vec<(&AssetKey, &str)> = Vec::new();
        {
            let cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
            for key in keys {
                if let Some((at, price)) = cache.get(key) {
                    if now_ms - at < CACHE_MS {
                        if let Some(p) = price {
                            found.insert(key.clone(), *p);
                        }
                        continue;
                    }
                }
                match self.asset(key) {
                    Some(Asset::Token { platform, address }) => {
                        tokens.entry(platform).or_default().push((key, address));
                    }
                    Some(Asset::Native { id }) => natives.push((key, id)),
                    None => {}
                }
            }
        }
        let mut answers: Vec<(AssetKey, Option<f64>)> = Vec::new();
        for (platform, wanted) in tokens {
            let list: Vec<&str> = wanted.iter().map(|(_, a)| *a).collect();
            let url = format!(
                "{}/simple/token_price/{platform}?contract_addresses={}&vs_currencies=usd",
                self.base,
                list.join(",")
            );
            if let Some(body) = self.get(&url).await {
                for (key, address) in wanted {
                    answers.push((key.clone(), usd(&body, address)));
                }
            }
        }
        if !natives.is_empty() {
            let mut ids: Vec<&str> = natives.iter().map(|(_, id)| *id).collect();
            ids.sort_unstable();
            ids.dedup();
            let url = format!(
                "{}/simple/price?ids={}&vs_currencies=usd",
                self.base,
                ids.join(",")
            );
            if let Some(body) = self.get(&url).await {
                for (key, id) in natives {
                    answers.push((key.clone(), usd(&body, id)));
                }
            }
        }
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.len() + answers.len() > CACHE_ENTRIES {
            cache.clear();
        }
        for (key, price) in answers {
            if let Some(p) = price {
                found.insert(key.clone(), p);
            }
            cache.insert(key, (now_ms, price));
        }
        found
    }

    /// The JSON object at `url`; `None` (logged) when the request fails or answers anything
    /// else.
    async fn get(&self, url: &str) -> Option<Value> {
        let failed = |reason: String| {
            tracing::warn!(%url, %reason, "the price API failed: prices unknown");
            None
        };
        let mut response = match self.http.get(url).send().await {
            Ok(r) => r,
            Err(e) => return failed(e.to_string()),
        };
        if !response.status().is_success() {
            return failed(format!("HTTP status {}", response.status()));
        }
        let mut bytes = Vec::new();
        loop {
            match response.chunk().await {
                Ok(Some(chunk)) if bytes.len() + chunk.len() <= MAX_BODY => {
                    bytes.extend_from_slice(&chunk);
                }
                Ok(Some(_)) => return failed(format!("answer larger than {MAX_BODY} bytes")),
                Ok(None) => break,
                Err(e) => return failed(e.to_string()),
            }
        }
        match serde_json::from_slice::<Value>(&bytes) {
            Ok(body) if body.is_object() => Some(body),
            Ok(_) => failed("the answer is not a JSON object".into()),
            Err(e) => failed(format!("the answer is not JSON: {e}")),
        }
    }
}

/// `body[id].usd` as a finite price from 0; `None` when missing or not one (never 0 for
/// unknown). CoinGecko lowercases contract addresses in its answers.
fn usd(body: &Value, id: &str) -> Option<f64> {
    body.get(id)
        .or_else(|| body.get(id.to_ascii_lowercase()))?
        .get("usd")?
        .as_f64()
        .filter(|p| p.is_finite() && *p >= 0.0)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::usd;

    #[test]
    fn prices_in_an_answer() {
        let body = json!({ "0xabc": { "usd": 1.0001 }, "ethereum": { "usd": 3000 }, "bad": { "usd": "1" }, "none": {} });
        assert_eq!(usd(&body, "0xabc"), Some(1.0001));
        assert_eq!(usd(&body, "0xABC"), Some(1.0001));
        assert_eq!(usd(&body, "ethereum"), Some(3000.0));
        for missing in ["bad", "none", "solana"] {
            assert_eq!(usd(&body, missing), None, "{missing}");
        }
    }
}
