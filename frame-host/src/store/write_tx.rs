//! [`WriteTx`]: a write transaction that, on SQLite, also holds the process's write turn.
//!
//! SQLite has one writer at a time. Left to SQLite, a second `BEGIN IMMEDIATE` polls the lock
//! with sleeps of 1 to 100 ms (its busy handler), which under load costs more than the writes
//! themselves. frame-host is the only process writing its SQLite file, so writers wait their
//! turn in a FIFO semaphore here instead, and SQLite's lock is then always free.

use std::{
    ops::{Deref, DerefMut},
    sync::Arc,
};

use sqlx::{Any, AnyConnection, Transaction};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::Result;

/// The write turn of one SQLite file: one permit.
pub(super) type WriteTurn = Arc<Semaphore>;

/// A write transaction; rolls back when dropped without [`commit`](Self::commit).
#[must_use = "a transaction rolls back when dropped"]
pub(crate) struct WriteTx {
    // Fields drop in order: the transaction (its rollback queued) before the turn.
    tx: Transaction<'static, Any>,
    _turn: Option<OwnedSemaphorePermit>,
}

impl WriteTx {
    pub(super) fn new(tx: Transaction<'static, Any>, turn: Option<OwnedSemaphorePermit>) -> Self {
        Self { tx, _turn: turn }
    }

    /// Commits, then gives up the write turn.
    pub(crate) async fn commit(self) -> Result<()> {
        self.tx.commit().await?;
        Ok(())
    }

    /// Rolls back, then gives up the write turn.
    pub(crate) async fn rollback(self) -> Result<()> {
        self.tx.rollback().await?;
        Ok(())
    }
}

impl Deref for WriteTx {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.tx
    }
}

impl DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.tx
    }
}
