//! The Blockchain API the widget calls from the dapp's page (spec §7; `API.md`, "Blockchain
//! API"): `GET /v1/supported-chains`, `POST /v1/fungible/price`, and an account's
//! `/v1/account/{address}/balance`, `/history` and `/nfts`, over [`Account`]. Every route takes
//! `projectId`, `st` and `sv` in the query ([`SdkClient`]) and answers CORS requests from the
//! project's allowed origins; other origins get 403. Swaps are in `swap`, names and identities
//! in `names`.

use axum::{
    extract::{rejection::PathRejection, Path, State},
    response::{IntoResponse, Response},
    routing::{get, post},
    Json, Router,
};
use oriel_protocol::http::{
    blockchain::{
        BalanceQuery, BalanceReply, FungiblePrice, FungiblePriceReply, FungiblePriceRequest,
        SupportedChainsReply, MAX_PRICE_ADDRESSES,
    },
    history::{HistoryQuery, NftsQuery, NftsReply},
};

use crate::{
    account::{check_currency, Account},
    chain::{AssetKey, MAX_ASSET_ID_LEN},
    error::ApiError,
    http::{cors, ApiJson, ApiQuery, ClientIp, SdkClient},
    projects::Projects,
    state::AppState,
};

/// Routes of this module, behind the Blockchain API's CORS and origin rules.
pub(crate) fn router(projects: &Projects) -> Router<AppState> {
    let routes = Router::new()
        .route("/v1/supported-chains", get(supported_chains))
        .route("/v1/fungible/price", post(fungible_price))
        .route("/v1/account/{address}/balance", get(balance))
        .route("/v1/account/{account}/history", get(history))
        .route("/v1/account/{address}/nfts", get(nfts));
    cors::with_project_api(routes, projects)
}

fn path(param: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    param
        .map(|Path(p)| p)
        .map_err(|e| ApiError::InvalidParams(e.body_text()))
}

/// `GET /v1/account/{address}/balance`; one that bypasses the cache (`forceUpdate`) or reads a
/// Bitcoin balance spends the client's budget of uncached reads.
async fn balance(
    State(account): State<Account>,
    client: SdkClient,
    ClientIp(ip): ClientIp,
    address: Result<Path<String>, PathRejection>,
    ApiQuery(query): ApiQuery<BalanceQuery>,
) -> Result<Json<BalanceReply>, ApiError> {
    let bitcoin = query
        .chain_id
        .as_deref()
        .is_some_and(|c| c.starts_with("bip122:"));
    if query.force_update == Some(true) || bitcoin {
        account
            .check_forced_read_limit(ip, &client.project_id)
            .await?;
    }
    let reply = account
        .balance(
            path(address)?,
            query.chain_id.as_deref(),
            query.currency.as_deref(),
            query.force_update == Some(true),
        )
        .await?;
    Ok(Json(reply))
}

/// `GET /v1/account/{account}/history`: the account's transactions, or with `onramp` its
/// purchases through that provider (within the on-ramp budget, never cached).
async fn history(
    State(account): State<Account>,
    client: SdkClient,
    ClientIp(ip): ClientIp,
    account_path: Result<Path<String>, PathRejection>,
    ApiQuery(query): ApiQuery<HistoryQuery>,
) -> Result<Response, ApiError> {
    let address = path(account_path)?;
    if let Some(provider) = query.onramp.as_deref() {
        let reply = account
            .purchases(
                ip,
                &client.project_id,
                &address,
                provider,
                query.cursor.as_deref(),
            )
            .await?;
        return Ok(Json(reply).into_response());
    }
    let reply = account
        .transactions(&address, query.chain_id.as_deref(), query.cursor.as_deref())
        .await?;
    Ok(Json(reply).into_response())
}

/// `GET /v1/account/{address}/nfts?chainId=`, within the client's NFT budget.
async fn nfts(
    State(account): State<Account>,
    client: SdkClient,
    ClientIp(ip): ClientIp,
    address: Result<Path<String>, PathRejection>,
    ApiQuery(query): ApiQuery<NftsQuery>,
) -> Result<Json<NftsReply>, ApiError> {
    account.check_nft_limit(ip, &client.project_id).await?;
    Ok(Json(account.nfts(&path(address)?, query.chain_id).await?))
}

/// The configured networks, all reached over HTTP(S): frame-host configures no WebSocket
/// endpoints, so `ws` is empty.
async fn supported_chains(
    State(account): State<Account>,
    _client: SdkClient,
) -> Json<SupportedChainsReply> {
    Json(SupportedChainsReply {
        http: account.chain_ids(),
        ws: Vec::new(),
    })
}

async fn fungible_price(
    State(account): State<Account>,
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
    let prices = account.prices().lookup(&keys, account.now_ms()).await?;
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
