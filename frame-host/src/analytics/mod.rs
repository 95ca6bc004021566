//! The analytics service the widget calls from the dapp's page (spec section 7):
//! `GET /getAnalyticsConfig` answers whether the project collects events (its `analytics`
//! setting, on by default), and `POST /e` stores one event of the tracked list in
//! `analytics_events`. Both take `projectId`, `st` and `sv` in the query ([`SdkClient`]) and
//! answer CORS requests, preflights included, from the project's allowed origins; other
//! origins get 403 'Origin not allowed'. `POST /e` is refused with 403 when the project's
//! analytics is off, and limited per client IP and per page origin ([`check_rate`]). Events
//! older than `analytics_retention_days` are deleted by the housekeeping job ([`purge`]).

mod event;

use axum::{
    body::Bytes,
    extract::{rejection::BytesRejection, DefaultBodyLimit, State},
    http::{header, HeaderMap, StatusCode},
    routing::{get, post},
    Json, Router,
};
use oriel_protocol::http::analytics::{AnalyticsConfigReply, AnalyticsEvent, MAX_EVENT_BODY};

use crate::{
    api::{ApiError, ClientIp, SdkClient},
    cors,
    error::Result,
    store::{Limit, StoredEvent},
    AppState,
};

/// The window of the per-IP limit (`analytics_events_per_ip`), milliseconds.
pub(crate) const IP_WINDOW_MS: i64 = 10 * 60_000;
/// Events stored per page origin and project per [`ORIGIN_WINDOW_MS`] (every visitor of a
/// dapp together).
pub(crate) const ORIGIN_LIMIT: i64 = 6_000;
/// The per-origin window, milliseconds.
pub(crate) const ORIGIN_WINDOW_MS: i64 = 60_000;

/// 403 text of `POST /e` for a project whose analytics is off.
pub(crate) const ANALYTICS_DISABLED: &str = "Analytics is disabled for this project";

/// Routes of this module, behind the Blockchain API's CORS and origin rules.
pub(crate) fn router(state: &AppState) -> Router<AppState> {
    let routes = Router::new()
        .route("/getAnalyticsConfig", get(analytics_config))
        .route(
            "/e",
            post(store_event).layer(DefaultBodyLimit::max(MAX_EVENT_BODY)),
        );
    cors::with_project_api(routes, state)
}

/// Whether project `id` collects events; an unknown project does not.
fn enabled(state: &AppState, id: &str) -> bool {
    state
        .config()
        .projects
        .iter()
        .any(|p| p.id == id && p.analytics)
}

async fn analytics_config(
    State(state): State<AppState>,
    client: SdkClient,
) -> Json<AnalyticsConfigReply> {
    Json(AnalyticsConfigReply {
        is_analytics_enabled: enabled(&state, &client.project_id),
    })
}

/// `POST /e`: 204 when stored (or stored before under the same id). The body is JSON; any
/// content type is read, so the SDK can send it as a simple request (`text/plain`, no
/// preflight) with `keepalive`.
async fn store_event(
    State(state): State<AppState>,
    client: SdkClient,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    if !enabled(&state, &client.project_id) {
        return Err(ApiError::Forbidden(ANALYTICS_DISABLED));
    }
    let body = body.map_err(|_| {
        ApiError::InvalidParams(format!(
            "Invalid event: the body is larger than {MAX_EVENT_BODY} bytes"
        ))
    })?;
    let event: AnalyticsEvent = serde_json::from_slice(&body)
        .map_err(|e| ApiError::InvalidParams(format!("Invalid event: {e}")))?;
    let origin = headers
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let now = state.now_ms();
    let checked = event::check(&event, &origin, now)?;
    check_rate(&state, &client.project_id, &ip.to_string(), &origin).await?;
    let stored = StoredEvent {
        event_id: checked.event_id,
        project_id: client.project_id,
        origin,
        event: event.props.event,
        address: event.props.address,
        properties: checked.properties,
        url: event.url,
        domain: event.domain,
        sent_at: event.timestamp,
        received_at: now,
    };
    state.store().insert_event(&stored).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Counts the event against the project's per-IP and per-origin limits; 429 'Please try
/// again after {n} seconds' when one is reached (nothing is counted then).
async fn check_rate(
    state: &AppState,
    project_id: &str,
    ip: &str,
    origin: &str,
) -> Result<(), ApiError> {
    let limits = [
        Limit {
            bucket: format!("analytics-ip:{project_id}:{ip}"),
            limit: i64::from(state.config().analytics_events_per_ip),
            window_ms: IP_WINDOW_MS,
        },
        Limit {
            bucket: format!("analytics-origin:{project_id}:{origin}"),
            limit: ORIGIN_LIMIT,
            window_ms: ORIGIN_WINDOW_MS,
        },
    ];
    match state
        .store()
        .rate_limit_hits(&limits, state.now_ms())
        .await?
    {
        None => Ok(()),
        Some(wait_ms) => Err(ApiError::Throttled(wait_ms)),
    }
}

/// Deletes the events older than `analytics_retention_days` as of `now_ms`; how many.
pub(crate) async fn purge(state: &AppState, now_ms: i64) -> Result<u64> {
    let days = i64::from(state.config().analytics_retention_days);
    state
        .store()
        .purge_events(now_ms - days * 24 * 3600 * 1000)
        .await
}
