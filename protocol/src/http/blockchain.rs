//! The bodies of frame-host's Blockchain API (`/v1/*`, spec section 7), which the SDK calls
//! from the dapp's page with `projectId`, `st` (SDK type) and `sv` (SDK version) as query
//! parameters.

use serde::{Deserialize, Serialize};

/// The most asset addresses one `POST /v1/fungible/price` may ask about.
pub const MAX_PRICE_ADDRESSES: usize = 100;

/// The query every route the SDK calls takes, besides its own parameters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SdkQuery {
    /// The project (400 'missing projectId' without it, 404 'unknown project id').
    pub project_id: String,
    /// The SDK's type (default `appkit`), at most 64 characters; not used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub st: Option<String>,
    /// The SDK's version, at most 64 characters; not used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub sv: Option<String>,
}

/// The answer of `GET /v1/supported-chains`: the CAIP-2 ids of the networks frame-host
/// serves, over HTTP and over WebSocket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SupportedChainsReply {
    /// Networks reachable over HTTP(S) JSON-RPC, in configuration order.
    pub http: Vec<String>,
    /// Networks reachable over WebSocket JSON-RPC.
    pub ws: Vec<String>,
}

/// `POST /v1/fungible/price`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FungiblePriceRequest {
    /// The project; when given it must be the `projectId` of the query.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub project_id: Option<String>,
    /// The currency of the prices; only `usd` (the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub currency: Option<String>,
    /// The assets, each `namespace:reference:address` (such as
    /// `eip155:1:0xa0b8…`) or a CAIP-19 asset id (such as `eip155:1/slip44:60`); at most
    /// [`MAX_PRICE_ADDRESSES`].
    pub addresses: Vec<String>,
}

/// The answer of `POST /v1/fungible/price`: one entry per requested address, in request
/// order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FungiblePriceReply {
    /// The prices.
    pub fungibles: Vec<FungiblePrice>,
}

/// The price of one asset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FungiblePrice {
    /// The address as the request wrote it.
    pub address: String,
    /// The price of one whole token in the request's currency; `null` when the price source
    /// has none (never 0 for unknown).
    #[cfg_attr(feature = "openapi", schema(required))]
    pub price: Option<f64>,
}

/// The query of `GET /v1/account/{address}/balance`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BalanceQuery {
    /// The currency of the prices; only `usd` (the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub currency: Option<String>,
    /// One configured network of the address's family (CAIP-2); without it, every one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub chain_id: Option<String>,
    /// Read the chain even when frame-host's 30 s cache has the balances.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub force_update: Option<bool>,
}

/// The answer of `GET /v1/account/{address}/balance`: the account's non-zero balances of the
/// network's native coin, the operator's listed tokens and the other ERC-20s it received
/// (unverified; tokens with 0 decimals are never listed, spec §5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BalanceReply {
    /// The balances: per network in request order, the native coin first, then the listed
    /// tokens in configuration order.
    pub balances: Vec<TokenBalance>,
}

/// One balance (spec §3 "Token balance").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TokenBalance {
    /// The token's name, such as `Ether`.
    pub name: String,
    /// Its symbol, such as `ETH`.
    pub symbol: String,
    /// The network's CAIP-2 id.
    pub chain_id: String,
    /// `chain:address` of a token contract (address lowercased); absent for the native coin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub address: Option<String>,
    /// `quantity.numeric × price`; `null` when the price is unknown.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub value: Option<f64>,
    /// The price of one whole token in the request's currency; `null` when unknown.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub price: Option<f64>,
    /// How much the account holds.
    pub quantity: Quantity,
    /// The token's icon, if the operator configured one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub icon_url: Option<String>,
    /// The network's own coin, or a token the operator lists (`[[tokens]]`); `false` for any
    /// other contract the account received, which may be a counterfeit of a listed token
    /// (issue 38, L-9: the widget marks it "Unverified").
    pub verified: bool,
}

/// An amount of a token, exact.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Quantity {
    /// The token's decimals, as a string (`"18"`).
    pub decimals: String,
    /// The amount in whole tokens as a decimal string, exact, without trailing zeros
    /// (`"1.5"`, `"10000"`).
    pub numeric: String,
}
