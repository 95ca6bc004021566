//! An account's holdings and activity, as the Blockchain API answers them (spec §7): balances
//! read live over the chains' RPC, Esplora for Bitcoin, priced from the operator's price
//! source (`balance`); history and NFTs from the [`HistorySource`] (`history`, `nfts`); and
//! card purchases from the on-ramp providers. [`Account`] holds what these need.

mod balance;
mod history;
mod nfts;
mod poisoning;
mod solana;

use std::{net::IpAddr, sync::Arc};

pub(crate) use balance::BalanceCache;

use crate::{
    chain::{Chains, Esplora, NetworkConfig, TokenConfig},
    clock::Clock,
    error::ApiError,
    indexer::{HistorySource, IndexerConfig},
    limits::{Limit, Limits},
    onramp::Onramp,
    prices::Prices,
    swap::ExchangeConfig,
};

/// The one currency prices are given in.
const CURRENCY: &str = "usd";

/// Uncached chain reads one client IP may ask for per project per 10 minutes (issue 38,
/// L-6): balances with `forceUpdate` and Bitcoin balances, each of which reaches the chain RPC
/// or the Esplora API. The widget forces a refresh only after a send, a swap or a purchase,
/// and reads a Bitcoin balance when the account view opens: 120 is one every 5 s for ten
/// minutes, far above a person, and caps what one address can make frame-host ask upstream.
pub(crate) const FORCED_READS_PER_IP: i64 = 120;

/// NFT listings one client IP may ask for per project per 10 minutes (issue 38, L-6): the
/// widget reads them once per network when its NFT tab opens; 300 is one every 2 s.
pub(crate) const NFT_READS_PER_IP: i64 = 300;

/// The sections of the config the account routes read: the networks, the listed tokens, the
/// indexed networks (their spam lists) and the swap routers (a transaction to one is a trade).
#[derive(Debug, Clone, Default)]
pub(crate) struct AccountSettings {
    pub(crate) networks: Vec<NetworkConfig>,
    pub(crate) tokens: Vec<TokenConfig>,
    pub(crate) indexer: Vec<IndexerConfig>,
    pub(crate) exchanges: Vec<ExchangeConfig>,
}

/// What the account routes read. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Account {
    settings: Arc<AccountSettings>,
    chains: Chains,
    prices: Prices,
    esplora: Esplora,
    history: Arc<dyn HistorySource>,
    balances: Arc<BalanceCache>,
    onramp: Onramp,
    clock: Clock,
    limits: Limits,
}

impl Account {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        settings: AccountSettings,
        chains: Chains,
        prices: Prices,
        esplora: Esplora,
        history: Arc<dyn HistorySource>,
        onramp: Onramp,
        clock: Clock,
        limits: Limits,
    ) -> Self {
        Self {
            settings: Arc::new(settings),
            chains,
            prices,
            esplora,
            history,
            balances: Arc::default(),
            onramp,
            clock,
            limits,
        }
    }

    /// An uncached balance read (`forceUpdate`, or a Bitcoin address) by `ip` in
    /// `project_id`: at most [`FORCED_READS_PER_IP`] per 10 minutes.
    pub(crate) async fn check_forced_read_limit(
        &self,
        ip: IpAddr,
        project_id: &str,
    ) -> Result<(), ApiError> {
        let per_ip = Limit::per_ip_window(
            format!("balance-forced:{project_id}:{ip}"),
            FORCED_READS_PER_IP,
        );
        self.limits.hit(&[per_ip]).await
    }

    /// An NFT listing by `ip` in `project_id`: at most [`NFT_READS_PER_IP`] per 10 minutes.
    pub(crate) async fn check_nft_limit(
        &self,
        ip: IpAddr,
        project_id: &str,
    ) -> Result<(), ApiError> {
        let per_ip = Limit::per_ip_window(format!("nfts:{project_id}:{ip}"), NFT_READS_PER_IP);
        self.limits.hit(&[per_ip]).await
    }

    fn config(&self) -> &AccountSettings {
        &self.settings
    }

    fn chains(&self) -> &Chains {
        &self.chains
    }

    pub(crate) fn prices(&self) -> &Prices {
        &self.prices
    }

    fn esplora(&self) -> &Esplora {
        &self.esplora
    }

    fn history(&self) -> &dyn HistorySource {
        self.history.as_ref()
    }

    fn balance_cache(&self) -> &BalanceCache {
        &self.balances
    }

    fn clock(&self) -> &Clock {
        &self.clock
    }

    pub(crate) fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// The configured networks' CAIP-2 ids.
    pub(crate) fn chain_ids(&self) -> Vec<String> {
        self.settings
            .networks
            .iter()
            .map(|n| n.chain_id.clone())
            .collect()
    }
}

/// A request's `currency`: none or `usd` in any case.
pub(crate) fn check_currency(currency: Option<&str>) -> Result<(), ApiError> {
    if currency.is_some_and(|c| !c.eq_ignore_ascii_case(CURRENCY)) {
        return Err(ApiError::invalid("Unsupported currency: expected usd"));
    }
    Ok(())
}
