//! KEK rotation without loss (issue 39): every stored recovery key, wallets' and pending
//! ones', is opened with the KEK that sealed it (or derived from the old KEK and the user id,
//! for a wallet from before per-wallet keys) and sealed again under the next KEK, one row
//! at a time with a conditional update. A crash at any row loses nothing: a row is under the
//! old KEK or the next, and instances holding both open either; running again carries on
//! with the rows not yet under the next KEK.

use super::{kek::Kek, Keys};
use crate::{
    error::Result,
    store::{SealedKey, Store},
};

/// Rows read per query.
const BATCH: i64 = 100;

/// How far a run got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Progress {
    /// Rows sealed again under the next KEK in this run.
    pub(crate) resealed: u64,
    /// Whether no row is left under another KEK.
    pub(crate) finished: bool,
}

/// Seals every stored recovery key under `next`, opening each with `keys` (whose KEK is the
/// one being replaced). `stop_after` ends the run after that many rows, as a crash would.
pub(crate) async fn reseal_all(
    store: &Store,
    keys: &Keys,
    next: &Kek,
    stop_after: Option<u64>,
) -> Result<Progress> {
    let mut resealed = 0;
    loop {
        let rows = store.recovery_keys_not_under(next.id(), BATCH).await?;
        if rows.is_empty() {
            return Ok(Progress {
                resealed,
                finished: true,
            });
        }
        for row in rows {
            if stop_after.is_some_and(|n| resealed >= n) {
                return Ok(Progress {
                    resealed,
                    finished: false,
                });
            }
            let key = keys.open_recovery_key(
                &row.user_id,
                row.key
                    .as_ref()
                    .map(|k| (k.sealed.as_str(), k.kek.as_str())),
            )?;
            let new = SealedKey {
                sealed: next.seal(&row.user_id, &key)?,
                kek: next.id().to_owned(),
            };
            // A row changed meanwhile (a pending key became its wallet's) is read again.
            if store.reseal_recovery_key(&row, &new).await? {
                resealed += 1;
            }
        }
    }
}
