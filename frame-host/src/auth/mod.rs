//! The auth API (`API.md`): email login with device verification and one-time codes,
//! sessions (JWT access tokens, rotating refresh tokens), devices and email changes.

mod device;
mod email;
mod email_update;
mod export;
mod jwt;
mod otp;
mod session;
mod social;

use axum::{
    routing::{delete, get, post},
    Router,
};
use oriel_protocol::{
    http::{SessionReply, UserReply},
    text,
};

pub(crate) use jwt::JwtKeys;
pub use jwt::JWT_KEY_FILE;
pub(crate) use session::Session;
pub(crate) use social::{
    s256, valid_challenge, valid_verifier, Providers as SocialProviders,
    CALLBACK_PATH as SOCIAL_CALLBACK_PATH,
};

use crate::{
    api::ApiError,
    error::Result,
    secrets,
    store::{NewRefresh, User},
    AppState,
};

/// Lifetime of a refresh token, milliseconds (30 days).
const REFRESH_TTL_MS: i64 = 30 * 24 * 3600 * 1000;

/// Routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/v1/email/start", post(email::start))
        .route("/auth/v1/email/verify", post(email::verify))
        .route("/auth/v1/device/status", post(device::status))
        .route("/auth/v1/device/approve", get(device::approve))
        .route("/auth/v1/devices/{device_id}", delete(device::revoke))
        .route("/auth/v1/session/refresh", post(session::refresh))
        .route("/auth/v1/signout", post(session::signout))
        .route("/auth/v1/user", get(session::user))
        .route("/auth/v1/email/update/start", post(email_update::start))
        .route("/auth/v1/email/update/primary", post(email_update::primary))
        .route(
            "/auth/v1/email/update/secondary",
            post(email_update::secondary),
        )
        .route("/auth/v1/export/start", post(export::start))
        .route("/auth/v1/export/verify", post(export::verify))
        .merge(social::router())
}

/// The user as the API shows it (no `email` for a user without one).
fn user_json(u: User) -> UserReply {
    UserReply {
        user_id: u.id,
        email: u.email.unwrap_or_default(),
    }
}

/// 403 for a user without an email address, on the routes that mail a code to it.
pub(crate) const NO_EMAIL: &str =
    "This account has no email address: it signs in with a social account";

/// The address the codes of `user` go to; 403 [`NO_EMAIL`] when the user has none (a social
/// login without a provider-verified email).
fn mailbox_of(user: &User) -> Result<&str, ApiError> {
    user.email.as_deref().ok_or(ApiError::Forbidden(NO_EMAIL))
}

/// A fresh refresh token: the secret for the client and the hashed form to store.
pub(crate) fn new_refresh(state: &AppState, project_id: &str) -> Result<(String, NewRefresh)> {
    let token = secrets::token()?;
    let stored = NewRefresh {
        token_hash: secrets::token_hash(&token),
        project_id: project_id.into(),
        expires_at: state.now_ms() + REFRESH_TTL_MS,
    };
    Ok((token, stored))
}

/// The session answer for `user` on `device_id`, with `refresh_token` already stored in
/// `family`.
pub(crate) fn session_json(
    state: &AppState,
    user: User,
    device_id: &str,
    family: &str,
    refresh_token: String,
) -> Result<SessionReply> {
    let access_token = state.jwt().issue(
        &user.project_id,
        &user.id,
        device_id,
        family,
        state.clock().now_secs(),
    )?;
    Ok(SessionReply {
        access_token,
        refresh_token,
        expires_in: jwt::ACCESS_TTL_SECS.unsigned_abs(),
        user: user_json(user),
    })
}

/// The email, trimmed and lowercased, if it is a valid address (spec §5); else 400
/// 'Invalid email'.
pub(crate) fn normalize_email(email: &str) -> Result<String, ApiError> {
    let email = email.trim().to_lowercase();
    if valid_email(&email) {
        Ok(email)
    } else {
        Err(ApiError::invalid(text::INVALID_EMAIL))
    }
}

/// `local@domain`, the SDK's rule (`isValidEmail`): a local part of RFC 5322 atext and
/// inner single dots; a domain of dot-separated labels of letters, digits and inner hyphens
/// ending in a TLD of 2+ letters; at most 254 characters.
fn valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~.".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && domain.len() <= 253
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok && email.len() <= 254
}

/// A device id: 16 to 128 characters of letters, digits, `-` or `_` (the frame sends 32
/// hex digits); else 400.
pub(crate) fn check_device_id(id: &str) -> Result<(), ApiError> {
    if (16..=128).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        Ok(())
    } else {
        Err(ApiError::invalid("Invalid deviceId"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        for ok in [
            "a@b.co",
            "first.last+tag@mail.example.com",
            "x_y@sub-domain.io",
        ] {
            assert!(valid_email(ok), "{ok}");
        }
        for bad in [
            "",
            "a",
            "a@",
            "@b.co",
            "a@b",
            "a@b.",
            "a@.co",
            "a b@c.co",
            "a@b..co",
            "a@-b.co",
            "a@b.c",
            "a@@b.co",
            ".a@b.co",
            "a.@b.co",
            "a..b@c.co",
            "a@1.2.3.4",
            "\"a\"@b.co",
        ] {
            assert!(!valid_email(bad), "{bad}");
        }
        assert_eq!(
            normalize_email("  Ann@Example.COM ").unwrap(),
            "ann@example.com"
        );
        assert!(normalize_email("nope").is_err());
    }

    #[test]
    fn device_ids() {
        assert!(check_device_id("0123456789abcdef0123456789abcdef").is_ok());
        assert!(check_device_id("short").is_err());
        assert!(check_device_id("0123456789abcdef/123456789abcdef").is_err());
    }
}
