//! `GET /v1/account/{address}/balance` for Bitcoin (`bip122`) networks: from the network's
//! Esplora-compatible API when `[[esplora]]` names one, else 'Unsupported chainId'. Esplora
//! cannot run here, so a loopback server answers `GET /address/{address}` as Esplora does.

use crate::common;

use std::{collections::HashMap, sync::Arc};

use axum::{
    extract::{Path, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use common::TestApp;
use oriel_frame_host::EsploraConfig;
use serde_json::{json, Value};

const MAINNET: &str = "bip122:000000000019d6689c085ae165831e93";
const FUNDED: &str = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
const EMPTY: &str = "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3";

/// Esplora's address summary: funded and spent sums, confirmed and in the mempool.
fn summary(address: &str, chain: (u64, u64), mempool: (u64, u64)) -> Value {
    json!({
        "address": address,
        "chain_stats": { "funded_txo_count": 2, "funded_txo_sum": chain.0, "spent_txo_count": 1, "spent_txo_sum": chain.1, "tx_count": 3 },
        "mempool_stats": { "funded_txo_count": 1, "funded_txo_sum": mempool.0, "spent_txo_count": 0, "spent_txo_sum": mempool.1, "tx_count": 1 },
    })
}

/// Serves the summaries of `known`; other addresses get Esplora's 400 "Invalid Bitcoin address".
async fn fake_esplora(known: HashMap<String, Value>) -> String {
    async fn address(
        State(known): State<Arc<HashMap<String, Value>>>,
        Path(address): Path<String>,
    ) -> Response {
        match known.get(&address) {
            Some(summary) => Json(summary.clone()).into_response(),
            None => (StatusCode::BAD_REQUEST, "Invalid Bitcoin address").into_response(),
        }
    }
    let app = Router::new()
        .route("/api/address/{address}", get(address))
        .with_state(Arc::new(known));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/api", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

fn uri(address: &str) -> String {
    format!("/v1/account/{address}/balance?projectId=demo&st=react&sv=0.1.0&currency=usd&chainId={MAINNET}")
}

#[tokio::test]
async fn bitcoin_balances_from_an_esplora_api() {
    let url = fake_esplora(HashMap::from([
        // 1.5 BTC confirmed, 0.25 BTC received and 0.05 BTC sent in the mempool.
        (
            FUNDED.to_owned(),
            summary(FUNDED, (200_000_000, 50_000_000), (25_000_000, 5_000_000)),
        ),
        (EMPTY.to_owned(), summary(EMPTY, (10_000, 10_000), (0, 0))),
    ]))
    .await;
    let prices = common::json_file(&json!({ format!("{MAINNET}/slip44:0"): 60000 }));
    let prices_path = prices.path().to_path_buf();
    let app = TestApp::with(move |c| {
        c.esplora = vec![EsploraConfig {
            chain_id: MAINNET.into(),
            url,
        }];
        c.prices_file = Some(prices_path);
    })
    .await;

    let reply = app.get(&uri(FUNDED)).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(
        reply.json(),
        json!({ "balances": [{
            "name": "Bitcoin",
            "symbol": "BTC",
            "chainId": MAINNET,
            "value": 1.7 * 60000.0,
            "price": 60000.0,
            "quantity": { "decimals": "8", "numeric": "1.7" },
            "verified": true,
        }] })
    );
    // Spent down to nothing: no entry, as zero balances elsewhere.
    assert_eq!(app.get(&uri(EMPTY)).await.json(), json!({ "balances": [] }));
    // Esplora refuses an address that does not decode.
    let refused = app
        .get(&uri("bc1qnotarealaddressatall0000000000"))
        .await
        .error();
    assert_eq!(
        refused,
        (400, "invalid_params".into(), "Invalid address".into())
    );
    // Not even shaped like one: refused before Esplora is asked.
    let malformed = app.get(&uri("not-an-address")).await.error();
    assert_eq!(malformed.2, "Invalid address: expected a Bitcoin address");
}

#[tokio::test]
async fn bitcoin_without_an_esplora_api_is_unsupported() {
    let app = TestApp::new().await;
    let reply = app.get(&uri(FUNDED)).await;
    assert_eq!(
        reply.error(),
        (
            400,
            "invalid_params".into(),
            format!("Unsupported chainId: {MAINNET}")
        )
    );
}

#[tokio::test]
async fn esplora_entries_are_checked_at_startup() {
    for (chain_id, url) in [
        ("eip155:1", "https://blockstream.info/api"),
        (MAINNET, "ftp://blockstream.info/api"),
        (MAINNET, "https://blockstream.info/api/"),
    ] {
        let error = common::startup_error(|c| {
            c.esplora = vec![EsploraConfig {
                chain_id: chain_id.into(),
                url: url.into(),
            }];
        })
        .await;
        assert!(error.to_string().contains(chain_id), "{error}");
    }
}
