//! The Blockchain API routes that need no chain RPC (`API.md`, "Blockchain API"): the shared
//! request rules (project, `st`/`sv`, CORS, 403 for foreign origins), `/v1/supported-chains`
//! and `/v1/fungible/price` from the prices file.

use crate::common;

use axum::{
    body::Body,
    http::{Method, Request, StatusCode},
};
use common::{Reply, TestApp};
use oriel_frame_host::NetworkConfig;
use serde_json::{json, Value};

const SHOP: &str = "https://shop.example.com";

/// The 403 of an origin the project does not allow.
fn forbidden() -> (u16, String, String) {
    (403, "forbidden".into(), "Origin not allowed".into())
}
const USDC: &str = "eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3";

/// `method uri` with an optional `Origin` and JSON body.
async fn call(
    app: &TestApp,
    method: Method,
    uri: &str,
    origin: Option<&str>,
    body: Option<Value>,
) -> Reply {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(origin) = origin {
        req = req.header("origin", origin);
    }
    let req = match body {
        Some(b) => req
            .header("content-type", "application/json")
            .body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    };
    app.send(req.unwrap()).await
}

fn networks() -> Vec<NetworkConfig> {
    vec![
        NetworkConfig {
            chain_id: "eip155:31337".into(),
            rpc_urls: vec!["http://127.0.0.1:8545".into()],
            ..NetworkConfig::default()
        },
        NetworkConfig {
            chain_id: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1".into(),
            rpc_urls: vec!["http://127.0.0.1:8899".into()],
            ..NetworkConfig::default()
        },
    ]
}

/// An app whose prices file holds `prices`; the file is returned so a test can rewrite it.
async fn with_prices(prices: Value) -> (TestApp, tempfile::NamedTempFile) {
    let file = common::json_file(&prices);
    let path = file.path().to_path_buf();
    let app = TestApp::with(|c| c.prices_file = Some(path)).await;
    (app, file)
}

/// `GET uri` from `origin`.
async fn get_from(app: &TestApp, uri: &str, origin: &str) -> Reply {
    call(app, Method::GET, uri, Some(origin), None).await
}

async fn price(app: &TestApp, body: Value) -> Reply {
    call(
        app,
        Method::POST,
        "/v1/fungible/price?projectId=shop&st=appkit&sv=react-1.0.0",
        Some(SHOP),
        Some(body),
    )
    .await
}

#[tokio::test]
async fn supported_chains_are_the_configured_networks() {
    let app = TestApp::with(|c| c.networks = networks()).await;
    let r = app
        .get("/v1/supported-chains?projectId=shop&st=appkit&sv=react-1.0.0")
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({ "http": ["eip155:31337", "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"], "ws": [] })
    );
    let app = TestApp::with(|c| c.networks = Vec::new()).await;
    let r = app.get("/v1/supported-chains?projectId=shop").await;
    assert_eq!(r.json(), json!({ "http": [], "ws": [] }));
}

#[tokio::test]
async fn a_known_project_is_required() {
    let app = TestApp::new().await;
    for (uri, method, body) in [
        ("/v1/supported-chains", Method::GET, None),
        (
            "/v1/fungible/price",
            Method::POST,
            Some(json!({ "addresses": [] })),
        ),
    ] {
        let r = call(&app, method.clone(), uri, Some(SHOP), body.clone()).await;
        assert_eq!(
            r.error(),
            (400, "invalid_params".into(), "missing projectId".into()),
            "{uri}"
        );
        let r = call(
            &app,
            method.clone(),
            &format!("{uri}?projectId="),
            Some(SHOP),
            body.clone(),
        )
        .await;
        assert_eq!(r.error().2, "missing projectId");
        let r = call(&app, method, &format!("{uri}?projectId=nope"), None, body).await;
        assert_eq!(
            r.error(),
            (404, "not_found".into(), "unknown project id".into()),
            "{uri}"
        );
    }
    let long = "x".repeat(65);
    let r = app
        .get(&format!("/v1/supported-chains?projectId=shop&sv={long}"))
        .await;
    assert_eq!(
        r.error(),
        (
            400,
            "invalid_params".into(),
            "Invalid sv: longer than 64 characters".into()
        )
    );
    let r = app
        .get(&format!("/v1/supported-chains?projectId=shop&st={long}"))
        .await;
    assert_eq!(r.error().2, "Invalid st: longer than 64 characters");
}

#[tokio::test]
async fn cors_answers_the_projects_origins_and_403s_others() {
    let app = TestApp::new().await;
    for origin in [SHOP, "https://app.example.com"] {
        let r = get_from(&app, "/v1/supported-chains?projectId=shop", origin).await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(r.header("access-control-allow-origin"), origin);
        assert_eq!(r.header("vary"), "Origin");
        let r = price(&app, json!({ "addresses": [] })).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        assert_eq!(r.header("access-control-allow-origin"), SHOP);
    }
    // Another site, and another project's origin, are refused with the spec's 403.
    for (origin, project) in [
        ("https://evil.test", "shop"),
        ("http://shop.example.com", "shop"),
        (SHOP, "demo"),
    ] {
        let uri = format!("/v1/supported-chains?projectId={project}");
        let r = get_from(&app, &uri, origin).await;
        assert_eq!(r.error(), forbidden(), "{origin}");
        assert!(r.headers.get("access-control-allow-origin").is_none());
        let uri = format!("/v1/fungible/price?projectId={project}");
        let r = call(
            &app,
            Method::POST,
            &uri,
            Some(origin),
            Some(json!({ "addresses": [] })),
        )
        .await;
        assert_eq!(r.error(), forbidden(), "{origin}");
    }
    // Programs (no Origin) and the frame (frame-host's own origin) need no CORS.
    let r = app.get("/v1/supported-chains?projectId=demo").await;
    assert_eq!(r.status, StatusCode::OK);
    let r = get_from(
        &app,
        "/v1/supported-chains?projectId=shop",
        "https://wallet.test",
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.headers.get("access-control-allow-origin").is_none());
}

#[tokio::test]
async fn preflights_allow_the_json_post_from_the_projects_origins_only() {
    let app = TestApp::new().await;
    let preflight = |origin: &'static str, uri: &'static str| {
        Request::builder()
            .method(Method::OPTIONS)
            .uri(uri)
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type")
            .body(Body::empty())
            .unwrap()
    };
    let r = app
        .send(preflight(SHOP, "/v1/fungible/price?projectId=shop"))
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(r.header("access-control-allow-origin"), SHOP);
    assert_eq!(r.header("access-control-allow-methods"), "GET, POST");
    assert_eq!(
        r.header("access-control-allow-headers"),
        "content-type, authorization"
    );
    assert_eq!(r.header("access-control-max-age"), "600");
    assert_eq!(r.header("vary"), "Origin");
    let r = app
        .send(preflight(
            "https://evil.test",
            "/v1/fungible/price?projectId=shop",
        ))
        .await;
    assert_eq!(r.error(), forbidden());
    assert!(r.headers.get("access-control-allow-origin").is_none());
    let r = app.send(preflight(SHOP, "/v1/fungible/price")).await;
    assert_eq!(r.error().2, "missing projectId");
    let r = app
        .send(preflight(SHOP, "/v1/fungible/price?projectId=nope"))
        .await;
    assert_eq!(r.error().0, 404);
}

#[tokio::test]
async fn prices_come_from_the_prices_file_and_a_missing_one_is_null() {
    let (app, _file) = with_prices(json!({
        "eip155:31337/slip44:60": 3000.5,
        // The file and the request may write an eip155 address in any case or as CAIP-19.
        "eip155:31337/erc20:0x5fbdb2315678afecb367f032d93f642f64180aa3": 1,
        "eip155:31337:0x0000000000000000000000000000000000000bad": 0,
    }))
    .await;
    let r = price(
        &app,
        json!({
            "projectId": "shop",
            "currency": "usd",
            "addresses": [USDC, "eip155:31337/slip44:60", "eip155:31337:0x00000000000000000000000000000000000000aa", "eip155:31337:0x0000000000000000000000000000000000000BAD", "eip155:1:0x5fbdb2315678afecb367f032d93f642f64180aa3"],
        }),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({ "fungibles": [
            { "address": USDC, "price": 1.0 },
            { "address": "eip155:31337/slip44:60", "price": 3000.5 },
            { "address": "eip155:31337:0x00000000000000000000000000000000000000aa", "price": null },
            { "address": "eip155:31337:0x0000000000000000000000000000000000000BAD", "price": 0.0 },
            { "address": "eip155:1:0x5fbdb2315678afecb367f032d93f642f64180aa3", "price": null },
        ] })
    );
}

#[tokio::test]
async fn without_a_prices_file_every_price_is_null() {
    let app = TestApp::new().await;
    let r = price(&app, json!({ "addresses": [USDC] })).await;
    assert_eq!(
        r.json(),
        json!({ "fungibles": [{ "address": USDC, "price": null }] })
    );
}

#[tokio::test]
async fn a_rewritten_prices_file_is_read_again() {
    let (app, file) = with_prices(json!({ USDC: 1 })).await;
    assert_eq!(
        price(&app, json!({ "addresses": [USDC] })).await.json()["fungibles"][0]["price"],
        1.0
    );
    std::fs::write(
        file.path(),
        json!({ USDC: 0.99, "eip155:31337/slip44:60": 2500 }).to_string(),
    )
    .unwrap();
    let r = price(
        &app,
        json!({ "addresses": [USDC, "eip155:31337/slip44:60"] }),
    )
    .await;
    assert_eq!(r.json()["fungibles"][0]["price"], 0.99);
    assert_eq!(r.json()["fungibles"][1]["price"], 2500.0);
    // A file broken while running is a logged 500, never silently empty prices.
    std::fs::write(file.path(), "{ not json").unwrap();
    let r = price(&app, json!({ "addresses": [USDC] })).await;
    assert_eq!(r.error(), (500, "internal".into(), "internal error".into()));
}

#[tokio::test]
async fn bad_bodies_are_400_naming_the_problem() {
    let app = TestApp::new().await;
    let too_many: Vec<String> = (0..101).map(|i| format!("eip155:1:0x{i:040x}")).collect();
    let hundred = &too_many[..100];
    assert_eq!(
        price(&app, json!({ "addresses": hundred })).await.status,
        StatusCode::OK
    );
    for (body, message) in [
        (
            json!({ "addresses": too_many }),
            "Too many addresses: 101: at most 100".to_owned(),
        ),
        (
            json!({ "addresses": ["0xabc"] }),
            "Invalid asset address: 0xabc: expected namespace:reference:address or a CAIP-19 id"
                .to_owned(),
        ),
        (
            json!({ "addresses": [format!("eip155:1:0x{}", "a".repeat(300))] }),
            "Invalid asset address: longer than 200 characters".to_owned(),
        ),
        (
            json!({ "currency": "eur", "addresses": [USDC] }),
            "Unsupported currency: expected usd".to_owned(),
        ),
        (
            json!({ "projectId": "demo", "addresses": [USDC] }),
            "projectId in the body is not the projectId of the query".to_owned(),
        ),
    ] {
        let r = price(&app, body).await;
        assert_eq!(r.error(), (400, "invalid_params".into(), message));
    }
    // Not JSON, or the wrong shape: 400 invalid_params as every body error.
    for body in [json!({}), json!({ "addresses": "x" }), json!([USDC])] {
        assert_eq!(price(&app, body).await.error().1, "invalid_params");
    }
    let req = Request::post("/v1/fungible/price?projectId=shop")
        .header("content-type", "application/json")
        .body(Body::from("{"))
        .unwrap();
    assert_eq!(app.send(req).await.error().1, "invalid_params");
    let r = get_from(&app, "/v1/fungible/price?projectId=shop", SHOP).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn a_bad_prices_file_stops_startup_naming_the_entry() {
    for (prices, reason) in [
        (
            json!({ "eip155:1": 1 }),
            "invalid asset id \"eip155:1\": expected namespace:reference:address or a CAIP-19 id",
        ),
        (
            json!({ "eip155:1/slip44:60": -1 }),
            "\"eip155:1/slip44:60\": invalid price -1: expected a number from 0",
        ),
        (
            json!({ "eip155:1/slip44:60": "3000" }),
            "\"eip155:1/slip44:60\": invalid price \"3000\": expected a number from 0",
        ),
    ] {
        let file = common::json_file(&prices);
        let path = file.path().to_path_buf();
        let e = common::startup_error(|c| c.prices_file = Some(path)).await;
        assert_eq!(
            e.to_string(),
            format!("invalid prices file {}: {reason}", file.path().display())
        );
    }
}
