//! Each wallet's recovery key, sealed under the KEK (issue 38, M-5): the key a login gets
//! before its wallet exists (`recovery_pending`, per login), the wallet's (`wallets`), and
//! the re-sealing of both under a new KEK (`keys rotate-kek`).

use super::Store;
use crate::error::Result;

/// A recovery key as stored: sealed, and the fingerprint of the KEK that sealed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SealedKey {
    pub(crate) sealed: String,
    pub(crate) kek: String,
}

/// A stored recovery key not yet under the KEK a rotation moves to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SealedRow {
    /// The login of a pending key; `None` for a wallet's.
    pub(crate) family: Option<String>,
    /// Whose key it is.
    pub(crate) user_id: String,
    /// The key; `None` for a wallet whose key is derived from the user id (legacy).
    pub(crate) key: Option<SealedKey>,
}

impl Store {
    /// The recovery key released to login `family` of `user_id` before its wallet exists,
    /// storing `candidate` if the login has none yet: one key per login, whatever it asks.
    pub(crate) async fn pending_recovery_key(
        &self,
        family: &str,
        user_id: &str,
        candidate: &SealedKey,
        now: i64,
    ) -> Result<SealedKey> {
        let _turn = self.write_turn().await?;
        sqlx::query(
            "INSERT INTO recovery_pending (family, user_id, sealed, kek, created_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
        )
        .bind(family)
        .bind(user_id)
        .bind(&candidate.sealed)
        .bind(&candidate.kek)
        .bind(now)
        .execute(self.pool())
        .await?;
        let (sealed, kek): (String, String) = sqlx::query_as(
            "SELECT sealed, kek FROM recovery_pending WHERE family = $1 AND user_id = $2",
        )
        .bind(family)
        .bind(user_id)
        .fetch_one(self.pool())
        .await?;
        Ok(SealedKey { sealed, kek })
    }

    /// The recovery key of `user_id`'s wallet: `None` without a wallet, `Some(None)` for a
    /// wallet whose key is derived from the user id.
    pub(crate) async fn wallet_recovery_key(
        &self,
        user_id: &str,
    ) -> Result<Option<Option<SealedKey>>> {
        let row: Option<(Option<String>, Option<String>)> =
            sqlx::query_as("SELECT recovery_sealed, recovery_kek FROM wallets WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(self.pool())
                .await?;
        Ok(row.map(|(sealed, kek)| {
            Some(SealedKey {
                sealed: sealed?,
                kek: kek?,
            })
        }))
    }

    /// Up to `limit` stored keys (wallets' first, then pending ones) not sealed under `kek`.
    pub(crate) async fn recovery_keys_not_under(
        &self,
        kek: &str,
        limit: i64,
    ) -> Result<Vec<SealedRow>> {
        let wallets: Vec<(String, Option<String>, Option<String>)> = sqlx::query_as(
            "SELECT user_id, recovery_sealed, recovery_kek FROM wallets \
             WHERE recovery_kek IS NULL OR recovery_kek <> $1 ORDER BY user_id LIMIT $2",
        )
        .bind(kek)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        let mut rows: Vec<SealedRow> = wallets
            .into_iter()
            .map(|(user_id, sealed, kek)| SealedRow {
                family: None,
                user_id,
                key: sealed
                    .zip(kek)
                    .map(|(sealed, kek)| SealedKey { sealed, kek }),
            })
            .collect();
        let room = limit - rows.len() as i64;
        if room > 0 {
            let pending: Vec<(String, String, String, String)> = sqlx::query_as(
                "SELECT family, user_id, sealed, kek FROM recovery_pending WHERE kek <> $1 \
                 ORDER BY family LIMIT $2",
            )
            .bind(kek)
            .bind(room)
            .fetch_all(self.pool())
            .await?;
            rows.extend(
                pending
                    .into_iter()
                    .map(|(family, user_id, sealed, kek)| SealedRow {
                        family: Some(family),
                        user_id,
                        key: Some(SealedKey { sealed, kek }),
                    }),
            );
        }
        Ok(rows)
    }

    /// Replaces the key of `row` with `new` if it is still as `row` read it; false if it
    /// changed meanwhile (a wallet was created from a pending key, say).
    pub(crate) async fn reseal_recovery_key(
        &self,
        row: &SealedRow,
        new: &SealedKey,
    ) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let old_kek = row.key.as_ref().map_or("", |k| k.kek.as_str());
        let query = match &row.family {
            None => sqlx::query(
                "UPDATE wallets SET recovery_sealed = $1, recovery_kek = $2 \
                 WHERE user_id = $3 AND COALESCE(recovery_kek, '') = $4",
            )
            .bind(&new.sealed)
            .bind(&new.kek)
            .bind(&row.user_id)
            .bind(old_kek),
            Some(family) => sqlx::query(
                "UPDATE recovery_pending SET sealed = $1, kek = $2 WHERE family = $3 AND kek = $4",
            )
            .bind(&new.sealed)
            .bind(&new.kek)
            .bind(family)
            .bind(old_kek),
        };
        Ok(query.execute(self.pool()).await?.rows_affected() == 1)
    }
}
