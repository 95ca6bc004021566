//! `GET /projects/v1/origins?projectId=ID`: a project's allowed origins, public to any site.

use axum::{
    extract::State,
    http::{header, HeaderMap, HeaderName, HeaderValue},
    routing::get,
    Json, Router,
};
use oriel_protocol::http::wallets::OriginsReply;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::{error::ApiError, http::ProjectParam, projects::Projects, state::AppState};

/// Routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/projects/v1/origins", get(origins))
        // The list is public (it is also in the frame's CSP), and the SDK fetches it from the
        // dapp's origin.
        .layer(SetResponseHeaderLayer::overriding(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        ))
}

/// The list, and whether the asking page's `Origin` is on it (the answer varies by `Origin`).
async fn origins(
    State(projects): State<Projects>,
    ProjectParam(id): ProjectParam,
    headers: HeaderMap,
) -> Result<([(HeaderName, HeaderValue); 1], Json<OriginsReply>), ApiError> {
    let list = projects
        .allow_list(&id)
        .ok_or(ApiError::NotFound("unknown project id"))?;
    let origin = headers
        .get(header::ORIGIN)
        .map(|o| o.to_str().unwrap_or(""));
    let vary = [(header::VARY, HeaderValue::from_static("Origin"))];
    Ok((
        vary,
        Json(OriginsReply {
            allowed_origins: list.patterns().iter().map(ToString::to_string).collect(),
            origin_allowed: origin.map(|o| projects.allows(&id, o)),
        }),
    ))
}
