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
    /// Stores a message. On SQLite it is one statement under the write turn (SQLite runs
    /// it alone, so `MAX(seq) + 1` is unique). On PostgreSQL it is a transaction that locks
    /// the table for the same reason, and that commits without waiting for the WAL flush
    /// (`synchronous_commit = off`): the table lock is then held for microseconds rather than
    /// an fsync, and a crash can lose at most the last dev mails (never the file's integrity).
    pub(crate) async fn insert_mail(&self, mail: &Mail) -> Result<()> {
        const INSERT: &str = "INSERT INTO mailbox (seq, to_addr, subject, body, sent_at) \
             SELECT COALESCE(MAX(seq), 0) + 1, $1, $2, $3, $4 FROM mailbox";
        let insert = || {
            sqlx::query(INSERT)
                .bind(&mail.to)
                .bind(&mail.subject)
                .bind(&mail.text)
                .bind(mail.sent_at)
        };
        if self.backend == Backend::Sqlite {
            let _turn = self.write_turn().await?;
            insert().execute(self.pool()).await?;
            return Ok(());
        }
        let mut tx = self.begin().await?;
        for statement in [
            "SET LOCAL synchronous_commit = off",
            "LOCK TABLE mailbox IN SHARE ROW EXCLUSIVE MODE",
        ] {
            sqlx::query(statement).execute(&mut *tx).await?;
        }
        insert().execute(&mut *tx).await?;
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
