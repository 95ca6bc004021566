//! `GET /v1/convert/quotes` (the best route's output and its price impact) and
//! `GET /v1/convert/allowance` (the router's ERC-20 allowance).

use alloy_primitives::U256;
use axum::{extract::State, Json};

use super::ConvertClient;
use crate::swap::{
    body::{AllowanceQuery, AllowanceReply, SwapQuote, SwapQuoteQuery, SwapQuotesReply},
    error::ConvertError,
    exchange::Route,
    params::{self, Asset},
    Swap, SwapAsk,
};
use crate::{error::ApiError, http::ApiQuery};

/// The route.
pub(super) async fn quotes(
    State(state): State<Swap>,
    _client: ConvertClient,
    ApiQuery(q): ApiQuery<SwapQuoteQuery>,
) -> Result<Json<SwapQuotesReply>, ApiError> {
    let amount = params::positive_amount("amount", params::required("amount", &q.amount)?)?;
    if let Some(gas_price) = q.gas_price.as_deref().filter(|g| !g.is_empty()) {
        // Checked and not used: a V2 route's output does not depend on it.
        params::amount("gasPrice", gas_price)?;
    }
    let swap = SwapAsk::read(&state, &q.from, &q.to, &q.user_address).await?;
    if let Some(chain_id) = q.chain_id.as_deref().filter(|c| !c.is_empty()) {
        if chain_id != swap.chain_id {
            return Err(ConvertError::invalid(
                "chainId",
                format!("not {}, the network of the tokens", swap.chain_id),
            )
            .into());
        }
    }
    let route = route(&swap, amount).await?;
    let impact = match swap.exchange.reserves(&route.path).await? {
        Some(reserves) => price_impact(&route, &reserves),
        None => 0.0,
    };
    Ok(Json(SwapQuotesReply {
        quotes: vec![SwapQuote {
            from_amount: amount.to_string(),
            from_account: params::caip10_of(&swap.chain_id, swap.from),
            to_amount: route.out().to_string(),
            to_account: params::caip10_of(&swap.chain_id, swap.to),
            path: swap.path(&route.path),
            price_impact: impact,
        }],
    }))
}

/// The best route of `swap` for `amount`, or 'No pool route from … to …'.
pub(super) async fn route(swap: &SwapAsk<'_>, amount: U256) -> Result<Route, ConvertError> {
    swap.exchange
        .best_route(amount, swap.from_address, swap.to_address)
        .await?
        .ok_or_else(|| ConvertError::NoRoute {
            from: params::caip10_of(&swap.chain_id, swap.from),
            to: params::caip10_of(&swap.chain_id, swap.to),
        })
}

/// How much less than the pools' mid price the route pays, in percent, two decimals:
/// `1 - out / (in × Π reserveOut / Π reserveIn)`, the pools' fee included. Never negative.
fn price_impact(route: &Route, reserves: &[(U256, U256)]) -> f64 {
    let float = |n: U256| n.to_string().parse::<f64>().unwrap_or(f64::INFINITY);
    let amount_in = route.amounts.first().copied().unwrap_or_default();
    let mut ratio = float(route.out()) / float(amount_in);
    for (reserve_in, reserve_out) in reserves {
        ratio *= float(*reserve_in) / float(*reserve_out);
    }
    if !ratio.is_finite() {
        return 0.0;
    }
    ((1.0 - ratio) * 10_000.0).round().max(0.0) / 100.0
}

/// The route.
pub(super) async fn allowance(
    State(state): State<Swap>,
    _client: ConvertClient,
    ApiQuery(q): ApiQuery<AllowanceQuery>,
) -> Result<Json<AllowanceReply>, ApiError> {
    let token = params::token(
        "tokenAddress",
        params::required("tokenAddress", &q.token_address)?,
    )?;
    let user = params::account(
        "userAddress",
        params::required("userAddress", &q.user_address)?,
    )?;
    params::same_network("userAddress", &user, &token.chain_id)?;
    let exchange = state.exchanges().get(&token.chain_id)?;
    let allowance = match token.value {
        // The native coin is sent along with the swap: nothing to approve.
        Asset::Native => U256::MAX,
        Asset::Erc20(address) => exchange.allowance(address, user.value).await?,
    };
    Ok(Json(AllowanceReply {
        allowance: allowance.to_string(),
    }))
}

#[cfg(test)]
mod tests {
    use alloy_primitives::Address;

    use super::*;

    /// Uniswap V2's `getAmountOut`: the 0.3% fee, then the constant product.
    fn amount_out(amount_in: u128, reserve_in: u128, reserve_out: u128) -> u128 {
        let with_fee = amount_in * 997;
        with_fee * reserve_out / (reserve_in * 1000 + with_fee)
    }

    #[test]
    fn a_small_trade_costs_about_the_fee_and_a_large_one_more() {
        let (r_in, r_out) = (100_000_000_000_000_000_000u128, 300_000_000_000u128);
        let route = |amount: u128| Route {
            path: vec![Address::ZERO, Address::repeat_byte(1)],
            amounts: vec![
                U256::from(amount),
                U256::from(amount_out(amount, r_in, r_out)),
            ],
        };
        let reserves = [(U256::from(r_in), U256::from(r_out))];
        assert_eq!(price_impact(&route(1_000_000_000_000_000), &reserves), 0.3);
        // 10 ETH into 100: 9.09% from the curve alone, 9.34% with the fee.
        assert_eq!(
            price_impact(&route(10_000_000_000_000_000_000), &reserves),
            9.34
        );
        let nothing = Route {
            path: vec![],
            amounts: vec![U256::ZERO, U256::ZERO],
        };
        assert_eq!(price_impact(&nothing, &[]), 0.0);
    }
}
