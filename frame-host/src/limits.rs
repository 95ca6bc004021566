//! Rate limits, counted in the database (`rate_limits`), so every instance sharing a
//! PostgreSQL database enforces the same limits. A part of frame-host declares its own
//! limits next to the service they protect (a bucket, a count and a window, [`Limit`]);
//! [`Limits`] counts them. The limits, by part:
//!
//! - email login, email change and export codes: `login::limits`;
//! - sign-in with a wallet: `siwx`; names: `names`; social login: `social`; Farcaster:
//!   `farcaster`; the bundler pass-through: `bundler`; swaps: `swap`; the on-ramp: `onramp`;
//!   the recovery key: `wallets::recovery`; the devnet faucet: `dev::faucet`; uncached
//!   balances and NFT listings: `account`; analytics: `analytics`; the chain RPC endpoint:
//!   `rpc_proxy`.
//!
//! A request's limits are counted together, all or none, so a refused request never uses up
//! another limit (security review W6).

pub(crate) use crate::store::Limit;
use crate::{clock::Clock, error::ApiError, store::Store};

/// The window of the per-IP limits, milliseconds (10 minutes).
pub(crate) const IP_WINDOW_MS: i64 = 10 * 60_000;

impl Limit {
    /// `limit` hits on `bucket` per `window_ms`.
    pub(crate) fn new(bucket: String, limit: i64, window_ms: i64) -> Self {
        Self {
            bucket,
            limit,
            window_ms,
        }
    }

    /// `limit` hits on `bucket` per [`IP_WINDOW_MS`].
    pub(crate) fn per_ip_window(bucket: String, limit: i64) -> Self {
        Self::new(bucket, limit, IP_WINDOW_MS)
    }
}

/// Counts requests against limits. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Limits {
    store: Store,
    clock: Clock,
}

impl Limits {
    pub(crate) fn new(store: Store, clock: Clock) -> Self {
        Self { store, clock }
    }

    /// One request against each of `limits`, counted together: 429 'Please try again after
    /// {n} seconds' when one of them is reached (and then none is counted).
    pub(crate) async fn hit(&self, limits: &[Limit]) -> Result<(), ApiError> {
        match self
            .store
            .rate_limit_hits(limits, self.clock.now_ms())
            .await?
        {
            None => Ok(()),
            Some(wait_ms) => Err(ApiError::Throttled(wait_ms)),
        }
    }

    /// When `limit` is reached: the milliseconds until it renews. Counts nothing.
    pub(crate) async fn reached(&self, limit: &Limit) -> Result<Option<i64>, ApiError> {
        Ok(self
            .store
            .rate_limit_reached(limit, self.clock.now_ms())
            .await?)
    }
}
