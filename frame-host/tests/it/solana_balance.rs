//! `GET /v1/account/{address}/balance` on a `solana` network, against the local Solana cluster
//! (`devnet/solana/server.mjs` over litesvm): SOL and a listed SPL token (the cluster's dUSDC).

use crate::common;

use common::{solana::SolanaDevnet, TestApp};
use oriel_frame_host::{NetworkConfig, TokenConfig};
use serde_json::json;

/// The local cluster's CAIP-2 id (`devnet/solana/constants.mjs`).
const CHAIN: &str = "solana:Ay2AEajzuAs9MiB6D6ug4qGQ4Yzt6NZo";
/// The cluster's dUSDC mint (`devnet/solana/constants.mjs`).
const MINT: &str = "3Cm7mRnSmKuGJa7hEJD2SkBwvAHvrvBGA2dWqEYhsseu";

fn uri(address: &str, extra: &str) -> String {
    format!("/v1/account/{address}/balance?projectId=demo&st=react&sv=0.1.0&currency=usd{extra}")
}

/// A fresh address: base58 of 32 bytes nothing else uses.
fn address(seed: u8) -> String {
    bs58::encode([seed; 32]).into_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sol_and_spl_balances_from_the_local_cluster() {
    let devnet = SolanaDevnet::start().await;
    let holder = address(7);
    devnet.airdrop(&holder, 2_500_000_000).await;
    devnet.mint_token(&holder, "25000000").await;
    devnet.mint_token(&holder, "1500000").await;
    let url = devnet.url.clone();
    let app = TestApp::with(move |c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec![url],
            ..NetworkConfig::default()
        }];
        c.tokens = vec![TokenConfig {
            chain_id: CHAIN.into(),
            address: Some(MINT.into()),
            symbol: "dUSDC".into(),
            name: "Devnet USD Coin".into(),
            decimals: 6,
            icon_url: None,
        }];
    })
    .await;

    let want = json!({ "balances": [
        {
            "name": "Solana", "symbol": "SOL", "chainId": CHAIN, "value": null, "price": null,
            "quantity": { "decimals": "9", "numeric": "2.5" }, "verified": true,
        },
        {
            "name": "Devnet USD Coin", "symbol": "dUSDC", "chainId": CHAIN,
            "address": format!("{CHAIN}:{MINT}"), "value": null, "price": null,
            "quantity": { "decimals": "6", "numeric": "26.5" }, "verified": true,
        },
    ]});
    let reply = app.get(&uri(&holder, &format!("&chainId={CHAIN}"))).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.json(), want);
    // Without chainId: every solana network, the same here.
    assert_eq!(app.get(&uri(&holder, "")).await.json(), want);

    // Nothing held: nothing listed.
    let empty = app.get(&uri(&address(8), "")).await;
    assert_eq!(empty.json(), json!({ "balances": [] }));

    // forceUpdate reads the chain again.
    devnet.airdrop(&holder, 500_000_000).await;
    let sol = |r: &common::Reply| r.json()["balances"][0]["quantity"]["numeric"].clone();
    assert_eq!(sol(&app.get(&uri(&holder, "")).await), "2.5", "cached");
    assert_eq!(sol(&app.get(&uri(&holder, "&forceUpdate=true")).await), "3");

    // A Solana address on an eip155 network, and an EVM address on a solana one.
    let wrong = app.get(&uri(&holder, "&chainId=eip155:31337")).await;
    assert_eq!(wrong.error().2, "Unsupported chainId: eip155:31337");
    let evm = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
    let wrong = app.get(&uri(evm, &format!("&chainId={CHAIN}"))).await;
    assert_eq!(wrong.error().2, format!("Unsupported chainId: {CHAIN}"));
}

#[tokio::test]
async fn a_bad_solana_token_is_refused_at_startup() {
    let error = common::startup_error(|c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec!["http://127.0.0.1:1".into()],
            ..NetworkConfig::default()
        }];
        c.tokens = vec![TokenConfig {
            chain_id: CHAIN.into(),
            address: Some("0x00000000000000000000000000000000000000aa".into()),
            symbol: "X".into(),
            name: "X".into(),
            decimals: 6,
            icon_url: None,
        }];
    })
    .await;
    assert_eq!(
        error.to_string(),
        format!("invalid token X on {CHAIN}: address is not a base58 Solana mint address")
    );
}
