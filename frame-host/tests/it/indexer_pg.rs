//! The chain indexer on PostgreSQL (`ORIEL_TEST_POSTGRES_URL`, default
//! `postgres://postgres@127.0.0.1:5432/test`, each test in a schema of its own) against a real
//! hardhat node: the core scenario, and two instances sharing the database, where one lease
//! holder indexes, and after it dies the other takes over within seconds with no gap and no
//! duplicate row.

use crate::common;
use crate::indexer_common;

use std::time::Duration;

use common::TestApp;
use indexer_common::{scenario, Devnet, PgSchema, CHAIN, DEPLOYER, HOLDER};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_index_on_postgresql() {
    let schema = PgSchema::create().await;
    let devnet = Devnet::start().await;
    let prices = common::json_file(&scenario::prices(&devnet));
    let app = TestApp::with(|c| {
        scenario::configure(c, &devnet, prices.path());
        c.database_url = Some(schema.url.clone());
    })
    .await;
    let indexers = oriel_frame_host::tasks::indexers(&app.state).unwrap();
    scenario::run(&devnet, &app).await;
    indexers.stop().await;
    app.state.close().await;
    schema.drop_now().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_instance_takes_over_when_the_holder_dies() {
    let schema = PgSchema::create().await;
    let devnet = Devnet::start().await;
    let prices = common::json_file(&scenario::prices(&devnet));
    let instance = || {
        TestApp::with(|c| {
            scenario::configure(c, &devnet, prices.path());
            c.database_url = Some(schema.url.clone());
        })
    };
    let (first, second) = (instance().await, instance().await);
    let lease = || schema.query("SELECT holder, expires_at FROM index_leases");

    // The first instance starts alone, so it holds the lease; the second then only waits.
    let a = oriel_frame_host::tasks::indexers(&first.state).unwrap();
    devnet
        .indexed(&first.state, CHAIN, Duration::from_secs(30))
        .await;
    let b = oriel_frame_host::tasks::indexers(&second.state).unwrap();
    let mut sent = Vec::new();
    for wei in 1..=5 {
        sent.push(devnet.send(DEPLOYER, HOLDER, wei, "0x").await);
    }
    devnet
        .indexed(&second.state, CHAIN, Duration::from_secs(30))
        .await;
    assert_eq!(lease().await[0].0, a.holder());

    // The holder dies without giving the lease up; the chain goes on.
    a.abort();
    for wei in 6..=10 {
        sent.push(devnet.send(DEPLOYER, HOLDER, wei, "0x").await);
    }
    let took = devnet
        .indexed(&second.state, CHAIN, Duration::from_secs(15))
        .await;
    assert!(took < Duration::from_secs(8), "took over after {took:?}");
    assert_eq!(lease().await[0].0, b.holder());

    // Every transaction once, none twice, in either instance's answer.
    for app in [&first, &second] {
        let hashes: Vec<String> = scenario::all_pages(app, HOLDER, "")
            .await
            .iter()
            .flat_map(|p| p["data"].as_array().unwrap().clone())
            .map(|e| e["metadata"]["hash"].as_str().unwrap().to_owned())
            .collect();
        let want: Vec<String> = sent.iter().rev().cloned().collect();
        assert_eq!(hashes, want);
    }
    let rows = schema
        // One row per transfer: a transaction may move several (the devnet's Uniswap seeding
        // does), never the same log and item twice.
        .query(
            "SELECT tx_hash || ':' || log_index || ':' || item, COUNT(*) FROM transfers \
             GROUP BY tx_hash, log_index, item HAVING COUNT(*) > 1",
        )
        .await;
    assert!(rows.is_empty(), "duplicated: {rows:?}");
    let blocks = schema
        .query("SELECT 'blocks', COUNT(*) FROM index_blocks")
        .await;
    assert_eq!(
        blocks[0].1 as u64,
        devnet.head().await + 1,
        "every block once"
    );

    b.stop().await;
    first.state.close().await;
    second.state.close().await;
    schema.drop_now().await;
}
