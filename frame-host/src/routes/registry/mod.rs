//! The wallet-list service (`API.md`, "Wallet registry"): `GET /getWallets` and
//! `GET /getWalletImage/{image_id}` over [`WalletRegistry`], and the public images
//! (`public`). All are project-scoped and answer CORS requests from the project's allowed
//! origins.

mod public;

use axum::{
    extract::{Path, State},
    http::HeaderMap,
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use oriel_protocol::http::wallets::WalletsPage;

use crate::{
    error::ApiError,
    http::{cors, ApiQuery, ProjectParam},
    projects::Projects,
    registry::{
        image::{Image, ImageKind},
        query::{self, WalletsQuery},
        WalletRegistry,
    },
    state::AppState,
};

/// Routes of this module.
pub(crate) fn router(projects: &Projects) -> Router<AppState> {
    let routes = Router::new()
        .route("/getWallets", get(wallets))
        .route("/getWalletImage/{image_id}", get(wallet_image))
        .merge(public::router());
    cors::with_project_origins(routes, projects)
}

async fn wallets(
    State(state): State<WalletRegistry>,
    _project: ProjectParam,
    ApiQuery(query): ApiQuery<WalletsQuery>,
) -> Result<Response, ApiError> {
    let query = query::parse(query)?;
    let current = state.registry().current();
    let (data, count) = current
        .catalog
        .query(&query.filter, query.page, query.entries);
    let page = WalletsPage {
        data: data.into_iter().cloned().collect(),
        count: count as u64,
    };
    Ok(Json(page).into_response())
}

/// A wallet's logo from the registry copy, else its letter tile.
async fn wallet_image(
    State(state): State<WalletRegistry>,
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
