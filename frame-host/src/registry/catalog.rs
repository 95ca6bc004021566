//! [`Catalog`]: one wallet list (the offline one loaded at startup, or a copy of the
//! WalletConnect registry), a letter tile per wallet, and the `/getWallets` query.

use std::{
    collections::{HashMap, HashSet},
    path::Path,
    sync::OnceLock,
};

use serde::Deserialize;

use super::{
    image::{Image, ImageKind},
    tile,
    wallet::{BadgeType, Wallet, WalletRules},
};
use crate::error::{Error, Result};

/// The registry shipped with frame-host (`fixtures/wallets/registry.json`), used when the
/// config names no file.
const BUILT_IN: &str = include_str!("../../../fixtures/wallets/registry.json");

/// The only registry file format version.
const FORMAT_VERSION: u32 = 1;

/// The registry file: `{ "version": 1, "wallets": [...] }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryFile {
    version: u32,
    wallets: Vec<Wallet>,
}

/// A validated wallet list, sorted by `order` (then name), with a letter tile per wallet.
#[derive(Debug)]
pub(crate) struct Catalog {
    wallets: Vec<Wallet>,
    /// Lowercased names, index for index with `wallets`, for search.
    names: Vec<String>,
    /// Each wallet's index in `wallets`, by its `image_id`.
    tiles: HashMap<String, usize>,
    /// Each wallet's letter tile, index for index with `wallets`, drawn when first asked for:
    /// a registry copy lists hundreds of wallets, and most of their tiles are never shown.
    drawn: Vec<OnceLock<Image>>,
}

/// Which wallets a query asks for. Empty lists mean "no constraint".
#[derive(Debug, Default)]
pub(crate) struct Filter {
    /// Only these ids, when non-empty.
    pub(crate) include: HashSet<String>,
    /// Never these ids.
    pub(crate) exclude: HashSet<String>,
    /// Wallets supporting any of these CAIP-2 ids, when non-empty.
    pub(crate) chains: Vec<String>,
    /// A case-insensitive part of the name, when non-empty.
    pub(crate) search: String,
    /// Only this badge, when set.
    pub(crate) badge: Option<BadgeType>,
}

impl Catalog {
    /// Loads the registry from `path`, or the built-in one when `None`, and validates it.
    pub(crate) fn load(path: Option<&Path>) -> Result<Self> {
        match path {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|source| Error::RegistryRead {
                    path: path.to_path_buf(),
                    source,
                })?;
                Self::parse(&text, &format!("file {}", path.display()))
            }
            None => Self::parse(BUILT_IN, "built-in"),
        }
    }

    /// Parses and validates registry JSON; `origin` names it in errors.
    pub(crate) fn parse(text: &str, origin: &str) -> Result<Self> {
        let invalid = |reason: String| Error::InvalidRegistry {
            origin: origin.into(),
            reason,
        };
        let file: RegistryFile = serde_json::from_str(text).map_err(|e| invalid(e.to_string()))?;
        if file.version != FORMAT_VERSION {
            return Err(invalid(format!(
                "unsupported version {}: expected {FORMAT_VERSION}",
                file.version
            )));
        }
        if file.wallets.is_empty() {
            return Err(invalid("no wallets".into()));
        }
        let mut ids = HashSet::new();
        let mut image_ids = HashSet::new();
        for (i, wallet) in file.wallets.iter().enumerate() {
            let at = |reason: String| invalid(format!("wallet {i} ({:?}): {reason}", wallet.name));
            wallet.validate().map_err(at)?;
            if !ids.insert(wallet.id.as_str()) {
                return Err(at(format!("duplicate id {}", wallet.id)));
            }
            if !image_ids.insert(wallet.image_id.as_str()) {
                return Err(at(format!("duplicate image_id {}", wallet.image_id)));
            }
        }
        Ok(Self::new(file.wallets))
    }

    /// A catalog of `wallets`, already checked.
    pub(crate) fn new(mut wallets: Vec<Wallet>) -> Self {
        wallets.sort_by(|a, b| a.order.cmp(&b.order).then_with(|| a.name.cmp(&b.name)));
        let tiles = wallets
            .iter()
            .enumerate()
            .map(|(i, w)| (w.image_id.clone(), i))
            .collect();
        let names = wallets.iter().map(|w| w.name.to_lowercase()).collect();
        let drawn = wallets.iter().map(|_| OnceLock::new()).collect();
        Self {
            wallets,
            names,
            tiles,
            drawn,
        }
    }

    /// The letter tile of the wallet whose `image_id` this is.
    pub(crate) fn tile(&self, image_id: &str) -> Option<&Image> {
        let &i = self.tiles.get(image_id)?;
        let wallet = &self.wallets[i];
        Some(
            self.drawn[i].get_or_init(|| {
                Image::new(tile::wallet_png(&wallet.name, &wallet.id), ImageKind::Png)
            }),
        )
    }

    /// Page `page` (1-based) of `entries` wallets matching `filter`, in registry order, and
    /// how many match in all.
    pub(crate) fn query(
        &self,
        filter: &Filter,
        page: usize,
        entries: usize,
    ) -> (Vec<&Wallet>, usize) {
        let search = filter.search.to_lowercase();
        let matching: Vec<&Wallet> = self
            .wallets
            .iter()
            .zip(&self.names)
            .filter(|(w, name)| {
                (filter.include.is_empty() || filter.include.contains(&w.id))
                    && !filter.exclude.contains(&w.id)
                    && (filter.chains.is_empty() || w.supports_any(&filter.chains))
                    && (search.is_empty() || name.contains(&search))
                    && filter.badge.is_none_or(|b| b == w.badge_type)
            })
            .map(|(w, _)| w)
            .collect();
        let count = matching.len();
        let start = page.saturating_sub(1).saturating_mul(entries);
        let data = matching.into_iter().skip(start).take(entries).collect();
        (data, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn built_in() -> Catalog {
        Catalog::load(None).unwrap()
    }

    #[test]
    fn a_tile_is_drawn_when_first_asked_for_and_kept() {
        let r = built_in();
        assert!(r.drawn.iter().all(|t| t.get().is_none()), "none at load");
        let id = &r.wallets[3].image_id;
        let first = r.tile(id).unwrap();
        assert!(std::ptr::eq(first, r.tile(id).unwrap()), "drawn once");
        assert_eq!(r.drawn.iter().filter(|t| t.get().is_some()).count(), 1);
        let other = r.tile(&r.wallets[4].image_id).unwrap();
        assert_ne!(first.bytes, other.bytes);
        assert!(r.tile("no-such-image").is_none());
    }

    #[test]
    fn the_shipped_registry_is_valid_and_large_enough() {
        let r = built_in();
        let (all, count) = r.query(&Filter::default(), 1, usize::MAX);
        assert!(count >= 120, "{count}");
        assert_eq!(all.len(), count);
        assert!(all.windows(2).all(|w| w[0].order <= w[1].order));
        assert!(all.iter().all(|w| r.tile(&w.image_id).is_some()));
        for ns in ["eip155:", "solana:", "bip122:"] {
            assert!(all
                .iter()
                .any(|w| w.chains.iter().any(|c| c.starts_with(ns))));
        }
        assert!(all.iter().any(|w| w.badge_type == BadgeType::Certified));
        assert!(all.iter().any(|w| w.badge_type == BadgeType::None));
    }

    fn one(wallet: serde_json::Value) -> String {
        let text = serde_json::json!({ "version": 1, "wallets": [wallet] }).to_string();
        Catalog::parse(&text, "file x.json")
            .unwrap_err()
            .to_string()
    }

    fn sample() -> serde_json::Value {
        serde_json::from_str::<serde_json::Value>(BUILT_IN).unwrap()["wallets"][0].clone()
    }

    #[test]
    fn errors_name_the_file_the_wallet_and_the_problem() {
        let mut w = sample();
        w["chains"] = serde_json::json!(["eip155:1", "nope"]);
        assert_eq!(
            one(w),
            "invalid wallet registry file x.json: wallet 0 (\"MetaMask\"): Invalid CAIP-2 network id: nope"
        );
        let mut w = sample();
        w["extra"] = serde_json::json!(1);
        assert!(one(w).contains("unknown field `extra`"));
        let mut w = sample();
        w["badge_type"] = serde_json::json!("gold");
        assert!(one(w).contains("unknown variant `gold`"));
        let e = Catalog::parse("{\"version\":2,\"wallets\":[]}", "built-in").unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid wallet registry built-in: unsupported version 2: expected 1"
        );
        let e = Catalog::parse("{\"version\":1,\"wallets\":[]}", "built-in").unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid wallet registry built-in: no wallets"
        );
        assert!(Catalog::parse("[", "built-in")
            .unwrap_err()
            .to_string()
            .starts_with("invalid wallet registry built-in: EOF"));
    }

    #[test]
    fn duplicates_are_refused() {
        let w = sample();
        let text = serde_json::json!({ "version": 1, "wallets": [w, w] }).to_string();
        let e = Catalog::parse(&text, "built-in").unwrap_err().to_string();
        assert!(e.contains("wallet 1 (\"MetaMask\"): duplicate id"), "{e}");
        let mut other = w.clone();
        other["id"] = serde_json::json!("b".repeat(64));
        let text = serde_json::json!({ "version": 1, "wallets": [w, other] }).to_string();
        let e = Catalog::parse(&text, "built-in").unwrap_err().to_string();
        assert!(e.contains("duplicate image_id"), "{e}");
    }

    #[test]
    fn a_missing_file_is_a_read_error() {
        let e = Catalog::load(Some(Path::new("/nonexistent/registry.json"))).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("cannot read wallet registry /nonexistent/registry.json"),
            "{e}"
        );
    }
}
