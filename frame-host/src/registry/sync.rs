//! Copying the WalletConnect registry: one sync ([`sync_now`]: read the listing, fetch the
//! logos the database lacks, store it all in one transaction, then serve it) and the
//! background task that repeats it ([`start`]). A failed sync changes nothing: the last good
//! copy (or the offline catalogue) stays in use, and the task tries again sooner.

use std::{collections::HashSet, time::Duration};

use tokio::task::JoinSet;

use super::{explorer::MAX_IMAGE_BYTES, image::Image, wallet::Wallet, WalletRegistry};
use crate::{
    error::{Error, Result},
    store::{StoredImage, WalletRow},
};

/// Logos fetched at once.
const PARALLEL_LOGOS: usize = 4;
/// The most logo bytes one sync fetches (past it, wallets keep their letter tiles until the
/// next sync).
const MAX_NEW_LOGO_BYTES: usize = 256 * MAX_IMAGE_BYTES;
/// The first retry after a failed sync; each further failure doubles it, up to the refresh
/// interval.
const RETRY_MS: u64 = 5 * 60 * 1000;
/// The most a first sync (no copy stored yet) waits, so instances started together spread out.
const FIRST_JITTER_MS: u64 = 5_000;
/// Reasons of left-out entries and logos written to the log per sync.
const LOGGED_REASONS: usize = 5;

/// What one sync did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct RegistrySyncReport {
    /// Wallets now served.
    pub wallets: usize,
    /// Listing entries left out (unusable, repeated or past the limit).
    pub skipped: usize,
    /// Logos fetched and stored (logos already stored are not fetched again).
    pub logos_fetched: usize,
    /// Logos refused or not fetched (their wallets show letter tiles).
    pub logos_failed: usize,
}

/// Syncs now; fails when `walletconnect_registry` is unset, a sync is already running, or the
/// listing cannot be read or has no usable wallet (then nothing changes).
pub(crate) async fn sync_now(state: &WalletRegistry) -> Result<RegistrySyncReport> {
    let registry = state.registry();
    let Some(sync) = registry.sync() else {
        return Err(Error::RegistrySync(
            "walletconnect_registry is not configured".into(),
        ));
    };
    let Ok(_running) = sync.running.try_lock() else {
        return Err(Error::RegistrySync("a sync is already running".into()));
    };
    let listing = sync.explorer.wallets().await.map_err(Error::RegistrySync)?;
    log_reasons("left a registry entry out", &listing.skipped);
    if listing.wallets.is_empty() {
        return Err(Error::RegistrySync(format!(
            "the listing has no usable wallet ({} entries left out)",
            listing.skipped.len()
        )));
    }
    let stored = state.store().registry_image_ids().await?;
    let wanted = missing_logos(&listing.wallets, &stored);
    let (logos, failed) = fetch_logos(sync, wanted).await;
    log_reasons("a wallet logo was not kept", &failed);
    let rows: Vec<WalletRow> = listing
        .wallets
        .iter()
        .map(|w| {
            let json = serde_json::to_string(w).map_err(|e| Error::RegistrySync(e.to_string()));
            Ok((w.id.clone(), w.image_id.clone(), json?))
        })
        .collect::<Result<_>>()?;
    let images: Vec<(String, StoredImage)> = logos
        .into_iter()
        .map(|(id, image)| {
            let stored = StoredImage {
                media_type: image.kind.media_type().into(),
                bytes: image.bytes.to_vec(),
            };
            (id, stored)
        })
        .collect();
    let now = state.now_ms();
    state
        .store()
        .replace_registry(sync.config.base(), now, &rows, &images)
        .await?;
    let report = RegistrySyncReport {
        wallets: listing.wallets.len(),
        skipped: listing.skipped.len(),
        logos_fetched: images.len(),
        logos_failed: failed.len(),
    };
    registry.install(listing.wallets, now);
    Ok(report)
}

/// The logos `wanted`, [`PARALLEL_LOGOS`] at a time, until [`MAX_NEW_LOGO_BYTES`]: those
/// kept, and why each other one was not.
async fn fetch_logos(
    sync: &super::state::Sync,
    wanted: Vec<String>,
) -> (Vec<(String, Image)>, Vec<String>) {
    let (mut kept, mut failed) = (Vec::new(), Vec::new());
    let mut bytes = 0usize;
    let mut queue = wanted.into_iter();
    let mut running = JoinSet::new();
    loop {
        while running.len() < PARALLEL_LOGOS && bytes < MAX_NEW_LOGO_BYTES {
            let Some(id) = queue.next() else { break };
            let explorer = sync.explorer.clone();
            running.spawn(async move {
                let logo = explorer.logo(&id).await;
                (id, logo)
            });
        }
        let Some(done) = running.join_next().await else {
            break;
        };
        match done {
            Ok((id, Ok(image))) => {
                bytes += image.bytes.len();
                kept.push((id, image));
            }
            Ok((_, Err(why))) => failed.push(why),
            Err(e) => failed.push(format!("a logo fetch stopped: {e}")),
        }
    }
    failed.extend(queue.map(|id| format!("{id}: past {MAX_NEW_LOGO_BYTES} logo bytes this sync")));
    (kept, failed)
}

fn log_reasons(what: &str, reasons: &[String]) {
    for reason in reasons.iter().take(LOGGED_REASONS) {
        tracing::warn!(%reason, "{what}");
    }
    if reasons.len() > LOGGED_REASONS {
        tracing::warn!(more = reasons.len() - LOGGED_REASONS, "{what} (more)");
    }
}

/// Starts the background sync when `walletconnect_registry` is set: first soon after start
/// (or when the stored copy is due), then every `refresh_secs`, each wait stretched by up to
/// a twentieth at random so instances sharing a database spread out. Before each sync it asks
/// the database: a copy another instance took meanwhile is served instead of fetching again.
pub(crate) fn start(state: &WalletRegistry) -> Option<tokio::task::JoinHandle<()>> {
    let config = state.registry().sync()?.config.clone();
    let state = state.clone();
    let refresh_ms = config.refresh_secs.saturating_mul(1000);
    Some(tokio::spawn(async move {
        let mut failures = 0u32;
        loop {
            let last = match state.store().registry_synced_at(config.base()).await {
                Ok(at) => at,
                Err(error) => {
                    tracing::warn!(%error, "reading the registry copy's age failed");
                    None
                }
            };
            let wait = next_wait(state.now_ms(), last, refresh_ms, failures, random_u16());
            tokio::time::sleep(wait).await;
            if let Ok(Some(at)) = state.store().registry_synced_at(config.base()).await {
                let age = u64::try_from(state.now_ms().saturating_sub(at)).unwrap_or(0);
                if age < refresh_ms {
                    if let Err(error) = state.registry().load_stored(state.store()).await {
                        tracing::warn!(%error, "loading the stored registry copy failed");
                    }
                    failures = 0;
                    continue;
                }
            }
            match sync_now(&state).await {
                Ok(report) => {
                    failures = 0;
                    tracing::info!(?report, "copied the WalletConnect registry");
                }
                Err(error) => {
                    failures = failures.saturating_add(1);
                    tracing::warn!(%error, failures, "the WalletConnect registry copy was not refreshed: keeping the last one");
                }
            }
        }
    }))
}

/// How long to wait before the next sync at `now` (Unix ms): after `failures` failed syncs,
/// [`RETRY_MS`] doubled per further failure (at most `refresh_ms`); with no copy stored, at
/// most [`FIRST_JITTER_MS`] (a hundredth of `refresh_ms` if less); else until the copy taken at
/// `last` is `refresh_ms` old. `random` (0 to 65535) adds up to a twentieth of the base wait.
fn next_wait(now: i64, last: Option<i64>, refresh_ms: u64, failures: u32, random: u16) -> Duration {
    let fraction = |ms: u64, part: u64| ms / part * u64::from(random) / u64::from(u16::MAX);
    let ms = if failures > 0 {
        let base = RETRY_MS
            .saturating_mul(1 << failures.min(20).saturating_sub(1))
            .min(refresh_ms);
        base + fraction(base, 20)
    } else if let Some(last) = last {
        let age = u64::try_from(now.saturating_sub(last)).unwrap_or(0);
        refresh_ms.saturating_sub(age) + fraction(refresh_ms, 20)
    } else {
        fraction(FIRST_JITTER_MS.min(refresh_ms / 100), 1)
    };
    Duration::from_millis(ms)
}

/// A random number for jitter (0 when the system's generator fails: no jitter, logged).
fn random_u16() -> u16 {
    match crate::secrets::random::<2>() {
        Ok(bytes) => u16::from_le_bytes(bytes),
        Err(error) => {
            tracing::warn!(%error, "no randomness for the registry sync's jitter");
            0
        }
    }
}

/// The image ids of `wallets` not in `stored`, once each, in order.
fn missing_logos(wallets: &[Wallet], stored: &HashSet<String>) -> Vec<String> {
    let mut missing: Vec<String> = Vec::new();
    for w in wallets {
        if !stored.contains(&w.image_id) && !missing.contains(&w.image_id) {
            missing.push(w.image_id.clone());
        }
    }
    missing
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: u64 = 86_400_000;

    fn ms(d: Duration) -> u64 {
        u64::try_from(d.as_millis()).unwrap()
    }

    #[test]
    fn the_first_sync_comes_within_seconds() {
        assert_eq!(ms(next_wait(0, None, DAY, 0, 0)), 0);
        assert_eq!(ms(next_wait(0, None, DAY, 0, u16::MAX)), 5_000);
        // A short interval shortens the spread: a hundredth of a minute.
        assert_eq!(ms(next_wait(0, None, 60_000, 0, u16::MAX)), 600);
    }

    #[test]
    fn a_stored_copy_is_refreshed_when_due_plus_up_to_a_twentieth() {
        let now = 10 * DAY as i64;
        let hour = 3_600_000;
        assert_eq!(
            ms(next_wait(now, Some(now - hour), DAY, 0, 0)),
            DAY - hour as u64
        );
        assert_eq!(
            ms(next_wait(now, Some(now - hour), DAY, 0, u16::MAX)),
            DAY - hour as u64 + DAY / 20
        );
        assert_eq!(ms(next_wait(now, Some(now - 3 * DAY as i64), DAY, 0, 0)), 0);
        assert_eq!(ms(next_wait(now, Some(now + hour), DAY, 0, 0)), DAY);
    }

    #[test]
    fn failures_retry_sooner_doubling_up_to_the_interval() {
        let waits: Vec<u64> = (1..=6)
            .map(|f| ms(next_wait(0, Some(0), DAY, f, 0)))
            .collect();
        assert_eq!(
            waits,
            [300_000, 600_000, 1_200_000, 2_400_000, 4_800_000, 9_600_000]
        );
        assert_eq!(ms(next_wait(0, Some(0), 600_000, 3, 0)), 600_000);
        assert_eq!(ms(next_wait(0, None, DAY, u32::MAX, 0)), DAY);
    }

    #[test]
    fn only_missing_logos_are_fetched_once_each() {
        let file: serde_json::Value =
            serde_json::from_str(include_str!("../../../fixtures/wallets/registry.json")).unwrap();
        let wallet: Wallet = serde_json::from_value(file["wallets"][0].clone()).unwrap();
        let with = |image: &str| Wallet {
            image_id: image.into(),
            ..wallet.clone()
        };
        let wallets = [with("a"), with("b"), with("c"), with("b")];
        let stored = HashSet::from(["a".to_owned()]);
        assert_eq!(missing_logos(&wallets, &stored), ["b", "c"]);
    }
}
