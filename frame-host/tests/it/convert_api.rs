//! The convert API's refusals, which need no chain (`API.md`, "Convert API"): networks
//! without swaps or without an RPC endpoint (the spec's texts), malformed parameters, the
//! Blockchain API's origin rule and CORS, and the per-IP limit. The exchange's network points
//! at a closed port, so a request that wrongly got past its checks fails with 500, not 400.

use crate::common;

use axum::{
    body::Body,
    http::{Method, Request},
};
use common::{Reply, TestApp};
use oriel_frame_host::{ExchangeConfig, NetworkConfig};
use serde_json::{json, Value};

const CHAIN: &str = "eip155:31337";
const DUSD: &str = "eip155:31337:0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";
const WETH: &str = "0x0b306bf915c4d645ff596e518faf3f9669b97016";
const ETH: &str = "eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
const USER: &str = "eip155:31337:0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const SWAPS: &str = "Network not supported for Swaps";
const GAS_PRICE: &str = "Network not supported for Gas Price";

/// An app whose devnet (at a closed port) has an exchange, and whose `eip155:8453` has an
/// RPC endpoint but no exchange.
async fn app(change: impl FnOnce(&mut oriel_frame_host::Config)) -> TestApp {
    TestApp::with(|c| {
        c.networks = vec![
            NetworkConfig {
                chain_id: CHAIN.into(),
                rpc_urls: vec!["http://127.0.0.1:9".into()],
                ..NetworkConfig::default()
            },
            NetworkConfig {
                chain_id: "eip155:8453".into(),
                rpc_urls: vec!["http://127.0.0.1:9".into()],
                ..NetworkConfig::default()
            },
        ];
        c.swap_networks.push(CHAIN.into());
        c.exchanges = vec![ExchangeConfig::new(
            CHAIN,
            "0x9A9f2CCfdE556A7E9Ff0848998Aa4a0CFD8863AE",
            "0x959922bE3CAee4b8Cd9a407cc3ac1C251C2007B1",
            Some(WETH),
        )];
        change(c);
    })
    .await
}

fn quotes(params: &[(&str, &str)]) -> String {
    let mut query = vec![
        ("amount", "100000000000000000"),
        ("userAddress", USER),
        ("from", ETH),
        ("to", DUSD),
    ];
    for (key, value) in params {
        query.retain(|(k, _)| k != key);
        if !value.is_empty() {
            query.push((key, value));
        }
    }
    let query: Vec<String> = query.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("/v1/convert/quotes?projectId=demo&{}", query.join("&"))
}

fn build_body(change: Value) -> Value {
    let mut body = json!({
        "amount": "100000000000000000",
        "eip155": { "slippage": "1" },
        "from": ETH,
        "to": DUSD,
        "userAddress": USER,
    });
    for (key, value) in change.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

fn refused(message: &str) -> (u16, String, String) {
    (400, "invalid_params".into(), message.into())
}

#[tokio::test]
async fn networks_without_swaps_or_rpc_answer_the_specs_texts() {
    let app = app(|_| {}).await;
    for uri in [
        "/v1/convert/tokens?projectId=demo&chainId=eip155:1".to_owned(),
        "/v1/convert/tokens?projectId=demo&chainId=eip155:8453".to_owned(),
        "/v1/convert/tokens?projectId=demo&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp".to_owned(),
        quotes(&[
            ("from", "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"),
            ("to", "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"),
            ("userAddress", "0x90F79bf6EB2c4f870365E785982E1f101E93b906"),
        ]),
        "/v1/convert/allowance?projectId=demo&tokenAddress=eip155:8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913&userAddress=0x90F79bf6EB2c4f870365E785982E1f101E93b906".to_owned(),
    ] {
        assert_eq!(app.get(&uri).await.error(), refused(SWAPS), "{uri}");
    }
    let body = build_body(json!({
        "from": "eip155:10:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
        "to": "eip155:10:0x0b2c639c533813f4aa9d7837caf62653d097ff85",
        "userAddress": "eip155:10:0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    }));
    let r = app
        .post("/v1/convert/build-transaction?projectId=demo", body)
        .await;
    assert_eq!(r.error(), refused(SWAPS));
    for chain in ["eip155:1", "bip122:000000000019d6689c085ae165831e93"] {
        let r = app
            .get(&format!(
                "/v1/convert/gas-price?projectId=demo&chainId={chain}"
            ))
            .await;
        assert_eq!(r.error(), refused(GAS_PRICE), "{chain}");
    }
}

#[tokio::test]
async fn garbage_is_refused_with_the_rule_it_breaks() {
    let app = app(|_| {}).await;
    let long = format!("eip155:31337:0x{}", "e".repeat(200));
    let checksum = "eip155:31337:0xE7f1725e7734ce288f8367e1bb143e90bb3f0512";
    let cases: Vec<(String, String)> = vec![
        (quotes(&[("amount", "")]), "Missing amount".into()),
        (quotes(&[("amount", "-1")]), "Invalid amount: expected a whole number of base units, such as 1000000".into()),
        (quotes(&[("amount", "1e18")]), "Invalid amount: expected a whole number of base units, such as 1000000".into()),
        (quotes(&[("amount", "0.5")]), "Invalid amount: expected a whole number of base units, such as 1000000".into()),
        (quotes(&[("amount", "0")]), "Invalid amount: must be above 0".into()),
        (
            quotes(&[("amount", "115792089237316195423570985008687907853269984665640564039457584007913129639936")]),
            "Invalid amount: above 2^256 - 1".into(),
        ),
        (quotes(&[("from", "")]), "Missing from".into()),
        (quotes(&[("from", &long)]), "Invalid from: longer than 200 characters".into()),
        (quotes(&[("to", checksum)]), format!("Invalid to: {}: wrong EIP-55 checksum", &checksum[13..])),
        (
            quotes(&[("to", "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512")]),
            "Invalid to: 0xe7f1725e7734ce288f8367e1bb143e90bb3f0512: expected eip155:{chain}:{address}".into(),
        ),
        (quotes(&[("to", "eip155:31337:0x1234")]), "Invalid to: 0x1234: expected 0x and 40 hex digits".into()),
        (
            quotes(&[("to", "eip155:10:0x0b2c639c533813f4aa9d7837caf62653d097ff85")]),
            "Invalid to: not on eip155:31337, the network of the token".into(),
        ),
        (
            quotes(&[("userAddress", ETH)]),
            "Invalid userAddress: the native coin's address is not an account".into(),
        ),
        (quotes(&[("to", ETH)]), "Invalid to: the same token as from".into()),
        (quotes(&[("to", &format!("{CHAIN}:{WETH}"))]), "Invalid to: the same token as from".into()),
        (quotes(&[("gasPrice", "fast")]), "Invalid gasPrice: expected a whole number of base units, such as 1000000".into()),
        (quotes(&[("chainId", "eip155:1")]), "Invalid chainId: not eip155:31337, the network of the tokens".into()),
        ("/v1/convert/tokens?projectId=demo".into(), "Missing chainId".into()),
        ("/v1/convert/tokens?projectId=demo&chainId=31337".into(), "Invalid CAIP-2 network id: 31337".into()),
        ("/v1/convert/gas-price?projectId=demo&chainId=eip155:0x1".into(), "Invalid CAIP-2 network id: eip155:0x1".into()),
        (
            format!("/v1/convert/allowance?projectId=demo&tokenAddress={DUSD}"),
            "Missing userAddress".into(),
        ),
        (
            format!("/v1/convert/build-approve?projectId=demo&userAddress={USER}&from={ETH}&to={DUSD}"),
            "Invalid from: the native coin needs no approval".into(),
        ),
        (
            format!("/v1/convert/build-approve?projectId=demo&userAddress={USER}&from={DUSD}&to={ETH}&amount=all"),
            "Invalid amount: expected a whole number of base units, such as 1000000".into(),
        ),
    ];
    for (uri, message) in cases {
        assert_eq!(app.get(&uri).await.error(), refused(&message), "{uri}");
    }
    // A query that does not decode is refused too, never a panic or a 500.
    let r = app
        .get("/v1/convert/quotes?projectId=demo&amount=%FF%FE")
        .await;
    assert_eq!(r.status, 400, "{}", r.body);

    let slippage = "Invalid eip155.slippage: expected a percentage from 0 to 50 with at most 2 decimals, such as 1 or 0.5";
    let build = "/v1/convert/build-transaction?projectId=demo";
    for (change, message) in [
        (json!({ "eip155": { "slippage": 51 } }), slippage),
        (json!({ "eip155": { "slippage": "-1" } }), slippage),
        (json!({ "eip155": { "slippage": "0.001" } }), slippage),
        (json!({ "eip155": { "slippage": [1] } }), slippage),
        (json!({ "amount": "" }), "Missing amount"),
        (
            json!({ "userAddress": "eip155:31337:nobody" }),
            "Invalid userAddress: nobody: expected 0x and 40 hex digits",
        ),
        (
            json!({ "projectId": "shop" }),
            "projectId in the body is not the projectId of the query",
        ),
    ] {
        let r = app.post(build, build_body(change.clone())).await;
        assert_eq!(r.error(), refused(message), "{change}");
    }
    for body in [
        build_body(json!({ "amount": 1 })),
        build_body(json!({ "eip155": { "slippage": 1, "permit": "0x" } })),
        build_body(json!({ "surprise": true })),
        json!([1, 2, 3]),
        json!({ "padding": "x".repeat(5000) }),
    ] {
        let r = app.post(build, body).await;
        assert_eq!(
            (r.status.as_u16(), r.error().1),
            (400, "invalid_params".into()),
            "{}",
            r.body
        );
    }
}

/// `GET uri` from `origin`.
async fn get_from(app: &TestApp, uri: &str, origin: &str) -> Reply {
    let req = Request::builder()
        .method(Method::GET)
        .uri(uri)
        .header("origin", origin)
        .body(Body::empty())
        .unwrap();
    app.send(req).await
}

#[tokio::test]
async fn the_blockchain_apis_origin_rule_and_cors_apply() {
    let app = app(|_| {}).await;
    let uri = "/v1/convert/tokens?projectId=demo&chainId=eip155:1";
    let r = get_from(&app, uri, "http://localhost:5173").await;
    assert_eq!(r.error(), refused(SWAPS));
    assert_eq!(
        r.header("access-control-allow-origin"),
        "http://localhost:5173"
    );
    let r = get_from(&app, uri, "https://evil.example").await;
    assert_eq!(
        r.error(),
        (403, "forbidden".into(), "Origin not allowed".into())
    );
    let preflight = Request::builder()
        .method(Method::OPTIONS)
        .uri("/v1/convert/build-transaction?projectId=demo")
        .header("origin", "http://localhost:5173")
        .header("access-control-request-method", "POST")
        .body(Body::empty())
        .unwrap();
    let r = app.send(preflight).await;
    assert_eq!(r.status, 204);
    assert_eq!(r.header("access-control-allow-methods"), "GET, POST");
    let unknown = app
        .get("/v1/convert/tokens?projectId=nope&chainId=eip155:1")
        .await;
    assert_eq!(unknown.error().0, 404);
}

#[tokio::test]
async fn each_client_ip_has_a_request_budget() {
    let app = app(|c| c.convert_requests_per_ip = 3).await;
    let uri = "/v1/convert/tokens?projectId=demo&chainId=eip155:1";
    for _ in 0..3 {
        assert_eq!(app.get(uri).await.error(), refused(SWAPS));
    }
    let r = app.get(uri).await;
    assert_eq!(
        r.error(),
        (
            429,
            "throttled".into(),
            "Please try again after 600 seconds".into()
        )
    );
    assert_eq!(r.header("retry-after"), "600");
    // Another client is not held up; after the window the first one is served again.
    let other = app
        .call_from([10, 0, 0, 2], Method::GET, uri, None, None)
        .await;
    assert_eq!(other.error(), refused(SWAPS));
    app.advance_secs(600);
    assert_eq!(app.get(uri).await.error(), refused(SWAPS));
}
