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
//! batch ([`Store::begin_batch`]): one round trip where sqlx's transaction takes two.
//!
//! [`Store::begin_batch`]: super::Store::begin_batch

use std::{
    ops::{Deref, DerefMut},
    sync::Arc,
};

use sqlx::{pool::PoolConnection, Any, AnyConnection, Executor, Transaction};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::Result;

/// The write turn of one SQLite file: one permit.
pub(super) type WriteTurn = Arc<Semaphore>;

/// What begins a write transaction on SQLite, as the head of a batch. A batch it heads is read
/// with `fetch_all` or `execute` only: sqlx's `fetch_optional` and `fetch_one` on an `Any`
/// connection read the batch's first answer, which is the `BEGIN`'s, and its `rows_affected`
/// counts, for the `BEGIN`, the changes of the connection's previous statement.
pub(super) const SQLITE_BEGIN: &str = "BEGIN IMMEDIATE;\n";

/// A write transaction; rolls back when dropped without [`commit`](Self::commit).
#[must_use = "a transaction rolls back when dropped"]
pub(crate) struct WriteTx {
    /// `None` once ended by [`rollback`](Self::rollback) or handed to [`Drop`]'s rollback.
    conn: Option<Conn>,
    turn: Option<OwnedSemaphorePermit>,
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
    /// A PostgreSQL transaction.
    pub(super) fn postgres(tx: Transaction<'static, Any>) -> Self {
        Self {
            conn: Some(Conn::Postgres(tx)),
            turn: None,
        }
    }

    /// An SQLite transaction on `conn`, holding `turn`, begun by the caller's first batch,
    /// which must start with [`SQLITE_BEGIN`]. It counts as open from here: dropped before
    /// that batch ran, it finds no transaction to roll back and closes the connection.
    pub(super) fn sqlite_pending(conn: PoolConnection<Any>, turn: OwnedSemaphorePermit) -> Self {
        Self {
            conn: Some(Conn::Sqlite { conn, open: true }),
            turn: Some(turn),
        }
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

    /// Commits, then gives up the write turn.
    pub(crate) async fn commit(mut self) -> Result<()> {
        if let Some(Conn::Sqlite { conn, open }) = &mut self.conn {
            // A failed COMMIT leaves the transaction to the rollback in `drop`.
            conn.execute("COMMIT").await?;
            *open = false;
        } else if let Some(Conn::Postgres(tx)) = self.conn.take() {
            tx.commit().await?;
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
