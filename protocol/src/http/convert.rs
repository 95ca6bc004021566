//! The bodies of frame-host's convert API (`/v1/convert/*`, spec §7, `frame-host/API.md`
//! "Convert API"): swaps through each swap network's exchange. camelCase; amounts are decimal
//! strings of base units; tokens and accounts are `eip155:{chain}:0x…` (CAIP-10, lowercase in
//! answers), the native coin [`NATIVE_TOKEN`].
//!
//! The requests keep their required parameters as `Option` (and the slippage as any JSON
//! value), so that frame-host answers a missing or malformed one with its own 'Missing {name}'
//! or 'Invalid {name}: {rule}' rather than a parser's message; their schemas say what is
//! required.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The address that names a network's native coin among tokens.
pub const NATIVE_TOKEN: &str = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

/// The query of `GET /v1/convert/tokens` and `GET /v1/convert/gas-price`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ConvertChainQuery {
    /// The network, CAIP-2 (`eip155:1`).
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub chain_id: Option<String>,
}

/// The answer of `GET /v1/convert/tokens`: the tokens the network's exchange trades, the native
/// coin first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SwapTokensReply {
    /// The tokens.
    pub tokens: Vec<SwapToken>,
}

/// A token the exchange trades.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SwapToken {
    /// Its name, such as `Ether`.
    pub name: String,
    /// Its symbol, such as `ETH`.
    pub symbol: String,
    /// `eip155:{chain}:{contract}`; the native coin `eip155:{chain}:0xeeee…eeee`.
    pub address: String,
    /// Its decimals (never 0).
    #[cfg_attr(feature = "openapi", schema(maximum = 255))]
    pub decimals: u8,
    /// The operator's icon, else frame-host's `/public/getTokenImage/{symbol}`.
    pub logo_uri: String,
}

/// The query of `GET /v1/convert/quotes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SwapQuoteQuery {
    /// Base units of `from` to swap, above 0.
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub amount: Option<String>,
    /// The account, `eip155:{chain}:0x…` or a bare address (checked, not used).
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub user_address: Option<String>,
    /// The token swapped.
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub from: Option<String>,
    /// The token bought.
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub to: Option<String>,
    /// Wei per gas (checked, not used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub gas_price: Option<String>,
    /// The tokens' network, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub chain_id: Option<String>,
}

/// The answer of `GET /v1/convert/quotes`: one quote, the best route's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SwapQuotesReply {
    /// The quote.
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 1))]
    pub quotes: Vec<SwapQuote>,
}

/// A quote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SwapQuote {
    /// The amount swapped (the request's).
    pub from_amount: String,
    /// The token swapped (the request's `from`).
    pub from_account: String,
    /// What the swap pays out at the pools' current reserves.
    pub to_amount: String,
    /// The token paid out (the request's `to`).
    pub to_account: String,
    /// The pools' tokens in order (the native coin as the wrapped token it trades as).
    pub path: Vec<String>,
    /// How far below the pools' mid price the swap pays, in percent with two decimals (the
    /// pools' fee included).
    pub price_impact: f64,
}

/// The query of `GET /v1/convert/allowance`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AllowanceQuery {
    /// The token.
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub token_address: Option<String>,
    /// The owner.
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub user_address: Option<String>,
}

/// The answer of `GET /v1/convert/allowance`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AllowanceReply {
    /// How much of the token the router may move, base units (2^256 − 1 for the native coin).
    pub allowance: String,
}

/// The answer of `GET /v1/convert/gas-price`: wei per gas, each speed at least the one before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GasPriceReply {
    /// The node's `eth_gasPrice`.
    pub standard: String,
    /// The next block's base fee plus the recent 50th percentile priority fee.
    pub fast: String,
    /// The next block's base fee plus the recent 90th percentile priority fee.
    pub instant: String,
}

/// The query of `GET /v1/convert/build-approve`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ApproveQuery {
    /// The owner, who sends the approval.
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub user_address: Option<String>,
    /// The token the router may then move.
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub from: Option<String>,
    /// The token the swap buys (checked like a swap's).
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub to: Option<String>,
    /// Base units to allow; without it 2^256 − 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub amount: Option<String>,
}

/// `POST /v1/convert/build-transaction` (at most 4096 bytes, unknown fields refused).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BuildSwapRequest {
    /// The project; when given it must be the `projectId` of the query.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub project_id: Option<String>,
    /// Base units of `from` to swap, above 0.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub amount: Option<String>,
    /// The token swapped.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub from: Option<String>,
    /// The token bought.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub to: Option<String>,
    /// The account that sends the swap and receives its output.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub user_address: Option<String>,
    /// The slippage tolerance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = SwapOptions))]
    pub eip155: Option<SwapOptions>,
    /// Leave out the node's gas estimate (`tx.eip155.gas` is then `null`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = bool))]
    pub disable_estimate: Option<bool>,
}

/// `eip155` of a build request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct SwapOptions {
    /// Percent, 0 to 50 with at most two decimals (default 1, spec §9): a number or a decimal
    /// string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = NumberOrText))]
    pub slippage: Option<Value>,
}

/// A number, or the same number written as a decimal string (`1`, `"0.5"`). Named only by
/// the schemas of fields that take either.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum NumberOrText {
    /// As a JSON number.
    Number(f64),
    /// As a decimal string.
    Text(String),
}

/// A transaction to sign and send, as frame-host built it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BuiltTransaction {
    /// The sender (the request's `userAddress`), `eip155:{chain}:0x…`.
    pub from: String,
    /// The contract called (the token for an approval, the router for a swap),
    /// `eip155:{chain}:0x…`.
    pub to: String,
    /// The calldata, `0x` hex.
    pub data: String,
    /// Wei sent along.
    pub value: String,
    /// Its gas.
    pub eip155: TransactionFees,
}

/// The gas of a built transaction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TransactionFees {
    /// The node's estimate (`eth_estimateGas`); `null` when the request disabled it.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub gas: Option<String>,
    /// The node's gas price (`eth_gasPrice`), wei.
    pub gas_price: String,
}

/// The answer of `GET /v1/convert/build-approve`: the `approve(router, amount)` call of the
/// `from` token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApproveReply {
    /// The transaction.
    pub tx: BuiltTransaction,
}

/// The answer of `POST /v1/convert/build-transaction`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BuildSwapReply {
    /// The router call.
    pub tx: BuiltTransaction,
    /// What the swap would pay out now.
    pub to_amount: String,
    /// The least it may pay out (the slippage applied), else the router reverts.
    pub to_amount_min: String,
    /// The slippage applied, percent.
    pub slippage: f64,
    /// The pools' tokens in order.
    pub path: Vec<String>,
    /// Unix seconds after which the router refuses the swap.
    pub deadline: u64,
}
