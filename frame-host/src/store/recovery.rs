//! Releases of the recovery key (security review W1): what decides whether a session may
//! have it, and the audit log of each release (`recovery_releases`).

use super::Store;
use crate::error::Result;

/// Why a session got the recovery key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReleasePurpose {
    /// The user has no wallet yet: the first device creates it and its recovery wrap.
    Create,
    /// The user has a wallet but this device has no wrap of it: the device opens the
    /// recovery wrap once and stores its own device wrap.
    Enroll,
}

impl ReleasePurpose {
    /// The name stored in the audit log.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Create => "create",
            Self::Enroll => "enroll",
        }
    }
}

/// What the store knows about a session that asks for the recovery key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ReleaseFacts {
    /// When the session's login (its refresh-token family) began, Unix ms; `None` for an
    /// unknown family.
    pub(crate) login_at: Option<i64>,
    /// Whether this login already got the key to enroll its device.
    pub(crate) enrolled: bool,
    /// `None` when the user has no wallet; else whether this device has a wrap of it.
    pub(crate) has_device_wrap: Option<bool>,
    /// Whether the device is verified for the user (it proved the owner).
    pub(crate) device_verified: bool,
}

/// One release, as logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Release<'a> {
    /// A random id.
    pub(crate) id: String,
    /// The session (refresh-token family): one enrollment per login.
    pub(crate) family: &'a str,
    /// The user whose key it is.
    pub(crate) user_id: &'a str,
    /// The device it went to.
    pub(crate) device_id: &'a str,
    /// Why.
    pub(crate) purpose: ReleasePurpose,
    /// The client address of the request.
    pub(crate) client_ip: String,
    /// Unix ms.
    pub(crate) released_at: i64,
}

impl Store {
    /// The facts the release rule needs about session `family` of `user_id` on `device_id`.
    pub(crate) async fn release_facts(
        &self,
        user_id: &str,
        device_id: &str,
        family: &str,
    ) -> Result<ReleaseFacts> {
        let (login_at,): (Option<i64>,) = sqlx::query_as(
            "SELECT MIN(created_at) FROM refresh_tokens \
             WHERE family = $1 AND user_id = $2 AND device_id = $3",
        )
        .bind(family)
        .bind(user_id)
        .bind(device_id)
        .fetch_one(self.pool())
        .await?;
        let released: Option<(i64,)> =
            sqlx::query_as("SELECT 1 FROM recovery_releases WHERE family = $1 AND purpose = $2")
                .bind(family)
                .bind(ReleasePurpose::Enroll.as_str())
                .fetch_optional(self.pool())
                .await?;
        let wallet: Option<(Option<String>,)> = sqlx::query_as(
            "SELECT d.device_id FROM wallets w LEFT JOIN device_wraps d \
             ON d.wallet_id = w.wallet_id AND d.device_id = $2 WHERE w.user_id = $1",
        )
        .bind(user_id)
        .bind(device_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(ReleaseFacts {
            login_at,
            enrolled: released.is_some(),
            has_device_wrap: wallet.map(|(wrap,)| wrap.is_some()),
            device_verified: self.device_verified(user_id, device_id).await?,
        })
    }

    /// Logs `release`; false (logging nothing) for an enrollment when its login already had
    /// one.
    pub(crate) async fn record_release(&self, release: &Release<'_>) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query(
            "INSERT INTO recovery_releases (id, family, user_id, device_id, purpose, client_ip, \
             released_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
        )
        .bind(&release.id)
        .bind(release.family)
        .bind(release.user_id)
        .bind(release.device_id)
        .bind(release.purpose.as_str())
        .bind(&release.client_ip)
        .bind(release.released_at)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }
}
