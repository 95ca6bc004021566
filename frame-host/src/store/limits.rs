//! Fixed-window rate-limit counters, shared by every instance on the same database.

use sqlx::{AnyConnection, Executor};

use super::{takes_batches, Store};
use crate::{error::Result, metrics};

/// One counter: at most `limit` hits per window of `window_ms` starting at its first hit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Limit {
    /// The counter's key, such as `ip:10.0.0.1`.
    pub(crate) bucket: String,
    /// Hits allowed per window.
    pub(crate) limit: i64,
    /// The window, milliseconds.
    pub(crate) window_ms: i64,
}

impl Store {
    /// Counts a hit on `bucket`: at most `limit` hits per window of `window_ms` starting at
    /// the bucket's first hit. Returns `None` when the hit is allowed, else the milliseconds
    /// until the window ends (the hit is then not counted).
    pub(crate) async fn rate_limit_hit(
        &self,
        bucket: &str,
        limit: i64,
        window_ms: i64,
        now: i64,
    ) -> Result<Option<i64>> {
        let limit = Limit {
            bucket: bucket.into(),
            limit,
            window_ms,
        };
        self.rate_limit_hits(&[limit], now).await
    }

    /// Takes back one hit on `bucket` (a reserved hit that turned out not to count).
    pub(crate) async fn rate_limit_give_back(&self, bucket: &str) -> Result<()> {
        let _turn = self.write_turn().await?;
        sqlx::query("UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND hits > 0")
            .bind(bucket)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Whether `limit`'s current window is full, without counting: the milliseconds until
    /// it ends, or `None` while hits are left.
    pub(crate) async fn rate_limit_reached(&self, limit: &Limit, now: i64) -> Result<Option<i64>> {
        let mut conn = self.pool().acquire().await?;
        limit_reached(&mut conn, limit, now).await
    }

    /// Counts one hit on every limit, or on none: when any limit is reached, nothing is
    /// counted (a refused request never uses up another limit) and the answer is the longest
    /// wait among the reached ones, in milliseconds. Each count is a conditional update of
    /// its row, so concurrent requests never exceed a limit.
    ///
    /// The transaction does not wait for PostgreSQL's WAL flush ([`Store::begin_unflushed`]):
    /// a crash of the database server can forget the last few hundred milliseconds of counts.
    pub(crate) async fn rate_limit_hits(&self, limits: &[Limit], now: i64) -> Result<Option<i64>> {
        let (mut tx, begin) = self.begin_batch(true).await?;
        let wait = check_limits(&mut tx, begin, &[], limits, now).await?;
        if wait.is_some() {
            tx.rollback().await?;
        } else {
            tx.commit().await?;
        }
        Ok(wait)
    }
}

/// [`Store::rate_limit_reached`] on the caller's connection `conn`.
async fn limit_reached(conn: &mut AnyConnection, limit: &Limit, now: i64) -> Result<Option<i64>> {
    let row = peek(conn, limit).await?;
    Ok(longest_full(&[(limit, row)], now))
}

/// Counts one hit on every limit in `counted`, after a look at `peeked`, which are not
/// counted, in the caller's transaction `conn`: `None` when all are allowed. When a peeked
/// limit is full the answer is the longest wait among the full ones, else the longest among
/// the counted ones reached, in milliseconds; the caller must then roll back, so a refused
/// request counts on none of them. Every bucket appears once.
///
/// The statements go in one round trip: as one batch where the connection [`takes_batches`]
/// (SQLite), headed by `begin` (what [`Store::begin_batch`] gave, or nothing), else as the parts
/// of one statement (PostgreSQL, where `begin` is empty).
pub(crate) async fn check_limits(
    conn: &mut AnyConnection,
    begin: &str,
    peeked: &[Limit],
    counted: &[Limit],
    now: i64,
) -> Result<Option<i64>> {
    if peeked.is_empty() && counted.is_empty() {
        if !begin.is_empty() {
            conn.execute(begin).await?;
        }
        return Ok(None);
    }
    let statements = statements(peeked, counted);
    let sql = if takes_batches(conn) {
        format!("{begin}{}", statements.join(";\n"))
    } else {
        in_one(&statements)
    };
    let mut query = sqlx::query_as::<_, Row>(&sql);
    for limit in peeked {
        query = query.bind(&limit.bucket);
    }
    for limit in counted {
        query = query
            .bind(&limit.bucket)
            .bind(now)
            .bind(now - limit.window_ms);
    }
    let rows = query.fetch_all(conn).await?;
    let row = |limit: &Limit| rows.iter().find(|r| r.0 == limit.bucket).cloned();
    let seen: Vec<_> = peeked.iter().map(|limit| (limit, row(limit))).collect();
    let found = counted
        .iter()
        .map(|limit| Ok((limit, row(limit).ok_or(sqlx::Error::RowNotFound)?)))
        .collect::<Result<Vec<_>>>()?;
    let wait = longest_full(&seen, now).or_else(|| longest_refused(&found, now));
    if wait.is_some() {
        count_refusals(&seen, &found, now);
    }
    Ok(wait)
}

/// Counts a refusal in the metrics for each limit that refused: full when looked at, or
/// gone past when counted.
fn count_refusals(seen: &[(&Limit, Option<Row>)], found: &[(&Limit, Row)], now: i64) {
    let full = seen
        .iter()
        .filter(|entry| longest_full(std::slice::from_ref(*entry), now).is_some())
        .map(|(limit, _)| *limit);
    let past = found
        .iter()
        .filter(|(limit, (_, _, hits))| *hits > limit.limit)
        .map(|(limit, _)| *limit);
    for limit in full.chain(past) {
        let name = metrics::limit_name(&limit.bucket).to_owned();
        ::metrics::counter!(metrics::RATE_LIMITED, "limit" => name).increment(1);
    }
}

/// A counter's row: its bucket, window start and hits.
type Row = (String, i64, i64);

/// The wait until `limit`'s window ends, in milliseconds, at least 1.
fn wait(limit: &Limit, start: i64, now: i64) -> i64 {
    (start + limit.window_ms - now).max(1)
}

/// The longest wait among looked-at limits whose window is full (no row: empty).
fn longest_full(seen: &[(&Limit, Option<Row>)], now: i64) -> Option<i64> {
    seen.iter()
        .filter_map(|(limit, row)| {
            let (_, start, hits) = row.as_ref()?;
            (*start > now - limit.window_ms && *hits >= limit.limit)
                .then(|| wait(limit, *start, now))
        })
        .max()
}

/// The longest wait among counted limits whose count went past the limit: the window was
/// full already, and the caller's rollback undoes the count.
fn longest_refused(found: &[(&Limit, Row)], now: i64) -> Option<i64> {
    found
        .iter()
        .filter(|(limit, (_, _, hits))| *hits > limit.limit)
        .map(|(limit, (_, start, _))| wait(limit, *start, now))
        .max()
}

/// `limit`'s row, if it has one.
async fn peek(conn: &mut AnyConnection, limit: &Limit) -> Result<Option<Row>> {
    Ok(sqlx::query_as(&peek_sql(1))
        .bind(&limit.bucket)
        .fetch_optional(conn)
        .await?)
}

/// A peek at each of `peeked` and a count on each of `counted`, in that order, their
/// parameters numbered through: each peek's bucket, then each count's bucket, now and cutoff.
/// Each answers the rows of [`Row`]'s shape (a peek none when its bucket has no row).
fn statements(peeked: &[Limit], counted: &[Limit]) -> Vec<String> {
    let peeks = (0..peeked.len()).map(|i| peek_sql(1 + i));
    let first_count = 1 + peeked.len();
    let counts = (0..counted.len()).map(|i| count_sql(first_count + 3 * i));
    peeks.chain(counts).collect()
}

/// `statements` as the parts of one PostgreSQL statement (a `WITH` part each) answering all
/// their rows. Each part changes at most its own bucket's row, and every bucket appears once,
/// so no two parts touch one row; they all read the table as it was when the statement began,
/// as the peeks, which come first, did before.
fn in_one(statements: &[String]) -> String {
    let parts: Vec<String> = statements
        .iter()
        .enumerate()
        .map(|(i, sql)| format!("l{i} AS ({sql})"))
        .collect();
    let rows: Vec<String> = (0..statements.len())
        .map(|i| format!("SELECT bucket, window_start, hits FROM l{i}"))
        .collect();
    format!("WITH {} {}", parts.join(", "), rows.join(" UNION ALL "))
}

/// Reads the row of the bucket in parameter `$p`.
fn peek_sql(p: usize) -> String {
    format!("SELECT bucket, window_start, hits FROM rate_limits WHERE bucket = ${p}")
}

/// Counts a hit on the bucket in parameter `$p`, in one statement: opens or renews its
/// window at `$p+1` (now) when it started at or before `$p+2` (now less the window). Every SET
/// expression reads the row as it was before the update (SQL's rule, kept by SQLite and
/// PostgreSQL alike). A full window's count then passes the limit, which the caller's
/// rollback undoes.
fn count_sql(p: usize) -> String {
    let (bucket, now, cutoff) = (p, p + 1, p + 2);
    format!(
        "INSERT INTO rate_limits (bucket, window_start, hits) VALUES (${bucket}, ${now}, 1) \
         ON CONFLICT (bucket) DO UPDATE SET \
         window_start = CASE WHEN rate_limits.window_start <= ${cutoff} THEN ${now} \
                        ELSE rate_limits.window_start END, \
         hits = CASE WHEN rate_limits.window_start <= ${cutoff} THEN 1 \
                ELSE rate_limits.hits + 1 END \
         RETURNING bucket, window_start, hits"
    )
}
