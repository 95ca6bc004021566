//! `POST /dev/faucet` (dev mode with `devnet_contracts` only): the devnet deployer (hardhat's
//! unlocked account #0, `eth_sendTransaction`) sends an address the faucet's Ether, each
//! token's `faucetAmount` and mints it one NFT.

use alloy_primitives::{hex, Address, B256, U256};
use alloy_sol_types::{sol, SolCall, SolEvent};
use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::{devnet::decimal_units, Devnet};
use crate::{
    error::{ApiError, Error},
    http::{ApiJson, SdkClient},
    limits::Limit,
    types::is_evm_address,
};

/// One faucet call per address per this many milliseconds.
pub(crate) const FAUCET_WINDOW_MS: i64 = 30_000;
sol! {
    /// The devnet token's and collection's calls the faucet sends.
    interface IFaucetTarget {
        function transfer(address to, uint256 amount) external returns (bool);
        function mint(address to) external;
        event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FaucetRequest {
    address: String,
}

/// What the faucet sent: one transaction per asset.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FaucetReply {
    chain_id: String,
    ether: Sent,
    tokens: Vec<Sent>,
    nft: SentNft,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Sent {
    symbol: String,
    /// Whole units, as the contracts file gives them.
    amount: String,
    tx_hash: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SentNft {
    address: String,
    token_id: String,
    tx_hash: String,
}

pub(super) async fn faucet(
    State(state): State<Devnet>,
    _client: SdkClient,
    ApiJson(body): ApiJson<FaucetRequest>,
) -> Result<Json<FaucetReply>, ApiError> {
    let Some(devnet) = state.contracts() else {
        return Err(ApiError::NotFound("no devnet contracts configured"));
    };
    let address = body.address.to_ascii_lowercase();
    if !is_evm_address(&address) {
        return Err(ApiError::InvalidParams(format!(
            "Invalid address: {:?}: expected 0x and 40 hex digits",
            body.address
        )));
    }
    let per_address = Limit::new(format!("faucet:{address}"), 1, FAUCET_WINDOW_MS);
    state.limits.hit(&[per_address]).await?;
    let chain_id = devnet.caip2();
    let client = state
        .chains
        .get(&chain_id)
        .ok_or_else(|| ApiError::InvalidParams(format!("Unsupported chainId: {chain_id}")))?;
    let send = |to: String, value: u128, data: String| {
        let client = client.clone();
        let from = devnet.deployer.clone();
        async move {
            let hash = client
                .request(
                    "eth_sendTransaction",
                    json!([{ "from": from, "to": to, "value": format!("{value:#x}"), "data": data }]),
                )
                .await
                .map_err(Error::from)?;
            let hash = hash.as_str().map(str::to_owned).ok_or(Error::RpcResult {
                method: "eth_sendTransaction",
                result: hash.to_string(),
            })?;
            Ok::<_, ApiError>(hash)
        }
    };
    let to: Address = address
        .parse()
        .map_err(|_| ApiError::invalid("Invalid address"))?;
    let wei = decimal_units(&devnet.faucet.ether, 18).unwrap_or_default();
    let ether = Sent {
        symbol: "ETH".into(),
        amount: devnet.faucet.ether.clone(),
        tx_hash: send(address.clone(), wei, "0x".into()).await?,
    };
    let mut tokens = Vec::new();
    for token in &devnet.tokens {
        let units = decimal_units(&token.faucet_amount, token.decimals).unwrap_or_default();
        let amount = U256::from(units);
        let data = hex::encode_prefixed(IFaucetTarget::transferCall { to, amount }.abi_encode());
        tokens.push(Sent {
            symbol: token.symbol.clone(),
            amount: token.faucet_amount.clone(),
            tx_hash: send(token.address.clone(), 0, data).await?,
        });
    }
    let mint = hex::encode_prefixed(IFaucetTarget::mintCall { to }.abi_encode());
    let tx_hash = send(devnet.nft.address.clone(), 0, mint).await?;
    let receipt = client
        .request("eth_getTransactionReceipt", json!([tx_hash]))
        .await
        .map_err(Error::from)?;
    let token_id = minted_id(&receipt, &devnet.nft.address).ok_or(Error::RpcResult {
        method: "eth_getTransactionReceipt",
        result: receipt.to_string(),
    })?;
    Ok(Json(FaucetReply {
        chain_id,
        ether,
        tokens,
        nft: SentNft {
            address: devnet.nft.address.clone(),
            token_id,
            tx_hash,
        },
    }))
}

/// The token id of the collection's `Transfer` log in a mint's receipt, as a decimal string.
fn minted_id(receipt: &Value, collection: &str) -> Option<String> {
    receipt["logs"].as_array()?.iter().find_map(|log| {
        let from_collection = log["address"]
            .as_str()
            .is_some_and(|a| a.eq_ignore_ascii_case(collection));
        let topics = log["topics"].as_array()?;
        let topic = |i: usize| topics.get(i)?.as_str()?.parse::<B256>().ok();
        let transfer = topic(0) == Some(IFaucetTarget::Transfer::SIGNATURE_HASH);
        if !from_collection || topics.len() != 4 || !transfer {
            return None;
        }
        Some(U256::from_be_bytes(topic(3)?.0).to_string())
    })
}
