//! `walletconnect_registry`: frame-host copies the WalletConnect registry (a local fake of the
//! Explorer API v3, `explorer_fake`) into its database and serves `/getWallets` and
//! `/getWalletImage` from the copy; a failing or misbehaving registry keeps the last good copy;
//! without a project id, or before a first good sync, the offline catalogue answers.

use crate::common;
use crate::explorer_fake;
use crate::indexer_common;

use std::time::{Duration, Instant};

use axum::http::{HeaderMap, StatusCode};
use common::{Reply, TestApp};
use explorer_fake::{id, Fake, Mode, PNG, PROJECT, SVG, WEBP};
use oriel_frame_host::{Config, RegistrySyncReport, WalletConnectRegistryConfig};
use serde_json::{json, Value};

/// How many wallets the shipped offline catalogue has.
fn offline_count() -> u64 {
    let file: Value =
        serde_json::from_str(include_str!("../../../fixtures/wallets/registry.json")).unwrap();
    file["wallets"].as_array().unwrap().len() as u64
}

fn configure(c: &mut Config, fake: &Fake) {
    let mut registry = WalletConnectRegistryConfig::new(PROJECT);
    registry.url = format!("{}/", fake.url);
    registry.refresh_secs = 60;
    c.walletconnect_registry = Some(registry);
}

async fn app(fake: &Fake) -> TestApp {
    TestApp::with(|c| configure(c, fake)).await
}

fn names(r: &Reply) -> Vec<String> {
    let data = r.json()["data"].as_array().cloned().unwrap_or_default();
    data.iter()
        .map(|w| w["name"].as_str().unwrap().to_owned())
        .collect()
}

async fn count(app: &TestApp) -> u64 {
    let r = app.get("/getWallets?projectId=shop").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()["count"].as_u64().unwrap()
}

/// What the first sync of the fake's listing does: 129 wallets (Broken left out), three logos
/// kept (Alpha's PNG, Beta's SVG, the fillers' WebP) and three refused.
fn assert_first_sync(r: RegistrySyncReport) {
    let fields = [r.wallets, r.skipped, r.logos_fetched, r.logos_failed];
    assert_eq!(fields, [129, 1, 3, 3], "{r:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_sync_fills_the_store_and_the_wallet_list_answers_from_it() {
    let fake = Fake::start().await;
    let t = app(&fake).await;
    assert_eq!(
        count(&t).await,
        offline_count(),
        "offline until the first sync"
    );

    assert_first_sync(
        oriel_frame_host::tasks::sync_wallet_registry(&t.state)
            .await
            .unwrap(),
    );
    assert_eq!(
        fake.requested("/v3/wallets"),
        [1, 2].map(|p| format!("/v3/wallets?entries=100&page={p}&projectId={PROJECT}")),
        "two pages of 100, then the API's count says it is done"
    );
    let logos = fake.requested("/v3/logo/");
    assert_eq!(logos.len(), 6, "one request per logo: {logos:?}");
    assert!(logos.contains(&format!("/v3/logo/md/alpha-logo?projectId={PROJECT}")));

    // The API's order, mapped onto our wallet shape.
    let r = t.get("/getWallets?projectId=shop&entries=3").await;
    assert_eq!(r.json()["count"], 129);
    assert_eq!(names(&r), ["Alpha Wallet", "Beta Vault", "Gamma"]);
    assert_eq!(
        r.json()["data"][0],
        json!({
            "id": id(0), "name": "Alpha Wallet", "rdns": "com.example.alpha",
            "image_id": "alpha-logo", "homepage": "https://wallet0.example.com/", "order": 1,
            "badge_type": "certified",
            "chains": ["eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
            "mobile": { "native": "alpha://", "universal": "https://alpha.example.com/wc" },
            "desktop": { "native": null, "universal": null },
            "webapp_link": null, "app_store": "https://apps.apple.com/app/id0",
            "play_store": null, "chrome_store": "https://chromewebstore.google.com/detail/alpha",
        })
    );
    // Our query semantics over the copy.
    let query = |q: &str| {
        let (t, uri) = (&t, format!("/getWallets?projectId=shop&entries=100&{q}"));
        async move { t.get(&uri).await }
    };
    assert_eq!(names(&query("search=VAULT").await), ["Beta Vault"]);
    assert_eq!(
        names(&query("badge_type=certified").await),
        ["Alpha Wallet"]
    );
    let btc = query("chains=bip122:000000000019d6689c085ae165831e93").await;
    assert_eq!(names(&btc), ["Beta Vault"]);
    let include = query(&format!("include={},{}&exclude={}", id(2), id(6), id(2))).await;
    assert_eq!(
        names(&include),
        ["Zeta"],
        "a wallet listed without chains is kept"
    );
    let r = t.get("/getWallets?projectId=shop&page=4&entries=40").await;
    assert_eq!(names(&r).len(), 9);
    assert_eq!(names(&r)[0], "Filler 121");
    assert!(names(&query("search=broken").await).is_empty());

    // Logos from the copy; refused ones (HTML, too large, not what they claimed) are tiles.
    let alpha = t.get("/getWalletImage/alpha-logo?projectId=shop").await;
    assert_eq!(alpha.status, StatusCode::OK);
    assert_eq!(alpha.header("content-type"), "image/png");
    assert_eq!(
        alpha.body.as_bytes(),
        String::from_utf8_lossy(PNG).as_bytes()
    );
    assert_eq!(alpha.header("cache-control"), "public, max-age=86400");
    let mut again = HeaderMap::new();
    again.insert("if-none-match", alpha.header("etag").parse().unwrap());
    let r = image_with(&t, "alpha-logo", again).await;
    assert_eq!((r.status, r.body.as_str()), (StatusCode::NOT_MODIFIED, ""));
    let beta = t.get("/getWalletImage/beta-logo?projectId=shop").await;
    assert_eq!(beta.header("content-type"), "image/svg+xml");
    assert_eq!(beta.body, SVG);
    assert_eq!(
        beta.header("content-security-policy"),
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
        "opened as a page, its script cannot run"
    );
    assert_eq!(beta.header("x-content-type-options"), "nosniff");
    let filler = t.get("/getWalletImage/filler-logo?projectId=shop").await;
    assert_eq!(filler.header("content-type"), "image/webp");
    assert_eq!(
        filler.body.as_bytes(),
        String::from_utf8_lossy(WEBP).as_bytes()
    );
    // Each a letter tile (a PNG of the wallet's initials), its own, and not the refused bytes.
    let mut tiles = Vec::new();
    for refused in ["gamma-logo", "delta-logo", "epsilon-logo"] {
        let r = t
            .get(&format!("/getWalletImage/{refused}?projectId=shop"))
            .await;
        assert_eq!(r.header("content-type"), "image/png", "{refused}");
        assert!(
            r.body.contains("IHDR") && r.body.contains("IEND"),
            "{refused}"
        );
        assert_ne!(r.body.as_bytes(), String::from_utf8_lossy(PNG).as_bytes());
        assert!(
            !tiles.contains(&r.body),
            "{refused}: the same tile as another wallet's"
        );
        tiles.push(r.body);
    }
    let r = t.get("/getWalletImage/broken-logo?projectId=shop").await;
    assert_eq!(r.error().0, 404);

    // The copy is in the database: another instance serves it at once, asking nothing.
    let asked = fake.requests.lock().unwrap().len();
    let url = t.config.effective_database_url();
    let second = TestApp::with(|c| {
        configure(c, &fake);
        c.database_url = Some(url);
    })
    .await;
    assert_eq!(count(&second).await, 129);
    let r = second
        .get("/getWalletImage/alpha-logo?projectId=shop")
        .await;
    assert_eq!(r.header("content-type"), "image/png");
    assert_eq!(fake.requests.lock().unwrap().len(), asked);
}

async fn image_with(t: &TestApp, image: &str, headers: HeaderMap) -> Reply {
    let mut req = axum::http::Request::get(format!("/getWalletImage/{image}?projectId=shop"));
    for (name, value) in &headers {
        req = req.header(name, value);
    }
    t.send(req.body(axum::body::Body::empty()).unwrap()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_or_misbehaving_registry_keeps_the_last_good_copy() {
    let fake = Fake::start().await;
    let t = app(&fake).await;
    oriel_frame_host::tasks::sync_wallet_registry(&t.state)
        .await
        .unwrap();
    for (mode, error) in [
        (
            Mode::Failing,
            "GET /v3/wallets?entries=100&page=1: HTTP status 500 Internal Server Error",
        ),
        (
            Mode::Garbage,
            "GET /v3/wallets?entries=100&page=1 is not a wallet listing: expected value",
        ),
        (
            Mode::Oversize,
            "GET /v3/wallets?entries=100&page=1: answer larger than 4194304 bytes",
        ),
        (
            Mode::Empty,
            "the listing has no usable wallet (0 entries left out)",
        ),
    ] {
        fake.set_mode(mode);
        let e = oriel_frame_host::tasks::sync_wallet_registry(&t.state)
            .await
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(&format!("wallet registry sync failed: {error}")),
            "{mode:?}: {e}"
        );
        assert!(
            !e.contains(PROJECT),
            "the project id stays out of errors: {e}"
        );
        assert_eq!(count(&t).await, 129, "{mode:?}");
        let r = t.get("/getWalletImage/alpha-logo?projectId=shop").await;
        assert_eq!(r.header("content-type"), "image/png", "{mode:?}");
    }

    // Recovered, with Beta gone and a new wallet: only the new logo is fetched.
    fake.set_mode(Mode::Normal);
    {
        let mut listings = fake.listings.lock().unwrap();
        listings.remove(1);
        listings.push(explorer_fake::listing(
            200,
            "Omega",
            "alpha-two",
            &["eip155:1"],
        ));
    }
    let before = fake.requested("/v3/logo/").len();
    let report = oriel_frame_host::tasks::sync_wallet_registry(&t.state)
        .await
        .unwrap();
    assert_eq!((report.wallets, report.logos_fetched), (129, 0));
    let new: Vec<String> = fake.requested("/v3/logo/")[before..].to_vec();
    assert_eq!(new.len(), 4, "the three refused ones and Omega's: {new:?}");
    assert!(names(&t.get("/getWallets?projectId=shop&search=beta").await).is_empty());
    assert_eq!(
        names(&t.get("/getWallets?projectId=shop&search=omega").await),
        ["Omega"]
    );
    let r = t.get("/getWalletImage/beta-logo?projectId=shop").await;
    assert_eq!(r.error().0, 404, "a logo no wallet uses is gone");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_registry_that_never_answered_leaves_the_offline_catalogue() {
    let fake = Fake::start().await;
    fake.set_mode(Mode::Failing);
    let t = app(&fake).await;
    assert!(oriel_frame_host::tasks::sync_wallet_registry(&t.state)
        .await
        .is_err());
    assert_eq!(count(&t).await, offline_count());
    let r = t.get("/getWallets?projectId=shop&search=metamask").await;
    assert_eq!(names(&r), ["MetaMask"]);
}

#[tokio::test]
async fn without_a_project_id_nothing_is_asked() {
    let t = TestApp::new().await;
    assert!(oriel_frame_host::tasks::registry_sync(&t.state).is_none());
    let e = oriel_frame_host::tasks::sync_wallet_registry(&t.state)
        .await
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "wallet registry sync failed: walletconnect_registry is not configured"
    );
    assert_eq!(count(&t).await, offline_count());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_background_task_syncs_soon_after_start() {
    let fake = Fake::start().await;
    let t = app(&fake).await;
    let task = oriel_frame_host::tasks::registry_sync(&t.state).unwrap();
    // A minute's refresh interval: the first sync comes within 0.6 s.
    let deadline = Instant::now() + Duration::from_secs(10);
    while count(&t).await != 129 {
        assert!(Instant::now() < deadline, "no sync within 10 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    task.abort();
    assert_eq!(fake.requested("/v3/wallets").len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_copy_on_postgresql() {
    let schema = indexer_common::PgSchema::create().await;
    let fake = Fake::start().await;
    let config = |c: &mut Config| {
        configure(c, &fake);
        c.database_url = Some(schema.url.clone());
    };
    let first = TestApp::with(config).await;
    assert_first_sync(
        oriel_frame_host::tasks::sync_wallet_registry(&first.state)
            .await
            .unwrap(),
    );
    let second = TestApp::with(config).await;
    assert_eq!(count(&second).await, 129);
    let r = second.get("/getWalletImage/beta-logo?projectId=shop").await;
    assert_eq!(r.body, SVG);
    first.state.close().await;
    second.state.close().await;
    schema.drop_now().await;
}
