//! The Blockchain API the widget calls from the dapp's page (spec section 7):
//! `GET /v1/supported-chains` (from the configured networks), `POST /v1/fungible/price` (from
//! the operator's price source, [`Prices`]) and `GET /v1/account/{address}/balance` (over the
//! chain RPC, [`Chains`], see `balance`), `GET /v1/account/{account}/history` and
//! `GET /v1/account/{address}/nfts` (from the [`indexer`]) and `GET /v1/identity/{address}`
//! (ENS over the chain RPC, see `identity`), and the convert API `/v1/convert/*` (swaps
//! through each swap network's exchange, see `convert`). Every route takes
//! `projectId`, `st` and `sv` in the query ([`SdkClient`]) and answers CORS requests from the
//! project's allowed origins ([`cors::with_project_api`]); other origins get 403.

mod asset;
mod balance;
mod coingecko;
mod convert;
pub(crate) mod devnet;
mod devnet_exchange;
mod esplora;
pub(crate) use esplora::Esplora;
pub(crate) mod ens;
mod faucet;
mod solana_balance;
pub(crate) use faucet::FAUCET_WINDOW_MS;
mod history;
mod identity;
pub(crate) mod indexer;
mod nfts;
mod prices;
mod rpc;

use axum::{
    extract::State,
    routing::{get, post},
    Json, Router,
};
use oriel_protocol::http::blockchain::{
    FungiblePrice, FungiblePriceReply, FungiblePriceRequest, SupportedChainsReply,
    MAX_PRICE_ADDRESSES,
};

pub(crate) use balance::{is_evm_address, BalanceCache};
pub(crate) use convert::Exchanges;
pub(crate) use identity::IdentityCache;
pub(crate) use prices::Prices;
pub(crate) use rpc::Chains;
pub use rpc::{ChainClient, HttpTransport};
pub(crate) use solana_balance::is_solana_address;

use crate::{
    api::{ApiError, ApiJson, SdkClient},
    cors, AppState,
};
pub(crate) use asset::AssetKey;
use asset::MAX_ASSET_ID_LEN;

/// The one currency prices are given in.
const CURRENCY: &str = "usd";

/// Routes of this module, behind the Blockchain API's CORS and origin rules.
pub(crate) fn router(state: &AppState) -> Router<AppState> {
    let routes = Router::new()
        .route("/v1/supported-chains", get(supported_chains))
        .route("/v1/fungible/price", post(fungible_price))
        .route("/v1/account/{address}/balance", get(balance::balance))
        .route("/v1/account/{account}/history", get(history::history))
        .route("/v1/account/{address}/nfts", get(nfts::nfts))
        .route("/v1/identity/{address}", get(identity::identity))
        .merge(convert::router());
    let routes = if state.config().mode == crate::Mode::Dev && state.devnet().is_some() {
        routes.route("/dev/faucet", post(faucet::faucet))
    } else {
        routes
    };
    cors::with_project_api(routes, state)
}

/// The configured networks, all reached over HTTP(S): frame-host configures no WebSocket
/// endpoints, so `ws` is empty.
async fn supported_chains(
    State(state): State<AppState>,
    _client: SdkClient,
) -> Json<SupportedChainsReply> {
    let http = state
        .config()
        .networks
        .iter()
        .map(|n| n.chain_id.clone())
        .collect();
    Json(SupportedChainsReply {
        http,
        ws: Vec::new(),
    })
}

async fn fungible_price(
    State(state): State<AppState>,
    client: SdkClient,
    ApiJson(body): ApiJson<FungiblePriceRequest>,
) -> Result<Json<FungiblePriceReply>, ApiError> {
    if body
        .project_id
        .as_ref()
        .is_some_and(|id| *id != client.project_id)
    {
        return Err(ApiError::invalid(
            "projectId in the body is not the projectId of the query",
        ));
    }
    check_currency(body.currency.as_deref())?;
    if body.addresses.len() > MAX_PRICE_ADDRESSES {
        return Err(ApiError::InvalidParams(format!(
            "Too many addresses: {}: at most {MAX_PRICE_ADDRESSES}",
            body.addresses.len()
        )));
    }
    let keys = body
        .addresses
        .iter()
        .map(|address| AssetKey::parse(address).ok_or_else(|| invalid_address(address)))
        .collect::<Result<Vec<_>, _>>()?;
    let prices = state.prices().lookup(&keys, state.now_ms()).await?;
    let fungibles = body
        .addresses
        .into_iter()
        .zip(keys)
        .map(|(address, key)| FungiblePrice {
            address,
            price: prices.get(&key).copied(),
        })
        .collect();
    Ok(Json(FungiblePriceReply { fungibles }))
}

/// A request's `currency`: none or `usd` in any case.
fn check_currency(currency: Option<&str>) -> Result<(), ApiError> {
    if currency.is_some_and(|c| !c.eq_ignore_ascii_case(CURRENCY)) {
        return Err(ApiError::invalid("Unsupported currency: expected usd"));
    }
    Ok(())
}

fn invalid_address(address: &str) -> ApiError {
    if address.len() > MAX_ASSET_ID_LEN {
        return ApiError::InvalidParams(format!(
            "Invalid asset address: longer than {MAX_ASSET_ID_LEN} characters"
        ));
    }
    ApiError::InvalidParams(format!(
        "Invalid asset address: {address}: expected namespace:reference:address or a CAIP-19 id"
    ))
}
