//! The wallet-list service: `GET /getWallets` and `GET /getWalletImage/{image_id}`, and the
//! public images (`/public/getAssetImage/{id}`, `/public/getCurrencyImage/{id}`,
//! `/public/getTokenImage/{id}`). All are project-scoped and answer CORS requests from the
//! project's allowed origins.
//!
//! The wallets come from the copy of the WalletConnect registry in the database once one
//! exists (`walletconnect_registry` in the config; [`sync`] keeps it fresh), else from the
//! offline catalogue: the registry file loaded at startup (`wallet_registry`), or the registry
//! shipped in `fixtures/wallets/registry.json`.

mod catalog;
mod explorer;
mod image;
mod listing;
mod png;
mod public;
mod query;
mod state;
pub(crate) mod sync;
mod tile;
mod wallet;

use axum::{
    extract::{Path, State},
    http::HeaderMap,
    middleware,
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use serde::Serialize;

pub(crate) use catalog::Catalog;
pub(crate) use state::Registry;
pub use sync::RegistrySyncReport;

use crate::{
    api::{ApiError, ApiQuery, ProjectParam},
    cors, AppState,
};
use image::{Image, ImageKind};
use query::WalletsQuery;
use wallet::Wallet;

/// Routes of this module.
pub(crate) fn router(state: &AppState) -> Router<AppState> {
    Router::new()
        .route("/getWallets", get(wallets))
        .route("/getWalletImage/{image_id}", get(wallet_image))
        .merge(public::router())
        .layer(middleware::from_fn_with_state(
            state.clone(),
            cors::project_origins,
        ))
}

/// The answer of `/getWallets`.
#[derive(Serialize)]
struct WalletsPage<'a> {
    data: Vec<&'a Wallet>,
    count: usize,
}

async fn wallets(
    State(state): State<AppState>,
    _project: ProjectParam,
    ApiQuery(query): ApiQuery<WalletsQuery>,
) -> Result<Response, ApiError> {
    let query = query.parse()?;
    let current = state.registry().current();
    let (data, count) = current
        .catalog
        .query(&query.filter, query.page, query.entries);
    Ok(Json(WalletsPage { data, count }).into_response())
}

/// A wallet's logo from the registry copy, else its letter tile.
async fn wallet_image(
    State(state): State<AppState>,
    _project: ProjectParam,
    Path(image_id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let current = state.registry().current();
    if current.synced {
        let stored = state.store().registry_image(&image_id).await?;
        let logo = stored.and_then(|s| {
            let kind = ImageKind::from_media_type(&s.media_type)?;
            Some(Image::new(s.bytes, kind))
        });
        if let Some(logo) = logo {
            return Ok(logo.respond(&headers));
        }
    }
    let tile = current
        .catalog
        .tile(&image_id)
        .ok_or(ApiError::NotFound("unknown wallet image"))?;
    Ok(tile.respond(&headers))
}
