//! The dev mailbox: mail kept in the database instead of sent (dev mode).

use super::{takes_batches, write_tx::AnyQuery, Backend, Store, WriteTx};
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
    /// Stores a message, in one statement. On SQLite it runs under the write turn (SQLite runs
    /// it alone, so `MAX(seq) + 1` is unique). On PostgreSQL `seq` comes from the
    /// `mailbox_seq` sequence, and the statement's own transaction commits without waiting for
    /// the WAL flush (`synchronous_commit` off for it alone): a crash can lose at most the last
    /// dev mails, never the database's integrity.
    pub(crate) async fn insert_mail(&self, mail: Mail) -> Result<()> {
        const POSTGRES: &str = "INSERT INTO mailbox (seq, to_addr, subject, body, sent_at) \
             SELECT nextval('mailbox_seq'), $1, $2, $3, $4 \
             FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit";
        if self.backend == Backend::Sqlite {
            let _turn = self.write_turn().await?;
            bind_mail(sqlx::query(SQLITE), mail)
                .execute(&mut *self.pool().acquire().await?)
                .await?;
            return Ok(());
        }
        bind_mail(sqlx::query(POSTGRES), mail)
            .execute(self.pool())
            .await?;
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

/// Stores a message in the caller's write transaction `tx`, as a [deferred](WriteTx::defer)
/// write, so the message is kept exactly when the rest of it is (the dev mailer's part of
/// [`Mailer::commit_and_send`]). `MAX(seq) + 1` is unique on SQLite, whose transaction holds the
/// write turn; on PostgreSQL `seq` comes from the `mailbox_seq` sequence.
///
/// [`Mailer::commit_and_send`]: crate::mail::Mailer::commit_and_send
pub(crate) async fn insert_mail_in(tx: &mut WriteTx, mail: Mail) -> Result<()> {
    const POSTGRES: &str = "INSERT INTO mailbox (seq, to_addr, subject, body, sent_at) \
         VALUES (nextval('mailbox_seq'), $1, $2, $3, $4)";
    let sql = if takes_batches(tx) { SQLITE } else { POSTGRES };
    tx.defer(sql, move |query| bind_mail(query, mail)).await
}

/// Stores a message on SQLite, where it holds the write turn: `MAX(seq) + 1` is then unique.
const SQLITE: &str = "INSERT INTO mailbox (seq, to_addr, subject, body, sent_at) \
     SELECT COALESCE(MAX(seq), 0) + 1, $1, $2, $3, $4 FROM mailbox";

/// `query` with a message's recipient, subject, body and time as `$1`..`$4`.
fn bind_mail(query: AnyQuery<'_>, mail: Mail) -> AnyQuery<'_> {
    query
        .bind(mail.to)
        .bind(mail.subject)
        .bind(mail.text)
        .bind(mail.sent_at)
}
