//! Users and their devices.

use sqlx::{Any, AnyConnection};

use super::{flag, Store};
use crate::error::Result;

/// A user of one project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct User {
    /// Random id (the JWT `sub`).
    pub(crate) id: String,
    /// The project the user belongs to.
    pub(crate) project_id: String,
    /// The login email, lowercase; `None` for a user who came in by a social login without a
    /// provider-verified email.
    pub(crate) email: Option<String>,
}

pub(super) type UserRow = (String, String, Option<String>);

pub(super) fn user((id, project_id, email): UserRow) -> User {
    User {
        id,
        project_id,
        email,
    }
}

impl Store {
    /// The user with `email` in `project_id`.
    pub(crate) async fn user_by_email(
        &self,
        project_id: &str,
        email: &str,
    ) -> Result<Option<User>> {
        let row: Option<UserRow> = sqlx::query_as(
            "SELECT id, project_id, email FROM users WHERE project_id = $1 AND email = $2",
        )
        .bind(project_id)
        .bind(email)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(user))
    }

    /// The user with id `id`.
    pub(crate) async fn user(&self, id: &str) -> Result<Option<User>> {
        let mut conn = self.pool().acquire().await?;
        user_by_id(&mut conn, id).await
    }

    /// Whether `device_id` is a verified device of `user_id`: approved, and it proved the
    /// account's owner (see [`set_device`]).
    pub(crate) async fn device_verified(&self, user_id: &str, device_id: &str) -> Result<bool> {
        let row: Option<(i64, i64)> = sqlx::query_as(
            "SELECT approved, verified FROM devices WHERE user_id = $1 AND device_id = $2",
        )
        .bind(user_id)
        .bind(device_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.is_some_and(|(a, v)| flag(a) && flag(v)))
    }

    /// Makes `device_id`, an approved but unverified device of `user_id`, verified (another
    /// device of the user approved it). False when the user has no such device.
    pub(crate) async fn verify_device(
        &self,
        user_id: &str,
        device_id: &str,
        now: i64,
    ) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query(
            "UPDATE devices SET verified = 1, updated_at = $3 \
             WHERE user_id = $1 AND device_id = $2 AND approved = 1 AND verified = 0",
        )
        .bind(user_id)
        .bind(device_id)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Revokes a device of a user: marks it unapproved and deletes its refresh tokens, its
    /// pepper and its wallet wraps, in one transaction. Returns false if the user has no such
    /// approved device.
    pub(crate) async fn revoke_device(
        &self,
        user_id: &str,
        device_id: &str,
        now: i64,
    ) -> Result<bool> {
        let mut tx = self.begin().await?;
        let done = sqlx::query(
            "UPDATE devices SET approved = 0, verified = 0, updated_at = $3 \
             WHERE user_id = $1 AND device_id = $2 AND approved = 1",
        )
        .bind(user_id)
        .bind(device_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        for sql in [
            "DELETE FROM refresh_tokens WHERE user_id = $1 AND device_id = $2",
            "DELETE FROM peppers WHERE user_id = $1 AND device_id = $2",
            "DELETE FROM device_wraps WHERE device_id = $2 AND wallet_id IN \
             (SELECT wallet_id FROM wallets WHERE user_id = $1)",
        ] {
            sqlx::query(sql)
                .bind(user_id)
                .bind(device_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}

pub(super) async fn user_by_id(conn: &mut AnyConnection, id: &str) -> Result<Option<User>> {
    let row: Option<UserRow> =
        sqlx::query_as("SELECT id, project_id, email FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(conn)
            .await?;
    Ok(row.map(user))
}

/// Finds the user with `email` in `project_id`, creating it with `new_id` if there is none:
/// one statement for a new user, a second (the lookup) only when the email has one already.
pub(super) async fn find_or_create_user(
    conn: &mut AnyConnection,
    project_id: &str,
    email: &str,
    new_id: &str,
    now: i64,
) -> Result<User> {
    let created: Option<UserRow> = sqlx::query_as(
        "INSERT INTO users (id, project_id, email, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT DO NOTHING RETURNING id, project_id, email",
    )
    .bind(new_id)
    .bind(project_id)
    .bind(email)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(row) = created {
        return Ok(user(row));
    }
    let row: UserRow = sqlx::query_as(
        "SELECT id, project_id, email FROM users WHERE project_id = $1 AND email = $2",
    )
    .bind(project_id)
    .bind(email)
    .fetch_one(conn)
    .await?;
    Ok(user(row))
}

/// Creates user `id` in `project_id` with `email` (`None`: a social account without a
/// provider-verified email).
pub(super) async fn create_user(
    conn: &mut AnyConnection,
    project_id: &str,
    email: Option<&str>,
    id: &str,
    now: i64,
) -> Result<User> {
    sqlx::query::<Any>(
        "INSERT INTO users (id, project_id, email, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(id)
    .bind(project_id)
    .bind(email)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(User {
        id: id.into(),
        project_id: project_id.into(),
        email: email.map(Into::into),
    })
}

/// Marks `device_id` approved for `user_id` (it may hold sessions); `verified` also when it
/// proved the account's owner (an emailed code or approval, or the account's first device). A
/// device verified before stays verified; one that is not (a social or Farcaster login of an
/// existing account on a new device, issue 38 M-3) gets no recovery key.
pub(super) async fn set_device(
    conn: &mut AnyConnection,
    user_id: &str,
    device_id: &str,
    verified: bool,
    now: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO devices (user_id, device_id, approved, verified, created_at, updated_at) \
         VALUES ($1, $2, 1, $4, $3, $3) \
         ON CONFLICT (user_id, device_id) DO UPDATE SET approved = 1, updated_at = $3, \
         verified = CASE WHEN $4 = 1 THEN 1 ELSE devices.verified END",
    )
    .bind(user_id)
    .bind(device_id)
    .bind(now)
    .bind(i64::from(verified))
    .execute(conn)
    .await?;
    Ok(())
}
