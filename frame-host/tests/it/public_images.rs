//! The public images of spec §7: `/public/getAssetImage/{id}` (network marks, by a network's
//! `assets.imageId`), `/public/getCurrencyImage/{id}` and `/public/getTokenImage/{id}`: SVGs
//! shipped with frame-host, cacheable with an ETag, unknown ids 404. Project and CORS rules
//! are checked with the wallet images in `registry.rs`.

use crate::common;

use axum::http::StatusCode;
use common::TestApp;

/// Every id the SDK may ask for, by route.
const IDS: [(&str, &[&str]); 3] = [
    (
        "getAssetImage",
        &["ethereum", "base", "polygon", "solana", "bitcoin", "devnet"],
    ),
    ("getCurrencyImage", &["USD", "EUR"]),
    (
        "getTokenImage",
        &["ETH", "USDC", "dUSD", "DEV", "dUSDT", "POL", "SOL", "BTC"],
    ),
];

#[tokio::test]
async fn each_known_id_is_a_cacheable_svg_of_its_own() {
    let app = TestApp::new().await;
    let mut bodies = std::collections::HashMap::new();
    for (route, ids) in IDS {
        for id in ids {
            let r = app
                .get(&format!(
                    "/public/{route}/{id}?projectId=shop&st=appkit&sv=1"
                ))
                .await;
            assert_eq!(r.status, StatusCode::OK, "{route}/{id}: {}", r.body);
            assert_eq!(r.header("content-type"), "image/svg+xml");
            assert_eq!(r.header("cache-control"), "public, max-age=86400");
            assert_eq!(r.header("cross-origin-resource-policy"), "cross-origin");
            assert!(r
                .header("content-security-policy")
                .starts_with("default-src 'none'"));
            assert!(r
                .body
                .starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
            // Ids are matched without regard to case.
            let lower = app
                .get(&format!(
                    "/public/{route}/{}?projectId=shop",
                    id.to_lowercase()
                ))
                .await;
            assert_eq!(lower.body, r.body, "{route}/{id}");
            bodies
                .entry(r.body.clone())
                .or_insert_with(Vec::new)
                .push(format!("{route}/{id}"));
        }
    }
    // A coin shares its network's mark; every other image is its own.
    let mut shared: Vec<Vec<String>> = bodies.into_values().filter(|v| v.len() > 1).collect();
    shared.sort();
    assert_eq!(
        shared,
        [
            ["getAssetImage/bitcoin", "getTokenImage/BTC"],
            ["getAssetImage/ethereum", "getTokenImage/ETH"],
            ["getAssetImage/polygon", "getTokenImage/POL"],
            ["getAssetImage/solana", "getTokenImage/SOL"],
        ]
    );
}

#[tokio::test]
async fn a_revalidation_with_the_tag_is_304() {
    let app = TestApp::new().await;
    let r = app.get("/public/getTokenImage/USDC?projectId=shop").await;
    let req = axum::http::Request::get("/public/getTokenImage/USDC?projectId=shop")
        .header("if-none-match", r.header("etag"))
        .body(axum::body::Body::empty())
        .unwrap();
    let again = app.send(req).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
}

#[tokio::test]
async fn unknown_ids_are_404_naming_the_kind() {
    let app = TestApp::new().await;
    for (route, message) in [
        ("getAssetImage/dogechain", "unknown asset image"),
        ("getCurrencyImage/GBP", "unknown currency image"),
        ("getTokenImage/DOGE", "unknown token image"),
        ("getTokenImage/ethereum", "unknown token image"),
    ] {
        let r = app.get(&format!("/public/{route}?projectId=shop")).await;
        assert_eq!(
            r.error(),
            (404, "not_found".into(), message.into()),
            "{route}"
        );
    }
}
