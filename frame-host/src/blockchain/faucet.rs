//! `POST /dev/faucet` (dev mode with `devnet_contracts` only): the devnet deployer (hardhat's
//! unlocked account #0, `eth_sendTransaction`) sends an address the faucet's Ether, each
//! token's `faucetAmount` and mints it one NFT.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::{balance::is_evm_address, devnet::decimal_units};
use crate::{
    api::{ApiError, ApiJson, SdkClient},
    error::Error,
    AppState,
};

/// One faucet call per address per this many milliseconds.
pub(crate) const FAUCET_WINDOW_MS: i64 = 30_000;
/// `transfer(address,uint256)`.
const TRANSFER: &str = "a9059cbb";
/// `mint(address)` of the devnet collection.
const MINT: &str = "6a627842";
/// `Transfer(address,address,uint256)`.
const TRANSFER_TOPIC: &str = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

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

pub(crate) async fn faucet(
    State(state): State<AppState>,
    _client: SdkClient,
    ApiJson(body): ApiJson<FaucetRequest>,
) -> Result<Json<FaucetReply>, ApiError> {
    let Some(devnet) = state.devnet() else {
        return Err(ApiError::NotFound("no devnet contracts configured"));
    };
    let address = body.address.to_ascii_lowercase();
    if !is_evm_address(&address) {
        return Err(ApiError::InvalidParams(format!(
            "Invalid address: {:?}: expected 0x and 40 hex digits",
            body.address
        )));
    }
    crate::ratelimit::check_faucet(&state, &address).await?;
    let chain_id = devnet.caip2();
    let client = state
        .chains()
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
    let padded = format!("{:0>64}", &address[2..]);
    let wei = decimal_units(&devnet.faucet.ether, 18).unwrap_or_default();
    let ether = Sent {
        symbol: "ETH".into(),
        amount: devnet.faucet.ether.clone(),
        tx_hash: send(address.clone(), wei, "0x".into()).await?,
    };
    let mut tokens = Vec::new();
    for token in &devnet.tokens {
        let units = decimal_units(&token.faucet_amount, token.decimals).unwrap_or_default();
        let data = format!("0x{TRANSFER}{padded}{units:064x}");
        tokens.push(Sent {
            symbol: token.symbol.clone(),
            amount: token.faucet_amount.clone(),
            tx_hash: send(token.address.clone(), 0, data).await?,
        });
    }
    let tx_hash = send(devnet.nft.address.clone(), 0, format!("0x{MINT}{padded}")).await?;
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
        if !from_collection || topics.len() != 4 || topics[0] != TRANSFER_TOPIC {
            return None;
        }
        let id = topics[3].as_str()?.strip_prefix("0x")?;
        u128::from_str_radix(id, 16).ok().map(|id| id.to_string())
    })
}
