//! Forgetting what has run its course: finished or expired login attempts, email changes,
//! export codes, social logins and device links, expired refresh tokens (a rotated one is kept
//! until it expires, so its reuse is still recognised), old rate-limit windows, expired sign-in
//! nonces and sessions, expired Farcaster relay channels, recovery keys released a day ago to
//! logins that never created their wallet, and the dev mailbox's old mail (it holds codes in plain text). Users, devices, wallets, wraps and peppers are
//! never purged here. `AppState::start_housekeeping` runs this every 10 minutes.

use super::Store;
use crate::error::Result;

/// Attempts, codes and links older than this are gone (their codes live 10 minutes).
pub(crate) const KEEP_ATTEMPTS_MS: i64 = 24 * 3600 * 1000;

impl Store {
    /// Deletes expired rows as of `now`; the number of rows deleted.
    pub(crate) async fn purge_expired(&self, now: i64) -> Result<u64> {
        let before = now - KEEP_ATTEMPTS_MS;
        let mut tx = self.begin().await?;
        let mut deleted = 0;
        // Links first: they point at their login attempt.
        for (sql, cutoff) in [
            ("DELETE FROM device_approvals WHERE expires_at < $1", before),
            ("DELETE FROM approvals WHERE expires_at < $1", before),
            ("DELETE FROM login_attempts WHERE created_at < $1 AND id NOT IN (SELECT attempt_id FROM device_approvals)", before),
            ("DELETE FROM email_changes WHERE created_at < $1", before),
            ("DELETE FROM export_codes WHERE created_at < $1", before),
            ("DELETE FROM social_logins WHERE created_at < $1", before),
            ("DELETE FROM refresh_tokens WHERE expires_at < $1", now),
            ("DELETE FROM rate_limits WHERE window_start < $1", before),
            ("DELETE FROM mailbox WHERE sent_at < $1", before),
            ("DELETE FROM siwx_nonces WHERE expires_at <= $1", now),
            ("DELETE FROM siwx_sessions WHERE expires_at <= $1", now),
            ("DELETE FROM farcaster_channels WHERE expires_at <= $1", now),
            // Recovery keys released to logins that never created their wallet.
            ("DELETE FROM recovery_pending WHERE created_at < $1", before),
        ] {
            deleted += sqlx::query(sql).bind(cutoff).execute(&mut *tx).await?.rows_affected();
        }
        tx.commit().await?;
        Ok(deleted)
    }
}
