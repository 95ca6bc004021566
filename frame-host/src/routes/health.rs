//! `GET /healthz`: liveness and version.

use axum::{routing::get, Json, Router};
use serde_json::{json, Value};

use crate::{state::AppState, version::VERSION};

/// Routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz))
}

async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok", "version": VERSION }))
}
