//! The fingerprints of the operator's keys (`operator_keys`): per kind (`kek`, `jwt`,
//! `siwx`) the current key, the next one while a KEK rotation is under way, and the one a
//! rotation replaced (with when). Keyed hashes only, never a key.

use super::Store;
use crate::error::Result;

/// One recorded fingerprint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct KeyRecord {
    /// `kek`, `jwt` or `siwx`.
    pub(crate) kind: String,
    /// `current`, `next` or `previous`.
    pub(crate) role: String,
    /// The key's fingerprint.
    pub(crate) fingerprint: String,
    /// When it took this role, Unix ms.
    pub(crate) since: i64,
}

impl Store {
    /// Every recorded fingerprint.
    pub(crate) async fn operator_keys(&self) -> Result<Vec<KeyRecord>> {
        let rows: Vec<(String, String, String, i64)> =
            sqlx::query_as("SELECT kind, role, fingerprint, since FROM operator_keys")
                .fetch_all(self.pool())
                .await?;
        Ok(rows
            .into_iter()
            .map(|(kind, role, fingerprint, since)| KeyRecord {
                kind,
                role,
                fingerprint,
                since,
            })
            .collect())
    }

    /// Records `fingerprint` as the current key of `kind` unless one is recorded already.
    pub(crate) async fn adopt_operator_key(
        &self,
        kind: &str,
        fingerprint: &str,
        now: i64,
    ) -> Result<()> {
        let _turn = self.write_turn().await?;
        sqlx::query(
            "INSERT INTO operator_keys (kind, role, fingerprint, since) \
             VALUES ($1, 'current', $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(kind)
        .bind(fingerprint)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Records `fingerprint` as the `role` key of `kind` (replacing the one recorded).
    pub(crate) async fn set_operator_key(
        &self,
        kind: &str,
        role: &str,
        fingerprint: &str,
        now: i64,
    ) -> Result<()> {
        let _turn = self.write_turn().await?;
        sqlx::query(
            "INSERT INTO operator_keys (kind, role, fingerprint, since) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (kind, role) DO UPDATE SET fingerprint = $3, since = $4",
        )
        .bind(kind)
        .bind(role)
        .bind(fingerprint)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Makes `current` the current key of `kind` and the one it replaces its previous key (as
    /// of `now`), dropping its next key, in one transaction; unless `current` is already the
    /// current key.
    pub(crate) async fn promote_operator_key(
        &self,
        kind: &str,
        current: &str,
        now: i64,
    ) -> Result<()> {
        let mut tx = self.begin().await?;
        let old: Option<(String,)> = sqlx::query_as(
            "SELECT fingerprint FROM operator_keys WHERE kind = $1 AND role = 'current'",
        )
        .bind(kind)
        .fetch_optional(&mut *tx)
        .await?;
        if old.as_ref().is_some_and(|(fp,)| fp == current) {
            tx.rollback().await?;
            return Ok(());
        }
        sqlx::query("DELETE FROM operator_keys WHERE kind = $1")
            .bind(kind)
            .execute(&mut *tx)
            .await?;
        let insert = "INSERT INTO operator_keys (kind, role, fingerprint, since) \
                      VALUES ($1, $2, $3, $4)";
        if let Some((old,)) = old {
            sqlx::query(insert)
                .bind(kind)
                .bind("previous")
                .bind(old)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(insert)
            .bind(kind)
            .bind("current")
            .bind(current)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
