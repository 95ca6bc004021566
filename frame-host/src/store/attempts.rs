//! One-time-code attempts: email logins (with device approval links) and email changes.

use sqlx::AnyConnection;

use super::{
    approvals::{insert_approval, Approval},
    flag,
    login_try::{spend_and_open_login, spend_and_open_login_in_one, spend_wrong_try},
    sessions::NewRefresh,
    takes_batches, Store, User, WriteTx,
};
use crate::{
    error::Result,
    secrets::{b64, unb64},
};

/// The tables that hold a one-time code, with the same code columns (`code_hash`,
/// `code_salt`, `expires_at`, `wrong_tries`, `used`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CodeTable {
    /// `login_attempts`.
    Login,
    /// `email_changes`.
    EmailChange,
    /// `export_codes`.
    Export,
}

impl CodeTable {
    fn name(self) -> &'static str {
        match self {
            Self::Login => "login_attempts",
            Self::EmailChange => "email_changes",
            Self::Export => "export_codes",
        }
    }
}

/// The code of an attempt, as stored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CodeState {
    /// HMAC of salt and code; `None` while no code has been sent.
    pub(crate) hash: Option<Vec<u8>>,
    /// The code's random salt.
    pub(crate) salt: Option<Vec<u8>>,
    /// When the code expires (Unix ms).
    pub(crate) expires_at: Option<i64>,
    /// Tries counted against the limit.
    pub(crate) wrong_tries: i64,
    /// Whether the code was used.
    pub(crate) used: bool,
}

/// A code to store: its hash, salt and expiry.
#[derive(Debug, Clone)]
pub(crate) struct NewCode {
    /// HMAC of salt and code.
    pub(crate) hash: Vec<u8>,
    /// Random salt.
    pub(crate) salt: Vec<u8>,
    /// Unix ms.
    pub(crate) expires_at: i64,
}

/// The session a right login code opens ([`Store::try_login_code`]).
#[derive(Debug)]
pub(crate) struct NewLogin<'a> {
    /// The id for the user, if the email has none yet.
    pub(crate) user_id: &'a str,
    /// The session's first refresh token.
    pub(crate) refresh: &'a NewRefresh,
    /// Its token family.
    pub(crate) family: &'a str,
}

/// What [`Store::try_login_code`] did with one guess.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum LoginTry {
    /// The guess was right: the code is used, and the user is logged in on the device.
    LoggedIn(User),
    /// The guess was wrong; it counts as one of the code's tries.
    Wrong,
    /// Nothing was compared: the code is used, or has no try left.
    Refused,
}

/// An email login attempt.
#[derive(Debug, Clone)]
pub(crate) struct LoginAttempt {
    /// Random id, returned as `attemptId`.
    pub(crate) id: String,
    /// The project.
    pub(crate) project_id: String,
    /// The email, lowercase.
    pub(crate) email: String,
    /// The device that asked; only it may use the code.
    pub(crate) device_id: String,
    /// The existing user, if the email had one at start.
    pub(crate) user_id: Option<String>,
    /// The code.
    pub(crate) code: CodeState,
}

/// An email change of a user.
#[derive(Debug, Clone)]
pub(crate) struct EmailChange {
    /// Random id, returned as `attemptId`.
    pub(crate) id: String,
    /// The user.
    pub(crate) user_id: String,
    /// The address to change to.
    pub(crate) new_email: String,
    /// `primary` (code sent to the current address) or `secondary` (to the new one).
    pub(crate) stage: String,
    /// The current stage's code.
    pub(crate) code: CodeState,
}

/// How finishing an email change went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EmailChangeOutcome {
    /// The user's email is now the new one.
    Changed,
    /// The change was already finished (or never reached the second stage).
    Gone,
    /// Another user of the project has the new email.
    EmailTaken,
}

type CodeCols = (Option<String>, Option<String>, Option<i64>, i64, i64);
type AttemptCols = (
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<i64>,
    i64,
    i64,
);

fn code_state((hash, salt, expires_at, wrong_tries, used): CodeCols) -> CodeState {
    CodeState {
        hash: hash.as_deref().and_then(unb64),
        salt: salt.as_deref().and_then(unb64),
        expires_at,
        wrong_tries,
        used: flag(used),
    }
}

impl Store {
    /// Stores a login attempt, with its code (`VERIFY_OTP`) or with a device approval link
    /// (`VERIFY_DEVICE`), in one transaction (the start handler stores it in its own).
    #[cfg(test)]
    pub(crate) async fn insert_login_attempt(
        &self,
        attempt: &LoginAttempt,
        code: Option<&NewCode>,
        approval: Option<&Approval>,
        now: i64,
    ) -> Result<()> {
        let mut tx = self.begin().await?;
        insert_login_attempt(&mut tx, attempt, code, approval, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The login attempt `id`, with its code, in one query.
    pub(crate) async fn login_attempt(&self, id: &str) -> Result<Option<LoginAttempt>> {
        type Row = (String, String, String, String, Option<String>);
        let row: Option<(Row, CodeCols)> = sqlx::query_as::<_, AttemptCols>(
            "SELECT id, project_id, email, device_id, user_id, code_hash, code_salt, \
             expires_at, wrong_tries, used FROM login_attempts WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(self.pool())
        .await?
        .map(
            |(id, project, email, device, user, hash, salt, expires, tries, used)| {
                (
                    (id, project, email, device, user),
                    (hash, salt, expires, tries, used),
                )
            },
        );
        Ok(row.map(
            |((id, project_id, email, device_id, user_id), code)| LoginAttempt {
                id,
                project_id,
                email,
                device_id,
                user_id,
                code: code_state(code),
            },
        ))
    }

    /// The code columns of attempt `id` in `table`.
    pub(crate) async fn code_state(&self, table: CodeTable, id: &str) -> Result<Option<CodeState>> {
        let sql = format!(
            "SELECT code_hash, code_salt, expires_at, wrong_tries, used FROM {} WHERE id = $1",
            table.name()
        );
        let row: Option<CodeCols> = sqlx::query_as(&sql)
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.map(code_state))
    }

    /// Sets the code of a login attempt that has none yet (its device was just approved).
    /// Returns false if it already had one, so the code is sent once.
    pub(crate) async fn set_first_code(&self, id: &str, code: &NewCode) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query(
            "UPDATE login_attempts SET code_hash = $2, code_salt = $3, expires_at = $4 \
             WHERE id = $1 AND code_hash IS NULL AND used = 0",
        )
        .bind(id)
        .bind(b64(&code.hash))
        .bind(b64(&code.salt))
        .bind(code.expires_at)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Counts one try against the limit of `max` before the code is compared. Returns false
    /// when no try is left (or the code is used), so concurrent guesses can never compare
    /// more than `max` codes in total.
    pub(crate) async fn reserve_code_try(
        &self,
        table: CodeTable,
        id: &str,
        max: i64,
    ) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let mut conn = self.pool().acquire().await?;
        reserve_try(&mut conn, table, id, max).await
    }

    /// One guess at a login attempt's code, in one transaction. `matches` compares the guess
    /// with the code `attempt` was read with; then one conditional update spends a try on the
    /// row, if it still has that code unused with fewer than `max` wrong tries (else
    /// [`LoginTry::Refused`]): a wrong guess counts, a right one uses the code and logs the
    /// user in: the user is found or created (as `login.user_id`), the device approved, and
    /// `login.refresh` stored as the first token of the new `login.family`. The try and the
    /// login commit together, so of concurrent guesses only those that find a try left are
    /// answered, at most `max` in all, with one commit per login. A guess is one round trip:
    /// one batch with its `BEGIN` and `COMMIT` where the connection [`takes_batches`] (SQLite),
    /// else one statement (PostgreSQL). A refused guess writes nothing.
    pub(crate) async fn try_login_code(
        &self,
        attempt: &LoginAttempt,
        max: i64,
        matches: impl FnOnce() -> bool,
        login: &NewLogin<'_>,
        now: i64,
    ) -> Result<LoginTry> {
        let right = matches();
        let (mut tx, begin) = self.begin_batch(false).await?;
        let end = tx.commit_tail();
        let outcome = if right {
            let opened = if takes_batches(&tx) {
                spend_and_open_login(&mut tx, (begin, end), attempt, max, login, now).await?
            } else {
                spend_and_open_login_in_one(&mut tx, attempt, max, login, now).await?
            };
            opened.map_or(LoginTry::Refused, LoginTry::LoggedIn)
        } else if spend_wrong_try(&mut tx, (begin, end), attempt, max).await? {
            LoginTry::Wrong
        } else {
            LoginTry::Refused
        };
        tx.tail_committed().await?;
        Ok(outcome)
    }

    /// Stores an email change at stage `primary` with the code sent to the current address.
    pub(crate) async fn insert_email_change(
        &self,
        change: &EmailChange,
        code: &NewCode,
        now: i64,
    ) -> Result<()> {
        let _turn = self.write_turn().await?;
        sqlx::query(
            "INSERT INTO email_changes (id, user_id, new_email, stage, code_hash, code_salt, \
             expires_at, wrong_tries, used, created_at) \
             VALUES ($1, $2, $3, 'primary', $4, $5, $6, 0, 0, $7)",
        )
        .bind(&change.id)
        .bind(&change.user_id)
        .bind(&change.new_email)
        .bind(b64(&code.hash))
        .bind(b64(&code.salt))
        .bind(code.expires_at)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The email change `id`.
    pub(crate) async fn email_change(&self, id: &str) -> Result<Option<EmailChange>> {
        let row: Option<(String, String, String, String)> =
            sqlx::query_as("SELECT id, user_id, new_email, stage FROM email_changes WHERE id = $1")
                .bind(id)
                .fetch_optional(self.pool())
                .await?;
        let Some((id, user_id, new_email, stage)) = row else {
            return Ok(None);
        };
        let Some(code) = self.code_state(CodeTable::EmailChange, &id).await? else {
            return Ok(None);
        };
        Ok(Some(EmailChange {
            id,
            user_id,
            new_email,
            stage,
            code,
        }))
    }

    /// Moves an email change from `primary` to `secondary` with a new code (for the new
    /// address) and a fresh try count. Returns false if it was not at `primary` any more.
    pub(crate) async fn advance_email_change(&self, id: &str, code: &NewCode) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query(
            "UPDATE email_changes SET stage = 'secondary', code_hash = $2, code_salt = $3, \
             expires_at = $4, wrong_tries = 0 WHERE id = $1 AND stage = 'primary' AND used = 0",
        )
        .bind(id)
        .bind(b64(&code.hash))
        .bind(b64(&code.salt))
        .bind(code.expires_at)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Uses the secondary code of an email change and sets the user's email, in one
    /// transaction.
    pub(crate) async fn finish_email_change(
        &self,
        change: &EmailChange,
    ) -> Result<EmailChangeOutcome> {
        let mut tx = self.begin().await?;
        if change.stage != "secondary"
            || !consume_code(&mut tx, CodeTable::EmailChange, &change.id).await?
        {
            tx.rollback().await?;
            return Ok(EmailChangeOutcome::Gone);
        }
        let result = sqlx::query(
            "UPDATE users SET email = $2 WHERE id = $1 AND NOT EXISTS \
             (SELECT 1 FROM users AS other WHERE other.project_id = users.project_id \
              AND other.email = $2 AND other.id <> $1)",
        )
        .bind(&change.user_id)
        .bind(&change.new_email)
        .execute(&mut *tx)
        .await;
        match result {
            Ok(done) if done.rows_affected() == 1 => {}
            Ok(_) => {
                tx.rollback().await?;
                return Ok(EmailChangeOutcome::EmailTaken);
            }
            Err(e) if super::is_unique_violation(&e) => {
                tx.rollback().await?;
                return Ok(EmailChangeOutcome::EmailTaken);
            }
            Err(e) => return Err(e.into()),
        }
        tx.commit().await?;
        Ok(EmailChangeOutcome::Changed)
    }
}

/// Stores a login attempt, with its code or its approval link, in the caller's
/// transaction `tx`, as [deferred](WriteTx::defer) writes.
pub(crate) async fn insert_login_attempt(
    tx: &mut WriteTx,
    attempt: &LoginAttempt,
    code: Option<&NewCode>,
    approval: Option<&Approval>,
    now: i64,
) -> Result<()> {
    let a = attempt.clone();
    let (hash, salt, expires_at) = (
        code.map(|c| b64(&c.hash)),
        code.map(|c| b64(&c.salt)),
        code.map(|c| c.expires_at),
    );
    tx.defer(
        "INSERT INTO login_attempts (id, project_id, email, device_id, user_id, code_hash, \
         code_salt, expires_at, wrong_tries, used, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, $9)",
        move |q| {
            q.bind(a.id)
                .bind(a.project_id)
                .bind(a.email)
                .bind(a.device_id)
                .bind(a.user_id)
                .bind(hash)
                .bind(salt)
                .bind(expires_at)
                .bind(now)
        },
    )
    .await?;
    if let Some(approval) = approval {
        insert_approval(tx, approval).await?;
    }
    Ok(())
}

/// Counts one try at code `id` in `table`, unless it is used or has had `max` tries.
async fn reserve_try(
    conn: &mut AnyConnection,
    table: CodeTable,
    id: &str,
    max: i64,
) -> Result<bool> {
    let sql = format!(
        "UPDATE {} SET wrong_tries = wrong_tries + 1 \
         WHERE id = $1 AND used = 0 AND wrong_tries < $2",
        table.name()
    );
    let done = sqlx::query(&sql).bind(id).bind(max).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}

/// Marks a reserved, right code used and gives its try back. False if it was used already.
pub(super) async fn consume_code(
    conn: &mut AnyConnection,
    table: CodeTable,
    id: &str,
) -> Result<bool> {
    let sql = format!(
        "UPDATE {} SET used = 1, wrong_tries = wrong_tries - 1 WHERE id = $1 AND used = 0",
        table.name()
    );
    let done = sqlx::query(&sql).bind(id).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}
