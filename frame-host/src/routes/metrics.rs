//! `GET /metrics`: Prometheus's text format, served on its own listen address
//! (`metrics_listen`, see `cli::serve`), never on the public one.

use axum::{extract::State, http::header, response::IntoResponse, routing::get, Router};

use crate::{
    metrics::{self, DB_POOL, REGISTRY_SYNC_AGE},
    state::AppState,
};

/// The metrics listener's service: `/metrics`, and 404 for anything else.
pub fn metrics_app(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(scrape))
        .with_state(state)
}

/// What the recorder holds, after the gauges read now: the pool's use and the registry's age.
async fn scrape(State(state): State<AppState>) -> impl IntoResponse {
    let (in_use, idle) = state.store.pool_use();
    ::metrics::gauge!(DB_POOL, "state" => "in_use").set(in_use);
    ::metrics::gauge!(DB_POOL, "state" => "idle").set(idle);
    if let Some(at) = state.registry.registry().synced_at() {
        let age_ms = (state.clock.now_ms() - at).max(0);
        ::metrics::gauge!(REGISTRY_SYNC_AGE).set(age_ms as f64 / 1000.0);
    }
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        metrics::render(),
    )
}
