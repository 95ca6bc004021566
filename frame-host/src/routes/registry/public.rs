//! The public images of spec §7, marks of frame-host's own shipped in `frame-host/images/`:
//! `GET /public/getAssetImage/{id}` (networks: a network's `assets.imageId`),
//! `GET /public/getCurrencyImage/{id}` (fiat currencies) and `GET /public/getTokenImage/{id}`
//! (tokens by symbol). Ids are matched without regard to case; each answer is an SVG like
//! `/getWalletImage`'s (ETag, cacheable a day).

use std::{collections::HashMap, sync::LazyLock};

use axum::{extract::Path, http::HeaderMap, response::Response, routing::get, Router};

use crate::{
    error::ApiError,
    http::ProjectParam,
    registry::image::{Image, ImageKind},
    state::AppState,
};

const ETHEREUM: &str = include_str!("../../../images/networks/ethereum.svg");
const POLYGON: &str = include_str!("../../../images/networks/polygon.svg");
const SOLANA: &str = include_str!("../../../images/networks/solana.svg");
const BITCOIN: &str = include_str!("../../../images/networks/bitcoin.svg");

/// Network marks by `assets.imageId`.
const ASSETS: &[(&str, &str)] = &[
    ("ethereum", ETHEREUM),
    ("base", include_str!("../../../images/networks/base.svg")),
    ("polygon", POLYGON),
    ("solana", SOLANA),
    ("bitcoin", BITCOIN),
    (
        "devnet",
        include_str!("../../../images/networks/devnet.svg"),
    ),
];

/// Currency marks by ISO 4217 code.
const CURRENCIES: &[(&str, &str)] = &[
    ("usd", include_str!("../../../images/currencies/usd.svg")),
    ("eur", include_str!("../../../images/currencies/eur.svg")),
];

/// Token marks by symbol; a network's coin wears its network's mark.
const TOKENS: &[(&str, &str)] = &[
    ("eth", ETHEREUM),
    ("pol", POLYGON),
    ("sol", SOLANA),
    ("btc", BITCOIN),
    ("usdc", include_str!("../../../images/tokens/usdc.svg")),
    ("dusd", include_str!("../../../images/tokens/dusd.svg")),
    ("dev", include_str!("../../../images/tokens/dev.svg")),
    ("dusdt", include_str!("../../../images/tokens/dusdt.svg")),
];

/// One kind of public image: its marks by lowercase id, and the 404 message.
struct Set {
    images: LazyLock<HashMap<&'static str, Image>>,
    unknown: &'static str,
}

impl Set {
    fn get(&self, id: &str) -> Result<&Image, ApiError> {
        self.images
            .get(id.to_ascii_lowercase().as_str())
            .ok_or(ApiError::NotFound(self.unknown))
    }
}

fn images(list: &'static [(&'static str, &'static str)]) -> HashMap<&'static str, Image> {
    list.iter()
        .map(|(id, svg)| (*id, Image::new(svg.as_bytes(), ImageKind::Svg)))
        .collect()
}

static ASSET_IMAGES: Set = Set {
    images: LazyLock::new(|| images(ASSETS)),
    unknown: "unknown asset image",
};
static CURRENCY_IMAGES: Set = Set {
    images: LazyLock::new(|| images(CURRENCIES)),
    unknown: "unknown currency image",
};
static TOKEN_IMAGES: Set = Set {
    images: LazyLock::new(|| images(TOKENS)),
    unknown: "unknown token image",
};

/// The three routes (the caller adds CORS).
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/public/getAssetImage/{id}", get(asset))
        .route("/public/getCurrencyImage/{id}", get(currency))
        .route("/public/getTokenImage/{id}", get(token))
}

async fn asset(
    _p: ProjectParam,
    Path(id): Path<String>,
    h: HeaderMap,
) -> Result<Response, ApiError> {
    Ok(ASSET_IMAGES.get(&id)?.respond(&h))
}

async fn currency(
    _p: ProjectParam,
    Path(id): Path<String>,
    h: HeaderMap,
) -> Result<Response, ApiError> {
    Ok(CURRENCY_IMAGES.get(&id)?.respond(&h))
}

async fn token(
    _p: ProjectParam,
    Path(id): Path<String>,
    h: HeaderMap,
) -> Result<Response, ApiError> {
    Ok(TOKEN_IMAGES.get(&id)?.respond(&h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_is_a_small_self_contained_svg() {
        for (id, svg) in ASSETS.iter().chain(CURRENCIES).chain(TOKENS) {
            assert_eq!(
                ImageKind::sniff(svg.as_bytes()),
                Some(ImageKind::Svg),
                "{id}"
            );
            assert!(
                svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
                "{id}"
            );
            assert!(svg.len() < 1024, "{id}: {} bytes", svg.len());
            for outside in [
                "href",
                "<script",
                "<image",
                "url(http",
                "@import",
                "<foreignObject",
            ] {
                assert!(!svg.contains(outside), "{id} has {outside}");
            }
            assert_eq!(*id, id.to_ascii_lowercase());
        }
    }
}
