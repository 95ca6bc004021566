//! `POST /auth/v1/session/refresh`, `POST /auth/v1/signout` and `GET /auth/v1/user`.

use axum::{extract::State, http::StatusCode, Json};
use oriel_protocol::http::{RefreshRequest, SessionReply, UserReply};

use crate::{
    error::ApiError,
    http::{ProjectJson, ProjectSession},
    sessions::{user_reply, Session, Sessions},
};

/// `POST /auth/v1/session/refresh`: a new access token and a new refresh token
/// ([`Sessions::refresh`]).
pub(super) async fn refresh(
    State(sessions): State<Sessions>,
    ProjectJson(body): ProjectJson<RefreshRequest>,
) -> Result<Json<SessionReply>, ApiError> {
    let reply = sessions
        .refresh(&body.project_id, &body.device_id, &body.refresh_token)
        .await?;
    Ok(Json(reply))
}

/// `POST /auth/v1/signout`: ends this device's sessions. The body is ignored.
pub(super) async fn signout(
    State(sessions): State<Sessions>,
    session: Session,
) -> Result<StatusCode, ApiError> {
    sessions.sign_out(&session).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /auth/v1/user?projectId=`.
pub(super) async fn user(
    State(sessions): State<Sessions>,
    ProjectSession(session): ProjectSession,
) -> Result<Json<UserReply>, ApiError> {
    Ok(Json(user_reply(sessions.user(&session).await?)))
}
