//! The convert API's request and reply bodies (camelCase JSON). Amounts are decimal strings
//! of base units; tokens and accounts are `eip155:{chain}:0x…` (lowercase).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The query of `GET /v1/convert/tokens` (and `GET /v1/convert/gas-price`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ChainQuery {
    pub(super) chain_id: Option<String>,
}

/// `GET /v1/convert/tokens`: the tokens a swap network trades.
#[derive(Debug, Serialize)]
pub(super) struct TokensReply {
    pub(super) tokens: Vec<SwapToken>,
}

/// One swappable token.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SwapToken {
    pub(super) name: String,
    pub(super) symbol: String,
    /// `eip155:{chain}:{contract}`, the native coin `eip155:{chain}:0xeeee…eeee`.
    pub(super) address: String,
    pub(super) decimals: u8,
    /// The operator's `icon_url`, else frame-host's `/public/getTokenImage/{symbol}`.
    pub(super) logo_uri: String,
}

/// The query of `GET /v1/convert/quotes`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct QuoteQuery {
    pub(super) amount: Option<String>,
    pub(super) user_address: Option<String>,
    pub(super) from: Option<String>,
    pub(super) to: Option<String>,
    pub(super) gas_price: Option<String>,
    pub(super) chain_id: Option<String>,
}

/// `GET /v1/convert/quotes`: one quote, the best route's.
#[derive(Debug, Serialize)]
pub(super) struct QuotesReply {
    pub(super) quotes: Vec<Quote>,
}

/// A quote.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Quote {
    /// The amount swapped (the request's).
    pub(super) from_amount: String,
    /// The token swapped (the request's `from`).
    pub(super) from_account: String,
    /// What the swap pays out now.
    pub(super) to_amount: String,
    /// The token paid out (the request's `to`).
    pub(super) to_account: String,
    /// The pools' tokens in order (the native coin as the wrapped token it trades as).
    pub(super) path: Vec<String>,
    /// How much worse than the pools' current price the swap is, in percent (the pools' fee
    /// included), two decimals.
    pub(super) price_impact: f64,
}

/// The query of `GET /v1/convert/allowance`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct AllowanceQuery {
    pub(super) token_address: Option<String>,
    pub(super) user_address: Option<String>,
}

/// `GET /v1/convert/allowance`.
#[derive(Debug, Serialize)]
pub(super) struct AllowanceReply {
    pub(super) allowance: String,
}

/// `GET /v1/convert/gas-price`, wei per gas.
#[derive(Debug, Serialize)]
pub(super) struct GasPriceReply {
    pub(super) standard: String,
    pub(super) fast: String,
    pub(super) instant: String,
}

/// The query of `GET /v1/convert/build-approve`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ApproveQuery {
    pub(super) user_address: Option<String>,
    pub(super) from: Option<String>,
    pub(super) to: Option<String>,
    pub(super) amount: Option<String>,
}

/// The body of `POST /v1/convert/build-transaction`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct BuildRequest {
    pub(super) project_id: Option<String>,
    pub(super) amount: Option<String>,
    pub(super) from: Option<String>,
    pub(super) to: Option<String>,
    pub(super) user_address: Option<String>,
    #[serde(default)]
    pub(super) eip155: Option<Eip155Options>,
    #[serde(default)]
    pub(super) disable_estimate: Option<bool>,
}

/// `eip155` of a build request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Eip155Options {
    /// Percent, a number or a string.
    pub(super) slippage: Option<Value>,
}

/// A transaction to sign and send, as built.
#[derive(Debug, Serialize)]
pub(super) struct Tx {
    /// The sender (the request's `userAddress`), `eip155:{chain}:0x…`.
    pub(super) from: String,
    /// The contract called, `eip155:{chain}:0x…`.
    pub(super) to: String,
    /// The calldata, `0x` hex.
    pub(super) data: String,
    /// Wei sent along.
    pub(super) value: String,
    pub(super) eip155: Fees,
}

/// Gas of a built transaction.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Fees {
    /// The node's estimate (`eth_estimateGas`); `null` when the request disabled it.
    pub(super) gas: Option<String>,
    /// The node's gas price (`eth_gasPrice`), wei.
    pub(super) gas_price: String,
}

/// `GET /v1/convert/build-approve`.
#[derive(Debug, Serialize)]
pub(super) struct ApproveReply {
    pub(super) tx: Tx,
}

/// `POST /v1/convert/build-transaction`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct BuildReply {
    pub(super) tx: Tx,
    /// What the swap would pay out now.
    pub(super) to_amount: String,
    /// The least it may pay out (the slippage applied), else it reverts.
    pub(super) to_amount_min: String,
    /// The slippage applied, percent.
    pub(super) slippage: f64,
    /// The pools' tokens in order.
    pub(super) path: Vec<String>,
    /// Unix seconds after which the router refuses the swap.
    pub(super) deadline: u64,
}
