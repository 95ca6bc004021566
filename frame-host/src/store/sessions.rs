//! Refresh tokens: stored hashed, bound to a device, rotated on use, grouped in families.
//!
//! A login starts a family; each rotation carries it on, and the access tokens issued with
//! the family's tokens name it (`sid`), so ending the family ends them too. Presenting a
//! token that was already rotated is reuse (OAuth 2.0 security BCP, §4.14.2): someone else
//! holds a copy, so the family and the device's other tokens are revoked.

use sqlx::{any::AnyArguments, Any, AnyConnection};

use super::{flag, takes_batches, Store, User};
use crate::error::Result;

/// A refresh token to store.
#[derive(Debug, Clone)]
pub(crate) struct NewRefresh {
    /// SHA-256 of the token.
    pub(crate) token_hash: String,
    /// The project of the session.
    pub(crate) project_id: String,
    /// Unix ms.
    pub(crate) expires_at: i64,
}

/// Stores a refresh token: `$1` its hash, `$2` the user, `$3` the device, `$4` the project,
/// `$5` now, `$6` its expiry, `$7` its family ([`NewRefresh::bound`]). A `SELECT` of the values,
/// so a `WHERE` can follow.
const INSERT_REFRESH: &str = "INSERT INTO refresh_tokens (token_hash, user_id, device_id, \
     project_id, created_at, expires_at, revoked, family) SELECT $1, $2, $3, $4, $5, $6, 0, $7";

impl NewRefresh {
    pub(super) async fn insert(
        &self,
        conn: &mut AnyConnection,
        user_id: &str,
        device_id: &str,
        family: &str,
        now: i64,
    ) -> Result<()> {
        self.bound(sqlx::query(INSERT_REFRESH), user_id, device_id, family, now)
            .execute(conn)
            .await?;
        Ok(())
    }

    /// `query` with [`INSERT_REFRESH`]'s parameters bound.
    fn bound<'q>(
        &'q self,
        query: sqlx::query::Query<'q, Any, AnyArguments<'q>>,
        user_id: &'q str,
        device_id: &'q str,
        family: &'q str,
        now: i64,
    ) -> sqlx::query::Query<'q, Any, AnyArguments<'q>> {
        query
            .bind(&self.token_hash)
            .bind(user_id)
            .bind(device_id)
            .bind(&self.project_id)
            .bind(now)
            .bind(self.expires_at)
            .bind(family)
    }
}

/// A refresh token as a rotation reads it: its user and family, `revoked`, `expires_at` and
/// `rotated_at`, its device's `approved` (`None`: no such device), and its user's project
/// and email.
type RotationRow = (
    String,
    String,
    i64,
    i64,
    Option<i64>,
    Option<i64>,
    String,
    Option<String>,
);

/// A session's user and its refresh-token family (the access token's `sid`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SessionUser {
    /// The user.
    pub(crate) user: User,
    /// The family id.
    pub(crate) family: String,
}

/// What a presented refresh token turned out to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Rotation {
    /// Live: rotated; the new token is stored.
    Rotated(SessionUser),
    /// Already rotated before: its family and its device's tokens are now revoked.
    Reused {
        /// The token's user.
        user_id: String,
        /// The token's device.
        device_id: String,
    },
    /// Unknown, expired, signed out, of another device or project, or of a revoked device.
    Refused,
}

impl Store {
    /// Rotates a refresh token: if `old_hash` is a live token of `device_id` in the project
    /// (and the device is still approved), it is marked rotated and `new` stored in its
    /// place in the same family, in one transaction. A token of the device and project that
    /// was rotated before is reuse: its family and every live token of its device are
    /// revoked.
    pub(crate) async fn rotate_refresh(
        &self,
        old_hash: &str,
        device_id: &str,
        new: &NewRefresh,
        now: i64,
    ) -> Result<Rotation> {
        let (mut tx, begin) = self.begin_batch(false).await?;
        // The token, whether its device is approved, and its user, in one read, which begins
        // the transaction.
        let row: Option<RotationRow> = sqlx::query_as(&format!(
            "{begin}SELECT r.user_id, r.family, r.revoked, r.expires_at, r.rotated_at, \
             d.approved, u.project_id, u.email FROM refresh_tokens r \
             JOIN users u ON u.id = r.user_id \
             LEFT JOIN devices d ON d.user_id = r.user_id AND d.device_id = r.device_id \
             WHERE r.token_hash = $1 AND r.device_id = $2 AND r.project_id = $3"
        ))
        .bind(old_hash)
        .bind(device_id)
        .bind(&new.project_id)
        .fetch_all(&mut *tx)
        .await?
        .pop();
        let Some((user_id, family, revoked, expires_at, rotated_at, approved, project_id, email)) =
            row
        else {
            tx.rollback().await?;
            return Ok(Rotation::Refused);
        };
        if rotated_at.is_some() {
            sqlx::query(
                "UPDATE refresh_tokens SET revoked = 1 WHERE revoked = 0 \
                 AND (family = $1 OR (user_id = $2 AND device_id = $3))",
            )
            .bind(&family)
            .bind(&user_id)
            .bind(device_id)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            return Ok(Rotation::Reused {
                user_id,
                device_id: device_id.into(),
            });
        }
        if flag(revoked) || expires_at <= now || !approved.is_some_and(flag) {
            tx.rollback().await?;
            return Ok(Rotation::Refused);
        }
        // The old token rotated, if it is still live, and the new one stored in its family, and
        // the commit: as one batch where the connection takes them (its UPDATE takes now and
        // the old hash as `$5` and `$8`, and the INSERT holds only when the UPDATE rotated),
        // else one after the other. Nothing is written when the old token was not live.
        let end = tx.commit_tail();
        let rotated = if takes_batches(&tx) {
            let batch = format!(
                "UPDATE refresh_tokens SET revoked = 1, rotated_at = $5 \
                 WHERE token_hash = $8 AND revoked = 0 RETURNING token_hash;\n\
                 {INSERT_REFRESH} WHERE changes() = 1{end}"
            );
            let rows = new
                .bound(sqlx::query(&batch), &user_id, device_id, &family, now)
                .bind(old_hash)
                .fetch_all(&mut *tx)
                .await?;
            !rows.is_empty()
        } else {
            let done = sqlx::query(
                "UPDATE refresh_tokens SET revoked = 1, rotated_at = $2 \
                 WHERE token_hash = $1 AND revoked = 0",
            )
            .bind(old_hash)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            let rotated = done.rows_affected() == 1;
            if rotated {
                new.insert(&mut tx, &user_id, device_id, &family, now)
                    .await?;
            }
            rotated
        };
        tx.tail_committed().await?;
        if !rotated {
            return Ok(Rotation::Refused);
        }
        let user = User {
            id: user_id,
            project_id,
            email,
        };
        Ok(Rotation::Rotated(SessionUser { user, family }))
    }

    /// Whether an access token of `family` still stands: the family has a live refresh
    /// token of this user and device, and the device is approved.
    pub(crate) async fn session_live(
        &self,
        user_id: &str,
        device_id: &str,
        family: &str,
        now: i64,
    ) -> Result<bool> {
        let row: Option<(i64,)> = sqlx::query_as(
            "SELECT 1 FROM refresh_tokens r JOIN devices d \
             ON d.user_id = r.user_id AND d.device_id = r.device_id \
             WHERE r.family = $1 AND r.user_id = $2 AND r.device_id = $3 \
             AND r.revoked = 0 AND r.expires_at > $4 AND d.approved = 1 LIMIT 1",
        )
        .bind(family)
        .bind(user_id)
        .bind(device_id)
        .bind(now)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.is_some())
    }

    /// Revokes every refresh token of a user's device (sign-out).
    pub(crate) async fn revoke_refresh_tokens(
        &self,
        user_id: &str,
        device_id: &str,
    ) -> Result<u64> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query(
            "UPDATE refresh_tokens SET revoked = 1 \
             WHERE user_id = $1 AND device_id = $2 AND revoked = 0",
        )
        .bind(user_id)
        .bind(device_id)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected())
    }
}
