//! The dev mailbox: mail kept in the database instead of sent (dev mode).

use super::{Backend, Store};
use crate::error::Result;

/// One stored message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mail {
    /// Recipient.
    pub(crate) to: String,
    /// Subject line.
    pub(crate) subject: String,
    /// Plain-text body.
    pub(crate) text: String,
    /// Unix ms.
    pub(crate) sent_at: i64,
}

impl Store {
    /// Stores a message.
    pub(crate) async fn insert_mail(&self, mail: &Mail) -> Result<()> {
        let mut tx = self.begin().await?;
        if self.backend == Backend::Postgres {
            // `MAX(seq) + 1` needs writers one at a time, as SQLite's `BEGIN IMMEDIATE`
            // already has them; concurrent PostgreSQL transactions would pick the same seq.
            sqlx::query("LOCK TABLE mailbox IN SHARE ROW EXCLUSIVE MODE")
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO mailbox (seq, to_addr, subject, body, sent_at) \
             SELECT COALESCE(MAX(seq), 0) + 1, $1, $2, $3, $4 FROM mailbox",
        )
        .bind(&mail.to)
        .bind(&mail.subject)
        .bind(&mail.text)
        .bind(mail.sent_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The messages to `to`, newest first.
    pub(crate) async fn mails_to(&self, to: &str) -> Result<Vec<Mail>> {
        let rows: Vec<(String, String, String, i64)> = sqlx::query_as(
            "SELECT to_addr, subject, body, sent_at FROM mailbox WHERE to_addr = $1 \
             ORDER BY seq DESC",
        )
        .bind(to)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .into_iter()
            .map(|(to, subject, text, sent_at)| Mail {
                to,
                subject,
                text,
                sent_at,
            })
            .collect())
    }
}
