//! The wallet-list service: `GET /getWallets` and `GET /getWalletImage/{image_id}`, served
//! from the registry file loaded at startup (`wallet_registry` in the config, else the
//! registry shipped in `fixtures/wallets/registry.json`). Both are project-scoped and answer
//! CORS requests from the project's allowed origins.

mod catalog;
mod image;
mod query;
mod wallet;

use axum::{
    extract::{Path, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    middleware,
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use serde::Serialize;

pub(crate) use catalog::Registry;

use crate::{
    api::{ApiError, ApiQuery, ProjectParam},
    cors, AppState,
};
use query::WalletsQuery;
use wallet::Wallet;

/// How long browsers and caches may keep a wallet image, in seconds (one day).
const IMAGE_MAX_AGE_SECS: u32 = 86_400;

/// Routes of this module.
pub(crate) fn router(state: &AppState) -> Router<AppState> {
    Router::new()
        .route("/getWallets", get(wallets))
        .route("/getWalletImage/{image_id}", get(wallet_image))
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
    let (data, count) = state
        .registry()
        .query(&query.filter, query.page, query.entries);
    Ok(Json(WalletsPage { data, count }).into_response())
}

async fn wallet_image(
    State(state): State<AppState>,
    _project: ProjectParam,
    Path(image_id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let image = state
        .registry()
        .image(&image_id)
        .ok_or(ApiError::NotFound("unknown wallet image"))?;
    let etag = HeaderValue::from_str(&image.etag)
        .map_err(|_| ApiError::NotFound("unknown wallet image"))?;
    let cache = HeaderValue::from_str(&format!("public, max-age={IMAGE_MAX_AGE_SECS}"))
        .map_err(|_| ApiError::NotFound("unknown wallet image"))?;
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .any(|t| t.trim() == image.etag || t.trim() == "*")
        });
    let common = [
        (header::ETAG, etag),
        (header::CACHE_CONTROL, cache),
        // Shown by <img> on the dapp's origin; opened as a document, it runs and loads nothing.
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'"),
        ),
        (
            header::HeaderName::from_static("cross-origin-resource-policy"),
            HeaderValue::from_static("cross-origin"),
        ),
    ];
    if fresh {
        return Ok((StatusCode::NOT_MODIFIED, common).into_response());
    }
    Ok((
        common,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("image/svg+xml"),
        )],
        image.svg.clone(),
    )
        .into_response())
}
