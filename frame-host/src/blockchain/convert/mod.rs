//! The convert API (spec §7, `/v1/convert/*`): swaps through each swap network's exchange, a
//! Uniswap V2 style router ([`Exchanges`], from `[[exchanges]]` or the devnet's contracts
//! file). `GET tokens`, `quotes`, `allowance`, `gas-price`, `build-approve` and
//! `POST build-transaction`; every route is a Blockchain API route (project, `st`/`sv`,
//! origin and CORS) and counts against the client IP's convert limit
//! (`convert_requests_per_ip` per 10 minutes).

mod abi;
mod body;
mod build;
mod error;
mod exchange;
mod fees;
mod params;
mod quote;
mod tokens;

use alloy_primitives::Address;
use axum::{
    extract::{DefaultBodyLimit, FromRequestParts},
    http::request::Parts,
    routing::{get, post},
    Router,
};

pub(crate) use exchange::Exchanges;

use crate::{
    api::{ApiError, ClientIp, SdkClient},
    AppState,
};
use error::ConvertError;
use exchange::Exchange;
use params::{Asset, Located};

/// The largest build-transaction body read.
const MAX_BODY: usize = 4096;

/// The routes (the Blockchain API router adds CORS and the origin rule).
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/convert/tokens", get(tokens::tokens))
        .route("/v1/convert/quotes", get(quote::quotes))
        .route("/v1/convert/allowance", get(quote::allowance))
        .route("/v1/convert/gas-price", get(fees::gas_price))
        .route("/v1/convert/build-approve", get(build::build_approve))
        .route(
            "/v1/convert/build-transaction",
            post(build::build_transaction).layer(DefaultBodyLimit::max(MAX_BODY)),
        )
}

/// The caller of a convert route: an [`SdkClient`] whose IP has requests left
/// (429 'Please try again after {n} seconds' otherwise).
#[derive(Debug)]
struct ConvertClient {
    project_id: String,
}

impl FromRequestParts<AppState> for ConvertClient {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let client = SdkClient::from_request_parts(parts, state).await?;
        let Ok(ClientIp(ip)) = ClientIp::from_request_parts(parts, state).await;
        crate::ratelimit::check_convert(state, ip, &client.project_id).await?;
        Ok(Self {
            project_id: client.project_id,
        })
    }
}

/// A swap's request, checked: its network's exchange, the two tokens (as written and as the
/// router trades them) and the user.
struct Swap<'a> {
    exchange: &'a Exchange,
    chain_id: String,
    from: Asset,
    to: Asset,
    /// `from` and `to` as the router trades them (the native coin as its wrapped token).
    from_address: Address,
    to_address: Address,
    user: Address,
}

impl<'a> Swap<'a> {
    /// Reads `from`, `to` (`eip155:{chain}:{address}`, one network) and `userAddress`
    /// (CAIP-10 on that network, or bare); the network must have an exchange. `from` and
    /// `to` must differ as the router trades them.
    async fn read(
        state: &'a AppState,
        from: &Option<String>,
        to: &Option<String>,
        user: &Option<String>,
    ) -> Result<Swap<'a>, ConvertError> {
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
        Ok(Swap {
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
    fn caip10(&self, address: Address) -> String {
        params::caip10_of(&self.chain_id, Asset::Erc20(address))
    }

    /// The path as the API writes it.
    fn path(&self, path: &[Address]) -> Vec<String> {
        path.iter().map(|a| self.caip10(*a)).collect()
    }
}
