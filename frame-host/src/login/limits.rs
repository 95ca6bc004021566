//! The limits of the emailed codes (security review W6, W9; issue 38 H-1):
//!
//! - Email login start: one per email *and device* per 30 s (spec §5: the user's own wait
//!   between sends; another device asking for the same email does not hold the owner up),
//!   at most `email_codes_per_ip` (20) per client IP per 10 minutes, and at most 10 per email
//!   per hour from devices not verified for the account, and 10 per hour from its verified
//!   devices (their own bucket: no one else can use it up and lock the owner out).
//! - Wrong codes: one budget per account, every device and code together (`guesses`); while
//!   it is spent no login code is sent either.
//! - Email change and export codes: one per user per 30 s, and the per-IP limit.

use std::net::IpAddr;

use super::{guesses::Account, Login};
use crate::{
    error::ApiError,
    limits::{Limit, IP_WINDOW_MS},
    store::{check_limits, LoginAttempt, WriteTx},
};

/// One email login start per email and device per this many milliseconds.
pub(crate) const EMAIL_WINDOW_MS: i64 = 30_000;
/// Starts per email from devices not verified for the account, and (in a bucket of their own)
/// from its verified devices, per [`NEW_DEVICE_WINDOW_MS`].
pub(crate) const NEW_DEVICE_LIMIT: i64 = 10;
/// The window of [`NEW_DEVICE_LIMIT`], milliseconds.
pub(crate) const NEW_DEVICE_WINDOW_MS: i64 = 60 * 60_000;

/// Who asks for a login code, as far as the limits care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Starter {
    /// The email has no account yet.
    NewAccount,
    /// A device verified for the email's account.
    VerifiedDevice,
    /// Another device of an existing account (it gets the approval link first).
    NewDevice,
}

impl Login {
    /// Emailed codes per client IP per [`IP_WINDOW_MS`]: the config's `email_codes_per_ip`.
    fn ip_limit(&self, ip: IpAddr) -> Limit {
        Limit::new(
            format!("ip:{ip}"),
            i64::from(self.codes_per_ip),
            IP_WINDOW_MS,
        )
    }

    /// An email login start, `attempt`, from `ip`, counted in the caller's write transaction
    /// `tx` (which also stores the attempt, so a start costs one commit), whose first
    /// statements these are, headed by `begin` ([`Store::begin_batch`]). 429 'Please try
    /// again after {n} seconds' when a limit is reached; the caller then drops `tx`, which
    /// rolls the counts back.
    ///
    /// [`Store::begin_batch`]: crate::store::Store::begin_batch
    pub(super) async fn check_email_start(
        &self,
        (tx, begin): (&mut WriteTx, &str),
        ip: IpAddr,
        attempt: &LoginAttempt,
        starter: Starter,
    ) -> Result<(), ApiError> {
        let (project_id, email, device_id) =
            (&attempt.project_id, &attempt.email, &attempt.device_id);
        let mut limits = vec![
            self.ip_limit(ip),
            Limit::new(
                format!("email:{project_id}:{email}:{device_id}"),
                1,
                EMAIL_WINDOW_MS,
            ),
        ];
        // Verified devices count in a bucket of their own, so others' starts never use it up.
        let bucket = match starter {
            Starter::VerifiedDevice => format!("email-verified-device:{project_id}:{email}"),
            _ => format!("email-new-device:{project_id}:{email}"),
        };
        limits.push(Limit::new(bucket, NEW_DEVICE_LIMIT, NEW_DEVICE_WINDOW_MS));
        // No login code while the account's wrong codes are spent (issue 38 H-1).
        let spent_guesses = match &attempt.user_id {
            Some(user_id) => vec![Account::User(user_id).budget()],
            None => Vec::new(),
        };
        match check_limits(tx, begin, &spent_guesses, &limits, self.now_ms()).await? {
            None => Ok(()),
            Some(wait_ms) => Err(ApiError::Throttled(wait_ms)),
        }
    }

    /// An email change start of `user_id` from `ip`, with the same 30 s rule.
    pub(super) async fn check_email_change(
        &self,
        ip: IpAddr,
        user_id: &str,
    ) -> Result<(), ApiError> {
        let per_user = Limit::new(format!("email-change:{user_id}"), 1, EMAIL_WINDOW_MS);
        self.limits.hit(&[self.ip_limit(ip), per_user]).await
    }

    /// An export code request of `user_id` from `ip`, with the same 30 s rule.
    pub(super) async fn check_export(&self, ip: IpAddr, user_id: &str) -> Result<(), ApiError> {
        let per_user = Limit::new(format!("export:{user_id}"), 1, EMAIL_WINDOW_MS);
        self.limits.hit(&[self.ip_limit(ip), per_user]).await
    }
}
