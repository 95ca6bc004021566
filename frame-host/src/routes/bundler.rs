//! `POST /v1/bundler/{chainId}?projectId=ID` (`API.md`, "Bundler"): the frame's pass-through
//! to a network's ERC-4337 bundler, over [`Bundler`]. The caller is a signed-in frame of the
//! project (`Authorization: Bearer`).

use axum::{
    extract::{DefaultBodyLimit, Path, State},
    routing::post,
    Json, Router,
};
use serde_json::Value;

use crate::{
    bundler::{Bundler, BundlerCall, MAX_REQUEST_BYTES},
    error::ApiError,
    http::{ApiJson, ClientIp, ProjectSession},
    state::AppState,
};

/// Routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/bundler/{chain_id}", post(relay))
        .layer(DefaultBodyLimit::max(MAX_REQUEST_BYTES))
}

async fn relay(
    State(bundler): State<Bundler>,
    Path(chain_id): Path<String>,
    ProjectSession(session): ProjectSession,
    ClientIp(ip): ClientIp,
    ApiJson(call): ApiJson<BundlerCall>,
) -> Result<Json<Value>, ApiError> {
    let answer = bundler.relay(&chain_id, &session.user_id, ip, call).await?;
    Ok(Json(answer))
}
