//! [`WriteTx`]: a write transaction that, on SQLite, also holds the process's write turn.
//!
//! SQLite has one writer at a time. Left to SQLite, a second `BEGIN IMMEDIATE` polls the lock
//! with sleeps of 1 to 100 ms (its busy handler), which under load costs more than the writes
//! themselves. frame-host is the only process writing its SQLite file, so writers wait their
//! turn in a FIFO semaphore here instead, and SQLite's lock is then always free.
//!
//! On SQLite every statement is a round trip to the connection's worker thread, and under load
//! each round trip costs about 0.1 ms of waking threads: far more than the statement. Writers
//! hold the turn for all of their round trips, so those round trips bound how many writes a
//! second the file takes. The transaction therefore runs its own `BEGIN IMMEDIATE`, `COMMIT` and
//! `ROLLBACK` as plain statements, which lets a caller send the `BEGIN` at the head of its first
//! batch ([`Store::begin_batch`]): one round trip where sqlx's transaction takes two. Writes
//! whose answers nobody reads are held back ([`WriteTx::defer`]) and sent with the `COMMIT`, and
//! a transaction that is one batch ends it with [`WriteTx::commit_tail`]: an email login's start
//! then takes two round trips in the turn and its code's check one.
//!
//! [`Store::begin_batch`]: super::Store::begin_batch

use std::{
    ops::{Deref, DerefMut},
    sync::Arc,
};

use sqlx::{
    any::AnyArguments, pool::PoolConnection, query::Query, Any, AnyConnection, Executor,
    Transaction,
};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::Result;

/// The write turn of one SQLite file: one permit.
pub(super) type WriteTurn = Arc<Semaphore>;

/// What begins a write transaction on SQLite, as the head of a batch. A batch it heads is read
/// with `fetch_all` or `execute` only: sqlx's `fetch_optional` and `fetch_one` on an `Any`
/// connection read the batch's first answer, which is the `BEGIN`'s, and its `rows_affected`
/// counts, for the `BEGIN`, the changes of the connection's previous statement.
pub(super) const SQLITE_BEGIN: &str = "BEGIN IMMEDIATE;\n";

/// What ends a batch that commits an SQLite transaction ([`WriteTx::commit_tail`]).
const SQLITE_COMMIT: &str = ";\nCOMMIT";

/// A query on an `Any` connection.
pub(crate) type AnyQuery<'q> = Query<'q, Any, AnyArguments<'q>>;

/// Binds a deferred statement's parameters, which it owns, in order.
type Binder = Box<dyn for<'q> FnOnce(AnyQuery<'q>) -> AnyQuery<'q> + Send>;

/// A write transaction; rolls back when dropped without [`commit`](Self::commit).
#[must_use = "a transaction rolls back when dropped"]
pub(crate) struct WriteTx {
    /// `None` once ended by [`rollback`](Self::rollback) or handed to [`Drop`]'s rollback.
    conn: Option<Conn>,
    turn: Option<OwnedSemaphorePermit>,
    /// SQLite: the statements [`defer`](Self::defer) held back for the commit's batch, their
    /// parameters numbered through, and how many parameters they take.
    deferred: Vec<(String, Binder)>,
    deferred_params: usize,
    /// SQLite: [`commit_tail`](Self::commit_tail) gave its `COMMIT` to the caller's batch.
    tail: bool,
}

enum Conn {
    /// PostgreSQL: sqlx's transaction, which queues its own rollback when dropped.
    Postgres(Transaction<'static, Any>),
    /// SQLite: a pooled connection on which this type runs the transaction's statements, and
    /// whether a transaction may be open on it: from its `BEGIN` until its `COMMIT` or
    /// `ROLLBACK` answers.
    Sqlite {
        conn: PoolConnection<Any>,
        open: bool,
    },
}

impl WriteTx {
    /// A transaction on `conn`, holding `turn` (SQLite's), with nothing deferred yet.
    fn on(conn: Conn, turn: Option<OwnedSemaphorePermit>) -> Self {
        Self {
            conn: Some(conn),
            turn,
            deferred: Vec::new(),
            deferred_params: 0,
            tail: false,
        }
    }

    /// A PostgreSQL transaction.
    pub(super) fn postgres(tx: Transaction<'static, Any>) -> Self {
        Self::on(Conn::Postgres(tx), None)
    }

    /// An SQLite transaction on `conn`, holding `turn`, begun by the caller's first batch,
    /// which must start with [`SQLITE_BEGIN`]. It counts as open from here: dropped before
    /// that batch ran, it finds no transaction to roll back and closes the connection.
    pub(super) fn sqlite_pending(conn: PoolConnection<Any>, turn: OwnedSemaphorePermit) -> Self {
        Self::on(Conn::Sqlite { conn, open: true }, Some(turn))
    }

    /// An SQLite transaction on `conn`, holding `turn`, begun here. A `BEGIN` that fails
    /// leaves no transaction, and the connection goes back to the pool.
    pub(super) async fn sqlite(
        conn: PoolConnection<Any>,
        turn: OwnedSemaphorePermit,
    ) -> Result<Self> {
        let mut tx = Self::sqlite_pending(conn, turn);
        if let Some(Conn::Sqlite { conn, open }) = &mut tx.conn {
            if let Err(e) = conn.execute(SQLITE_BEGIN.trim_end()).await {
                *open = false;
                return Err(e.into());
            }
        }
        Ok(tx)
    }

    /// Runs the write `sql`, whose parameters `bind` binds from values it owns, as part of this
    /// transaction, without an answer: on SQLite it is held back and sent with the `COMMIT`, in
    /// one round trip (a failure then fails the commit); on PostgreSQL it runs now. Nothing
    /// later in the transaction may read what it writes.
    pub(crate) async fn defer(
        &mut self,
        sql: &'static str,
        bind: impl for<'q> FnOnce(AnyQuery<'q>) -> AnyQuery<'q> + Send + 'static,
    ) -> Result<()> {
        match &mut self.conn {
            Some(Conn::Sqlite { .. }) if self.tail => {
                // The caller's batch may have committed already: the write would be lost.
                return Err(sqlx::Error::InvalidArgument(
                    "a write deferred after the transaction's commit tail".into(),
                )
                .into());
            }
            Some(Conn::Sqlite { .. }) => {
                let (sql, params) = shift_params(sql, self.deferred_params);
                self.deferred_params += params;
                self.deferred.push((sql, Box::new(bind)));
            }
            Some(Conn::Postgres(tx)) => {
                bind(sqlx::query(sql)).execute(&mut **tx).await?;
            }
            None => unreachable!("a WriteTx holds its connection until dropped"),
        }
        Ok(())
    }

    /// Commits, with the [deferred](Self::defer) writes, then gives up the write turn.
    pub(crate) async fn commit(mut self) -> Result<()> {
        if let Some(Conn::Sqlite { conn, open }) = &mut self.conn {
            let deferred = std::mem::take(&mut self.deferred);
            let mut sql = String::new();
            for (statement, _) in &deferred {
                sql.push_str(statement);
                sql.push_str(";\n");
            }
            sql.push_str("COMMIT");
            let query = deferred
                .into_iter()
                .fold(sqlx::query(&sql), |query, (_, bind)| bind(query));
            // A failed batch leaves the transaction to the rollback in `drop`.
            query.execute(&mut **conn).await?;
            *open = false;
        } else if let Some(Conn::Postgres(tx)) = self.conn.take() {
            tx.commit().await?;
        }
        Ok(())
    }

    /// What ends a batch that commits the transaction: on SQLite a `COMMIT` after the batch's
    /// last statement, on PostgreSQL nothing. The batch is read with `fetch_all` only (see
    /// [`SQLITE_BEGIN`]), and [`tail_committed`](Self::tail_committed) ends the transaction
    /// once it ran; until then a failure leaves it to the rollback when dropped. A transaction
    /// with [deferred](Self::defer) writes gets nothing here either: its `tail_committed` sends
    /// them with the `COMMIT`.
    pub(crate) fn commit_tail(&mut self) -> &'static str {
        match &self.conn {
            Some(Conn::Sqlite { .. }) if self.deferred.is_empty() => {
                self.tail = true;
                SQLITE_COMMIT
            }
            _ => "",
        }
    }

    /// Ends the transaction whose batch ran [`commit_tail`](Self::commit_tail): on SQLite that
    /// batch committed it, else this commits.
    pub(crate) async fn tail_committed(mut self) -> Result<()> {
        match &mut self.conn {
            Some(Conn::Sqlite { open, .. }) if self.tail => *open = false,
            _ => return self.commit().await,
        }
        Ok(())
    }

    /// Rolls back, then gives up the write turn.
    pub(crate) async fn rollback(mut self) -> Result<()> {
        match self.conn.take() {
            Some(Conn::Postgres(tx)) => tx.rollback().await?,
            Some(Conn::Sqlite { mut conn, .. }) => {
                if let Err(e) = conn.execute("ROLLBACK").await {
                    // Whatever the transaction left, the closed connection ends it.
                    conn.close().await?;
                    return Err(e.into());
                }
            }
            None => {}
        }
        Ok(())
    }
}

impl Drop for WriteTx {
    /// An SQLite transaction still open is rolled back in a task of its own, which keeps the
    /// write turn until the rollback answered, so the next writer finds the lock free. A
    /// connection whose rollback fails (its `BEGIN` never ran, or it broke) is closed, never
    /// pooled with a transaction open.
    fn drop(&mut self) {
        let Some(Conn::Sqlite {
            mut conn,
            open: true,
        }) = self.conn.take()
        else {
            return;
        };
        let turn = self.turn.take();
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            conn.close_on_drop();
            return;
        };
        runtime.spawn(async move {
            if let Err(error) = conn.execute("ROLLBACK").await {
                tracing::warn!(%error, "rollback failed: closing the connection");
                if let Err(error) = conn.close().await {
                    tracing::warn!(%error, "closing the connection failed");
                }
            }
            drop(turn);
        });
    }
}

/// `sql` with each parameter `$n` renumbered `$n + offset`, and the highest `n` it names. Text
/// inside single quotes (a string literal) is left as it is.
fn shift_params(sql: &str, offset: usize) -> (String, usize) {
    let mut out = String::with_capacity(sql.len() + 8);
    let (mut highest, mut quoted) = (0, false);
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '\'' {
            quoted = !quoted;
        }
        if c != '$' || quoted {
            continue;
        }
        let mut n = 0;
        let mut digits = false;
        while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
            n = n * 10 + d as usize;
            digits = true;
            chars.next();
        }
        if digits {
            highest = highest.max(n);
            out.push_str(&(n + offset).to_string());
        }
    }
    (out, highest)
}

impl Deref for WriteTx {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        match &self.conn {
            Some(Conn::Postgres(tx)) => tx,
            Some(Conn::Sqlite { conn, .. }) => conn,
            None => unreachable!("a WriteTx holds its connection until dropped"),
        }
    }
}

impl DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match &mut self.conn {
            Some(Conn::Postgres(tx)) => tx,
            Some(Conn::Sqlite { conn, .. }) => conn,
            None => unreachable!("a WriteTx holds its connection until dropped"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::shift_params;

    #[test]
    fn parameters_shift_outside_string_literals() {
        assert_eq!(
            shift_params("INSERT INTO t VALUES ($1, $2, '$1', $10)", 4),
            ("INSERT INTO t VALUES ($5, $6, '$1', $14)".into(), 10)
        );
        assert_eq!(shift_params("SELECT 1", 3), ("SELECT 1".into(), 0));
        assert_eq!(
            shift_params("SELECT '$' || $1", 0),
            ("SELECT '$' || $1".into(), 1)
        );
    }
}
