//! The operator's price source: the prices file (`prices_file`), a JSON object of asset ids
//! to USD prices, such as `{ "eip155:31337/slip44:60": 3000, "eip155:31337:0xAbC…": 1 }`.
//! It is read at startup (a bad file stops frame-host) and read again when its modification
//! time or size changes, so a demo can rewrite it while frame-host runs. Prices the file does
//! not have come from the CoinGecko-compatible API of `prices_url`, when configured
//! ([`PriceApi`]).

use std::{
    collections::HashMap,
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
    time::SystemTime,
};

mod coingecko;

use coingecko::PriceApi;

use crate::chain::AssetKey;
use crate::chain::NetworkConfig;
use crate::error::{Error, Result};

/// Prices by canonical asset id.
type PriceMap = HashMap<AssetKey, f64>;

/// Where prices come from. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Prices {
    file: Option<Arc<PriceFile>>,
    api: Option<Arc<PriceApi>>,
}

#[derive(Debug)]
struct PriceFile {
    path: PathBuf,
    loaded: Mutex<Loaded>,
}

/// The file's contents and the (modification time, size) they were read at.
#[derive(Debug, Clone)]
struct Loaded {
    stamp: (SystemTime, u64),
    prices: Arc<PriceMap>,
}

impl Prices {
    /// The sources of `prices_file`, read now, and of `prices_url` for `networks`; with
    /// neither, every price is unknown.
    pub(crate) fn load(
        path: Option<&Path>,
        url: Option<&str>,
        networks: &[NetworkConfig],
    ) -> Result<Self> {
        let api = url
            .map(|url| PriceApi::new(url, networks))
            .transpose()
            .map_err(Error::HttpClient)?;
        let file = path
            .map(|path| {
                let loaded = read(path)?;
                Ok::<_, Error>(PriceFile {
                    path: path.to_path_buf(),
                    loaded: Mutex::new(loaded),
                })
            })
            .transpose()?;
        Ok(Self {
            file: file.map(Arc::new),
            api: api.map(Arc::new),
        })
    }

    /// The prices of `keys` at `now_ms`: the file's, then the API's for the others. Unknown
    /// prices are absent.
    pub(crate) async fn lookup(&self, keys: &[AssetKey], now_ms: i64) -> Result<PriceMap> {
        let file = self.current()?;
        let mut prices: PriceMap = keys
            .iter()
            .filter_map(|k| Some((k.clone(), *file.get(k)?)))
            .collect();
        if let Some(api) = &self.api {
            let missing: Vec<AssetKey> = keys
                .iter()
                .filter(|k| !prices.contains_key(*k))
                .cloned()
                .collect();
            if !missing.is_empty() {
                prices.extend(api.prices(&missing, now_ms).await);
            }
        }
        Ok(prices)
    }

    /// The current prices, re-reading the file if it changed. A file that became unreadable
    /// or invalid is an error (the caller answers 500 and logs it), never a silent empty map.
    fn current(&self) -> Result<Arc<PriceMap>> {
        let Some(file) = &self.file else {
            return Ok(Arc::default());
        };
        let stamp = stamp(&file.path)?;
        let mut loaded = file
            .loaded
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if loaded.stamp != stamp {
            *loaded = read(&file.path)?;
        }
        Ok(loaded.prices.clone())
    }
}

fn stamp(path: &Path) -> Result<(SystemTime, u64)> {
    let meta = std::fs::metadata(path).map_err(|source| Error::PricesRead {
        path: path.to_path_buf(),
        source,
    })?;
    let modified = meta.modified().map_err(|source| Error::PricesRead {
        path: path.to_path_buf(),
        source,
    })?;
    Ok((modified, meta.len()))
}

fn read(path: &Path) -> Result<Loaded> {
    // The stamp first: a write racing this read is seen as a change next time.
    let stamp = stamp(path)?;
    let text = std::fs::read_to_string(path).map_err(|source| Error::PricesRead {
        path: path.to_path_buf(),
        source,
    })?;
    let invalid = |reason: String| Error::InvalidPrices {
        path: path.to_path_buf(),
        reason,
    };
    let raw: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).map_err(|e| {
            invalid(format!(
                "expected a JSON object of asset ids to prices: {e}"
            ))
        })?;
    let mut prices = PriceMap::with_capacity(raw.len());
    for (id, value) in raw {
        let key = AssetKey::parse(&id).ok_or_else(|| {
            invalid(format!(
                "invalid asset id {id:?}: expected namespace:reference:address or a CAIP-19 id"
            ))
        })?;
        let price = value
            .as_f64()
            .filter(|p| p.is_finite() && *p >= 0.0)
            .ok_or_else(|| {
                invalid(format!(
                    "{id:?}: invalid price {value}: expected a number from 0"
                ))
            })?;
        if prices.insert(key, price).is_some() {
            return Err(invalid(format!("{id:?}: the same asset is listed twice")));
        }
    }
    Ok(Loaded {
        stamp,
        prices: Arc::new(prices),
    })
}
