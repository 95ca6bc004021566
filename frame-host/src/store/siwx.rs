//! Sign-in nonces and sessions (`siwx_nonces`, `siwx_sessions`, migration 0008).

use super::Store;
use crate::error::Result;

/// A sign-in session as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SiwxSession {
    /// The session id (random, hex): the token's `sid` and the revoke route's `pci`.
    pub(crate) id: String,
    /// The project.
    pub(crate) project_id: String,
    /// The chain, CAIP-2.
    pub(crate) chain_id: String,
    /// The account key: an `eip155` address lowercased, a `solana` one as written.
    pub(crate) address: String,
    /// How the signature was checked: `eoa`, `erc1271`, `erc6492` or `ed25519`.
    pub(crate) kind: String,
    /// The message text signed.
    pub(crate) message: String,
    /// The signature, as sent.
    pub(crate) signature: String,
    /// When it began, Unix ms.
    pub(crate) created_at: i64,
    /// When it ends, Unix ms.
    pub(crate) expires_at: i64,
}

type Row = (
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    i64,
    i64,
);

impl Store {
    /// Stores a new nonce of `project_id`, usable until `expires_at` (Unix ms).
    pub(crate) async fn add_siwx_nonce(
        &self,
        nonce: &str,
        project_id: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<()> {
        let _turn = self.write_turn().await?;
        sqlx::query(
            "INSERT INTO siwx_nonces (nonce, project_id, created_at, expires_at) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(nonce)
        .bind(project_id)
        .bind(now)
        .bind(expires_at)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// When the unused nonce `nonce` of `project_id` expires (Unix ms), if there is one.
    pub(crate) async fn siwx_nonce_expiry(
        &self,
        nonce: &str,
        project_id: &str,
    ) -> Result<Option<i64>> {
        let row: Option<(i64,)> = sqlx::query_as(
            "SELECT expires_at FROM siwx_nonces WHERE nonce = $1 AND project_id = $2",
        )
        .bind(nonce)
        .bind(project_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|(at,)| at))
    }

    /// Uses up `nonce` of `project_id` without a session (its sign-in was refused).
    pub(crate) async fn drop_siwx_nonce(&self, nonce: &str, project_id: &str) -> Result<()> {
        sqlx::query("DELETE FROM siwx_nonces WHERE nonce = $1 AND project_id = $2")
            .bind(nonce)
            .bind(project_id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Uses up `nonce` (it must be the project's and unexpired at `now`) and stores `session`,
    /// replacing the project's session of the same chain and address, in one transaction.
    /// False, and nothing stored, when the nonce was used or expired meanwhile.
    pub(crate) async fn add_siwx_session(
        &self,
        nonce: &str,
        session: &SiwxSession,
        now: i64,
    ) -> Result<bool> {
        let mut tx = self.begin().await?;
        let used = sqlx::query(
            "DELETE FROM siwx_nonces WHERE nonce = $1 AND project_id = $2 AND expires_at > $3",
        )
        .bind(nonce)
        .bind(&session.project_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if used.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO siwx_sessions (id, project_id, chain_id, address, kind, message, \
             signature, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             ON CONFLICT (project_id, chain_id, address) DO UPDATE SET id = excluded.id, \
             kind = excluded.kind, message = excluded.message, signature = excluded.signature, \
             created_at = excluded.created_at, expires_at = excluded.expires_at",
        )
        .bind(&session.id)
        .bind(&session.project_id)
        .bind(&session.chain_id)
        .bind(&session.address)
        .bind(&session.kind)
        .bind(&session.message)
        .bind(&session.signature)
        .bind(session.created_at)
        .bind(session.expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The session `id`, if it exists (expired or not).
    pub(crate) async fn siwx_session(&self, id: &str) -> Result<Option<SiwxSession>> {
        let row: Option<Row> = sqlx::query_as(
            "SELECT id, project_id, chain_id, address, kind, message, signature, created_at, \
             expires_at FROM siwx_sessions WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| SiwxSession {
            id: r.0,
            project_id: r.1,
            chain_id: r.2,
            address: r.3,
            kind: r.4,
            message: r.5,
            signature: r.6,
            created_at: r.7,
            expires_at: r.8,
        }))
    }

    /// Deletes session `id` of `project_id` and `address` (the stored key) if its signature is
    /// `signature`; whether one was deleted.
    pub(crate) async fn revoke_siwx_session(
        &self,
        project_id: &str,
        address: &str,
        id: &str,
        signature: &str,
    ) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query(
            "DELETE FROM siwx_sessions WHERE id = $1 AND project_id = $2 AND address = $3 \
             AND signature = $4",
        )
        .bind(id)
        .bind(project_id)
        .bind(address)
        .bind(signature)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }
}
