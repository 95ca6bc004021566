//! `prices_url`: prices from a CoinGecko-compatible API, here a local fake that answers
//! CoinGecko's `/simple/token_price/{platform}` and `/simple/price` with CoinGecko's JSON.

use crate::common;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{
    extract::{Path, Query},
    http::{Method, StatusCode},
    routing::get,
    Json, Router,
};
use common::TestApp;
use oriel_frame_host::NetworkConfig;
use serde_json::{json, Value};

const USDC: &str = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
const UNLISTED: &str = "0x00000000000000000000000000000000000000aa";
const SHOP: &str = "https://shop.example.com";

/// The fake's state: every request's path and query, and whether it fails.
#[derive(Clone, Default)]
struct Fake {
    requests: Arc<Mutex<Vec<String>>>,
    failing: Arc<Mutex<bool>>,
}

/// Starts the fake CoinGecko on a free port; its base URL.
async fn coingecko(fake: Fake) -> String {
    let token = {
        let fake = fake.clone();
        move |Path(platform): Path<String>, Query(q): Query<HashMap<String, String>>| async move {
            fake.requests.lock().unwrap().push(format!(
                "token_price/{platform}?{}&{}",
                q["contract_addresses"], q["vs_currencies"]
            ));
            if *fake.failing.lock().unwrap() {
                return Err(StatusCode::TOO_MANY_REQUESTS);
            }
            // CoinGecko answers known contracts only, lowercased.
            let mut answer = serde_json::Map::new();
            for address in q["contract_addresses"].split(',') {
                if address.eq_ignore_ascii_case(USDC) && platform == "ethereum" {
                    answer.insert(address.to_ascii_lowercase(), json!({ "usd": 0.999_8 }));
                }
            }
            Ok(Json(Value::Object(answer)))
        }
    };
    let price = {
        let fake = fake.clone();
        move |Query(q): Query<HashMap<String, String>>| async move {
            fake.requests
                .lock()
                .unwrap()
                .push(format!("price?{}&{}", q["ids"], q["vs_currencies"]));
            Json(json!({ "ethereum": { "usd": 3012.5 } }))
        }
    };
    let app = Router::new()
        .route("/api/v3/simple/token_price/{platform}", get(token))
        .route("/api/v3/simple/price", get(price));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/api/v3", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

async fn app_with(url: String, prices_file: Option<std::path::PathBuf>) -> TestApp {
    TestApp::with(move |c| {
        c.prices_url = Some(url);
        c.prices_file = prices_file;
        c.networks = vec![
            NetworkConfig {
                chain_id: "eip155:1".into(),
                rpc_urls: vec!["http://127.0.0.1:9".into()],
                coingecko_platform: Some("ethereum".into()),
                coingecko_native_id: Some("ethereum".into()),
                ..NetworkConfig::default()
            },
            NetworkConfig {
                chain_id: "eip155:10".into(),
                rpc_urls: vec!["http://127.0.0.1:9".into()],
                ..NetworkConfig::default()
            },
        ];
    })
    .await
}

async fn price(t: &TestApp, addresses: &[&str]) -> Value {
    let req = axum::http::Request::builder()
        .method(Method::POST)
        .uri("/v1/fungible/price?projectId=shop&st=appkit&sv=1")
        .header("origin", SHOP)
        .header("content-type", "application/json");
    let r = t
        .send(
            req.body(axum::body::Body::from(
                json!({ "currency": "usd", "addresses": addresses }).to_string(),
            ))
            .unwrap(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()["fungibles"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prices_come_from_the_api_cached_a_minute_missing_ones_null() {
    let fake = Fake::default();
    let t = app_with(coingecko(fake.clone()).await, None).await;
    let usdc = format!("eip155:1:{}", USDC.to_ascii_uppercase().replace("0X", "0x"));
    let unlisted = format!("eip155:1:{UNLISTED}");
    let assets = [
        usdc.as_str(),
        "eip155:1/slip44:60",
        unlisted.as_str(),
        // A network without CoinGecko ids: never asked.
        "eip155:10/slip44:60",
    ];
    let expected = json!([
        { "address": usdc, "price": 0.999_8 },
        { "address": "eip155:1/slip44:60", "price": 3012.5 },
        { "address": unlisted, "price": null },
        { "address": "eip155:10/slip44:60", "price": null },
    ]);
    assert_eq!(price(&t, &assets).await, expected);
    let asked = fake.requests.lock().unwrap().clone();
    assert_eq!(
        asked,
        [
            format!("token_price/ethereum?{USDC},{UNLISTED}&usd"),
            "price?ethereum&usd".to_owned(),
        ]
    );
    // Within the minute: from the cache, the missing price too.
    assert_eq!(price(&t, &assets).await, expected);
    assert_eq!(fake.requests.lock().unwrap().len(), 2);
    // After it, asked again; a failing API gives unknown prices, never zero.
    t.advance_secs(60);
    *fake.failing.lock().unwrap() = true;
    let answer = price(&t, &[usdc.as_str()]).await;
    assert_eq!(answer, json!([{ "address": usdc, "price": null }]));
    assert_eq!(fake.requests.lock().unwrap().len(), 3);
    // Not cached: it recovers on the next request.
    *fake.failing.lock().unwrap() = false;
    let answer = price(&t, &[usdc.as_str()]).await;
    assert_eq!(answer, json!([{ "address": usdc, "price": 0.999_8 }]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_prices_file_comes_first() {
    let fake = Fake::default();
    let file = common::json_file(&json!({ "eip155:1/slip44:60": 2000 }));
    let t = app_with(
        coingecko(fake.clone()).await,
        Some(file.path().to_path_buf()),
    )
    .await;
    let usdc = format!("eip155:1:{USDC}");
    assert_eq!(
        price(&t, &["eip155:1/slip44:60", usdc.as_str()]).await,
        json!([
            { "address": "eip155:1/slip44:60", "price": 2000.0 },
            { "address": usdc, "price": 0.999_8 },
        ])
    );
    assert_eq!(
        fake.requests.lock().unwrap().clone(),
        [format!("token_price/ethereum?{USDC}&usd")]
    );
}

#[tokio::test]
async fn an_unreachable_api_means_unknown_prices() {
    let t = app_with("http://127.0.0.1:9/api/v3".into(), None).await;
    assert_eq!(
        price(&t, &["eip155:1/slip44:60"]).await,
        json!([{ "address": "eip155:1/slip44:60", "price": null }])
    );
}

#[tokio::test]
async fn bad_settings_stop_frame_host() {
    for (bad, message) in [
        (
            "ftp://prices.example.com",
            "invalid prices_url \"ftp://prices.example.com\": expected an http(s) URL without credentials or a query, such as https://api.coingecko.com/api/v3",
        ),
        (
            "https://prices.example.com/v3?key=1",
            "invalid prices_url \"https://prices.example.com/v3?key=1\": expected an http(s) URL without credentials or a query, such as https://api.coingecko.com/api/v3",
        ),
    ] {
        let e = common::startup_error(|c| c.prices_url = Some(bad.into())).await;
        assert_eq!(e.to_string(), message);
    }
    let e = common::startup_error(|c| {
        c.networks[0].coingecko_platform = Some("Ethereum Mainnet".into());
    })
    .await;
    assert_eq!(
        e.to_string(),
        "network \"eip155:31337\": coingecko_platform must be 1 to 100 lowercase letters, digits and hyphens"
    );
}
