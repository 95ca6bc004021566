//! Sessions: short-lived access tokens (JWTs, [`JwtKeys`]) and rotating refresh tokens
//! stored hashed, one family per login. [`Sessions::verify`] is what the `Session` extractor
//! runs; every login (email, social, Farcaster) ends in [`Sessions::open`].

use std::sync::Arc;

use axum::http::{header, HeaderMap};
use oriel_protocol::{
    http::{SessionReply, UserReply},
    text::{INVALID_KEY, JWT_NOT_YET_VALID as NOT_YET_VALID, SESSION_EXPIRED},
};

use crate::{
    clock::Clock,
    error::{ApiError, Result},
    keys::{audience, JwtKeys, Rejection, ACCESS_TTL_SECS},
    secrets,
    store::{NewRefresh, Rotation, SessionUser, Store, User},
};

/// Lifetime of a refresh token, milliseconds (30 days).
const REFRESH_TTL_MS: i64 = 30 * 24 * 3600 * 1000;

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
}

/// Issues, verifies, refreshes and ends sessions. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Sessions {
    jwt: Arc<JwtKeys>,
    store: Store,
    clock: Clock,
}

impl Sessions {
    pub(crate) fn new(jwt: Arc<JwtKeys>, store: Store, clock: Clock) -> Self {
        Self { jwt, store, clock }
    }

    /// The session of a request's bearer token.
    pub(crate) async fn verify(&self, headers: &HeaderMap) -> Result<Session, ApiError> {
        let token = bearer(headers).ok_or(ApiError::Unauthorized(INVALID_KEY))?;
        let claims = self.jwt.verify(token, self.clock.now_secs()).map_err(|r| {
            ApiError::Unauthorized(match r {
                Rejection::Expired => SESSION_EXPIRED,
                Rejection::NotYetValid => NOT_YET_VALID,
                Rejection::Invalid => INVALID_KEY,
            })
        })?;
        let project_id = claims
            .aud
            .strip_prefix(&audience(""))
            .unwrap_or_default()
            .to_owned();
        if !self
            .store
            .session_live(&claims.sub, &claims.did, &claims.sid, self.clock.now_ms())
            .await?
        {
            return Err(ApiError::Unauthorized(SESSION_EXPIRED));
        }
        Ok(Session {
            user_id: claims.sub,
            device_id: claims.did,
            project_id,
            session_id: claims.sid,
        })
    }

    /// The session's user; 401 [`SESSION_EXPIRED`] when the user is gone.
    pub(crate) async fn user(&self, session: &Session) -> Result<User, ApiError> {
        self.store
            .user(&session.user_id)
            .await?
            .ok_or(ApiError::Unauthorized(SESSION_EXPIRED))
    }

    /// A fresh refresh token of `project_id`: the secret for the client and the hashed
    /// form to store.
    pub(crate) fn new_refresh(&self, project_id: &str) -> Result<(String, NewRefresh)> {
        let token = secrets::token()?;
        let stored = NewRefresh {
            token_hash: secrets::token_hash(&token),
            project_id: project_id.into(),
            expires_at: self.clock.now_ms() + REFRESH_TTL_MS,
        };
        Ok((token, stored))
    }

    /// The session answer for `user` on `device_id`, with `refresh_token` already stored in
    /// `family`.
    pub(crate) fn open(
        &self,
        user: User,
        device_id: &str,
        family: &str,
        refresh_token: String,
    ) -> Result<SessionReply> {
        let access_token = self.jwt.issue(
            &user.project_id,
            &user.id,
            device_id,
            family,
            self.clock.now_secs(),
        )?;
        Ok(SessionReply {
            access_token,
            refresh_token,
            expires_in: ACCESS_TTL_SECS.unsigned_abs(),
            user: user_reply(user),
            social: None,
            farcaster: None,
        })
    }

    /// A new access token and a new refresh token for `refresh_token` of `device_id`; the
    /// old one stops working. Presenting it again revokes its whole family and its
    /// device's sessions (the answer is the same 401 as for any refused token).
    pub(crate) async fn refresh(
        &self,
        project_id: &str,
        device_id: &str,
        refresh_token: &str,
    ) -> Result<SessionReply, ApiError> {
        let (token, stored) = self.new_refresh(project_id)?;
        let rotation = self
            .store
            .rotate_refresh(
                &secrets::token_hash(refresh_token),
                device_id,
                &stored,
                self.clock.now_ms(),
            )
            .await?;
        match rotation {
            Rotation::Rotated(SessionUser { user, family }) => {
                Ok(self.open(user, device_id, &family, token)?)
            }
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

    /// Revokes this device's refresh tokens, which ends the device's access tokens at once.
    pub(crate) async fn sign_out(&self, session: &Session) -> Result<(), ApiError> {
        self.store
            .revoke_refresh_tokens(&session.user_id, &session.device_id)
            .await?;
        tracing::info!(user = %session.user_id, "signed out");
        Ok(())
    }
}

/// The user as the API shows it (no `email` for a user without one).
pub(crate) fn user_reply(u: User) -> UserReply {
    UserReply {
        user_id: u.id,
        email: u.email.unwrap_or_default(),
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
