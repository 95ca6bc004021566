//! The core indexer scenario, run on SQLite (`tests/indexer.rs`) and PostgreSQL
//! (`tests/indexer_pg.rs`): native, ERC-20 (with the USDT-style token) and ERC-721 transfers
//! with exact amounts, every page of the history once, the NFTs owned, the balance route's
//! seen tokens, and the routes' 400s.

use std::{path::Path, time::Duration};

use oriel_frame_host::{Config, IndexerConfig, NetworkConfig};
use serde_json::{json, Value};

use super::{Devnet, CHAIN, DEPLOYER, HOLDER, OTHER};
use crate::common::TestApp;

/// The prices file of the scenario: ETH 3000, dUSD 1 (dUSDT has none).
pub fn prices(devnet: &Devnet) -> Value {
    json!({ "eip155:31337/slip44:60": 3000, format!("eip155:31337:{}", devnet.token(0)): 1 })
}

/// The devnet as the one network, indexed, with `prices`.
pub fn configure(c: &mut Config, devnet: &Devnet, prices: &Path) {
    c.networks = vec![NetworkConfig {
        chain_id: CHAIN.into(),
        rpc_urls: vec![devnet.url.clone()],
        ..NetworkConfig::default()
    }];
    c.indexer = vec![IndexerConfig::devnet(CHAIN)];
    c.prices_file = Some(prices.to_path_buf());
}

pub fn uri(route: &str, address: &str, extra: &str) -> String {
    format!("/v1/account/{address}/{route}?projectId=demo&st=react&sv=0.1.0{extra}")
}

/// Every history page of `address` (with `extra` query parameters), following `next`.
pub async fn all_pages(app: &TestApp, address: &str, extra: &str) -> Vec<Value> {
    let mut pages = Vec::new();
    let mut cursor = String::new();
    loop {
        let r = app
            .get(&uri("history", address, &format!("{extra}{cursor}")))
            .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let page = r.json();
        let next = page["next"].as_str().map(str::to_owned);
        pages.push(page);
        match next {
            Some(next) => cursor = format!("&cursor={next}"),
            None => return pages,
        }
    }
}

fn checksummed(address: &str) -> String {
    address
        .parse::<alloy_primitives::Address>()
        .unwrap()
        .to_checksum(None)
}

/// The `metadata` the history should give transaction `hash`, from the node.
async fn metadata(devnet: &Devnet, hash: &str, operation: &str) -> Value {
    let tx = devnet.rpc("eth_getTransactionByHash", json!([hash])).await;
    let block = devnet
        .rpc("eth_getBlockByNumber", json!([tx["blockNumber"], false]))
        .await;
    let time = i64::from_str_radix(
        block["timestamp"]
            .as_str()
            .unwrap()
            .trim_start_matches("0x"),
        16,
    )
    .unwrap();
    let nonce =
        u64::from_str_radix(tx["nonce"].as_str().unwrap().trim_start_matches("0x"), 16).unwrap();
    json!({
        "operationType": operation, "hash": hash, "status": "confirmed", "nonce": nonce,
        "minedAt": rfc3339(time), "chain": CHAIN,
        "sentFrom": checksummed(tx["from"].as_str().unwrap()),
        "sentTo": checksummed(tx["to"].as_str().unwrap()),
    })
}

/// RFC 3339 by the `date` tool, an implementation independent of frame-host's.
fn rfc3339(seconds: i64) -> String {
    let out = std::process::Command::new("date")
        .args(["-u", "-d", &format!("@{seconds}"), "+%Y-%m-%dT%H:%M:%SZ"])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

fn fungible(
    direction: &str,
    numeric: &str,
    decimals: &str,
    price: Value,
    name: &str,
    symbol: &str,
) -> Value {
    let value = price
        .as_f64()
        .map_or(Value::Null, |p| json!(numeric.parse::<f64>().unwrap() * p));
    // The scenario lists no tokens: only the coin is verified.
    let verified = symbol == "ETH";
    json!({ "direction": direction, "quantity": { "numeric": numeric, "decimals": decimals },
            "value": value, "price": price,
            "fungible_info": { "name": name, "symbol": symbol, "icon": null, "verified": verified } })
}

/// Runs the scenario on `app`, whose indexer runs over `devnet` (configured by [`configure`]).
pub async fn run(devnet: &Devnet, app: &TestApp) {
    let (dusd, dusdt) = (devnet.token(0), devnet.token(2));
    let mut sent = vec![
        devnet
            .send(DEPLOYER, HOLDER, 1_500_000_000_000_000_000, "0x")
            .await,
        devnet.transfer(&dusd, DEPLOYER, HOLDER, 1_500_000).await,
        devnet.transfer(&dusdt, DEPLOYER, HOLDER, 2_250_000).await,
        devnet.mint(HOLDER).await,
        devnet.mint(HOLDER).await,
        devnet.transfer(&dusd, HOLDER, OTHER, 250_000).await,
        devnet.give_nft(HOLDER, OTHER, 1).await,
    ];
    for wei in 1..=18 {
        sent.push(devnet.send(DEPLOYER, HOLDER, wei, "0x").await);
    }
    devnet
        .indexed(&app.state, CHAIN, Duration::from_secs(30))
        .await;

    // Every transaction once, newest first, 20 per page.
    let pages = all_pages(app, HOLDER, "").await;
    let sizes: Vec<usize> = pages
        .iter()
        .map(|p| p["data"].as_array().unwrap().len())
        .collect();
    assert_eq!(sizes, [20, 5]);
    let entries: Vec<Value> = pages
        .iter()
        .flat_map(|p| p["data"].as_array().unwrap().clone())
        .collect();
    let hashes: Vec<&str> = entries
        .iter()
        .map(|e| e["metadata"]["hash"].as_str().unwrap())
        .collect();
    let newest_first: Vec<&str> = sent.iter().rev().map(String::as_str).collect();
    assert_eq!(hashes, newest_first);
    // The same with the chain filter, and the checksummed account.
    let filtered = all_pages(app, &checksummed(HOLDER), &format!("&chainId={CHAIN}")).await;
    assert_eq!(filtered, pages);

    let entry = |hash: &str| {
        entries
            .iter()
            .find(|e| e["metadata"]["hash"] == hash)
            .unwrap()
            .clone()
    };
    let nft = |direction: &str, id: u64| {
        json!({ "direction": direction, "quantity": { "numeric": "1", "decimals": "0" },
                "value": null, "price": null,
                "nft_info": { "name": format!("Oriel Devnet Collection #{id}"), "flags": { "is_spam": false } } })
    };
    let expected = [
        (
            "receive",
            fungible("in", "1.5", "18", json!(3000.0), "Ether", "ETH"),
        ),
        (
            "receive",
            fungible("in", "1.5", "6", json!(1.0), "Devnet Dollar", "dUSD"),
        ),
        (
            "receive",
            fungible("in", "2.25", "6", Value::Null, "Devnet Tether", "dUSDT"),
        ),
        ("mint", nft("in", 1)),
        ("mint", nft("in", 2)),
        (
            "send",
            fungible("out", "0.25", "6", json!(1.0), "Devnet Dollar", "dUSD"),
        ),
        ("send", nft("out", 1)),
        (
            "receive",
            fungible(
                "in",
                "0.000000000000000001",
                "18",
                json!(3000.0),
                "Ether",
                "ETH",
            ),
        ),
    ];
    for ((operation, transfer), hash) in expected.into_iter().zip(&sent) {
        let mut got = entry(hash);
        assert_eq!(got["id"], format!("{hash}-{CHAIN}"));
        assert_eq!(
            got["metadata"],
            metadata(devnet, hash, operation).await,
            "{hash}"
        );
        let transfers = got["transfers"].as_array_mut().unwrap();
        assert_eq!(transfers.len(), 1, "{hash}");
        let nft_info = transfers[0]
            .get_mut("nft_info")
            .and_then(Value::as_object_mut);
        if let Some(content) = nft_info.and_then(|n| n.remove("content")) {
            assert_eq!(content["preview"]["content_type"], "image/svg+xml");
            let url = content["preview"]["url"].as_str().unwrap();
            assert!(url.starts_with("data:image/svg+xml;base64,PHN2Zy"), "{url}");
        }
        assert_eq!(transfers[0], transfer, "{hash}");
    }

    // NFTs owned now: HOLDER kept #2, OTHER has #1.
    let nfts = |address: &str| {
        let uri = uri("nfts", address, &format!("&chainId={CHAIN}"));
        async move {
            let r = app.get(&uri).await;
            assert_eq!(r.status, 200, "{}", r.body);
            r.json()["nfts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| {
                    assert!(n["imageUrl"]
                        .as_str()
                        .unwrap()
                        .starts_with("data:image/svg+xml;base64,"));
                    (
                        n["contract"].clone(),
                        n["tokenId"].clone(),
                        n["name"].clone(),
                        n["collection"].clone(),
                    )
                })
                .collect::<Vec<_>>()
        }
    };
    let collection = checksummed(&devnet.nft());
    let owned = |id: u64| {
        (
            json!(collection),
            json!(id.to_string()),
            json!(format!("Oriel Devnet Collection #{id}")),
            json!("Oriel Devnet Collection"),
        )
    };
    assert_eq!(nfts(HOLDER).await, [owned(2)]);
    assert_eq!(nfts(OTHER).await, [owned(1)]);

    // The balance route adds the tokens the indexer saw the address receive, in that order.
    let r = app
        .get(&uri(
            "balance",
            HOLDER,
            &format!("&chainId={CHAIN}&forceUpdate=true"),
        ))
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let tokens: Vec<(Value, Value)> = r.json()["balances"].as_array().unwrap()[1..]
        .iter()
        .map(|b| (b["symbol"].clone(), b["quantity"]["numeric"].clone()))
        .collect();
    assert_eq!(
        tokens,
        [
            (json!("dUSD"), json!("1.25")),
            (json!("dUSDT"), json!("2.25"))
        ]
    );

    // Bad requests.
    for (uri, message) in [
        (uri("history", HOLDER, "&cursor=garbage"), "Invalid cursor"),
        (
            uri("history", HOLDER, "&chainId=eip155:1"),
            "Unsupported chainId: eip155:1",
        ),
        (
            uri("history", "0x1234", ""),
            "Invalid address: expected 0x and 40 hex digits",
        ),
        (uri("nfts", HOLDER, ""), "Missing chainId"),
        (
            uri("nfts", HOLDER, "&chainId=eip155:1"),
            "Unsupported chainId: eip155:1",
        ),
    ] {
        assert_eq!(
            app.get(&uri).await.error(),
            (400, "invalid_params".into(), message.into()),
            "{uri}"
        );
    }
}
