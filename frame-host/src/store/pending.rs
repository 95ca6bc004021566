//! A login the frame starts on one of its devices and redeems with its verifier once the
//! account is known: a social login (its provider confirmed the account) or a Farcaster login
//! (its channel completed). One model and one redeem for both ([`PendingLogin`],
//! [`Store::redeem_login`]); each keeps its own state where its method needs it
//! (`social_logins`: the OAuth exchange; `farcaster_channels`: the relay's channel).

use super::{
    farcaster::{Channel, Completion, FARCASTER_PROVIDER},
    sessions::NewRefresh,
    social::{identity_user, Identity, SocialLogin},
    users, Store, User,
};
use crate::error::Result;

/// Where a pending login's row is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PendingRow {
    /// `social_logins`, by id.
    Social(String),
    /// `farcaster_channels`, by the channel token's hash.
    Farcaster(String),
}

/// A login waiting for its device to redeem it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PendingLogin {
    pub(crate) row: PendingRow,
    pub(crate) project_id: String,
    /// The device that started it, the only one that may redeem it.
    pub(crate) device_id: String,
    /// S256 of the frame's verifier.
    pub(crate) challenge: String,
    /// The provider of its account in `social_identities` (`google`, …, `farcaster`).
    pub(crate) provider: String,
    /// When it was redeemed.
    pub(crate) redeemed_at: Option<i64>,
}

impl SocialLogin {
    /// The login as every login the frame redeems.
    pub(crate) fn pending(&self) -> PendingLogin {
        PendingLogin {
            row: PendingRow::Social(self.id.clone()),
            project_id: self.project_id.clone(),
            device_id: self.device_id.clone(),
            challenge: self.challenge.clone(),
            provider: self.provider.clone(),
            redeemed_at: self.redeemed_at,
        }
    }
}

impl Channel {
    /// The frame's login this channel was made for; `None` for an app's own channel.
    pub(crate) fn pending(&self) -> Option<PendingLogin> {
        let login = self.login.as_ref()?;
        Some(PendingLogin {
            row: PendingRow::Farcaster(self.token_hash.clone()),
            project_id: login.project_id.clone(),
            device_id: login.device_id.clone(),
            challenge: login.challenge.clone(),
            provider: FARCASTER_PROVIDER.to_owned(),
            redeemed_at: self.redeemed_at,
        })
    }
}

impl Completion {
    /// The Farcaster account as a `social_identities` account: the fid as its subject.
    pub(crate) fn identity(&self) -> Identity {
        Identity {
            subject: self.fid.to_string(),
            email: None,
            email_verified: false,
            username: self.username.clone(),
        }
    }
}

impl Store {
    /// Redeems `login`, whose account is `identity`, in one transaction: the login is marked
    /// redeemed (once: its row must still be ready, not redeemed, not expired at `now`), the
    /// account's user is found (or, for a new account, the user with its provider-verified
    /// email, else a new user `new_user_id`), the device approved and `refresh` stored as
    /// the first token of a new `family`. The device is verified (it gets the recovery key)
    /// only as a new user's first device, or when it was before: a social or Farcaster login
    /// alone is a session, not a device approval (issue 38 M-3). `None` when the login was
    /// redeemed meanwhile or has expired; else the user and whether the device is verified.
    pub(crate) async fn redeem_login(
        &self,
        login: &PendingLogin,
        identity: &Identity,
        new_user_id: &str,
        refresh: &NewRefresh,
        family: &str,
        now: i64,
    ) -> Result<Option<(User, bool)>> {
        let (sql, key) = match &login.row {
            PendingRow::Social(id) => (
                "UPDATE social_logins SET redeemed_at = $2 \
                 WHERE id = $1 AND status = 'done' AND redeemed_at IS NULL",
                id,
            ),
            PendingRow::Farcaster(token_hash) => (
                "UPDATE farcaster_channels SET redeemed_at = $2 WHERE token_hash = $1 \
                 AND state = 'completed' AND redeemed_at IS NULL AND expires_at > $2",
                token_hash,
            ),
        };
        let mut tx = self.begin().await?;
        let redeemed = sqlx::query(sql)
            .bind(key)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        if redeemed.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let user = identity_user(
            &mut tx,
            &login.project_id,
            &login.provider,
            identity,
            new_user_id,
            now,
        )
        .await?;
        // The user this login created has its id (another login's, made concurrently on
        // PostgreSQL, counts as existing: the safe side).
        let first_device = user.id == new_user_id;
        users::set_device(&mut tx, &user.id, &login.device_id, first_device, now).await?;
        let (verified,): (i64,) =
            sqlx::query_as("SELECT verified FROM devices WHERE user_id = $1 AND device_id = $2")
                .bind(&user.id)
                .bind(&login.device_id)
                .fetch_one(&mut *tx)
                .await?;
        refresh
            .insert(&mut tx, &user.id, &login.device_id, family, now)
            .await?;
        tx.commit().await?;
        Ok(Some((user, super::flag(verified))))
    }
}
