//! Fixed-window rate-limit counters, shared by every instance on the same database.

use super::Store;
use crate::error::Result;

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
        let mut tx = self.begin().await?;
        sqlx::query(
            "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 0) \
             ON CONFLICT DO NOTHING",
        )
        .bind(bucket)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE rate_limits SET window_start = $2, hits = 0 \
             WHERE bucket = $1 AND window_start <= $3",
        )
        .bind(bucket)
        .bind(now)
        .bind(now - window_ms)
        .execute(&mut *tx)
        .await?;
        let counted =
            sqlx::query("UPDATE rate_limits SET hits = hits + 1 WHERE bucket = $1 AND hits < $2")
                .bind(bucket)
                .bind(limit)
                .execute(&mut *tx)
                .await?;
        let verdict = if counted.rows_affected() == 1 {
            None
        } else {
            let (start,): (i64,) =
                sqlx::query_as("SELECT window_start FROM rate_limits WHERE bucket = $1")
                    .bind(bucket)
                    .fetch_one(&mut *tx)
                    .await?;
            Some((start + window_ms - now).max(1))
        };
        tx.commit().await?;
        Ok(verdict)
    }
}
