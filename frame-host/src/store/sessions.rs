//! Refresh tokens: stored hashed, bound to a device, rotated on use.

use sqlx::AnyConnection;

use super::{users, Store, User};
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

impl NewRefresh {
    pub(super) async fn insert(
        &self,
        conn: &mut AnyConnection,
        user_id: &str,
        device_id: &str,
        now: i64,
    ) -> Result<()> {
        sqlx::query(
            "INSERT INTO refresh_tokens (token_hash, user_id, device_id, project_id, created_at, \
             expires_at, revoked) VALUES ($1, $2, $3, $4, $5, $6, 0)",
        )
        .bind(&self.token_hash)
        .bind(user_id)
        .bind(device_id)
        .bind(&self.project_id)
        .bind(now)
        .bind(self.expires_at)
        .execute(conn)
        .await?;
        Ok(())
    }
}

impl Store {
    /// Rotates a refresh token: if `old_hash` is a live token of `device_id` in the project
    /// (and the device is still approved), it is revoked and `new` stored in its place, in
    /// one transaction. Returns the session's user, or `None` if the old token is not
    /// accepted.
    pub(crate) async fn rotate_refresh(
        &self,
        old_hash: &str,
        device_id: &str,
        new: &NewRefresh,
        now: i64,
    ) -> Result<Option<User>> {
        let mut tx = self.begin().await?;
        let row: Option<(String,)> = sqlx::query_as(
            "SELECT user_id FROM refresh_tokens WHERE token_hash = $1 AND device_id = $2 \
             AND project_id = $3 AND revoked = 0 AND expires_at > $4",
        )
        .bind(old_hash)
        .bind(device_id)
        .bind(&new.project_id)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((user_id,)) = row else {
            tx.rollback().await?;
            return Ok(None);
        };
        if !users::device_approved(&mut tx, &user_id, device_id).await? {
            tx.rollback().await?;
            return Ok(None);
        }
        let done = sqlx::query(
            "UPDATE refresh_tokens SET revoked = 1 WHERE token_hash = $1 AND revoked = 0",
        )
        .bind(old_hash)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        new.insert(&mut tx, &user_id, device_id, now).await?;
        let user = users::user_by_id(&mut tx, &user_id).await?;
        tx.commit().await?;
        Ok(user)
    }

    /// Revokes every refresh token of a user's device (sign-out).
    pub(crate) async fn revoke_refresh_tokens(
        &self,
        user_id: &str,
        device_id: &str,
    ) -> Result<u64> {
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
