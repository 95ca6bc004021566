//! `POST /auth/v1/email/start` and `POST /auth/v1/email/verify`.

use axum::{
    extract::State,
    http::{header, HeaderMap},
    Json,
};
use oriel_protocol::http::{EmailStartReply, EmailStartRequest, EmailVerifyRequest, SessionReply};

use crate::{
    error::ApiError,
    http::{ClientIp, ProjectJson},
    login::Login,
};

/// Starts an email login ([`Login::start_email`]).
pub(super) async fn start(
    State(login): State<Login>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ProjectJson(body): ProjectJson<EmailStartRequest>,
) -> Result<Json<EmailStartReply>, ApiError> {
    let user_agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok());
    Ok(Json(login.start_email(ip, user_agent, body).await?))
}

/// Checks the code of a login attempt and opens a session for its device.
pub(super) async fn verify(
    State(login): State<Login>,
    ProjectJson(body): ProjectJson<EmailVerifyRequest>,
) -> Result<Json<SessionReply>, ApiError> {
    Ok(Json(login.verify_email(body).await?))
}
