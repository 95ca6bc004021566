//! The database: SQLite by default, PostgreSQL when the URL starts with `postgres://`.
//!
//! One [`Store`] wraps an sqlx `Any` pool; queries are plain runtime SQL that both backends
//! accept (no compile-time-checked macros). Migrations are embedded and applied by
//! [`Store::open`]. Every multi-row write runs in one transaction; races between requests are
//! settled by conditional `UPDATE`s and `INSERT … ON CONFLICT`, never by read-then-write.

mod analytics;
mod approvals;
mod attempts;
mod chain_history;
mod chain_index;
mod chain_lease;
mod exports;
mod farcaster;
mod health;
mod limits;
mod login_try;
mod mailbox;
mod names;
mod operator_keys;
mod pending;
pub(crate) mod purge;
mod recovery;
mod recovery_keys;
mod registry;
mod sessions;
mod siwx;
mod social;
mod users;
mod wallets;
mod write_tx;

#[cfg(test)]
mod farcaster_tests;
#[cfg(test)]
mod social_tests;
#[cfg(test)]
mod tests;

use std::{str::FromStr, sync::Arc, time::Duration};

use sqlx::{
    any::{AnyConnectOptions, AnyPoolOptions},
    sqlite::{SqliteConnectOptions, SqliteJournalMode},
    AnyConnection, AnyPool, ConnectOptions, Connection,
};
use tokio::sync::Semaphore;

pub(crate) use analytics::{EventCount, StoredEvent};
pub(crate) use approvals::{insert_approval, Approval, ApprovalKind, Decision, Requester};
pub(crate) use attempts::{
    insert_login_attempt, CodeState, CodeTable, EmailChange, EmailChangeOutcome, LoginAttempt,
    LoginTry, NewCode, NewLogin,
};
pub(crate) use chain_history::{HistoryRow, SeenToken, TxKey};
pub(crate) use chain_index::{Batch, NewTransfer, NftMeta, TokenMeta};
pub(crate) use farcaster::{Channel, ChannelLogin, Completion};
pub(crate) use limits::{check_limits, Limit};
pub(crate) use mailbox::{insert_mail_in, Mail};
pub(crate) use names::{NameInsert, StoredName};
pub(crate) use operator_keys::KeyRecord;
pub(crate) use pending::PendingLogin;
pub(crate) use recovery::{Release, ReleasePurpose};
pub(crate) use recovery_keys::SealedKey;
pub(crate) use registry::{StoredImage, WalletRow};
pub(crate) use sessions::{NewRefresh, Rotation, SessionUser};
pub(crate) use siwx::SiwxSession;
pub(crate) use social::{Identity, SocialLogin};
pub(crate) use users::User;
pub(crate) use wallets::{NewWallet, StoredWallet};
pub(crate) use write_tx::WriteTx;

use crate::error::{Error, Result};

/// One database migration: the SQL every backend runs, and the part that differs, run
/// before it in the same transaction ("" when none).
#[derive(Debug)]
struct Migration {
    version: i64,
    name: &'static str,
    portable: &'static str,
    sqlite: &'static str,
    postgres: &'static str,
}

impl Migration {
    /// The part of the migration `backend` runs first.
    fn backend_sql(&self, backend: Backend) -> &'static str {
        match backend {
            Backend::Sqlite => self.sqlite,
            Backend::Postgres => self.postgres,
        }
    }
}

/// The migrations in `migrations/`, in version order (found by `build.rs`).
const MIGRATIONS: &[Migration] = include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// Which database a [`Store`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Backend {
    /// An SQLite file (the default).
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// Whether `conn` takes several statements with parameters as one batch (SQLite), which the
/// store then uses to send a transaction's statements in one round trip. On SQLite each
/// statement is a round trip to the connection's worker thread, which costs more than the
/// statement, and a writer holds the one write turn throughout. PostgreSQL's extended
/// protocol takes one statement at a time, so there they run one after the other.
pub(super) fn takes_batches(conn: &AnyConnection) -> bool {
    conn.backend_name() == "SQLite"
}

/// How long a PostgreSQL connection may sit in the pool before it is pinged on its way out.
pub(crate) const PING_AFTER_IDLE: Duration = Duration::from_secs(1);

/// The frame-host database.
#[derive(Debug, Clone)]
pub(crate) struct Store {
    pool: AnyPool,
    backend: Backend,
    /// SQLite's one write turn (see [`WriteTx`]); `None` on PostgreSQL.
    write_turn: Option<write_tx::WriteTurn>,
}

impl Store {
    /// Connects to `url` (creating an SQLite file, in WAL mode, if missing) and applies the
    /// pending migrations.
    pub(crate) async fn open(url: &str) -> Result<Self> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            return Err(Error::UnsupportedDatabase);
        };
        let pool_options = match backend {
            Backend::Sqlite => {
                // Create the file and switch it to WAL (a persistent setting of the file)
                // with a direct connection; the pool then opens it as it is.
                let options = SqliteConnectOptions::from_str(url)?;
                create_private_file(options.get_filename());
                options
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .connect()
                    .await?
                    .close()
                    .await?;
                // WAL with `synchronous = NORMAL`: a commit no longer waits for an fsync (the
                // WAL is synced at checkpoints), so a crash of frame-host loses nothing and a
                // power cut at most the last commits, never the file's integrity.
                // No ping before a connection is handed out: an SQLite connection lives in this
                // process and cannot be cut off, and each ping is a round trip to its worker
                // thread, which under load costs about what a statement does (sqlx still pings
                // it when it comes back to the pool).
                AnyPoolOptions::new()
                    .max_connections(4)
                    .test_before_acquire(false)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            sqlx::Executor::execute(conn, "PRAGMA synchronous = NORMAL")
                                .await
                                .map(drop)
                        })
                    })
            }
            // A connection is pinged before it is handed out only when it sat idle for
            // `PING_AFTER_IDLE` or longer: one the server ended meanwhile (a restart, a proxy's
            // idle cut) is then replaced rather than failing a request. Under load connections
            // come back to the pool and leave again within milliseconds, and a ping each time
            // was a round trip to the server per statement run on the pool (sqlx also pings a
            // connection when it comes back, which finds those broken in use).
            Backend::Postgres => AnyPoolOptions::new()
                .max_connections(10)
                .test_before_acquire(false)
                .before_acquire(|conn, meta| {
                    Box::pin(async move {
                        if meta.idle_for >= PING_AFTER_IDLE {
                            conn.ping().await?;
                        }
                        Ok(true)
                    })
                }),
        };
        let options = AnyConnectOptions::from_str(url)?;
        let pool = pool_options
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await?;
        let write_turn = (backend == Backend::Sqlite).then(|| Arc::new(Semaphore::new(1)));
        let store = Self {
            pool,
            backend,
            write_turn,
        };
        store.migrate().await?;
        tracing::info!(?backend, "database ready");
        Ok(store)
    }

    /// Starts a write transaction. On SQLite it waits for the process's write turn, then
    /// takes the write lock up front (`BEGIN IMMEDIATE`), so a transaction that reads then
    /// writes never fails with "database is locked".
    ///
    /// A request dropped while the `BEGIN` is under way (its client hung up) cannot leave a
    /// pooled connection inside a transaction that nothing will end. On PostgreSQL the `BEGIN`
    /// runs in its own task, which finishes it, and the dropped [`WriteTx`] rolls back; on
    /// SQLite the `BEGIN` runs inside the [`WriteTx`], whose drop rolls it back.
    pub(crate) async fn begin(&self) -> Result<WriteTx> {
        self.begin_with(None).await
    }

    /// [`begin`](Self::begin) for a transaction whose loss in a crash of the database server
    /// costs nothing lasting: rate-limit counts, a login attempt (its code then fails and the
    /// user asks for another). On PostgreSQL its commit does not wait for the WAL flush
    /// (`synchronous_commit = off`, this transaction only, set with the `BEGIN` in one round
    /// trip), so its row locks are held for microseconds rather than an fsync; such a crash
    /// forgets at most the last few hundred milliseconds of these commits (three
    /// `wal_writer_delay`s), never another transaction's. SQLite's commits already skip the
    /// fsync (WAL with `synchronous = NORMAL`).
    pub(crate) async fn begin_unflushed(&self) -> Result<WriteTx> {
        self.begin_with(Some("BEGIN; SET LOCAL synchronous_commit = off"))
            .await
    }

    /// A write transaction whose `BEGIN`, on SQLite, the caller sends at the head of its first
    /// batch: the returned text, which is empty on PostgreSQL, where the transaction has begun
    /// ([`begin_unflushed`](Self::begin_unflushed)'s when `unflushed`). One round trip in
    /// SQLite's write turn where [`begin`](Self::begin) takes two (see [`WriteTx`]).
    pub(crate) async fn begin_batch(&self, unflushed: bool) -> Result<(WriteTx, &'static str)> {
        if let Some(turn) = self.write_turn().await? {
            let conn = self.pool.acquire().await?;
            return Ok((WriteTx::sqlite_pending(conn, turn), write_tx::SQLITE_BEGIN));
        }
        let tx = if unflushed {
            self.begin_unflushed().await?
        } else {
            self.begin().await?
        };
        Ok((tx, ""))
    }

    /// [`begin`](Self::begin) with PostgreSQL's `BEGIN` statement `postgres`, when not the
    /// plain one.
    async fn begin_with(&self, postgres: Option<&'static str>) -> Result<WriteTx> {
        if let Some(turn) = self.write_turn().await? {
            // The connection's `BEGIN` runs inside the `WriteTx`, whose drop rolls back one
            // that nobody awaits any more.
            let conn = self.pool.acquire().await?;
            return WriteTx::sqlite(conn, turn).await;
        }
        let pool = self.pool.clone();
        let begun = tokio::spawn(async move {
            let tx = match postgres {
                Some(statement) => pool.begin_with(statement).await?,
                None => pool.begin().await?,
            };
            Ok::<_, sqlx::Error>(WriteTx::postgres(tx))
        });
        match begun.await {
            Ok(tx) => Ok(tx?),
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            // Only a runtime shutting down cancels the task.
            Err(_) => Err(sqlx::Error::PoolClosed.into()),
        }
    }

    /// The write turn for one write statement outside a transaction, held until dropped (see
    /// [`WriteTx`]); `None` on PostgreSQL.
    pub(super) async fn write_turn(&self) -> Result<Option<tokio::sync::OwnedSemaphorePermit>> {
        match &self.write_turn {
            Some(turn) => Ok(Some(
                turn.clone()
                    .acquire_owned()
                    .await
                    .map_err(|_| sqlx::Error::PoolClosed)?,
            )),
            None => Ok(None),
        }
    }

    /// The pool, for single statements.
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes the pool.
    pub(crate) async fn close(&self) {
        self.pool.close().await;
    }

    /// Applies the pending migrations, each in its own transaction on one connection (closed
    /// afterwards). On SQLite foreign keys are off while they run (a table rebuild needs
    /// that, and the pragma cannot change inside a transaction) and each migration's result
    /// must pass `PRAGMA foreign_key_check` before it commits.
    async fn migrate(&self) -> Result<()> {
        sqlx::raw_sql(
            "CREATE TABLE IF NOT EXISTS oriel_migrations (\
                 version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
        )
        .execute(&self.pool)
        .await?;
        let mut conn = self.pool.acquire().await?;
        conn.close_on_drop();
        let sqlite = self.backend == Backend::Sqlite;
        if sqlite {
            sqlx::raw_sql("PRAGMA foreign_keys = OFF")
                .execute(&mut *conn)
                .await?;
        }
        for migration in MIGRATIONS {
            let (version, name) = (migration.version, migration.name);
            let mut tx = if sqlite {
                conn.begin_with("BEGIN IMMEDIATE").await?
            } else {
                conn.begin().await?
            };
            if !sqlite {
                // Serialises instances migrating the same database at once.
                sqlx::raw_sql("LOCK TABLE oriel_migrations IN EXCLUSIVE MODE")
                    .execute(&mut *tx)
                    .await?;
            }
            let applied: Option<(i64,)> =
                sqlx::query_as("SELECT version FROM oriel_migrations WHERE version = $1")
                    .bind(version)
                    .fetch_optional(&mut *tx)
                    .await?;
            if applied.is_some() {
                tx.rollback().await?;
                continue;
            }
            let failed = |source| Error::Migration {
                version,
                name,
                source,
            };
            for text in [migration.backend_sql(self.backend), migration.portable] {
                sqlx::raw_sql(text)
                    .execute(&mut *tx)
                    .await
                    .map_err(failed)?;
            }
            if sqlite {
                let broken: Vec<(String,)> = sqlx::query_as("PRAGMA foreign_key_check")
                    .fetch_all(&mut *tx)
                    .await?;
                if let Some((table,)) = broken.first() {
                    return Err(failed(sqlx::Error::Protocol(format!(
                        "foreign key check failed in table {table}"
                    ))));
                }
            }
            sqlx::query(
                "INSERT INTO oriel_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            )
            .bind(version)
            .bind(name)
            .bind(crate::clock::Clock::system().now_ms())
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            tracing::info!(version, name, "applied database migration");
        }
        Ok(())
    }
}

/// Creates an empty database file readable only by its owner (it holds peppers and wallet
/// blobs); SQLite gives its `-wal` and `-shm` files the same mode. An existing file is left
/// alone, and a failure here is left for SQLite to report.
fn create_private_file(path: &std::path::Path) {
    if path.as_os_str().is_empty() || path.to_str() == Some(":memory:") || path.exists() {
        return;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let _ = options.open(path);
}

/// 0/1 flags as stored.
pub(crate) fn flag(value: i64) -> bool {
    value != 0
}

/// Whether `e` is a unique-constraint violation.
pub(crate) fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation())
}
