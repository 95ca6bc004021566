//! Gas: `GET /v1/convert/gas-price` (three speeds from the node's own figures) and the gas
//! estimate and price of a built transaction.

use alloy_primitives::{hex, Address, U256};
use axum::{extract::State, Json};
use oriel_rpc::RpcError;
use serde_json::{json, Value};

use super::ConvertClient;
use crate::swap::{
    abi::quantity,
    body::{ConvertChainQuery, GasPriceReply},
    error::ConvertError,
    params, Swap,
};
use crate::{
    chain::ChainClient,
    error::{ApiError, Error},
    http::ApiQuery,
};

/// The blocks `eth_feeHistory` looks back over.
const FEE_HISTORY_BLOCKS: &str = "0x5";

/// The route: `standard` is the node's `eth_gasPrice`; `fast` and `instant` are the next
/// block's base fee plus the 50th and 90th percentile priority fee of the last 5 blocks
/// (`eth_feeHistory`), never below the speed before them. A chain without EIP-1559 fee
/// history answers `standard` for all three.
pub(super) async fn gas_price(
    State(state): State<Swap>,
    _client: ConvertClient,
    ApiQuery(q): ApiQuery<ConvertChainQuery>,
) -> Result<Json<GasPriceReply>, ApiError> {
    let chain_id = params::required("chainId", &q.chain_id)?;
    let chain_id = params::network(chain_id, ConvertError::GasPriceNotSupported)?;
    let client = state
        .chains()
        .get(&chain_id)
        .ok_or(ConvertError::GasPriceNotSupported)?;
    let calls = [
        ("eth_gasPrice".to_owned(), json!([])),
        (
            "eth_feeHistory".to_owned(),
            json!([FEE_HISTORY_BLOCKS, "latest", [50, 90]]),
        ),
    ];
    let mut outcomes = client
        .batch(&calls)
        .await
        .map_err(ConvertError::from)?
        .into_iter();
    let (Some(price), Some(history)) = (outcomes.next(), outcomes.next()) else {
        return Err(ConvertError::Chain(Error::RpcResult {
            method: "eth_gasPrice",
            result: "no answer".into(),
        })
        .into());
    };
    let standard = price_of(&price.map_err(ConvertError::from)?)?;
    let (fast, instant) = match history {
        Ok(history) => speeds(&history).unwrap_or((standard, standard)),
        Err(RpcError::Rpc { message, .. }) => {
            tracing::debug!(%chain_id, %message, "no eth_feeHistory: one gas price for every speed");
            (standard, standard)
        }
        Err(e) => return Err(ConvertError::from(e).into()),
    };
    let fast = fast.max(standard);
    let instant = instant.max(fast);
    Ok(Json(GasPriceReply {
        standard: standard.to_string(),
        fast: fast.to_string(),
        instant: instant.to_string(),
    }))
}

/// The next block's base fee plus the average 50th and 90th percentile tips, from an
/// `eth_feeHistory` answer; `None` when it has no base fees (a chain before EIP-1559).
fn speeds(history: &Value) -> Option<(U256, U256)> {
    let next_base = history["baseFeePerGas"]
        .as_array()?
        .last()
        .and_then(quantity)?;
    let rewards = history["reward"].as_array()?;
    let average = |i: usize| -> Option<U256> {
        let tips: Vec<U256> = rewards
            .iter()
            .map(|block| block.get(i).and_then(quantity))
            .collect::<Option<_>>()?;
        let count = U256::from(tips.len().max(1));
        Some(
            tips.into_iter()
                .fold(U256::ZERO, |a, b| a.saturating_add(b))
                / count,
        )
    };
    Some((
        next_base.saturating_add(average(0)?),
        next_base.saturating_add(average(1)?),
    ))
}

/// An `eth_gasPrice` answer.
pub(super) fn price_of(result: &Value) -> Result<U256, ConvertError> {
    quantity(result).ok_or_else(|| {
        ConvertError::Chain(Error::RpcResult {
            method: "eth_gasPrice",
            result: result.to_string().chars().take(100).collect(),
        })
    })
}

/// The node's gas estimate of sending `data` with `value` from `from` to `to`. A revert is
/// [`ConvertError::WouldRevert`] with the node's reason.
pub(super) async fn estimate(
    client: &ChainClient,
    from: Address,
    to: Address,
    data: &[u8],
    value: U256,
) -> Result<U256, ConvertError> {
    let tx = json!([{
        "from": hex::encode_prefixed(from),
        "to": hex::encode_prefixed(to),
        "data": hex::encode_prefixed(data),
        "value": format!("{value:#x}"),
    }]);
    match client.request("eth_estimateGas", tx).await {
        Ok(gas) => quantity(&gas).ok_or_else(|| {
            ConvertError::Chain(Error::RpcResult {
                method: "eth_estimateGas",
                result: gas.to_string().chars().take(100).collect(),
            })
        }),
        Err(RpcError::Rpc { message, .. }) => Err(ConvertError::WouldRevert(
            message.chars().take(200).collect(),
        )),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_from_fee_history() {
        let history = json!({
            "baseFeePerGas": ["0x3b9aca00", "0x3b9aca00", "0x77359400"],
            "reward": [["0x1", "0x5"], ["0x3", "0x7"]],
        });
        assert_eq!(
            speeds(&history),
            Some((U256::from(2_000_000_002u64), U256::from(2_000_000_006u64)))
        );
        assert_eq!(speeds(&json!({ "oldestBlock": "0x1" })), None);
        assert_eq!(
            speeds(&json!({ "baseFeePerGas": ["0x1"], "reward": [["0x1"]] })),
            None
        );
    }
}
