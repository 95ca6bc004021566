//! `/admin/v1/…`: the operator's own data, behind `admin_token` (served only when it is set;
//! `Authorization: Bearer <token>`, else 401). `GET /admin/v1/analytics?projectId=&days=&format=`
//! is `oriel-frame-host analytics` over HTTP: JSON, or CSV with `format=csv`.

use axum::{
    extract::State,
    http::{header, HeaderMap},
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use serde::Deserialize;

use crate::{
    analytics::report::{Report, MAX_DAYS},
    error::ApiError,
    http::ApiQuery,
    secrets::AdminToken,
    state::AppState,
};

/// The admin routes, guarded by `token`.
pub(crate) fn router(token: AdminToken) -> Router<AppState> {
    Router::new()
        .route("/admin/v1/analytics", get(analytics))
        .layer(axum::Extension(token))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AnalyticsQuery {
    project_id: String,
    days: Option<u32>,
    format: Option<String>,
}

async fn analytics(
    State(state): State<AppState>,
    axum::Extension(token): axum::Extension<AdminToken>,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<AnalyticsQuery>,
) -> Result<Response, ApiError> {
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    if !presented.is_some_and(|p| token.matches(p)) {
        return Err(ApiError::Unauthorized("admin token required"));
    }
    state.projects.check(&query.project_id)?;
    let days = query.days.unwrap_or(30);
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(ApiError::invalid("days: 1 to 400"));
    }
    let report = Report::read(&state.store, &query.project_id, days, state.clock.now_ms()).await?;
    Ok(match query.format.as_deref() {
        None | Some("json") => Json(report).into_response(),
        Some("csv") => (
            [(header::CONTENT_TYPE, "text/csv; charset=utf-8")],
            report.to_csv(),
        )
            .into_response(),
        Some(_) => return Err(ApiError::invalid("format: json or csv")),
    })
}
