//! The per-account budget of wrong codes (issue 38 H-1, L-2; security review W9): every guess
//! at a code of an account, from any device, approved or not, and at any of its codes (login,
//! email change, export), comes out of one budget of [`GUESS_LIMIT`] per [`GUESS_WINDOW_MS`].
//! A guess is reserved before the code is compared and given back when it was right (or when
//! nothing was compared), so concurrent guesses never overdraw it. Once it is spent, code
//! checks for the account are refused (429 'Please try again after {n} seconds') for the rest
//! of the window, new login codes are not sent, and the owner is mailed once.

use super::Login;
use crate::{error::ApiError, limits::Limit, mail::Outgoing};

/// Wrong codes per account, every device and every code together, per [`GUESS_WINDOW_MS`].
pub(crate) const GUESS_LIMIT: i64 = 10;
/// The window of [`GUESS_LIMIT`], milliseconds.
pub(crate) const GUESS_WINDOW_MS: i64 = 24 * 60 * 60_000;

/// Whose codes are guessed.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Account<'a> {
    /// An existing user, by id.
    User(&'a str),
    /// An address with no account yet (a sign-up's code), in a project.
    Address { project_id: &'a str, email: &'a str },
}

impl Account<'_> {
    fn key(&self) -> String {
        match self {
            Self::User(id) => format!("user:{id}"),
            Self::Address { project_id, email } => format!("email:{project_id}:{email}"),
        }
    }

    pub(super) fn budget(&self) -> Limit {
        Limit::new(
            format!("guesses:{}", self.key()),
            GUESS_LIMIT,
            GUESS_WINDOW_MS,
        )
    }
}

impl Login {
    /// Reserves one guess at a code of `account` before it is compared: 429 while the budget
    /// is spent (and then nothing is reserved).
    pub(super) async fn reserve_guess(&self, account: Account<'_>) -> Result<(), ApiError> {
        self.limits.hit(&[account.budget()]).await.inspect_err(|_| {
            tracing::warn!("code refused: the account's wrong codes for today are spent");
        })
    }

    /// Gives back a reserved guess that was right, or compared nothing.
    pub(super) async fn return_guess(&self, account: Account<'_>) -> Result<(), ApiError> {
        Ok(self
            .store
            .rate_limit_give_back(&account.budget().bucket)
            .await?)
    }

    /// The reserved guess was wrong: it stays spent. When the budget is now spent, the owner
    /// (`to`) is told, once per window.
    pub(super) async fn wrong_guess(&self, account: Account<'_>, to: &str) -> Result<(), ApiError> {
        if self.limits.reached(&account.budget()).await?.is_none() {
            return Ok(());
        }
        let told = Limit::new(
            format!("guesses-told:{}", account.key()),
            1,
            GUESS_WINDOW_MS,
        );
        if self.limits.hit(&[told]).await.is_ok() {
            tracing::warn!("wrong codes for an account reached the daily limit: owner told");
            self.mailer
                .send(Outgoing::codes_locked(to), self.now_ms())
                .await?;
        }
        Ok(())
    }
}
