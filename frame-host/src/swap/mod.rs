//! The convert API (spec §7, `/v1/convert/*`): swaps through each swap network's exchange, a
//! Uniswap V2 style router ([`Exchanges`], from `[[exchanges]]` or the devnet's contracts
//! file). `GET tokens`, `quotes`, `allowance`, `gas-price`, `build-approve` and
//! `POST build-transaction`; every route is a Blockchain API route (project, `st`/`sv`,
//! origin and CORS) and counts against the client IP's convert limit
//! (`convert_requests_per_ip` per 10 minutes).

pub(crate) mod abi;
pub(crate) mod body;
mod config;
pub(crate) mod error;
pub(crate) mod exchange;
pub(crate) mod params;

use std::{net::IpAddr, sync::Arc};

use alloy_primitives::Address;

pub(crate) use config::{default_swap_networks, validate as validate_exchanges};
pub use config::{ExchangeConfig, DEFAULT_SWAP_NETWORKS};
pub(crate) use exchange::Exchanges;

use crate::{
    chain::{Chains, TokenConfig},
    clock::Clock,
    error::ApiError,
    limits::{Limit, Limits},
};
use error::ConvertError;
use exchange::Exchange;
use params::{Asset, Located};

/// The window of the convert API's per-IP limit (`convert_requests_per_ip`), milliseconds.
pub(crate) const CONVERT_WINDOW_MS: i64 = 10 * 60_000;

/// What the convert API uses: each swap network's exchange, the listed tokens and
/// frame-host's public URL (the token icons are below it). Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Swap {
    exchanges: Arc<Exchanges>,
    chains: Chains,
    tokens: Arc<[TokenConfig]>,
    public_url: Arc<str>,
    clock: Clock,
    limits: Limits,
    /// `convert_requests_per_ip`.
    requests_per_ip: u32,
}

impl Swap {
    pub(crate) fn new(
        exchanges: Exchanges,
        chains: Chains,
        tokens: &[TokenConfig],
        public_url: &str,
        requests_per_ip: u32,
        clock: Clock,
        limits: Limits,
    ) -> Self {
        Self {
            exchanges: Arc::new(exchanges),
            chains,
            tokens: tokens.into(),
            public_url: public_url.into(),
            clock,
            limits,
            requests_per_ip,
        }
    }

    /// The chain clients (gas prices are read from any configured network).
    pub(crate) fn chains(&self) -> &Chains {
        &self.chains
    }

    pub(crate) fn exchanges(&self) -> &Exchanges {
        &self.exchanges
    }

    /// The listed tokens (`[[tokens]]`).
    pub(crate) fn tokens(&self) -> &[TokenConfig] {
        &self.tokens
    }

    /// frame-host's public URL.
    pub(crate) fn public_url(&self) -> &str {
        &self.public_url
    }

    pub(crate) fn clock(&self) -> &Clock {
        &self.clock
    }

    /// A convert API request (`/v1/convert/*`) of project `project_id` from `ip`: at most
    /// `convert_requests_per_ip` per 10 minutes.
    pub(crate) async fn check_limit(&self, ip: IpAddr, project_id: &str) -> Result<(), ApiError> {
        let per_ip = Limit::new(
            format!("convert:{project_id}:{ip}"),
            i64::from(self.requests_per_ip),
            CONVERT_WINDOW_MS,
        );
        self.limits.hit(&[per_ip]).await
    }
}

/// A swap's request, checked: its network's exchange, the two tokens (as written and as the
/// router trades them) and the user.
pub(crate) struct SwapAsk<'a> {
    pub(crate) exchange: &'a Exchange,
    pub(crate) chain_id: String,
    pub(crate) from: Asset,
    pub(crate) to: Asset,
    /// `from` and `to` as the router trades them (the native coin as its wrapped token).
    pub(crate) from_address: Address,
    pub(crate) to_address: Address,
    pub(crate) user: Address,
}

impl<'a> SwapAsk<'a> {
    /// Reads `from`, `to` (`eip155:{chain}:{address}`, one network) and `userAddress`
    /// (CAIP-10 on that network, or bare); the network must have an exchange. `from` and
    /// `to` must differ as the router trades them.
    pub(crate) async fn read(
        state: &'a Swap,
        from: &Option<String>,
        to: &Option<String>,
        user: &Option<String>,
    ) -> Result<SwapAsk<'a>, ConvertError> {
        let Located {
            chain_id,
            value: from,
        } = params::token("from", params::required("from", from)?)?;
        let to = params::token("to", params::required("to", to)?)?;
        params::same_network("to", &to, &chain_id)?;
        let user = params::account("userAddress", params::required("userAddress", user)?)?;
        params::same_network("userAddress", &user, &chain_id)?;
        let exchange = state.exchanges().get(&chain_id)?;
        let from_address = exchange.on_router(from).await?;
        let to_address = exchange.on_router(to.value).await?;
        if from_address == to_address {
            return Err(ConvertError::SameToken);
        }
        Ok(SwapAsk {
            exchange,
            chain_id,
            from,
            to: to.value,
            from_address,
            to_address,
            user: user.value,
        })
    }

    /// `address` on this network as the API writes it.
    pub(crate) fn caip10(&self, address: Address) -> String {
        params::caip10_of(&self.chain_id, Asset::Erc20(address))
    }

    /// The path as the API writes it.
    pub(crate) fn path(&self, path: &[Address]) -> Vec<String> {
        path.iter().map(|a| self.caip10(*a)).collect()
    }
}
