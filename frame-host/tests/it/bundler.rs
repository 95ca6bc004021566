//! `POST /v1/bundler/{chainId}` against a real local chain and bundler: hardhat's node with the
//! devnet contracts (the EntryPoint v0.7 and the Safe 4337 deployment among them) and the real alto
//! (stack/bundler.mjs). A signed-in frame's user operation goes through frame-host and
//! lands; what is not the frame's to ask is refused.

use crate::common;

use std::{
    io::{BufRead, BufReader},
    net::TcpListener,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use axum::http::{Method, StatusCode};
use common::{
    devnet::{root, rpc, Devnet},
    TestApp, DEV1,
};
use oriel_frame_host::NetworkConfig;
use serde_json::{json, Value};

const CHAIN: &str = "eip155:31337";
/// A user operation hash no bundler knows (its receipt is `null`).
const ZERO_HASH: &str = "0x0000000000000000000000000000000000000000000000000000000000000000";

/// alto (through stack/bundler.mjs) on a free port for `devnet`'s EntryPoint, ended on drop.
struct Bundler {
    child: Child,
    url: String,
}

impl Drop for Bundler {
    /// SIGTERM, so the script stops alto before it exits (SIGKILL would orphan alto).
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}

impl Bundler {
    /// Starts alto and waits for the URL it prints once it serves `entry_point`.
    fn start(devnet: &Devnet, entry_point: &str) -> Self {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = Command::new("node")
            .args([
                "stack/bundler.mjs",
                &port.to_string(),
                &devnet.url,
                entry_point,
            ])
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line.trim().to_owned();
        assert_eq!(
            url,
            format!("http://127.0.0.1:{port}"),
            "alto did not start"
        );
        Self { child, url }
    }
}

/// Funds a fresh owner's smart account with 1 ETH and prints its first operation, paying two
/// fresh addresses 0.1 and 0.2 ETH in one batch, signed by the owner.
const SIGNED_OPERATION: &str = "const [url, file, bundlerUrl] = process.argv.slice(1); \
    const contracts = JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')); \
    const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts'); \
    const { parseEther } = await import('viem'); \
    const { clients } = await import('./devnet/deploy.mjs'); \
    const ops = await import('./devnet/userOperation.mjs'); \
    const owner = privateKeyToAccount(generatePrivateKey()); \
    const sender = await ops.smartAccountOf(url, contracts, owner.address); \
    const { wallet, pub } = await clients(url); \
    await pub.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: sender, value: parseEther('1') }) }); \
    const [alice, bob] = [generatePrivateKey(), generatePrivateKey()].map((k) => privateKeyToAccount(k).address); \
    const op = await ops.signedUserOperation({ rpcUrl: url, bundlerUrl, contracts, owner, \
      calls: [{ to: alice, value: parseEther('0.1') }, { to: bob, value: parseEther('0.2') }] }); \
    console.log(JSON.stringify({ request: ops.userOperationRequest(op), sender, owner: owner.address, alice, bob }));";

fn uri(chain: &str) -> String {
    format!("/v1/bundler/{chain}?projectId=shop")
}

fn call(method: &str, params: Value) -> Value {
    json!({ "jsonrpc": "2.0", "id": 7, "method": method, "params": params })
}

async fn balance(devnet: &Devnet, address: &str) -> Value {
    rpc(&devnet.url, "eth_getBalance", json!([address, "latest"]))
        .await
        .unwrap()
}

#[tokio::test]
async fn a_signed_in_frame_sends_a_user_operation_that_lands() {
    let devnet = Devnet::start().await;
    let contracts = devnet.deploy();
    let entry_point = contracts["accountAbstraction"]["entryPoint"]
        .as_str()
        .unwrap()
        .to_owned();
    let bundler = Bundler::start(&devnet, &entry_point);
    let bundler_url = bundler.url.clone();
    let rpc_url = devnet.url.clone();
    // The devnet's EntryPoint and Safe deployment, as `devnet_contracts` would give them.
    let aa: oriel_protocol::frame_page::SmartAccountContracts =
        serde_json::from_value(contracts["accountAbstraction"].clone()).unwrap();
    let mut devnet_network = NetworkConfig {
        chain_id: CHAIN.into(),
        rpc_urls: vec![rpc_url],
        bundler_url: Some(bundler_url),
        ..NetworkConfig::default()
    };
    devnet_network.fill_smart_account_contracts(&aa);
    let t = TestApp::with(|c| {
        c.networks = vec![
            devnet_network,
            NetworkConfig {
                chain_id: "eip155:1".into(),
                rpc_urls: vec!["https://rpc.example.com".into()],
                ..NetworkConfig::default()
            },
        ];
    })
    .await;
    let session = t.login("smart@example.com", DEV1).await;
    let post = |chain: &str, body: Value, token: Option<String>| {
        let uri = uri(chain);
        let t = &t;
        async move {
            t.call(Method::POST, &uri, Some(body), token.as_deref())
                .await
        }
    };
    let token = Some(session.access.clone());

    // Issue 38, L-3: only the methods the frame makes pass (not eth_supportedEntryPoints).
    let r = post(
        CHAIN,
        call("eth_supportedEntryPoints", json!([])),
        token.clone(),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);

    let contracts_file = common::json_file(&contracts);
    let signed = devnet.node(
        SIGNED_OPERATION,
        &[contracts_file.path().to_str().unwrap(), &bundler.url],
    );
    // Issue 38, L-3: a user operation passes only for the session's own smart account. Before
    // the session has a wallet it has none.
    let (status, _, message) = post(
        CHAIN,
        call(
            "eth_sendUserOperation",
            json!([signed["request"], entry_point]),
        ),
        token.clone(),
    )
    .await
    .error();
    assert_eq!(
        (status, message.as_str()),
        (403, "User operation refused: this session has no wallet")
    );
    // The session's wallet, whose eip155 key owns the operation's account.
    let mut wallet = common::wallet_body("w-smart", "ZGV2aWNl");
    wallet["addresses"]["eip155"] = signed["owner"].clone();
    let created = t
        .call(Method::POST, "/wallet/v1", Some(wallet), token.as_deref())
        .await;
    assert!(created.status.is_success(), "{}", created.body);
    // Another account's operation, or another EntryPoint, is refused before the bundler.
    let mut foreign = signed["request"].clone();
    foreign["sender"] = signed["alice"].clone();
    let (status, _, message) = post(
        CHAIN,
        call(
            "eth_estimateUserOperationGas",
            json!([foreign, entry_point]),
        ),
        token.clone(),
    )
    .await
    .error();
    assert_eq!(
        (status, message.as_str()),
        (
            403,
            "User operation refused: its sender is not this wallet's smart account"
        )
    );
    let (status, _, message) = post(
        CHAIN,
        call(
            "eth_sendUserOperation",
            json!([
                signed["request"],
                "0x0000000000000000000000000000000000000007"
            ]),
        ),
        token.clone(),
    )
    .await
    .error();
    assert_eq!(status, 400);
    assert!(
        message.starts_with("Unsupported EntryPoint: expected 0x"),
        "{message}"
    );
    let sent = post(
        CHAIN,
        call(
            "eth_sendUserOperation",
            json!([signed["request"], entry_point]),
        ),
        token.clone(),
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    let hash = sent.json()["result"].as_str().unwrap().to_owned();

    let deadline = Instant::now() + Duration::from_secs(30);
    let receipt = loop {
        let r = post(
            CHAIN,
            call("eth_getUserOperationReceipt", json!([hash])),
            token.clone(),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let result = r.json()["result"].clone();
        if !result.is_null() {
            break result;
        }
        assert!(Instant::now() < deadline, "the operation did not land");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(receipt["success"], true);
    assert_eq!(
        receipt["sender"].as_str().unwrap().to_lowercase(),
        signed["sender"].as_str().unwrap().to_lowercase()
    );
    // Both calls of the batch landed, and the account now exists.
    assert_eq!(
        balance(&devnet, signed["alice"].as_str().unwrap()).await,
        json!("0x16345785d8a0000")
    );
    assert_eq!(
        balance(&devnet, signed["bob"].as_str().unwrap()).await,
        json!("0x2c68af0bb140000")
    );
    let code = rpc(
        &devnet.url,
        "eth_getCode",
        json!([signed["sender"], "latest"]),
    )
    .await
    .unwrap();
    assert_ne!(code, json!("0x"));
    // Issue 38, L-3: the frame reads receipts, never operations by hash.
    let by_hash = post(
        CHAIN,
        call("eth_getUserOperationByHash", json!([hash])),
        token.clone(),
    )
    .await;
    assert_eq!(by_hash.status, StatusCode::BAD_REQUEST, "{}", by_hash.body);

    // The bundler's own refusal reaches the frame as its JSON-RPC error: the same operation again.
    let again = post(
        CHAIN,
        call(
            "eth_sendUserOperation",
            json!([signed["request"], entry_point]),
        ),
        token.clone(),
    )
    .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert!(
        again.json()["error"]["message"].is_string(),
        "{}",
        again.body
    );

    // Refusals: no session, a method that is not a bundler's, a network without a bundler, an
    // unknown network, a body that is not JSON-RPC 2.0.
    let anonymous = post(
        CHAIN,
        call("eth_getUserOperationReceipt", json!([ZERO_HASH])),
        None,
    )
    .await;
    assert_eq!(
        anonymous.status,
        StatusCode::UNAUTHORIZED,
        "{}",
        anonymous.body
    );
    let other_project = t
        .call(
            Method::POST,
            &format!("/v1/bundler/{CHAIN}?projectId=demo"),
            Some(call("eth_getUserOperationReceipt", json!([ZERO_HASH]))),
            token.as_deref(),
        )
        .await
        .error();
    assert_eq!(
        other_project,
        (401, "unauthorized".into(), "Invalid key".into())
    );
    let (status, _, message) = post(CHAIN, call("eth_sendTransaction", json!([])), token.clone())
        .await
        .error();
    assert_eq!(status, 400);
    assert_eq!(
        message,
        "Unsupported bundler method: expected one of eth_sendUserOperation, \
         eth_estimateUserOperationGas, eth_getUserOperationReceipt"
    );
    let (status, _, message) = post(
        "eip155:1",
        call("eth_getUserOperationReceipt", json!([ZERO_HASH])),
        token.clone(),
    )
    .await
    .error();
    assert_eq!(
        (status, message.as_str()),
        (400, "eip155:1 has no bundler: smart accounts are off")
    );
    let (status, _, message) = post(
        "eip155:10",
        call("eth_getUserOperationReceipt", json!([ZERO_HASH])),
        token.clone(),
    )
    .await
    .error();
    assert_eq!(
        (status, message.as_str()),
        (400, "Unknown network: eip155:10")
    );
    let (status, _, message) = post(
        CHAIN,
        json!({ "jsonrpc": "1.0", "id": 1, "method": "eth_getUserOperationReceipt" }),
        token.clone(),
    )
    .await
    .error();
    assert_eq!((status, message.as_str()), (400, "jsonrpc must be \"2.0\""));
    let (status, _, message) = post(
        CHAIN,
        call("eth_estimateUserOperationGas", json!([1, 2, 3, 4])),
        token.clone(),
    )
    .await
    .error();
    assert_eq!(
        (status, message.as_str()),
        (400, "Too many params: at most 3")
    );
    let huge = call("eth_sendUserOperation", json!(["0".repeat(200 * 1024)]));
    let r = post(CHAIN, huge, token.clone()).await;
    assert_eq!(
        r.error(),
        (
            400,
            "invalid_params".into(),
            "Failed to buffer the request body: length limit exceeded".into()
        )
    );

    // A bundler that no longer answers is frame-host's upstream error, not the bundler's URL.
    drop(bundler);
    let (status, _, message) = post(
        CHAIN,
        call("eth_getUserOperationReceipt", json!([ZERO_HASH])),
        token,
    )
    .await
    .error();
    assert_eq!(
        (status, message.as_str()),
        (502, "The bundler of eip155:31337 did not answer")
    );
}

#[tokio::test]
async fn a_bundler_url_is_for_eip155_networks_and_http() {
    for (chain, url, reason) in [
        (
            "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
            "http://127.0.0.1:1",
            "bundler_url is for eip155 networks only",
        ),
        (
            "eip155:1",
            "ws://127.0.0.1:1",
            "bundler_url is not an http(s) URL with a host",
        ),
    ] {
        let e = common::startup_error(|c| {
            c.networks = vec![NetworkConfig {
                chain_id: chain.into(),
                rpc_urls: vec!["https://rpc.example.com".into()],
                bundler_url: Some(url.into()),
                ..NetworkConfig::default()
            }];
        })
        .await;
        assert!(e.to_string().contains(reason), "{e}");
    }
}

/// The limit counts every call of the user, answered or not: past 1,200 in 10 minutes, 429.
#[tokio::test]
async fn a_user_s_bundler_calls_are_limited() {
    let t = TestApp::with(|c| {
        c.networks = vec![NetworkConfig {
            chain_id: "eip155:1".into(),
            rpc_urls: vec!["https://rpc.example.com".into()],
            ..NetworkConfig::default()
        }];
    })
    .await;
    let session = t.login("busy@example.com", DEV1).await;
    let uri = uri("eip155:1");
    let ask = || {
        t.call(
            Method::POST,
            &uri,
            Some(call("eth_getUserOperationReceipt", json!([ZERO_HASH]))),
            Some(&session.access),
        )
    };
    for _ in 0..1_200 {
        assert_eq!(
            ask().await.status,
            StatusCode::BAD_REQUEST,
            "no bundler there"
        );
    }
    let r = ask().await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
}

#[tokio::test]
async fn smart_account_contracts_need_a_bundler_and_addresses() {
    let cases: [(Option<&str>, Option<&str>, &str); 3] = [
        (None, Some(FACTORY), "safe_4337_module needs bundler_url"),
        (
            Some("http://127.0.0.1:1"),
            Some("0x1234"),
            "safe_4337_module is not 0x and 40 hex digits",
        ),
        (
            Some("http://127.0.0.1:1"),
            Some("not an address"),
            "safe_4337_module is not 0x and 40 hex digits",
        ),
    ];
    for (bundler_url, module, reason) in cases {
        let e = common::startup_error(|c| {
            c.networks = vec![NetworkConfig {
                chain_id: "eip155:1".into(),
                rpc_urls: vec!["https://rpc.example.com".into()],
                bundler_url: bundler_url.map(Into::into),
                safe_4337_module: module.map(Into::into),
                ..NetworkConfig::default()
            }];
        })
        .await;
        assert!(e.to_string().contains(reason), "{e}");
    }
    let e = common::startup_error(|c| {
        c.networks = vec![NetworkConfig {
            chain_id: "eip155:1".into(),
            rpc_urls: vec!["https://rpc.example.com".into()],
            entry_point: Some(FACTORY.into()),
            ..NetworkConfig::default()
        }];
    })
    .await;
    assert!(
        e.to_string().contains("entry_point needs bundler_url"),
        "{e}"
    );
}

/// Any well-formed address: the checks above only read the shape.
const FACTORY: &str = "0x91e60e0613810449d098b0b5ec8b51a0fe8c8985";
