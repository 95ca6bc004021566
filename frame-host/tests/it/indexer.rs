//! The chain indexer on SQLite against a real hardhat node (`npm ci` first): the core
//! scenario (`indexer_common/scenario.rs`), the chain filter, the spam list, a reorg, the
//! routes' CORS and 403, and the `[[indexer]]` config rules.

use crate::common;
use crate::indexer_common;

use std::time::{Duration, Instant};

use axum::{body::Body, http::Request};
use common::TestApp;
use indexer_common::{scenario, Devnet, CHAIN, DEPLOYER, HOLDER, OTHER};
use oriel_frame_host::{IndexerConfig, NetworkConfig};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_index_on_sqlite() {
    let devnet = Devnet::start().await;
    let prices = common::json_file(&scenario::prices(&devnet));
    let app = TestApp::with(|c| scenario::configure(c, &devnet, prices.path())).await;
    let indexers = oriel_frame_host::tasks::indexers(&app.state).unwrap();
    scenario::run(&devnet, &app).await;
    indexers.stop().await;
}

/// The hashes of every history entry of `address` (all pages) with `extra` parameters.
async fn history_hashes(app: &TestApp, address: &str, extra: &str) -> Vec<(String, String)> {
    scenario::all_pages(app, address, extra)
        .await
        .iter()
        .flat_map(|p| p["data"].as_array().unwrap().clone())
        .map(|e| {
            let m = &e["metadata"];
            (
                m["chain"].as_str().unwrap().to_owned(),
                m["hash"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Two indexed networks (the one node, under a second chain id too): `chainId` picks one,
/// no `chainId` gives both. The operator's spam list flags the collection's transfers and
/// hides its NFTs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chain_filter_and_the_spam_list() {
    let devnet = Devnet::start().await;
    let nft = devnet.nft();
    let app = TestApp::with(|c| {
        c.networks = ["eip155:31337", "eip155:1337"]
            .map(|chain_id| NetworkConfig {
                chain_id: chain_id.into(),
                rpc_urls: vec![devnet.url.clone()],
                ..NetworkConfig::default()
            })
            .to_vec();
        let mut spam = IndexerConfig::devnet(CHAIN);
        spam.spam_nft_contracts = vec![nft.to_ascii_uppercase().replace("0X", "0x")];
        c.indexer = vec![spam, IndexerConfig::devnet("eip155:1337")];
    })
    .await;
    let indexers = oriel_frame_host::tasks::indexers(&app.state).unwrap();
    let ether = devnet.send(DEPLOYER, HOLDER, 5, "0x").await;
    let mint = devnet.mint(HOLDER).await;
    for chain in [CHAIN, "eip155:1337"] {
        devnet
            .indexed(&app.state, chain, Duration::from_secs(30))
            .await;
    }
    let one = |chain: &str| {
        vec![
            (chain.to_owned(), mint.clone()),
            (chain.to_owned(), ether.clone()),
        ]
    };
    assert_eq!(
        history_hashes(&app, HOLDER, &format!("&chainId={CHAIN}")).await,
        one(CHAIN)
    );
    assert_eq!(
        history_hashes(&app, HOLDER, "&chainId=eip155:1337").await,
        one("eip155:1337")
    );
    // Both chains, newest first: the same block times, so by chain id, descending.
    let both = history_hashes(&app, HOLDER, "").await;
    assert_eq!(both.len(), 4);
    assert_eq!(
        both[..2],
        one(CHAIN)[..1]
            .iter()
            .chain(&one("eip155:1337")[..1])
            .cloned()
            .collect::<Vec<_>>()[..]
    );

    let spam_flag =
        |page: Value| page["data"][0]["transfers"][0]["nft_info"]["flags"]["is_spam"].clone();
    let page = |chain: &str| scenario::uri("history", HOLDER, &format!("&chainId={chain}"));
    assert_eq!(spam_flag(app.get(&page(CHAIN)).await.json()), json!(true));
    assert_eq!(
        spam_flag(app.get(&page("eip155:1337")).await.json()),
        json!(false)
    );
    let nfts = |chain: &str| scenario::uri("nfts", HOLDER, &format!("&chainId={chain}"));
    assert_eq!(app.get(&nfts(CHAIN)).await.json(), json!({ "nfts": [] }));
    let listed = app.get(&nfts("eip155:1337")).await.json();
    assert_eq!(listed["nfts"][0]["tokenId"], "1");
    indexers.stop().await;
}

/// A reorg (`evm_snapshot`, transfers, indexed, `evm_revert`, other transfers): the rows of
/// the abandoned blocks go, the new ones come.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reorg_replaces_the_rolled_back_transfers() {
    let devnet = Devnet::start().await;
    let app = TestApp::with(|c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec![devnet.url.clone()],
            ..NetworkConfig::default()
        }];
        c.indexer = vec![IndexerConfig::devnet(CHAIN)];
    })
    .await;
    let indexers = oriel_frame_host::tasks::indexers(&app.state).unwrap();
    let kept = devnet.send(DEPLOYER, HOLDER, 1, "0x").await;
    let snapshot = devnet.rpc("evm_snapshot", json!([])).await;
    let dropped = [
        devnet.send(DEPLOYER, HOLDER, 2, "0x").await,
        devnet.transfer(&devnet.token(0), DEPLOYER, HOLDER, 3).await,
        devnet.send(DEPLOYER, OTHER, 4, "0x").await,
    ];
    devnet
        .indexed(&app.state, CHAIN, Duration::from_secs(30))
        .await;
    let before = history_hashes(&app, HOLDER, "").await;
    assert_eq!(before.len(), 3);
    assert_eq!(history_hashes(&app, OTHER, "").await.len(), 1);

    assert_eq!(
        devnet.rpc("evm_revert", json!([snapshot])).await,
        json!(true)
    );
    // A shorter new branch: the indexed head is gone, not just changed.
    let replacement = devnet.send(DEPLOYER, HOLDER, 5, "0x").await;
    assert!(!dropped.contains(&replacement));
    let want = vec![
        (CHAIN.to_owned(), replacement.clone()),
        (CHAIN.to_owned(), kept.clone()),
    ];
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let now = history_hashes(&app, HOLDER, "").await;
        if now == want {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the reorg was not undone: {now:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(history_hashes(&app, OTHER, "").await.is_empty());
    // The new branch grows on: indexed from the fork, every block once.
    let after = devnet.send(DEPLOYER, HOLDER, 6, "0x").await;
    devnet
        .indexed(&app.state, CHAIN, Duration::from_secs(30))
        .await;
    let hashes = history_hashes(&app, HOLDER, "").await;
    assert_eq!(
        hashes.iter().map(|(_, h)| h.clone()).collect::<Vec<_>>(),
        [after, replacement, kept]
    );
    indexers.stop().await;
}

#[tokio::test]
async fn the_routes_answer_the_projects_origins_and_403_others() {
    let app = TestApp::with(|c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec!["http://127.0.0.1:1".into()],
            ..NetworkConfig::default()
        }];
        c.indexer = vec![IndexerConfig::devnet(CHAIN)];
    })
    .await;
    let shop = "https://shop.example.com";
    for route in ["history", "nfts"] {
        let uri = format!("/v1/account/{HOLDER}/{route}?projectId=shop&chainId={CHAIN}");
        let get = |origin: &str| {
            Request::get(&uri)
                .header("origin", origin)
                .body(Body::empty())
                .unwrap()
        };
        let r = app.send(get(shop)).await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.header("access-control-allow-origin"), shop);
        let empty = if route == "history" {
            json!({ "data": [], "next": null })
        } else {
            json!({ "nfts": [] })
        };
        assert_eq!(r.json(), empty);
        let r = app.send(get("https://evil.test")).await;
        assert_eq!(
            r.error(),
            (403, "forbidden".into(), "Origin not allowed".into())
        );
        assert!(r.headers.get("access-control-allow-origin").is_none());
        let unknown = format!("/v1/account/{HOLDER}/{route}?projectId=nope");
        assert_eq!(app.get(&unknown).await.status, 404);
    }
}

#[tokio::test]
async fn a_bad_indexer_config_stops_startup() {
    type Change = fn(&mut IndexerConfig);
    let cases: [(&str, Change, &str); 4] = [
        (
            "eip155:1",
            |_| {},
            "chain_id is not a configured eip155 network",
        ),
        (CHAIN, |i| i.poll_ms = 10, "poll_ms must be 100 to 60000"),
        (
            CHAIN,
            |i| i.batch_blocks = 0,
            "batch_blocks must be 1 to 1000",
        ),
        (
            CHAIN,
            |i| i.spam_nft_contracts = vec!["0x12".into()],
            "spam_nft_contracts \"0x12\" is not 0x and 40 hex digits",
        ),
    ];
    for (chain, change, reason) in cases {
        let error = common::startup_error(|c| {
            c.networks = vec![NetworkConfig {
                chain_id: CHAIN.into(),
                rpc_urls: vec!["http://127.0.0.1:1".into()],
                ..NetworkConfig::default()
            }];
            let mut indexer = IndexerConfig::devnet(chain);
            change(&mut indexer);
            c.indexer = vec![indexer];
        })
        .await;
        assert_eq!(
            error.to_string(),
            format!("invalid indexer of {chain}: {reason}")
        );
    }
}
