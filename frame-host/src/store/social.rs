//! Social logins (start to redeem) and the provider accounts (identities) of users.

use sqlx::{Any, AnyConnection};

use super::{flag, users, Store, User};
use crate::error::Result;

/// A social login as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SocialLogin {
    /// Random id: the start's `loginId`, and the first half of the state.
    pub(crate) id: String,
    pub(crate) project_id: String,
    /// `google`, `github`, …
    pub(crate) provider: String,
    pub(crate) device_id: String,
    /// The dapp page's origin, told when the login ends.
    pub(crate) origin: String,
    /// The frame's S256 challenge.
    pub(crate) challenge: String,
    /// SHA-256 of the state's secret half.
    pub(crate) state_hash: String,
    /// frame-host's PKCE verifier for the provider.
    pub(crate) pkce_verifier: String,
    /// The ID token nonce (OpenID providers).
    pub(crate) nonce: Option<String>,
    /// `pending`, `exchanging`, `done` or `failed`.
    pub(crate) status: String,
    /// The account the provider confirmed (once `done`).
    pub(crate) identity: Option<Identity>,
    /// When the result expires (Unix ms, once `done`).
    pub(crate) result_expires_at: Option<i64>,
    /// When the result was redeemed.
    pub(crate) redeemed_at: Option<i64>,
    /// When the login must reach the callback by (Unix ms).
    pub(crate) expires_at: i64,
}

/// A provider account, as the provider gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Identity {
    /// The provider's stable user id.
    pub(crate) subject: String,
    /// The email, lowercase, if any.
    pub(crate) email: Option<String>,
    /// Whether the provider verified it.
    pub(crate) email_verified: bool,
    /// The name to show.
    pub(crate) username: Option<String>,
}

const LOGIN_COLUMNS: &str = "id, project_id, provider, device_id, origin, challenge, state_hash, \
     pkce_verifier, nonce, status, subject, email, email_verified, username, result_expires_at, \
     redeemed_at, expires_at";

fn login_from(row: sqlx::any::AnyRow) -> Result<SocialLogin> {
    use sqlx::Row;
    let subject: Option<String> = row.try_get("subject")?;
    let identity = match subject {
        Some(subject) => Some(Identity {
            subject,
            email: row.try_get("email")?,
            email_verified: row
                .try_get::<Option<i64>, _>("email_verified")?
                .is_some_and(flag),
            username: row.try_get("username")?,
        }),
        None => None,
    };
    Ok(SocialLogin {
        id: row.try_get("id")?,
        project_id: row.try_get("project_id")?,
        provider: row.try_get("provider")?,
        device_id: row.try_get("device_id")?,
        origin: row.try_get("origin")?,
        challenge: row.try_get("challenge")?,
        state_hash: row.try_get("state_hash")?,
        pkce_verifier: row.try_get("pkce_verifier")?,
        nonce: row.try_get("nonce")?,
        status: row.try_get("status")?,
        identity,
        result_expires_at: row.try_get("result_expires_at")?,
        redeemed_at: row.try_get("redeemed_at")?,
        expires_at: row.try_get("expires_at")?,
    })
}

impl Store {
    /// Stores a new, pending social login.
    pub(crate) async fn insert_social_login(&self, login: &SocialLogin, now: i64) -> Result<()> {
        let _turn = self.write_turn().await?;
        sqlx::query(
            "INSERT INTO social_logins (id, project_id, provider, device_id, origin, challenge, \
             state_hash, pkce_verifier, nonce, status, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11)",
        )
        .bind(&login.id)
        .bind(&login.project_id)
        .bind(&login.provider)
        .bind(&login.device_id)
        .bind(&login.origin)
        .bind(&login.challenge)
        .bind(&login.state_hash)
        .bind(&login.pkce_verifier)
        .bind(login.nonce.as_deref())
        .bind(now)
        .bind(login.expires_at)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The social login `id`.
    pub(crate) async fn social_login(&self, id: &str) -> Result<Option<SocialLogin>> {
        let sql = format!("SELECT {LOGIN_COLUMNS} FROM social_logins WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.map(login_from).transpose()
    }

    /// The social login whose result hashes to `result_hash`.
    pub(crate) async fn social_login_by_result(
        &self,
        result_hash: &str,
    ) -> Result<Option<SocialLogin>> {
        let sql = format!("SELECT {LOGIN_COLUMNS} FROM social_logins WHERE result_hash = $1");
        let row = sqlx::query(&sql)
            .bind(result_hash)
            .fetch_optional(self.pool())
            .await?;
        row.map(login_from).transpose()
    }

    /// Moves a pending login to `exchanging` (its callback arrived); false if it was not
    /// pending any more, so one callback only ever exchanges a code.
    pub(crate) async fn claim_social_login(&self, id: &str) -> Result<bool> {
        self.move_social_login(id, "pending", "exchanging", None)
            .await
    }

    /// Marks a login `failed` with `code`, from `from`; false if it was not in `from`.
    pub(crate) async fn fail_social_login(&self, id: &str, from: &str, code: &str) -> Result<bool> {
        self.move_social_login(id, from, "failed", Some(code)).await
    }

    async fn move_social_login(
        &self,
        id: &str,
        from: &str,
        to: &str,
        error_code: Option<&str>,
    ) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query(
            "UPDATE social_logins SET status = $3, error_code = $4 WHERE id = $1 AND status = $2",
        )
        .bind(id)
        .bind(from)
        .bind(to)
        .bind(error_code)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records the account the provider confirmed and the result to redeem it with.
    pub(crate) async fn finish_social_login(
        &self,
        id: &str,
        identity: &Identity,
        result_hash: &str,
        result_expires_at: i64,
    ) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query(
            "UPDATE social_logins SET status = 'done', subject = $2, email = $3, \
             email_verified = $4, username = $5, result_hash = $6, result_expires_at = $7 \
             WHERE id = $1 AND status = 'exchanging'",
        )
        .bind(id)
        .bind(&identity.subject)
        .bind(identity.email.as_deref())
        .bind(i64::from(identity.email_verified))
        .bind(identity.username.as_deref())
        .bind(result_hash)
        .bind(result_expires_at)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

/// The user of `provider`'s account `identity` in `project_id`, linking or creating it (see
/// [`Store::redeem_login`](super::Store::redeem_login)); the account's email, verification and username are
/// updated to what the provider gave this time. Farcaster logins use it too (provider
/// `farcaster`, the fid as subject).
pub(super) async fn identity_user(
    conn: &mut AnyConnection,
    project_id: &str,
    provider: &str,
    identity: &Identity,
    new_user_id: &str,
    now: i64,
) -> Result<User> {
    let known: Option<(String,)> = sqlx::query_as(
        "SELECT user_id FROM social_identities \
         WHERE project_id = $1 AND provider = $2 AND subject = $3",
    )
    .bind(project_id)
    .bind(provider)
    .bind(&identity.subject)
    .fetch_optional(&mut *conn)
    .await?;
    if known.is_none() {
        let user = match (&identity.email, identity.email_verified) {
            // A provider-verified email: the user with that email, or a new one with it.
            (Some(email), true) => {
                users::find_or_create_user(conn, project_id, email, new_user_id, now).await?
            }
            // No email, or one the provider did not verify: never linked, never claimed.
            _ => users::create_user(conn, project_id, None, new_user_id, now).await?,
        };
        sqlx::query::<Any>(
            "INSERT INTO social_identities (project_id, provider, subject, user_id, email, \
             email_verified, username, created_at, last_login_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT DO NOTHING",
        )
        .bind(project_id)
        .bind(provider)
        .bind(&identity.subject)
        .bind(&user.id)
        .bind(identity.email.as_deref())
        .bind(i64::from(identity.email_verified))
        .bind(identity.username.as_deref())
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query::<Any>(
        "UPDATE social_identities SET email = $4, email_verified = $5, username = $6, \
         last_login_at = $7 WHERE project_id = $1 AND provider = $2 AND subject = $3",
    )
    .bind(project_id)
    .bind(provider)
    .bind(&identity.subject)
    .bind(identity.email.as_deref())
    .bind(i64::from(identity.email_verified))
    .bind(identity.username.as_deref())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    // The account's user: this login's, or (after a concurrent first login of the same
    // account on PostgreSQL) the one that login made.
    let (user_id,): (String,) = sqlx::query_as(
        "SELECT user_id FROM social_identities \
         WHERE project_id = $1 AND provider = $2 AND subject = $3",
    )
    .bind(project_id)
    .bind(provider)
    .bind(&identity.subject)
    .fetch_one(&mut *conn)
    .await?;
    users::user_by_id(conn, &user_id)
        .await?
        .ok_or_else(|| sqlx::Error::RowNotFound.into())
}
