//! Request limits of the email login: one start per email per 30 s (spec §5), at most 20
//! starts per client IP per 10 minutes; and one email change or export code per user per 30 s.
//!
//! The counters live in the database (`rate_limits`), so every instance sharing a
//! PostgreSQL database enforces the same limits.

use std::net::IpAddr;

use crate::{api::ApiError, AppState};

/// One email login start per email per this many milliseconds.
pub(crate) const EMAIL_WINDOW_MS: i64 = 30_000;
/// Starts allowed per client IP per [`IP_WINDOW_MS`].
pub(crate) const IP_LIMIT: i64 = 20;
/// The per-IP window, milliseconds.
pub(crate) const IP_WINDOW_MS: i64 = 10 * 60_000;

/// Counts an email start from `ip`; 429 when over the per-IP limit.
pub(crate) async fn check_ip(state: &AppState, ip: IpAddr) -> Result<(), ApiError> {
    hit(state, &format!("ip:{ip}"), IP_LIMIT, IP_WINDOW_MS).await
}

/// Counts an email login start for `email`; 429 'Please try again after {n} seconds'
/// within 30 s of the last one.
pub(crate) async fn check_email(
    state: &AppState,
    project_id: &str,
    email: &str,
) -> Result<(), ApiError> {
    hit(
        state,
        &format!("email:{project_id}:{email}"),
        1,
        EMAIL_WINDOW_MS,
    )
    .await
}

/// Counts an email change start of `user_id`, with the same 30 s rule.
pub(crate) async fn check_email_change(state: &AppState, user_id: &str) -> Result<(), ApiError> {
    hit(
        state,
        &format!("email-change:{user_id}"),
        1,
        EMAIL_WINDOW_MS,
    )
    .await
}

/// Counts an export code request of `user_id`, with the same 30 s rule.
pub(crate) async fn check_export(state: &AppState, user_id: &str) -> Result<(), ApiError> {
    hit(state, &format!("export:{user_id}"), 1, EMAIL_WINDOW_MS).await
}

async fn hit(state: &AppState, bucket: &str, limit: i64, window_ms: i64) -> Result<(), ApiError> {
    match state
        .store()
        .rate_limit_hit(bucket, limit, window_ms, state.now_ms())
        .await?
    {
        None => Ok(()),
        Some(wait_ms) => Err(ApiError::Throttled(wait_ms)),
    }
}
