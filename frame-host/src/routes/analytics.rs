//! The analytics service (`API.md`, "Analytics"): `GET /getAnalyticsConfig` and `POST /e`,
//! over [`Analytics`]. Both take `projectId`, `st` and `sv` in the query ([`SdkClient`]) and
//! answer CORS requests, preflights included, from the project's allowed origins; other
//! origins get 403 'Origin not allowed'.

use axum::{
    body::Bytes,
    extract::{rejection::BytesRejection, DefaultBodyLimit, State},
    http::{header, HeaderMap, StatusCode},
    routing::{get, post},
    Json, Router,
};
use oriel_protocol::http::analytics::{AnalyticsConfigReply, AnalyticsEvent, MAX_EVENT_BODY};

use crate::{
    analytics::{Analytics, ANALYTICS_DISABLED},
    error::ApiError,
    http::{cors, ClientIp, SdkClient},
    projects::Projects,
    state::AppState,
};

/// Routes of this module, behind the Blockchain API's CORS and origin rules.
pub(crate) fn router(projects: &Projects) -> Router<AppState> {
    let routes = Router::new()
        .route("/getAnalyticsConfig", get(analytics_config))
        .route(
            "/e",
            post(store_event).layer(DefaultBodyLimit::max(MAX_EVENT_BODY)),
        );
    cors::with_project_api(routes, projects)
}

async fn analytics_config(
    State(analytics): State<Analytics>,
    client: SdkClient,
) -> Json<AnalyticsConfigReply> {
    Json(AnalyticsConfigReply {
        is_analytics_enabled: analytics.enabled(&client.project_id),
    })
}

/// `POST /e`: 204 when stored (or stored before under the same id). The body is JSON; any
/// content type is read, so the SDK can send it as a simple request (`text/plain`, no
/// preflight) with `keepalive`.
async fn store_event(
    State(analytics): State<Analytics>,
    client: SdkClient,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    if !analytics.enabled(&client.project_id) {
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
    analytics
        .store_event(client.project_id, ip, origin, event)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
