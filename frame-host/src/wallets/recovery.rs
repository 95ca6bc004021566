//! Who gets a user's recovery key, and when (security review W1).
//!
//! The recovery key opens the wallet's recovery wrap, so with the wallet blob it opens the
//! seed. A session gets it only when its device has no wrap of the wallet and needs one:
//!
//! - **create**: the user has no wallet yet; the frame makes the seed and wraps its data key
//!   under this key and under the device's secret and pepper;
//! - **enroll**: the user has a wallet and this device has no wrap of it; the frame opens the
//!   recovery wrap once and stores its own device wrap (`PUT /wallet/v1/device-wrap`).
//!
//! Either way only to a device verified for the account (one that proved the owner: an emailed
//! code after the approval page, or the account's first device; a social or Farcaster login of
//! an existing account alone does not, issue 38 M-3), only within [`RELEASE_WINDOW_MS`] of the session's login code (the login is the
//! session's refresh-token family; refreshing does not make it fresh), enrollment only once
//! per login, and at most [`RELEASE_LIMIT`] releases per user per [`RELEASE_LIMIT_WINDOW_MS`].
//! (Creation may ask again within its login, say after a failed `POST /wallet/v1`: while the
//! user has no wallet the key opens nothing, and that session already had it.) A device with a wrap opens the wallet with it, so export
//! (which shows the phrase of the wallet the frame already opened) never needs the key.
//! Every release is logged in `recovery_releases` and as a log line; every refusal is a 403
//! with the reason, and a log line.

use std::net::IpAddr;

use crate::{
    error::ApiError,
    secrets,
    sessions::Session,
    store::{Release, ReleasePurpose, Store},
};

/// How long after a login's code its session may get the recovery key, milliseconds.
pub(crate) const RELEASE_WINDOW_MS: i64 = 10 * 60_000;
/// Releases allowed per user per [`RELEASE_LIMIT_WINDOW_MS`].
pub(crate) const RELEASE_LIMIT: i64 = 5;
/// The window of [`RELEASE_LIMIT`], milliseconds.
pub(crate) const RELEASE_LIMIT_WINDOW_MS: i64 = 60 * 60_000;

/// 403: this device already has a wrap of the wallet.
pub(crate) const HAS_DEVICE_WRAP: &str =
    "The recovery key is not released to a device that already holds a key to the wallet";
/// 403: the session's login is not recent.
pub(crate) const LOGIN_NOT_FRESH: &str =
    "The recovery key is released only right after a login with an emailed code: log in again";
/// 403: the device has a session but did not prove the account's owner (issue 38 M-3).
pub(crate) use oriel_protocol::text::DEVICE_NOT_APPROVED;
/// 403: this login already enrolled its device.
pub(crate) const ALREADY_RELEASED: &str =
    "The recovery key was already released for this login: log in again";

/// Decides whether `session` may have the recovery key now; logs the release and answers
/// its purpose, or refuses (403, 429).
pub(crate) async fn release(
    store: &Store,
    now: i64,
    session: &Session,
    ip: IpAddr,
) -> Result<ReleasePurpose, ApiError> {
    let facts = store
        .release_facts(&session.user_id, &session.device_id, &session.session_id)
        .await?;
    let refused = |reason: &'static str| {
        tracing::warn!(
            user = %session.user_id,
            device = %session.device_id,
            reason,
            "recovery key refused"
        );
        Err(ApiError::Forbidden(reason))
    };
    if !facts.device_verified {
        return refused(DEVICE_NOT_APPROVED);
    }
    let purpose = match facts.has_device_wrap {
        Some(true) => return refused(HAS_DEVICE_WRAP),
        Some(false) => ReleasePurpose::Enroll,
        None => ReleasePurpose::Create,
    };
    let fresh = facts
        .login_at
        .is_some_and(|at| now - at < RELEASE_WINDOW_MS);
    if !fresh {
        return refused(LOGIN_NOT_FRESH);
    }
    if purpose == ReleasePurpose::Enroll && facts.enrolled {
        return refused(ALREADY_RELEASED);
    }
    if let Some(wait_ms) = store
        .rate_limit_hit(
            &format!("recovery:{}", session.user_id),
            RELEASE_LIMIT,
            RELEASE_LIMIT_WINDOW_MS,
            now,
        )
        .await?
    {
        tracing::warn!(user = %session.user_id, "recovery key refused: too many releases");
        return Err(ApiError::Throttled(wait_ms));
    }
    let logged = store
        .record_release(&Release {
            id: secrets::id()?,
            family: &session.session_id,
            user_id: &session.user_id,
            device_id: &session.device_id,
            purpose,
            client_ip: ip.to_string(),
            released_at: now,
        })
        .await?;
    if !logged {
        return refused(ALREADY_RELEASED);
    }
    tracing::info!(
        user = %session.user_id,
        device = %session.device_id,
        purpose = purpose.as_str(),
        %ip,
        "recovery key released"
    );
    Ok(purpose)
}
