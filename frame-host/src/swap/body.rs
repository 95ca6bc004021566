//! The convert API's request and reply bodies (camelCase JSON). Amounts are decimal strings
//! of base units; tokens and accounts are `eip155:{chain}:0x…` (lowercase).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The query of `GET /v1/convert/tokens` (and `GET /v1/convert/gas-price`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ChainQuery {
    pub(crate) chain_id: Option<String>,
}

/// `GET /v1/convert/tokens`: the tokens a swap network trades.
#[derive(Debug, Serialize)]
pub(crate) struct TokensReply {
    pub(crate) tokens: Vec<SwapToken>,
}

/// One swappable token.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SwapToken {
    pub(crate) name: String,
    pub(crate) symbol: String,
    /// `eip155:{chain}:{contract}`, the native coin `eip155:{chain}:0xeeee…eeee`.
    pub(crate) address: String,
    pub(crate) decimals: u8,
    /// The operator's `icon_url`, else frame-host's `/public/getTokenImage/{symbol}`.
    pub(crate) logo_uri: String,
}

/// The query of `GET /v1/convert/quotes`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct QuoteQuery {
    pub(crate) amount: Option<String>,
    pub(crate) user_address: Option<String>,
    pub(crate) from: Option<String>,
    pub(crate) to: Option<String>,
    pub(crate) gas_price: Option<String>,
    pub(crate) chain_id: Option<String>,
}

/// `GET /v1/convert/quotes`: one quote, the best route's.
#[derive(Debug, Serialize)]
pub(crate) struct QuotesReply {
    pub(crate) quotes: Vec<Quote>,
}

/// A quote.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Quote {
    /// The amount swapped (the request's).
    pub(crate) from_amount: String,
    /// The token swapped (the request's `from`).
    pub(crate) from_account: String,
    /// What the swap pays out now.
    pub(crate) to_amount: String,
    /// The token paid out (the request's `to`).
    pub(crate) to_account: String,
    /// The pools' tokens in order (the native coin as the wrapped token it trades as).
    pub(crate) path: Vec<String>,
    /// How much worse than the pools' current price the swap is, in percent (the pools' fee
    /// included), two decimals.
    pub(crate) price_impact: f64,
}

/// The query of `GET /v1/convert/allowance`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AllowanceQuery {
    pub(crate) token_address: Option<String>,
    pub(crate) user_address: Option<String>,
}

/// `GET /v1/convert/allowance`.
#[derive(Debug, Serialize)]
pub(crate) struct AllowanceReply {
    pub(crate) allowance: String,
}

/// `GET /v1/convert/gas-price`, wei per gas.
#[derive(Debug, Serialize)]
pub(crate) struct GasPriceReply {
    pub(crate) standard: String,
    pub(crate) fast: String,
    pub(crate) instant: String,
}

/// The query of `GET /v1/convert/build-approve`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ApproveQuery {
    pub(crate) user_address: Option<String>,
    pub(crate) from: Option<String>,
    pub(crate) to: Option<String>,
    pub(crate) amount: Option<String>,
}

/// The body of `POST /v1/convert/build-transaction`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct BuildRequest {
    pub(crate) project_id: Option<String>,
    pub(crate) amount: Option<String>,
    pub(crate) from: Option<String>,
    pub(crate) to: Option<String>,
    pub(crate) user_address: Option<String>,
    #[serde(default)]
    pub(crate) eip155: Option<Eip155Options>,
    #[serde(default)]
    pub(crate) disable_estimate: Option<bool>,
}

/// `eip155` of a build request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Eip155Options {
    /// Percent, a number or a string.
    pub(crate) slippage: Option<Value>,
}

/// A transaction to sign and send, as built.
#[derive(Debug, Serialize)]
pub(crate) struct Tx {
    /// The sender (the request's `userAddress`), `eip155:{chain}:0x…`.
    pub(crate) from: String,
    /// The contract called, `eip155:{chain}:0x…`.
    pub(crate) to: String,
    /// The calldata, `0x` hex.
    pub(crate) data: String,
    /// Wei sent along.
    pub(crate) value: String,
    pub(crate) eip155: Fees,
}

/// Gas of a built transaction.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Fees {
    /// The node's estimate (`eth_estimateGas`); `null` when the request disabled it.
    pub(crate) gas: Option<String>,
    /// The node's gas price (`eth_gasPrice`), wei.
    pub(crate) gas_price: String,
}

/// `GET /v1/convert/build-approve`.
#[derive(Debug, Serialize)]
pub(crate) struct ApproveReply {
    pub(crate) tx: Tx,
}

/// `POST /v1/convert/build-transaction`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BuildReply {
    pub(crate) tx: Tx,
    /// What the swap would pay out now.
    pub(crate) to_amount: String,
    /// The least it may pay out (the slippage applied), else it reverts.
    pub(crate) to_amount_min: String,
    /// The slippage applied, percent.
    pub(crate) slippage: f64,
    /// The pools' tokens in order.
    pub(crate) path: Vec<String>,
    /// Unix seconds after which the router refuses the swap.
    pub(crate) deadline: u64,
}
