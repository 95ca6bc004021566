//! `GET /projects/v1/origins?projectId=ID`: a project's allowed origins, public to any site.

use axum::{
    extract::{rejection::QueryRejection, Query, State},
    http::{header, HeaderValue},
    routing::get,
    Json, Router,
};
use serde::{Deserialize, Serialize};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::{AppError, AppState};

/// The `projectId` query parameter shared by the project-scoped routes.
#[derive(Debug, Deserialize)]
pub(crate) struct ProjectQuery {
    #[serde(rename = "projectId")]
    pub(crate) project_id: Option<String>,
}

impl ProjectQuery {
    /// The project id, if given and non-empty. A malformed query counts as no id.
    pub(crate) fn id(query: Result<Query<Self>, QueryRejection>) -> Option<String> {
        query
            .ok()
            .and_then(|Query(q)| q.project_id)
            .filter(|id| !id.is_empty())
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Origins {
    allowed_origins: Vec<String>,
}

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
    State(state): State<AppState>,
    query: Result<Query<ProjectQuery>, QueryRejection>,
) -> Result<Json<Origins>, AppError> {
    let id = ProjectQuery::id(query).ok_or(AppError::BadRequest("missing projectId"))?;
    let list = state
        .allow_list(&id)
        .ok_or(AppError::NotFound("unknown project id"))?;
    Ok(Json(Origins {
        allowed_origins: list.patterns().iter().map(ToString::to_string).collect(),
    }))
}
