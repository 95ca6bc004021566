//! `POST /v1/convert/build-transaction` (the router call of a swap, with the minimum output
//! from the slippage and a deadline) and `GET /v1/convert/build-approve` (the ERC-20
//! approval of the router).

use alloy_primitives::{hex, U256};
use alloy_sol_types::SolCall;
use axum::{extract::State, Json};
use serde_json::json;

use super::{
    fees::{estimate, price_of},
    quote::route,
    ConvertClient,
};
use crate::swap::{
    abi::{
        approveCall, quantity, swapExactETHForTokensCall, swapExactTokensForETHCall,
        swapExactTokensForTokensCall,
    },
    body::{
        ApproveQuery, ApproveReply, BuildSwapReply, BuildSwapRequest, BuiltTransaction,
        TransactionFees,
    },
    error::ConvertError,
    params::{self, Asset},
    Swap, SwapAsk,
};
use crate::{
    error::{ApiError, Error},
    http::{ApiJson, ApiQuery},
};

/// How long a built swap stays valid, in seconds (the router refuses it afterwards).
pub(super) const DEADLINE_SECS: u64 = 20 * 60;

/// The route.
pub(super) async fn build_transaction(
    State(state): State<Swap>,
    client: ConvertClient,
    ApiJson(body): ApiJson<BuildSwapRequest>,
) -> Result<Json<BuildSwapReply>, ApiError> {
    if body
        .project_id
        .as_ref()
        .is_some_and(|id| *id != client.project_id)
    {
        return Err(ApiError::invalid(
            "projectId in the body is not the projectId of the query",
        ));
    }
    let amount = params::positive_amount("amount", params::required("amount", &body.amount)?)?;
    let slippage = params::slippage_bps(body.eip155.as_ref().and_then(|e| e.slippage.as_ref()))?;
    let swap = SwapAsk::read(&state, &body.from, &body.to, &body.user_address).await?;
    let route = route(&swap, amount).await?;
    let out = route.out();
    let min = out * U256::from(10_000 - slippage) / U256::from(10_000);
    if min.is_zero() {
        return Err(ConvertError::NothingOut.into());
    }
    let (gas_price, chain_now) = price_and_time(&swap).await?;
    let now = u64::try_from(state.clock().now_secs()).unwrap_or_default();
    let deadline = now.max(chain_now) + DEADLINE_SECS;
    let (path, user, deadline_word) = (route.path.clone(), swap.user, U256::from(deadline));
    let (data, value) = match (swap.from, swap.to) {
        (Asset::Native, _) => {
            let call = swapExactETHForTokensCall {
                amountOutMin: min,
                path,
                to: user,
                deadline: deadline_word,
            };
            (call.abi_encode(), amount)
        }
        (_, Asset::Native) => {
            let call = swapExactTokensForETHCall {
                amountIn: amount,
                amountOutMin: min,
                path,
                to: user,
                deadline: deadline_word,
            };
            (call.abi_encode(), U256::ZERO)
        }
        _ => {
            let call = swapExactTokensForTokensCall {
                amountIn: amount,
                amountOutMin: min,
                path,
                to: user,
                deadline: deadline_word,
            };
            (call.abi_encode(), U256::ZERO)
        }
    };
    let router = swap.exchange.router;
    let gas = if body.disable_estimate == Some(true) {
        None
    } else {
        let client = &swap.exchange.client;
        Some(
            estimate(client, user, router, &data, value)
                .await?
                .to_string(),
        )
    };
    Ok(Json(BuildSwapReply {
        tx: BuiltTransaction {
            from: swap.caip10(user),
            to: swap.caip10(router),
            data: hex::encode_prefixed(&data),
            value: value.to_string(),
            eip155: TransactionFees {
                gas,
                gas_price: gas_price.to_string(),
            },
        },
        to_amount: out.to_string(),
        to_amount_min: min.to_string(),
        slippage: f64::from(slippage) / 100.0,
        path: swap.path(&route.path),
        deadline,
    }))
}

/// The node's gas price and the latest block's time, in one batch.
async fn price_and_time(swap: &SwapAsk<'_>) -> Result<(U256, u64), ConvertError> {
    let calls = [
        ("eth_gasPrice".to_owned(), json!([])),
        ("eth_getBlockByNumber".to_owned(), json!(["latest", false])),
    ];
    let outcomes = swap.exchange.client.batch(&calls).await?;
    let [price, block] = <[_; 2]>::try_from(outcomes).map_err(|_| Error::RpcResult {
        method: "eth_gasPrice",
        result: "no answer".into(),
    })?;
    let price = price_of(&price?)?;
    let block = block?;
    let time = quantity(&block["timestamp"])
        .and_then(|t| u64::try_from(t).ok())
        .ok_or_else(|| Error::RpcResult {
            method: "eth_getBlockByNumber",
            result: block.to_string().chars().take(100).collect(),
        })?;
    Ok((price, time))
}

/// The route: `approve(router, amount)` on the `from` token, sent by the user. Without
/// `amount`, unlimited (2^256 - 1). `to` is checked like a swap's.
pub(super) async fn build_approve(
    State(state): State<Swap>,
    _client: ConvertClient,
    ApiQuery(q): ApiQuery<ApproveQuery>,
) -> Result<Json<ApproveReply>, ApiError> {
    let amount = match q.amount.as_deref().filter(|a| !a.is_empty()) {
        Some(text) => params::amount("amount", text)?,
        None => U256::MAX,
    };
    let swap = SwapAsk::read(&state, &q.from, &q.to, &q.user_address).await?;
    let Asset::Erc20(token) = swap.from else {
        return Err(ConvertError::invalid("from", "the native coin needs no approval").into());
    };
    let call = approveCall {
        spender: swap.exchange.router,
        amount,
    };
    let data = call.abi_encode();
    let client = &swap.exchange.client;
    let price = client
        .request("eth_gasPrice", json!([]))
        .await
        .map_err(ConvertError::from)?;
    let gas = estimate(client, swap.user, token, &data, U256::ZERO).await?;
    Ok(Json(ApproveReply {
        tx: BuiltTransaction {
            from: swap.caip10(swap.user),
            to: swap.caip10(token),
            data: hex::encode_prefixed(&data),
            value: "0".into(),
            eip155: TransactionFees {
                gas: Some(gas.to_string()),
                gas_price: price_of(&price)?.to_string(),
            },
        },
    }))
}
