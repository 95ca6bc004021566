//! What readiness and the metrics ask of the database: that it answers, that every migration
//! this binary knows is applied, and how full the pool is.

use std::collections::HashSet;

use super::{Result, Store, MIGRATIONS};

impl Store {
    /// The versions of this binary's migrations that the database has not applied (empty
    /// when it is up to date). A round trip, so it also shows the database answers.
    pub(crate) async fn missing_migrations(&self) -> Result<Vec<i64>> {
        let applied: Vec<(i64,)> = sqlx::query_as("SELECT version FROM oriel_migrations")
            .fetch_all(&self.pool)
            .await?;
        let applied: HashSet<i64> = applied.into_iter().map(|(v,)| v).collect();
        Ok(MIGRATIONS
            .iter()
            .map(|m| m.version)
            .filter(|v| !applied.contains(v))
            .collect())
    }

    /// The pool's connections: `(in use, idle)`.
    pub(crate) fn pool_use(&self) -> (u32, u32) {
        let idle = u32::try_from(self.pool.num_idle()).unwrap_or(u32::MAX);
        (self.pool.size().saturating_sub(idle), idle)
    }
}
