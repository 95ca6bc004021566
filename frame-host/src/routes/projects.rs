//! `GET /projects/v1/origins?projectId=ID`: a project's allowed origins, public to any site.

use axum::{
    extract::State,
    http::{header, HeaderValue},
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

async fn origins(
    State(projects): State<Projects>,
    ProjectParam(id): ProjectParam,
) -> Result<Json<OriginsReply>, ApiError> {
    let list = projects
        .allow_list(&id)
        .ok_or(ApiError::NotFound("unknown project id"))?;
    Ok(Json(OriginsReply {
        allowed_origins: list.patterns().iter().map(ToString::to_string).collect(),
    }))
}
