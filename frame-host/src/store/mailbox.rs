//! The dev mailbox: mail kept in the database instead of sent (dev mode).

use sqlx::{any::AnyArguments, query::Query, Any, AnyConnection};

use super::{takes_batches, Backend, Store};
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
    pub(crate) async fn insert_mail(&self, mail: &Mail) -> Result<()> {
        const POSTGRES: &str = "INSERT INTO mailbox (seq, to_addr, subject, body, sent_at) \
             SELECT nextval('mailbox_seq'), $1, $2, $3, $4 \
             FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit";
        if self.backend == Backend::Sqlite {
            let _turn = self.write_turn().await?;
            return insert_mail_in(&mut *self.pool().acquire().await?, mail).await;
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

/// Stores a message on `conn`: the caller's write transaction (so the message is kept exactly
/// when the rest of it is: the dev mailer's part of [`Mailer::commit_and_send`]), or a connection
/// holding SQLite's write turn. `MAX(seq) + 1` is then unique on SQLite; on PostgreSQL `seq`
/// comes from the `mailbox_seq` sequence.
///
/// [`Mailer::commit_and_send`]: crate::mail::Mailer::commit_and_send
pub(crate) async fn insert_mail_in(conn: &mut AnyConnection, mail: &Mail) -> Result<()> {
    const SQLITE: &str = "INSERT INTO mailbox (seq, to_addr, subject, body, sent_at) \
         SELECT COALESCE(MAX(seq), 0) + 1, $1, $2, $3, $4 FROM mailbox";
    const POSTGRES: &str = "INSERT INTO mailbox (seq, to_addr, subject, body, sent_at) \
         VALUES (nextval('mailbox_seq'), $1, $2, $3, $4)";
    let sql = if takes_batches(conn) {
        SQLITE
    } else {
        POSTGRES
    };
    bind_mail(sqlx::query(sql), mail).execute(conn).await?;
    Ok(())
}

/// `query` with a message's recipient, subject, body and time as `$1`..`$4`.
fn bind_mail<'q>(
    query: Query<'q, Any, AnyArguments<'q>>,
    mail: &'q Mail,
) -> Query<'q, Any, AnyArguments<'q>> {
    query
        .bind(&mail.to)
        .bind(&mail.subject)
        .bind(&mail.text)
        .bind(mail.sent_at)
}
