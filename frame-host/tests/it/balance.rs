//! `GET /v1/account/{address}/balance` against a real local chain: hardhat's node from the
//! checkout's node_modules (`npm ci` first), the devnet contracts deployed and an address funded
//! by `devnet/deploy.mjs` (10 ETH, 1000 dUSD, 100 DEV, 1000 dUSDT).

use crate::common;

use axum::{
    body::Body,
    http::{Method, Request, StatusCode},
};
use common::{
    devnet::{rpc, Devnet},
    TestApp,
};
use oriel_frame_host::{ChainClient, HttpTransport, NetworkConfig, TokenConfig};
use serde_json::{json, Value};

/// An address the test funds (not one of hardhat's prefunded accounts); nothing else touches
/// it.
const HOLDER: &str = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
/// An address that holds nothing.
const EMPTY: &str = "0x000000000000000000000000000000000000dEaD";
/// Hardhat's first account: deployed the contracts, unlocked on the node.
const DEPLOYER: &str = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const CHAIN: &str = "eip155:31337";

/// frame-host's RPC client futures can be held across awaits in axum handlers.
#[test]
fn the_rpc_client_is_send_and_sync() {
    fn send_sync<T: Send + Sync>(_: &T) {}
    fn send<T: Send>(_: T) {}
    let client = ChainClient::new(
        vec!["http://127.0.0.1:1".into()],
        HttpTransport::new().unwrap(),
    )
    .unwrap();
    send_sync(&client);
    send(client.request("eth_chainId", Value::Null));
    send(client.batch(&[]));
}

/// Deploys the devnet contracts, funds `address` and returns the contracts.
fn deploy_and_fund(devnet: &Devnet, address: &str) -> Value {
    devnet.node(
        "const [url, address] = process.argv.slice(1); \
         const m = await import('./devnet/deploy.mjs'); \
         const c = await m.deployDevnetContracts(url); \
         await m.fund(url, c, address); \
         console.log(JSON.stringify(c));",
        &[address],
    )
}

/// Sends `wei` (hex) from the unlocked deployer to [`HOLDER`].
async fn send_ether(url: &str, wei: &str) {
    let tx = json!([{ "from": DEPLOYER, "to": HOLDER, "value": wei }]);
    let sent = rpc(url, "eth_sendTransaction", tx).await;
    assert!(sent.is_ok_and(|hash| hash.is_string()));
}

fn token(address: Option<&str>, symbol: &str, decimals: u8) -> TokenConfig {
    TokenConfig {
        chain_id: CHAIN.into(),
        address: address.map(Into::into),
        symbol: symbol.into(),
        name: format!("{symbol} name"),
        decimals,
        icon_url: Some(format!("https://icons.test/{symbol}.png")),
    }
}

fn entry(symbol: &str, address: Option<&str>, numeric: &str, decimals: u8, price: Value) -> Value {
    let value = match price.as_f64() {
        Some(p) => json!(numeric.parse::<f64>().unwrap() * p),
        None => Value::Null,
    };
    let mut e = json!({
        "name": format!("{symbol} name"),
        "symbol": symbol,
        "chainId": CHAIN,
        "value": value,
        "price": price,
        "quantity": { "decimals": decimals.to_string(), "numeric": numeric },
        "iconUrl": format!("https://icons.test/{symbol}.png"),
        // Every token here is the coin or on the operator's list.
        "verified": true,
    });
    if let Some(a) = address {
        e["address"] = json!(format!("{CHAIN}:{}", a.to_ascii_lowercase()));
    }
    e
}

fn uri(address: &str, extra: &str) -> String {
    format!("/v1/account/{address}/balance?projectId=demo&st=react&sv=0.1.0&currency=usd{extra}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn balances_from_a_local_chain() {
    let devnet = Devnet::start().await;
    let contracts = deploy_and_fund(&devnet, HOLDER);
    let address = |i: usize| {
        contracts["tokens"][i]["address"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (dusd, dev, dusdt) = (address(0), address(1), address(2));
    let nft = contracts["nft"]["address"].as_str().unwrap().to_owned();
    let prices = common::json_file(&json!({
        "eip155:31337/slip44:60": 3000,
        format!("eip155:31337:{dusd}"): 1,
    }));
    let url = devnet.url.clone();
    let prices_path = prices.path().to_path_buf();
    let (dusd_, dev_, dusdt_, nft_) = (dusd.clone(), dev.clone(), dusdt.clone(), nft.clone());
    let app = TestApp::with(move |c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec![url],
            ..NetworkConfig::default()
        }];
        c.prices_file = Some(prices_path);
        c.tokens = vec![
            token(None, "ETH", 18),
            token(Some(&dusd_), "dUSD", 6),
            // Decimals 0: never listed (spec §5), even though the holder owns one.
            token(Some(&nft_), "ODC", 0),
            token(Some(&dev_), "DEV", 18),
            token(Some(&dusdt_), "dUSDT", 6),
        ];
    })
    .await;

    let reply = app.get(&uri(HOLDER, &format!("&chainId={CHAIN}"))).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let want = json!({ "balances": [
        entry("ETH", None, "10", 18, json!(3000.0)),
        entry("dUSD", Some(&dusd), "1000", 6, json!(1.0)),
        entry("DEV", Some(&dev), "100", 18, Value::Null),
        entry("dUSDT", Some(&dusdt), "1000", 6, Value::Null),
    ]});
    assert_eq!(reply.json(), want);

    // Without chainId: every eip155 network, the same here.
    assert_eq!(app.get(&uri(HOLDER, "")).await.json(), want);

    // Zero balances are left out.
    let reply = app.get(&uri(EMPTY, &format!("&chainId={CHAIN}"))).await;
    assert_eq!(reply.json(), json!({ "balances": [] }));

    // Cached for 30 s per (address, chain) unless forceUpdate.
    // 1 ETH.
    send_ether(&devnet.url, "0xde0b6b3a7640000").await;
    let ether = |r: &common::Reply| r.json()["balances"][0]["quantity"]["numeric"].clone();
    let lower = HOLDER.to_ascii_lowercase();
    assert_eq!(ether(&app.get(&uri(&lower, "")).await), "10", "cached");
    app.advance_secs(29);
    assert_eq!(
        ether(&app.get(&uri(HOLDER, "")).await),
        "10",
        "still cached"
    );
    assert_eq!(
        ether(&app.get(&uri(HOLDER, "&forceUpdate=true")).await),
        "11"
    );
    // 0.5 ETH.
    send_ether(&devnet.url, "0x6f05b59d3b20000").await;
    assert_eq!(ether(&app.get(&uri(HOLDER, "")).await), "11");
    app.advance_secs(31);
    assert_eq!(ether(&app.get(&uri(HOLDER, "")).await), "11.5");
}

#[tokio::test]
async fn bad_requests_are_400_in_the_one_error_shape() {
    let app = TestApp::new().await;
    for (uri, message) in [
        (
            uri("0x1234", ""),
            "Invalid address: expected 0x and 40 hex digits, or a base58 Solana address".to_owned(),
        ),
        (
            uri(HOLDER, "&chainId=eip155:1"),
            "Unsupported chainId: eip155:1".to_owned(),
        ),
        (
            format!("/v1/account/{HOLDER}/balance?projectId=demo&currency=eur"),
            "Unsupported currency: expected usd".to_owned(),
        ),
    ] {
        let want = (
            StatusCode::BAD_REQUEST.as_u16(),
            "invalid_params".into(),
            message,
        );
        assert_eq!(app.get(&uri).await.error(), want, "{uri}");
    }
    // The shared Blockchain API rules apply: an unknown project is 404.
    let unknown = format!("/v1/account/{HOLDER}/balance?projectId=nope");
    assert_eq!(app.get(&unknown).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_bad_token_list_stops_startup() {
    let bad = [
        (
            token(None, "ETH", 18),
            "eip155:1",
            "chain_id is not a configured eip155 or solana network",
        ),
        (
            token(Some("0x1234"), "X", 18),
            CHAIN,
            "address is not 0x and 40 hex digits",
        ),
        (token(None, "ETH", 78), CHAIN, "decimals above 77"),
    ];
    for (mut t, chain, reason) in bad {
        t.chain_id = chain.into();
        let symbol = t.symbol.clone();
        let error = common::startup_error(|c| c.tokens = vec![t]).await;
        assert_eq!(
            error.to_string(),
            format!("invalid token {symbol} on {chain}: {reason}")
        );
    }
    let twice = token(Some("0x00000000000000000000000000000000000000Aa"), "A", 6);
    let mut again = twice.clone();
    again.address = Some("0x00000000000000000000000000000000000000aA".into());
    let error = common::startup_error(|c| c.tokens = vec![twice, again]).await;
    assert_eq!(
        error.to_string(),
        format!("invalid token A on {CHAIN}: listed twice")
    );
}

/// `POST /dev/faucet` with `devnet_contracts`: exact amounts (the balance route, with the
/// devnet's tokens joined to its list, shows them), one NFT, a rate limit per address, 400 for
/// a bad address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_faucet_funds_an_address_once_per_30_seconds() {
    let devnet = Devnet::start().await;
    // Deploys (and funds another address, which this test does not read).
    let contracts = deploy_and_fund(&devnet, EMPTY);
    let file = common::json_file(&contracts);
    let (url, path) = (devnet.url.clone(), file.path().to_path_buf());
    let app = TestApp::with(move |c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec![url],
            ..NetworkConfig::default()
        }];
        c.devnet_contracts = Some(path);
    })
    .await;
    let faucet = "/dev/faucet?projectId=demo&st=react&sv=0.1.0";
    let funded = "0x1111111111111111111111111111111111111111";

    let reply = app.post(faucet, json!({ "address": funded })).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let body = reply.json();
    assert_eq!(body["chainId"], CHAIN);
    assert_eq!(body["ether"]["amount"], "10");
    let symbols: Vec<_> = body["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["symbol"].clone(), t["amount"].clone()))
        .collect();
    assert_eq!(
        symbols,
        [
            (json!("dUSD"), json!("1000")),
            (json!("DEV"), json!("100")),
            (json!("dUSDT"), json!("1000")),
        ]
    );
    // The collection's first mint went to EMPTY, so this one is id 2.
    assert_eq!(body["nft"]["tokenId"], "2");
    let owner = rpc(
        &devnet.url,
        "eth_call",
        json!([{ "to": contracts["nft"]["address"],
                 "data": format!("0x6352211e{:064x}", 2) }, "latest"]),
    )
    .await
    .unwrap();
    assert_eq!(owner, json!(format!("0x{:0>64}", &funded[2..])));

    let balances = app.get(&uri(funded, &format!("&chainId={CHAIN}"))).await;
    let quantities: Vec<_> = balances.json()["balances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["symbol"].clone(), b["quantity"]["numeric"].clone()))
        .collect();
    assert_eq!(
        quantities,
        [
            (json!("ETH"), json!("10")),
            (json!("dUSD"), json!("1000")),
            (json!("DEV"), json!("100")),
            (json!("dUSDT"), json!("1000")),
        ]
    );

    // Once per 30 s per address (in any case).
    let again = app
        .post(
            faucet,
            json!({ "address": funded.to_ascii_uppercase().replace("0X", "0x") }),
        )
        .await;
    assert_eq!(again.status, 429, "{}", again.body);
    app.advance_secs(31);
    let again = app.post(faucet, json!({ "address": funded })).await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(again.json()["nft"]["tokenId"], "3");

    for bad in [
        "0x12",
        "not an address",
        "1111111111111111111111111111111111111111",
    ] {
        let (status, code, message) = app.post(faucet, json!({ "address": bad })).await.error();
        assert_eq!(
            (status, code.as_str()),
            (400, "invalid_params"),
            "{bad}: {message}"
        );
        assert!(message.contains("Invalid address"), "{message}");
    }
}

#[tokio::test]
async fn no_faucet_without_devnet_contracts_or_in_production() {
    let body = json!({ "address": HOLDER });
    let faucet = "/dev/faucet?projectId=demo&st=react&sv=0.1.0";
    assert_eq!(
        TestApp::new().await.post(faucet, body.clone()).await.status,
        404
    );
    assert_eq!(
        TestApp::production().await.post(faucet, body).await.status,
        404
    );
}

#[tokio::test]
async fn a_bad_devnet_contracts_file_stops_startup_naming_it() {
    let e = common::startup_error(|c| {
        c.devnet_contracts = Some("/nonexistent/devnet-contracts.json".into());
    })
    .await
    .to_string();
    assert!(e.contains("/nonexistent/devnet-contracts.json"), "{e}");
}

/// The demo page may call the faucet (CORS for the project's origins); other origins get 403.
#[tokio::test]
async fn the_faucet_answers_the_projects_origins_only() {
    let contracts = common::json_file(&json!({
        "chainId": 31337, "deployer": DEPLOYER, "startBlock": 1,
        "multicall3": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        "tokens": [{ "address": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", "name": "Devnet Dollar",
                     "symbol": "dUSD", "decimals": 6, "kind": "erc20", "faucetAmount": "1000" }],
        "nft": { "address": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", "name": "ODC", "symbol": "ODC" },
        "faucet": { "ether": "10" },
    }));
    let path = contracts.path().to_path_buf();
    let app = TestApp::with(move |c| c.devnet_contracts = Some(path)).await;
    let request = |method: Method, origin: &str| {
        Request::builder()
            .method(method)
            .uri("/dev/faucet?projectId=demo&st=demo&sv=0")
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type")
            .header("content-type", "application/json")
            .body(Body::from(json!({ "address": "0x12" }).to_string()))
            .unwrap()
    };
    let demo = "http://localhost:5173";
    let r = app.send(request(Method::OPTIONS, demo)).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(r.header("access-control-allow-origin"), demo);
    let r = app.send(request(Method::POST, demo)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), demo);
    let r = app
        .send(request(Method::POST, "https://evil.example"))
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
}
