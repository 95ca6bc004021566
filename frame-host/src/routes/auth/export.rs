//! Recovery-phrase export: `POST /auth/v1/export/start` (a fresh code to the user's
//! address) and `POST /auth/v1/export/verify` (204 once, then the code is spent).

use axum::{extract::State, http::StatusCode, Json};
use oriel_protocol::http::{CodeRequest, ExportStartReply, ProjectRequest};

use crate::{
    error::ApiError,
    http::{AuthedJson, ClientIp},
    login::Login,
};

pub(super) async fn start(
    State(login): State<Login>,
    ClientIp(ip): ClientIp,
    AuthedJson(session, _): AuthedJson<ProjectRequest>,
) -> Result<Json<ExportStartReply>, ApiError> {
    Ok(Json(login.start_export(ip, &session).await?))
}

pub(super) async fn verify(
    State(login): State<Login>,
    AuthedJson(session, body): AuthedJson<CodeRequest>,
) -> Result<StatusCode, ApiError> {
    login.verify_export(&session, &body).await?;
    Ok(StatusCode::NO_CONTENT)
}
