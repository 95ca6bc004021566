//! The indexer's lease per chain (`index_leases`): one holder at a time, until `expires_at`
//! (Unix ms). Taken and renewed with a conditional upsert; every write of the indexer renews it
//! again inside its own transaction ([`renew_in`]).

use super::{Store, WriteTx};
use crate::error::Result;

impl Store {
    /// Takes or renews the lease of `chain_id` for `holder` until `now + ttl_ms`: succeeds
    /// when the lease is free, expired or already `holder`'s.
    pub(crate) async fn take_lease(
        &self,
        chain_id: &str,
        holder: &str,
        now: i64,
        ttl_ms: i64,
    ) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query(
            "INSERT INTO index_leases (chain_id, holder, expires_at) VALUES ($1, $2, $3) \
             ON CONFLICT (chain_id) DO UPDATE SET holder = excluded.holder, \
             expires_at = excluded.expires_at \
             WHERE index_leases.holder = excluded.holder OR index_leases.expires_at <= $4",
        )
        .bind(chain_id)
        .bind(holder)
        .bind(now + ttl_ms)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives the lease up at once (a clean shutdown), if `holder` has it.
    pub(crate) async fn release_lease(&self, chain_id: &str, holder: &str) -> Result<()> {
        let _turn = self.write_turn().await?;
        sqlx::query("UPDATE index_leases SET expires_at = 0 WHERE chain_id = $1 AND holder = $2")
            .bind(chain_id)
            .bind(holder)
            .execute(self.pool())
            .await?;
        Ok(())
    }
}

/// Renews `holder`'s unexpired lease inside `tx` (on PostgreSQL this also locks the lease row
/// until `tx` ends, so a takeover waits for the write to finish).
pub(super) async fn renew_in(
    tx: &mut WriteTx,
    chain_id: &str,
    holder: &str,
    now: i64,
    ttl_ms: i64,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE index_leases SET expires_at = $1 \
         WHERE chain_id = $2 AND holder = $3 AND expires_at > $4",
    )
    .bind(now + ttl_ms)
    .bind(chain_id)
    .bind(holder)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}
