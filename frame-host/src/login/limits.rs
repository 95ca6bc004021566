//! The limits of the emailed codes (security review W6, W9):
//!
//! - Email login start: one per email *and device* per 30 s (spec §5: the user's own wait
//!   between sends; another device asking for the same email does not hold the owner up),
//!   at most `email_codes_per_ip` (20) per client IP per 10 minutes, and at most 10 per email
//!   per hour from devices not approved for the account. The owner's approved devices are
//!   exempt from that cap, so no one else can lock them out of getting a code.
//! - Wrong login codes: at most 10 per email per 24 h from devices not approved for the
//!   account (W9). Past that, such devices get no code check and no new code for the rest
//!   of the window; the address is told once. An existing account's new devices are not
//!   affected, since they must open the emailed approval link before any code counts.
//! - Email change and export codes: one per user per 30 s, and the per-IP limit.

use std::net::IpAddr;

use super::Login;
use crate::{
    error::ApiError,
    limits::{Limit, IP_WINDOW_MS},
    store::{check_limits, LoginAttempt, WriteTx},
};

/// One email login start per email and device per this many milliseconds.
pub(crate) const EMAIL_WINDOW_MS: i64 = 30_000;
/// Starts per email from devices not approved for the account, per [`NEW_DEVICE_WINDOW_MS`].
pub(crate) const NEW_DEVICE_LIMIT: i64 = 10;
/// The window of [`NEW_DEVICE_LIMIT`], milliseconds.
pub(crate) const NEW_DEVICE_WINDOW_MS: i64 = 60 * 60_000;
/// Wrong login codes per email from devices not approved for the account, per
/// [`GUESS_WINDOW_MS`].
pub(crate) const GUESS_LIMIT: i64 = 10;
/// The window of [`GUESS_LIMIT`], milliseconds.
pub(crate) const GUESS_WINDOW_MS: i64 = 24 * 60 * 60_000;

/// Who asks for a login code, as far as the limits care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Requester {
    /// The email has no account yet.
    NewAccount,
    /// A device approved for the email's account.
    ApprovedDevice,
    /// Another device of an existing account (it gets the approval link first).
    NewDevice,
}

/// The wrong-code limit of `email` (W9).
fn guesses(project_id: &str, email: &str) -> Limit {
    Limit::new(
        format!("guesses:{project_id}:{email}"),
        GUESS_LIMIT,
        GUESS_WINDOW_MS,
    )
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
        requester: Requester,
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
        if requester != Requester::ApprovedDevice {
            limits.push(Limit::new(
                format!("email-new-device:{project_id}:{email}"),
                NEW_DEVICE_LIMIT,
                NEW_DEVICE_WINDOW_MS,
            ));
        }
        // A new account's email whose wrong-code limit is spent gets no new code either (W9).
        let spent_guesses = match requester {
            Requester::NewAccount => vec![guesses(project_id, email)],
            _ => Vec::new(),
        };
        match check_limits(tx, begin, &spent_guesses, &limits, self.now_ms()).await? {
            None => Ok(()),
            Some(wait_ms) => Err(ApiError::Throttled(wait_ms)),
        }
    }

    /// When the wrong-code limit of `email` is spent: the milliseconds until it renews.
    pub(super) async fn guesses_spent(
        &self,
        project_id: &str,
        email: &str,
    ) -> Result<Option<i64>, ApiError> {
        self.limits.reached(&guesses(project_id, email)).await
    }

    /// Counts a wrong login code for `email`; true when this one spent the limit.
    pub(super) async fn count_wrong_guess(
        &self,
        project_id: &str,
        email: &str,
    ) -> Result<bool, ApiError> {
        let limit = guesses(project_id, email);
        let now = self.now_ms();
        self.store
            .rate_limit_hits(std::slice::from_ref(&limit), now)
            .await?;
        Ok(self.store.rate_limit_reached(&limit, now).await?.is_some())
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
