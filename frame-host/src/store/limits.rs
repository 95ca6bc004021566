//! Fixed-window rate-limit counters, shared by every instance on the same database.

use sqlx::AnyConnection;

use super::{Backend, Store};
use crate::error::Result;

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
    /// On PostgreSQL the transaction commits without waiting for the WAL flush
    /// (`synchronous_commit = off`, this transaction only): its row locks are then held for
    /// microseconds rather than an fsync. A crash of the database server can forget the counts
    /// of the last few hundred milliseconds (three `wal_writer_delay`s at most), never more,
    /// and never a row of another table.
    pub(crate) async fn rate_limit_hits(&self, limits: &[Limit], now: i64) -> Result<Option<i64>> {
        let mut tx = self.begin().await?;
        if self.backend == Backend::Postgres {
            sqlx::query("SET LOCAL synchronous_commit = off")
                .execute(&mut *tx)
                .await?;
        }
        let wait = count_hits(&mut tx, limits, now).await?;
        if wait.is_some() {
            tx.rollback().await?;
        } else {
            tx.commit().await?;
        }
        Ok(wait)
    }
}

/// [`Store::rate_limit_reached`] on the caller's connection `conn`.
pub(crate) async fn limit_reached(
    conn: &mut AnyConnection,
    limit: &Limit,
    now: i64,
) -> Result<Option<i64>> {
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT window_start, hits FROM rate_limits WHERE bucket = $1")
            .bind(&limit.bucket)
            .fetch_optional(conn)
            .await?;
    Ok(row
        .filter(|&(start, hits)| start > now - limit.window_ms && hits >= limit.limit)
        .map(|(start, _)| (start + limit.window_ms - now).max(1)))
}

/// Counts one hit on every limit in the caller's transaction `conn`: `None` when all are
/// allowed, else the longest wait among the reached ones, in milliseconds. The caller must
/// then roll back, so a refused request counts on none of them.
pub(crate) async fn count_hits(
    conn: &mut AnyConnection,
    limits: &[Limit],
    now: i64,
) -> Result<Option<i64>> {
    let mut wait: Option<i64> = None;
    for limit in limits {
        if let Some(ms) = count(conn, limit, now).await? {
            wait = Some(wait.map_or(ms, |w| w.max(ms)));
        }
    }
    Ok(wait)
}

/// Opens or renews `limit`'s window and counts a hit, in one statement; the wait in
/// milliseconds when the window was already full. A full window's count then passes the
/// limit, which the caller's rollback undoes.
async fn count(conn: &mut AnyConnection, limit: &Limit, now: i64) -> Result<Option<i64>> {
    // Every SET expression reads the row as it was before the update (SQL's rule, kept by
    // SQLite and PostgreSQL alike).
    let (start, hits): (i64, i64) = sqlx::query_as(
        "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1) \
         ON CONFLICT (bucket) DO UPDATE SET \
         window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 \
                        ELSE rate_limits.window_start END, \
         hits = CASE WHEN rate_limits.window_start <= $3 THEN 1 \
                ELSE rate_limits.hits + 1 END \
         RETURNING window_start, hits",
    )
    .bind(&limit.bucket)
    .bind(now)
    .bind(now - limit.window_ms)
    .fetch_one(&mut *conn)
    .await?;
    Ok((hits > limit.limit).then(|| (start + limit.window_ms - now).max(1)))
}
