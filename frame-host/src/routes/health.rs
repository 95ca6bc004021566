//! `GET /healthz` (liveness and version) and `GET /readyz` (readiness: whether this instance
//! can serve now).

use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use serde_json::{json, Map, Value};

use crate::{
    frame::{FrameFiles, FrameSource},
    state::AppState,
    store::Store,
    version::VERSION,
};

/// Routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
}

async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok", "version": VERSION }))
}

/// 200 when every check passes: the database answers, it has every migration this binary
/// knows, this instance's operator keys are the ones the database records (another instance
/// may have rotated them), and the frame's manifest and files are present; else 503. Either way the body
/// names each check's result (`"ok"` or what failed), never a secret.
async fn readyz(State(state): State<AppState>) -> Response {
    let checks = [
        ("database", database(&state.store).await),
        ("keys", keys(&state).await),
        ("frame", frame(&state.frame_source).await),
    ];
    let ready = checks.iter().all(|(_, r)| r.is_ok());
    let checks: Map<String, Value> = checks
        .into_iter()
        .map(|(name, result)| {
            let told = result.err().unwrap_or_else(|| "ok".to_owned());
            (name.to_owned(), Value::String(told))
        })
        .collect();
    let (status, word) = if ready {
        (StatusCode::OK, "ready")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "not ready")
    };
    (status, Json(json!({ "status": word, "checks": checks }))).into_response()
}

async fn database(store: &Store) -> Result<(), String> {
    match store.missing_migrations().await {
        Ok(missing) if missing.is_empty() => Ok(()),
        Ok(missing) => Err(format!("migrations not applied: {missing:?}")),
        Err(error) => {
            tracing::warn!(%error, "readiness: the database does not answer");
            Err("the database does not answer".to_owned())
        }
    }
}

async fn keys(state: &AppState) -> Result<(), String> {
    state.check_keys().await.map_err(|error| {
        tracing::warn!(%error, "readiness: the operator keys do not match the database");
        // The mismatch names fingerprints and files, never a key.
        error.to_string()
    })
}

async fn frame(source: &FrameSource) -> Result<(), String> {
    FrameFiles::check(source).await.map_err(|error| {
        tracing::warn!(%error, "readiness: the frame cannot be served");
        "the frame's manifest or files are missing".to_owned()
    })
}
