//! The wallet-list service: `/getWallets` filters, paging and errors, `/getWalletImage`,
//! CORS for the project's origins, and a registry file from the config.

use crate::common;

use axum::{
    body::Body,
    http::{Request, StatusCode},
};
use common::{Reply, TestApp};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The shipped registry, as the tests expect to see it served.
fn registry() -> Vec<Value> {
    let text = include_str!("../../../fixtures/wallets/registry.json");
    let file: Value = serde_json::from_str(text).unwrap();
    let mut wallets = file["wallets"].as_array().unwrap().clone();
    wallets.sort_by_key(|w| w["order"].as_u64().unwrap());
    wallets
}

fn ids(reply: &Reply) -> Vec<String> {
    reply.json()["data"]
        .as_array()
        .unwrap_or_else(|| panic!("no data: {}", reply.body))
        .iter()
        .map(|w| w["id"].as_str().unwrap().to_owned())
        .collect()
}

fn count(reply: &Reply) -> u64 {
    reply.json()["count"].as_u64().unwrap()
}

fn id_of(name: &str) -> String {
    registry()
        .iter()
        .find(|w| w["name"] == name)
        .unwrap_or_else(|| panic!("no {name}"))["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn get_with_origin(
    app: &TestApp,
    uri: &str,
    origin: Option<&str>,
    etag: Option<&str>,
) -> Reply {
    let mut req = Request::get(uri);
    if let Some(origin) = origin {
        req = req.header("origin", origin);
    }
    if let Some(etag) = etag {
        req = req.header("if-none-match", etag);
    }
    let res = app
        .app
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    }
}

#[tokio::test]
async fn pages_of_40_in_registry_order_with_the_total_count() {
    let app = TestApp::new().await;
    let all = registry();
    let r = app
        .get("/getWallets?projectId=shop&st=appkit&sv=0.1.0")
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.header("content-type"), "application/json");
    assert_eq!(count(&r), all.len() as u64);
    let first = ids(&r);
    assert_eq!(first.len(), 40);
    let expected: Vec<String> = all
        .iter()
        .map(|w| w["id"].as_str().unwrap().into())
        .collect();
    assert_eq!(first, expected[..40]);
    // Entries come back whole, as the registry file has them.
    assert_eq!(r.json()["data"][0], all[0]);

    let r = app.get("/getWallets?projectId=shop&page=2").await;
    assert_eq!(ids(&r), expected[40..80]);
    let last_page = all.len().div_ceil(40);
    let r = app
        .get(&format!("/getWallets?projectId=shop&page={last_page}"))
        .await;
    assert_eq!(ids(&r), expected[(last_page - 1) * 40..]);
    let r = app
        .get(&format!(
            "/getWallets?projectId=shop&page={}",
            last_page + 1
        ))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(ids(&r).is_empty());
    assert_eq!(count(&r), all.len() as u64);
}

#[tokio::test]
async fn entries_sets_the_page_size_up_to_100() {
    let app = TestApp::new().await;
    let r = app.get("/getWallets?projectId=shop&entries=4").await;
    assert_eq!(ids(&r).len(), 4);
    let r = app.get("/getWallets?projectId=shop&entries=4&page=3").await;
    let expected: Vec<String> = registry()[8..12]
        .iter()
        .map(|w| w["id"].as_str().unwrap().into())
        .collect();
    assert_eq!(ids(&r), expected);
    let r = app.get("/getWallets?projectId=shop&entries=500").await;
    assert_eq!(ids(&r).len(), 100, "capped at 100");
}

#[tokio::test]
async fn include_keeps_only_the_listed_ids_in_registry_order() {
    let app = TestApp::new().await;
    let (a, b) = (id_of("Rainbow"), id_of("MetaMask"));
    let missing = "f".repeat(64);
    let r = app
        .get(&format!(
            "/getWallets?projectId=shop&include={a},{b},{missing}"
        ))
        .await;
    assert_eq!(ids(&r), vec![b, a]);
    assert_eq!(count(&r), 2);
}

#[tokio::test]
async fn exclude_removes_ids_from_pages_count_and_search() {
    let app = TestApp::new().await;
    let metamask = id_of("MetaMask");
    let r = app
        .get(&format!("/getWallets?projectId=shop&exclude={metamask}"))
        .await;
    assert!(!ids(&r).contains(&metamask));
    assert_eq!(count(&r), registry().len() as u64 - 1);
    let r = app
        .get(&format!(
            "/getWallets?projectId=shop&search=meta&exclude={metamask}"
        ))
        .await;
    assert!(!ids(&r).contains(&metamask));
    // Include and exclude together: exclude wins.
    let r = app
        .get(&format!(
            "/getWallets?projectId=shop&include={metamask}&exclude={metamask}"
        ))
        .await;
    assert_eq!(count(&r), 0);
}

#[tokio::test]
async fn chains_match_wallets_supporting_any_of_them() {
    let app = TestApp::new().await;
    let btc = "bip122:000000000019d6689c085ae165831e93";
    let r = app
        .get(&format!(
            "/getWallets?projectId=shop&entries=100&chains={btc}"
        ))
        .await;
    let data = r.json()["data"].as_array().unwrap().clone();
    assert!(!data.is_empty());
    assert!(data
        .iter()
        .all(|w| w["chains"].as_array().unwrap().iter().any(|c| c == btc)));
    let expected = registry()
        .iter()
        .filter(|w| w["chains"].as_array().unwrap().iter().any(|c| c == btc))
        .count();
    assert_eq!(count(&r), expected as u64);
    assert!(ids(&r).contains(&id_of("BlueWallet")));
    assert!(!ids(&r).contains(&id_of("MetaMask")));

    let r = app
        .get(&format!(
            "/getWallets?projectId=shop&entries=100&chains=cosmos:cosmoshub-4,{btc}"
        ))
        .await;
    assert!(ids(&r).contains(&id_of("Keplr")));
    assert!(ids(&r).contains(&id_of("BlueWallet")));
    let r = app
        .get("/getWallets?projectId=shop&chains=eip155:999999")
        .await;
    assert_eq!(count(&r), 0);
}

#[tokio::test]
async fn search_is_a_case_insensitive_name_match() {
    let app = TestApp::new().await;
    let r = app
        .get("/getWallets?projectId=shop&search=%20WALLET%20&entries=100")
        .await;
    let names: Vec<String> = r.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["name"].as_str().unwrap().to_owned())
        .collect();
    assert!(names.len() > 10);
    assert!(
        names.iter().all(|n| n.to_lowercase().contains("wallet")),
        "{names:?}"
    );
    assert_eq!(count(&r), names.len() as u64);
    let r = app.get("/getWallets?projectId=shop&search=metam").await;
    assert_eq!(ids(&r), vec![id_of("MetaMask")]);
    let r = app.get("/getWallets?projectId=shop&search=zzzz").await;
    assert_eq!((ids(&r).len(), count(&r)), (0, 0));
}

#[tokio::test]
async fn badge_type_filters_certified_or_not() {
    let app = TestApp::new().await;
    for badge in ["certified", "none"] {
        let r = app
            .get(&format!(
                "/getWallets?projectId=shop&entries=100&badge_type={badge}"
            ))
            .await;
        let data = r.json()["data"].as_array().unwrap().clone();
        assert!(!data.is_empty());
        assert!(data.iter().all(|w| w["badge_type"] == badge));
        let expected = registry()
            .iter()
            .filter(|w| w["badge_type"] == badge)
            .count();
        assert_eq!(count(&r), expected as u64);
    }
}

#[tokio::test]
async fn bad_parameters_are_400_naming_the_problem() {
    let app = TestApp::new().await;
    for (query, message) in [
        ("page=0", "Invalid page: 0: expected a whole number from 1"),
        ("page=x", "Invalid page: x: expected a whole number from 1"),
        (
            "entries=0",
            "Invalid entries: 0: expected a whole number from 1",
        ),
        (
            "entries=-4",
            "Invalid entries: -4: expected a whole number from 1",
        ),
        ("include=abc", "Invalid wallet id in include: abc"),
        ("exclude=1,2", "Invalid wallet id in exclude: 1"),
        ("chains=eip155", "Invalid CAIP-2 network id: eip155"),
        (
            "badge_type=gold",
            "Invalid badge_type: gold: expected none or certified",
        ),
    ] {
        let r = app
            .get(&format!("/getWallets?projectId=shop&{query}"))
            .await;
        assert_eq!(
            r.error(),
            (400, "invalid_params".into(), message.into()),
            "{query}"
        );
    }
    let long = "a".repeat(101);
    let r = app
        .get(&format!("/getWallets?projectId=shop&search={long}"))
        .await;
    assert_eq!(r.error().0, 400);
}

#[tokio::test]
async fn a_known_project_is_required() {
    let app = TestApp::new().await;
    let image = registry()[0]["image_id"].as_str().unwrap().to_owned();
    for path in [
        "/getWallets".to_owned(),
        format!("/getWalletImage/{image}"),
        "/public/getAssetImage/ethereum".to_owned(),
        "/public/getCurrencyImage/USD".to_owned(),
        "/public/getTokenImage/ETH".to_owned(),
    ] {
        let r = app.get(&path).await;
        assert_eq!(
            r.error(),
            (400, "invalid_params".into(), "missing projectId".into())
        );
        let r = app.get(&format!("{path}?projectId=nope")).await;
        assert_eq!(
            r.error(),
            (404, "not_found".into(), "unknown project id".into())
        );
    }
}

#[tokio::test]
async fn wallet_images_are_cacheable_pngs() {
    let app = TestApp::new().await;
    let wallet = &registry()[0];
    let uri = format!(
        "/getWalletImage/{}?projectId=shop&st=appkit&sv=0.1.0",
        wallet["image_id"].as_str().unwrap()
    );
    let r = app.get(&uri).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), "image/png");
    assert_eq!(r.header("cache-control"), "public, max-age=86400");
    assert_eq!(r.header("cross-origin-resource-policy"), "cross-origin");
    assert_eq!(
        r.header("content-security-policy"),
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"
    );
    assert_eq!(r.header("x-content-type-options"), "nosniff");
    // MetaMask's letter tile, a PNG (its pixels are tested in `registry::tile`).
    assert!(r.body.contains("PNG") && r.body.contains("IHDR") && r.body.contains("IEND"));
    let etag = r.header("etag").to_owned();
    // A revalidation with the same tag is a 304 without a body.
    let again = get_with_origin(&app, &uri, None, Some(&etag)).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), etag);
    let other = get_with_origin(&app, &uri, None, Some("\"other\"")).await;
    assert_eq!(other.status, StatusCode::OK);
    // Each wallet has its own image.
    let second = app
        .get(&format!(
            "/getWalletImage/{}?projectId=shop",
            registry()[1]["image_id"].as_str().unwrap()
        ))
        .await;
    assert_ne!(second.body, r.body);
}

#[tokio::test]
async fn unknown_images_are_404() {
    let app = TestApp::new().await;
    let wallet_id = registry()[0]["id"].as_str().unwrap().to_owned();
    for id in ["nope", wallet_id.as_str()] {
        let r = app
            .get(&format!("/getWalletImage/{id}?projectId=shop"))
            .await;
        assert_eq!(
            r.error(),
            (404, "not_found".into(), "unknown wallet image".into())
        );
    }
}

#[tokio::test]
async fn cors_allows_exactly_the_projects_origins() {
    let app = TestApp::new().await;
    let image = registry()[0]["image_id"].as_str().unwrap().to_owned();
    for path in [
        "/getWallets?projectId=shop".to_owned(),
        format!("/getWalletImage/{image}?projectId=shop"),
        "/getWallets?projectId=shop&page=0".to_owned(),
        "/public/getAssetImage/base?projectId=shop".to_owned(),
        "/public/getCurrencyImage/eur?projectId=shop".to_owned(),
        "/public/getTokenImage/USDC?projectId=shop".to_owned(),
        "/public/getTokenImage/nope?projectId=shop".to_owned(),
    ] {
        for origin in ["https://shop.example.com", "https://app.example.com"] {
            let r = get_with_origin(&app, &path, Some(origin), None).await;
            assert_eq!(r.header("access-control-allow-origin"), origin, "{path}");
            assert_eq!(r.header("vary"), "Origin");
        }
        for origin in ["https://evil.test", "null", "http://shop.example.com"] {
            let r = get_with_origin(&app, &path, Some(origin), None).await;
            assert!(
                r.headers.get("access-control-allow-origin").is_none(),
                "{path} from {origin}"
            );
        }
    }
    // Another project's origin is not this project's.
    let r = get_with_origin(
        &app,
        "/getWallets?projectId=demo",
        Some("https://shop.example.com"),
        None,
    )
    .await;
    assert!(r.headers.get("access-control-allow-origin").is_none());
    let r = get_with_origin(
        &app,
        "/getWallets?projectId=demo",
        Some("http://localhost:5173"),
        None,
    )
    .await;
    assert_eq!(
        r.header("access-control-allow-origin"),
        "http://localhost:5173"
    );
}

#[tokio::test]
async fn a_registry_file_from_the_config_replaces_the_built_in_one() {
    let mut wallet = registry()[0].clone();
    wallet["name"] = "Only Wallet".into();
    let file = common::json_file(&serde_json::json!({ "version": 1, "wallets": [wallet] }));
    let path = file.path().to_path_buf();
    let app = TestApp::with(|c| c.wallet_registry = Some(path)).await;
    let r = app.get("/getWallets?projectId=shop").await;
    assert_eq!(count(&r), 1);
    assert_eq!(r.json()["data"][0]["name"], "Only Wallet");
}

#[tokio::test]
async fn a_bad_registry_file_stops_startup_with_a_clear_error() {
    let mut wallet = registry()[0].clone();
    wallet["homepage"] = "http://metamask.io".into();
    let file = common::json_file(&serde_json::json!({ "version": 1, "wallets": [wallet] }));
    let path = file.path().to_path_buf();
    let e = common::startup_error(|c| c.wallet_registry = Some(path)).await;
    assert_eq!(
        e.to_string(),
        format!(
            "invalid wallet registry file {}: wallet 0 (\"MetaMask\"): invalid homepage \"http://metamask.io\": expected an https:// URL",
            file.path().display()
        )
    );
}
