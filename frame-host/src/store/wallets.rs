//! Wallet blobs, device wraps and peppers. Binary values are kept as the API's base64.

use super::{SealedKey, Store};
use crate::error::Result;

/// A wallet to create, with the creating device's wrap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NewWallet {
    /// The frame's id of the wallet.
    pub(crate) wallet_id: String,
    /// Blob format version.
    pub(crate) version: i64,
    /// The encrypted seed.
    pub(crate) ciphertext: String,
    /// The AES-GCM nonce.
    pub(crate) nonce: String,
    /// The data key wrapped under the recovery key.
    pub(crate) recovery_wrap: String,
    /// The data key wrapped for the creating device.
    pub(crate) device_wrap: String,
    /// `{"eip155": …, "solana": …}` as JSON.
    pub(crate) addresses: String,
}

/// A stored wallet, with the asking device's wrap if it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StoredWallet {
    /// The frame's id of the wallet.
    pub(crate) wallet_id: String,
    /// Blob format version.
    pub(crate) version: i64,
    /// The encrypted seed.
    pub(crate) ciphertext: String,
    /// The AES-GCM nonce.
    pub(crate) nonce: String,
    /// The data key wrapped under the recovery key.
    pub(crate) recovery_wrap: String,
    /// This device's wrap.
    pub(crate) device_wrap: Option<String>,
    /// `{"eip155": …, "solana": …}` as JSON.
    pub(crate) addresses: String,
}

type WalletRow = (String, i64, String, String, String, String, Option<String>);

impl Store {
    /// The wallet of `user_id`, with `device_id`'s wrap.
    pub(crate) async fn wallet(
        &self,
        user_id: &str,
        device_id: &str,
    ) -> Result<Option<StoredWallet>> {
        let row: Option<WalletRow> = sqlx::query_as(
            "SELECT w.wallet_id, w.version, w.ciphertext, w.nonce, w.recovery_wrap, w.addresses, \
             d.wrap FROM wallets w LEFT JOIN device_wraps d \
             ON d.wallet_id = w.wallet_id AND d.device_id = $2 WHERE w.user_id = $1",
        )
        .bind(user_id)
        .bind(device_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(
            |(wallet_id, version, ciphertext, nonce, recovery_wrap, addresses, device_wrap)| {
                StoredWallet {
                    wallet_id,
                    version,
                    ciphertext,
                    nonce,
                    recovery_wrap,
                    device_wrap,
                    addresses,
                }
            },
        ))
    }

    /// Creates the wallet of `user_id` and `device_id`'s wrap in one transaction: both are
    /// stored, or neither. The wallet's recovery key is the one released to the creating
    /// login `family` ([`Store::pending_recovery_key`]), else `fresh` (a login that never
    /// asked for it); the user's other pending keys are dropped. Returns false (storing
    /// nothing) if the user already has a wallet or the wallet id is taken.
    pub(crate) async fn create_wallet(
        &self,
        (user_id, device_id, family): (&str, &str, &str),
        wallet: &NewWallet,
        fresh: SealedKey,
        now: i64,
    ) -> Result<bool> {
        let mut tx = self.begin().await?;
        let pending: Option<(String, String)> = sqlx::query_as(
            "SELECT sealed, kek FROM recovery_pending WHERE family = $1 AND user_id = $2",
        )
        .bind(family)
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
        let released = pending.is_some();
        let key = pending.map_or(fresh, |(sealed, kek)| SealedKey { sealed, kek });
        let done = sqlx::query(
            "INSERT INTO wallets (user_id, wallet_id, version, ciphertext, nonce, recovery_wrap, \
             addresses, created_at, recovery_sealed, recovery_kek) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING",
        )
        .bind(user_id)
        .bind(&wallet.wallet_id)
        .bind(wallet.version)
        .bind(&wallet.ciphertext)
        .bind(&wallet.nonce)
        .bind(&wallet.recovery_wrap)
        .bind(&wallet.addresses)
        .bind(now)
        .bind(&key.sealed)
        .bind(&key.kek)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        if !released {
            tracing::warn!(
                user = %user_id,
                "wallet created by a login that never asked for its recovery key: its \
                 recovery wrap opens with no key frame-host releases"
            );
        }
        sqlx::query("DELETE FROM recovery_pending WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO device_wraps (wallet_id, device_id, wrap, updated_at) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(&wallet.wallet_id)
        .bind(device_id)
        .bind(&wallet.device_wrap)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Stores (or replaces) `device_id`'s wrap of `user_id`'s wallet `wallet_id`. Returns
    /// false if the user has no wallet with that id.
    pub(crate) async fn put_device_wrap(
        &self,
        user_id: &str,
        wallet_id: &str,
        device_id: &str,
        wrap: &str,
        now: i64,
    ) -> Result<bool> {
        let mut tx = self.begin().await?;
        let owned: Option<(String,)> =
            sqlx::query_as("SELECT wallet_id FROM wallets WHERE user_id = $1 AND wallet_id = $2")
                .bind(user_id)
                .bind(wallet_id)
                .fetch_optional(&mut *tx)
                .await?;
        if owned.is_none() {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO device_wraps (wallet_id, device_id, wrap, updated_at) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (wallet_id, device_id) DO UPDATE SET wrap = $3, updated_at = $4",
        )
        .bind(wallet_id)
        .bind(device_id)
        .bind(wrap)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The pepper of `user_id`'s `device_id`, storing `candidate` if it has none yet.
    pub(crate) async fn pepper(
        &self,
        user_id: &str,
        device_id: &str,
        candidate: &str,
        now: i64,
    ) -> Result<String> {
        let _turn = self.write_turn().await?;
        sqlx::query(
            "INSERT INTO peppers (user_id, device_id, pepper, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING",
        )
        .bind(user_id)
        .bind(device_id)
        .bind(candidate)
        .bind(now)
        .execute(self.pool())
        .await?;
        let (pepper,): (String,) =
            sqlx::query_as("SELECT pepper FROM peppers WHERE user_id = $1 AND device_id = $2")
                .bind(user_id)
                .bind(device_id)
                .fetch_one(self.pool())
                .await?;
        Ok(pepper)
    }
}
