//! Sessions: the Bearer [`Session`] extractor, refresh (rotation), sign-out and the user.

use axum::{
    extract::{FromRequestParts, State},
    http::{header, request::Parts, HeaderMap, StatusCode},
    Json,
};
use oriel_protocol::http::{RefreshRequest, SessionReply, UserReply};

use super::{
    jwt::{self, Rejection},
    new_refresh, session_json, user_json,
};
use crate::{
    api::{ApiError, ProjectJson, ProjectSession},
    secrets,
    store::{Rotation, SessionUser, User},
    AppState,
};

// The 401 texts: the token expired or the session was ended (device revoked); `nbf`/`iat`
// in the future; no token, a malformed one, or one that fails the signature, algorithm,
// issuer or audience checks (spec §8).
use oriel_protocol::text::{INVALID_KEY, JWT_NOT_YET_VALID as NOT_YET_VALID, SESSION_EXPIRED};

/// The caller's session, from `Authorization: Bearer <access token>`. Rejections are 401
/// with [`SESSION_EXPIRED`], [`NOT_YET_VALID`] or [`INVALID_KEY`]. A token whose session
/// has ended (signed out, refresh-token reuse, device revoked) is rejected at once, not
/// only when it expires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Session {
    /// The user (`sub`).
    pub(crate) user_id: String,
    /// The device (`did`).
    pub(crate) device_id: String,
    /// The project of the audience.
    pub(crate) project_id: String,
    /// The session (`sid`): the login's refresh-token family.
    pub(crate) session_id: String,
}

impl Session {
    /// Checks that the request names the session's project.
    pub(crate) fn check_project(&self, project_id: &str) -> Result<(), ApiError> {
        if self.project_id == project_id {
            Ok(())
        } else {
            Err(ApiError::Unauthorized(INVALID_KEY))
        }
    }

    /// The session's user; 401 [`SESSION_EXPIRED`] when the user is gone.
    pub(crate) async fn user(&self, state: &AppState) -> Result<User, ApiError> {
        state
            .store()
            .user(&self.user_id)
            .await?
            .ok_or(ApiError::Unauthorized(SESSION_EXPIRED))
    }
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

impl FromRequestParts<AppState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer(&parts.headers).ok_or(ApiError::Unauthorized(INVALID_KEY))?;
        let claims = state
            .jwt()
            .verify(token, state.clock().now_secs())
            .map_err(|r| {
                ApiError::Unauthorized(match r {
                    Rejection::Expired => SESSION_EXPIRED,
                    Rejection::NotYetValid => NOT_YET_VALID,
                    Rejection::Invalid => INVALID_KEY,
                })
            })?;
        let project_id = claims
            .aud
            .strip_prefix(&jwt::audience(""))
            .unwrap_or_default()
            .to_owned();
        if !state
            .store()
            .session_live(&claims.sub, &claims.did, &claims.sid, state.now_ms())
            .await?
        {
            return Err(ApiError::Unauthorized(SESSION_EXPIRED));
        }
        Ok(Self {
            user_id: claims.sub,
            device_id: claims.did,
            project_id,
            session_id: claims.sid,
        })
    }
}

/// `POST /auth/v1/session/refresh`: a new access token and a new refresh token; the old
/// refresh token stops working. Presenting it again revokes its whole family and its
/// device's sessions (the answer is the same 401 as for any refused token).
pub(super) async fn refresh(
    State(state): State<AppState>,
    ProjectJson(body): ProjectJson<RefreshRequest>,
) -> Result<Json<SessionReply>, ApiError> {
    let (token, stored) = new_refresh(&state, &body.project_id)?;
    let rotation = state
        .store()
        .rotate_refresh(
            &secrets::token_hash(&body.refresh_token),
            &body.device_id,
            &stored,
            state.now_ms(),
        )
        .await?;
    match rotation {
        Rotation::Rotated(SessionUser { user, family }) => Ok(Json(session_json(
            &state,
            user,
            &body.device_id,
            &family,
            token,
        )?)),
        Rotation::Reused { user_id, device_id } => {
            tracing::warn!(
                user = %user_id,
                device = %device_id,
                "refresh token reused: its family and the device's sessions are revoked"
            );
            Err(ApiError::Unauthorized(SESSION_EXPIRED))
        }
        Rotation::Refused => Err(ApiError::Unauthorized(SESSION_EXPIRED)),
    }
}

/// `POST /auth/v1/signout`: revokes this device's refresh tokens, which ends the device's
/// access tokens at once. The body is ignored.
pub(super) async fn signout(
    State(state): State<AppState>,
    session: Session,
) -> Result<StatusCode, ApiError> {
    state
        .store()
        .revoke_refresh_tokens(&session.user_id, &session.device_id)
        .await?;
    tracing::info!(user = %session.user_id, "signed out");
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /auth/v1/user?projectId=`.
pub(super) async fn user(
    State(state): State<AppState>,
    ProjectSession(session): ProjectSession,
) -> Result<Json<UserReply>, ApiError> {
    Ok(Json(user_json(session.user(&state).await?)))
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn bearer_header() {
        let mut h = HeaderMap::new();
        assert_eq!(bearer(&h), None);
        for (value, want) in [
            ("Bearer abc", Some("abc")),
            ("bearer abc", Some("abc")),
            ("Basic abc", None),
            ("Bearer ", None),
            ("Bearerabc", None),
        ] {
            h.insert(header::AUTHORIZATION, HeaderValue::from_static(value));
            assert_eq!(bearer(&h), want, "{value}");
        }
    }
}
