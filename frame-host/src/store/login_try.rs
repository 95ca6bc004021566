//! A guess at a login code, in as few round trips as the backend allows: the spend of a right
//! guess with the login it opens ([`spend_and_open_login`] on SQLite's batches,
//! [`spend_and_open_login_in_one`] as one PostgreSQL statement), and the spend of a wrong one
//! ([`spend_wrong_try`]).

use sqlx::{any::AnyArguments, query::QueryAs, Any, AnyConnection};

use super::{
    attempts::{LoginAttempt, NewLogin},
    users, User,
};
use crate::{error::Result, secrets::b64};

/// The session a right code opens, in the caller's transaction `conn`, one statement after the
/// other: finds or creates the attempt's user, approves its device for the user and stores the
/// session's first refresh token. (The user's row may have been created by another login
/// after the transaction's first statement: see [`spend_and_open_login_in_one`].)
pub(super) async fn open_login(
    conn: &mut AnyConnection,
    attempt: &LoginAttempt,
    login: &NewLogin<'_>,
    now: i64,
) -> Result<User> {
    let (project_id, email, device_id) = (&attempt.project_id, &attempt.email, &attempt.device_id);
    let user = users::find_or_create_user(conn, project_id, email, login.user_id, now).await?;
    users::set_device(conn, &user.id, device_id, true, now).await?;
    login
        .refresh
        .insert(conn, &user.id, device_id, login.family, now)
        .await?;
    Ok(user)
}

/// The spend of a right guess and then [`open_login`], as one batch on a connection
/// that [`takes_batches`], between `ends` (what [`Store::begin_batch`] and
/// [`WriteTx::commit_tail`] gave): the whole transaction in one round trip in the write turn.
/// The device and the token name the user by its email. `None` when no try was left, and then
/// the batch wrote nothing.
///
/// Each write holds only while the attempt's row still has a try for this code, and the spend
/// that uses the try comes last: the transaction holds SQLite's write lock from its `BEGIN
/// IMMEDIATE`, so every statement before the spend sees the row as the spend does. The user
/// comes first among the rows, then the spend's, in the user row's shape (the attempt's id,
/// project and email).
pub(super) async fn spend_and_open_login(
    conn: &mut AnyConnection,
    (begin, end): (&str, &str),
    attempt: &LoginAttempt,
    max: i64,
    login: &NewLogin<'_>,
    now: i64,
) -> Result<Option<User>> {
    // The parameters of [`bind_right_guess`]; `TRY_LEFT` is the spend's condition. The upserts'
    // SELECTs have a WHERE, which SQLite needs to tell their ON CONFLICT from a join's ON.
    const TRY_LEFT: &str = "EXISTS (SELECT 1 FROM login_attempts \
        WHERE id = $10 AND code_hash = $11 AND used = 0 AND wrong_tries < $12)";
    let sql = format!(
        "{begin}INSERT INTO users (id, project_id, email, created_at) \
         SELECT $1, $2, $3, $4 WHERE {TRY_LEFT} ON CONFLICT DO NOTHING;\n\
         INSERT INTO devices (user_id, device_id, approved, verified, created_at, updated_at) \
         SELECT id, $5, 1, 1, $4, $4 FROM users WHERE project_id = $2 AND email = $3 AND {TRY_LEFT} \
         ON CONFLICT (user_id, device_id) DO UPDATE SET approved = 1, verified = 1, updated_at = $4;\n\
         INSERT INTO refresh_tokens (token_hash, user_id, device_id, project_id, created_at, \
         expires_at, revoked, family) \
         SELECT $6, id, $5, $7, $4, $8, 0, $9 FROM users \
         WHERE project_id = $2 AND email = $3 AND {TRY_LEFT};\n\
         SELECT id, project_id, email FROM users \
         WHERE project_id = $2 AND email = $3 AND {TRY_LEFT};\n\
         {} RETURNING id, project_id, email{end}",
        spend_sql("used = 1", 10)
    );
    let rows: Vec<users::UserRow> =
        bind_right_guess(sqlx::query_as(&sql), attempt, max, login, now)
            .fetch_all(conn)
            .await?;
    match <[_; 2]>::try_from(rows) {
        Ok([user, _spent]) => Ok(Some(users::user(user))),
        Err(rows) if rows.is_empty() => Ok(None),
        Err(_) => Err(sqlx::Error::RowNotFound.into()),
    }
}

/// The spend of a right guess and then [`open_login`], as one statement (data-modifying
/// `WITH` parts) on PostgreSQL, whose extended protocol takes no batches: one round trip where
/// they took four. `None` when no try was left (nothing was written).
///
/// The statement's parts all read the database as it was when the statement began. So when
/// another login created the same user in the meantime (the same email on two attempts at
/// once), the user's insert does nothing and the existing-user lookup finds no row: the try is
/// spent but nothing else is written, and [`open_login`] then does the rest in the same
/// transaction, whose next statement sees that user.
pub(super) async fn spend_and_open_login_in_one(
    conn: &mut AnyConnection,
    attempt: &LoginAttempt,
    max: i64,
    login: &NewLogin<'_>,
    now: i64,
) -> Result<Option<User>> {
    // The parameters of [`bind_right_guess`].
    const OPEN: &str = "\
        created AS (INSERT INTO users (id, project_id, email, created_at) \
        SELECT $1, $2, $3, $4 FROM spent ON CONFLICT DO NOTHING \
        RETURNING id, project_id, email), \
        login_user AS (SELECT id, project_id, email FROM created UNION ALL \
        SELECT id, project_id, email FROM users \
        WHERE project_id = $2 AND email = $3 AND EXISTS (SELECT 1 FROM spent)), \
        device AS (INSERT INTO devices (user_id, device_id, approved, verified, created_at, \
        updated_at) SELECT id, $5, 1, 1, $4, $4 FROM login_user \
        ON CONFLICT (user_id, device_id) DO UPDATE SET approved = 1, verified = 1, \
        updated_at = $4), \
        token AS (INSERT INTO refresh_tokens (token_hash, user_id, device_id, project_id, \
        created_at, expires_at, revoked, family) \
        SELECT $6, id, $5, $7, $4, $8, 0, $9 FROM login_user) \
        SELECT n.spent, u.id, u.project_id, u.email \
        FROM (SELECT count(*) AS spent FROM spent) AS n LEFT JOIN login_user AS u ON true";
    let sql = format!(
        "WITH spent AS ({} RETURNING id), {OPEN}",
        spend_sql("used = 1", 10)
    );
    let (spent, id, project_id, email): (i64, Option<String>, Option<String>, Option<String>) =
        bind_right_guess(sqlx::query_as(&sql), attempt, max, login, now)
            .fetch_one(&mut *conn)
            .await?;
    match (spent, id, project_id) {
        (0, ..) => Ok(None),
        (_, Some(id), Some(project_id)) => Ok(Some(User {
            id,
            project_id,
            email,
        })),
        _ => Ok(Some(open_login(conn, attempt, login, now).await?)),
    }
}

/// `query` with the parameters of a right guess's spend and login in one round trip
/// ([`spend_and_open_login`], [`spend_and_open_login_in_one`]): $1 the new user's id, $2 the
/// project, $3 the email, $4 now, $5 the device, $6..$9 the refresh token's hash, project,
/// expiry and family, $10..$12 the attempt, its code's hash and the most tries ([`spend_sql`]).
pub(super) fn bind_right_guess<'q, O>(
    query: QueryAs<'q, Any, O, AnyArguments<'q>>,
    attempt: &'q LoginAttempt,
    max: i64,
    login: &NewLogin<'q>,
    now: i64,
) -> QueryAs<'q, Any, O, AnyArguments<'q>> {
    query
        .bind(login.user_id)
        .bind(&attempt.project_id)
        .bind(&attempt.email)
        .bind(now)
        .bind(&attempt.device_id)
        .bind(&login.refresh.token_hash)
        .bind(&login.refresh.project_id)
        .bind(login.refresh.expires_at)
        .bind(login.family)
        .bind(&attempt.id)
        .bind(attempt.code.hash.as_deref().map(b64))
        .bind(max)
}

/// Counts a wrong guess at `attempt`'s code, if the row still has that code, unused, with fewer
/// than `max` wrong tries. False when no try was left. The statement goes between `ends` (what
/// [`Store::begin_batch`] and [`WriteTx::commit_tail`] gave).
pub(super) async fn spend_wrong_try(
    conn: &mut AnyConnection,
    (begin, end): (&str, &str),
    attempt: &LoginAttempt,
    max: i64,
) -> Result<bool> {
    let spend = spend_sql("wrong_tries = wrong_tries + 1", 1);
    let hash = attempt.code.hash.as_deref().map(b64);
    // The spent row answers: see `SQLITE_BEGIN` on reading a batch it heads.
    let spent: Vec<(String,)> = sqlx::query_as(&format!("{begin}{spend} RETURNING id{end}"))
        .bind(&attempt.id)
        .bind(hash)
        .bind(max)
        .fetch_all(conn)
        .await?;
    Ok(!spent.is_empty())
}

/// The update that spends a try at a login code with `set`, if the attempt in parameter `$p`
/// still has the code in `$p+1` unused with fewer wrong tries than `$p+2`; shared by
/// [`spend_wrong_try`] and the logins of a right guess.
pub(super) fn spend_sql(set: &str, p: usize) -> String {
    let (id, hash, max) = (p, p + 1, p + 2);
    format!(
        "UPDATE login_attempts SET {set} \
         WHERE id = ${id} AND code_hash = ${hash} AND used = 0 AND wrong_tries < ${max}"
    )
}
