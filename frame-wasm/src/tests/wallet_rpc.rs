use std::rc::Rc;

use crate::{
    config::{FrameConfig, NetworkRpc},
    error::{ABORTED, NOT_ALLOWED, USER_REJECTED},
    frame::Frame,
    screen::Outcome,
    session::{load_calls, Unlocked},
    test_env::{log_in, TestEnv, TestRpc},
};
use oriel_protocol::{
    AllowList, Body, Envelope, ErrorCode, ErrorReply, FrameEvent, NativeCurrency, Reply, Request,
    RevealPurpose, SUPPORTED_VERSIONS,
};
use pollster::block_on;
use serde_json::{json, Value};

/// A logged-in frame on the devnet, whose chain answers from `chain(method, params)`.
fn frame(chain: impl Fn(&str, &Value) -> Value + 'static) -> Frame<TestEnv> {
    frame_with(move |method, params| Ok(chain(method, params)))
}

/// A logged-in frame on the devnet, whose chain answers from `chain(method, params)`: a
/// result, or a JSON-RPC error's code and message.
pub(super) fn frame_with(
    chain: impl Fn(&str, &Value) -> Result<Value, (i64, &'static str)> + 'static,
) -> Frame<TestEnv> {
    let answer = move |_url: &str, body: &str| {
        let call: Value = serde_json::from_str(body).unwrap();
        let reply = match chain(call["method"].as_str().unwrap(), &call["params"]) {
            Ok(result) => json!({ "jsonrpc": "2.0", "id": call["id"], "result": result }),
            Err((code, message)) => json!({ "jsonrpc": "2.0", "id": call["id"],
                "error": { "code": code, "message": message } }),
        };
        (200, reply.to_string())
    };
    let env = TestEnv {
        chain: TestRpc {
            answer: Some(Rc::new(answer)),
            ..TestRpc::default()
        },
        ..TestEnv::default()
    };
    let config = FrameConfig {
        project_id: "demo".into(),
        allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
        default_chain_id: "eip155:31337".into(),
        networks: vec![NetworkRpc {
            chain_id: "eip155:31337".into(),
            rpc_urls: vec!["http://127.0.0.1:8545".into()],
            name: "Local Devnet".into(),
            native_currency: Some(NativeCurrency {
                symbol: "ETH".into(),
                decimals: 18,
            }),
            swap_router: None,
            smart_account: None,
        }],
    };
    let mut f = Frame::new(config, env);
    f.set_parent_origin("http://localhost:5173");
    f.connect_networks().unwrap();
    log_in(&mut f);
    f
}

pub(super) fn rpc(
    f: &mut Frame<TestEnv>,
    method: &str,
    params: Value,
) -> Result<Value, ErrorReply> {
    rpc_as(f, 0, method, params)
}

/// `rpc` as request `id`.
fn rpc_as(
    f: &mut Frame<TestEnv>,
    id: u32,
    method: &str,
    params: Value,
) -> Result<Value, ErrorReply> {
    let request = Request::RpcRequest {
        method: method.into(),
        params: params.to_string(),
        chain_id: None,
    };
    match block_on(f.handle_as(id, request))? {
        Reply::RpcRequest { result } => Ok(serde_json::from_str(&result).unwrap()),
        other => panic!("unexpected reply {other:?}"),
    }
}

/// Reads the logged-in user's bundles back, as an unlock does.
fn reload_calls(f: &mut Frame<TestEnv>) {
    let unlocked = f.session.unlocked.as_ref().unwrap();
    let calls = load_calls(&f.cx(0, 1), &unlocked.user_id);
    f.session.unlocked.as_mut().unwrap().calls = calls;
}

pub(super) fn address(f: &Frame<TestEnv>) -> String {
    f.session
        .unlocked
        .as_ref()
        .unwrap()
        .wallet
        .addresses()
        .eip155
        .clone()
}

#[test]
fn refused_methods_never_reach_the_chain_or_the_screen() {
    let mut f = frame(|_, _| Value::Null);
    for method in [
        "eth_sign",
        "eth_signTransaction",
        "debug_traceTransaction",
        "foo",
    ] {
        let err = rpc(&mut f, method, json!([])).unwrap_err();
        assert_eq!(
            (err.code, err.message.as_str()),
            (ErrorCode::NotAllowed, NOT_ALLOWED)
        );
    }
    assert!(f.env.chain.posts.borrow().is_empty());
    assert!(f.env.shown.borrow().is_empty());
}

#[test]
fn safe_methods_pass_through_without_approval() {
    let mut f = frame(|method, _| match method {
        "eth_blockNumber" => json!("0x2a"),
        _ => Value::Null,
    });
    assert_eq!(rpc(&mut f, "eth_blockNumber", json!([])), Ok(json!("0x2a")));
    assert_eq!(rpc(&mut f, "eth_chainId", json!([])), Ok(json!("0x7a69")));
    let me = address(&f);
    assert_eq!(rpc(&mut f, "eth_accounts", json!([])), Ok(json!([me])));
    assert!(f.env.shown.borrow().is_empty(), "no approval for reads");
}

#[test]
fn personal_sign_waits_for_approve_in_the_frame() {
    let mut f = frame(|_, _| Value::Null);
    let me = address(&f);
    let signature = rpc_as(&mut f, 5, "personal_sign", json!(["0x68656c6c6f", me])).unwrap();
    assert!(signature.as_str().unwrap().len() == 132);
    assert_eq!(f.env.shown.borrow().len(), 1);
    assert!(f.env.shown.borrow()[0].starts_with("approval: "));
    let posted = f.env.posted.take();
    assert_eq!(
        Envelope::decode(&posted[0], SUPPORTED_VERSIONS)
            .unwrap()
            .body,
        Body::Event(FrameEvent::Reveal {
            request_id: 5,
            purpose: RevealPurpose::Approval
        })
    );

    f.env.outcome.set(Some(Outcome::Rejected));
    let err = rpc(&mut f, "personal_sign", json!(["0x68", me])).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::Rpc(4001), USER_REJECTED)
    );
    f.env.outcome.set(Some(Outcome::Aborted));
    let err = rpc(&mut f, "personal_sign", json!(["0x68", me])).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::Aborted, ABORTED)
    );
}

#[test]
fn a_transaction_is_filled_shown_signed_and_broadcast() {
    let mut f = frame(|method, _| match method {
        "eth_getTransactionCount" => json!("0x3"),
        "eth_estimateGas" => json!("0x5208"),
        "eth_maxPriorityFeePerGas" => json!("0x3b9aca00"),
        "eth_getBlockByNumber" => json!({ "baseFeePerGas": "0x3b9aca00" }),
        "eth_sendRawTransaction" => json!(format!("0x{}", "ab".repeat(32))),
        _ => Value::Null,
    });
    let me = address(&f);
    let tx =
        json!([{ "from": me, "to": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "value": "0x1" }]);
    let hash = rpc(&mut f, "eth_sendTransaction", tx).unwrap();
    assert_eq!(hash, json!(format!("0x{}", "ab".repeat(32))));
    let posts = f.env.chain.posts.borrow();
    let methods: Vec<String> = posts
        .iter()
        .map(|p| {
            serde_json::from_str::<Value>(p).unwrap()["method"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(
        methods.last().map(String::as_str),
        Some("eth_sendRawTransaction")
    );
    assert!(methods.iter().any(|m| m == "eth_estimateGas"));
}

#[test]
fn call_bundles_are_answered_after_a_reload_for_the_same_user_only() {
    let chain = |method: &str, _: &Value| match method {
        "eth_getTransactionCount" => json!("0x0"),
        "eth_estimateGas" => json!("0x5208"),
        "eth_maxPriorityFeePerGas" => json!("0x1"),
        "eth_getBlockByNumber" => json!({ "baseFeePerGas": "0x1" }),
        "eth_sendRawTransaction" => json!(format!("0x{}", "cd".repeat(32))),
        "eth_getTransactionReceipt" => json!({ "status": "0x1" }),
        _ => Value::Null,
    };
    let mut f = frame(chain);
    let me = address(&f);
    let bundle = json!([{ "version": "2.0.0", "from": me, "chainId": "0x7a69",
        "atomicRequired": false, "calls": [{ "to": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }] }]);
    let id = rpc(&mut f, "wallet_sendCalls", bundle).unwrap()["id"].clone();

    // A reloaded frame: same storage, the same user unlocks again.
    let mut reloaded = frame(chain);
    *reloaded.env.storage.borrow_mut() = f.env.storage.take();
    reload_calls(&mut reloaded);
    let status = rpc(&mut reloaded, "wallet_getCallsStatus", json!([id])).unwrap();
    assert_eq!(status["status"], 200);

    // Another user of this browser does not see it.
    reloaded.session.unlocked = Some(Unlocked::new_for_test("user-2"));
    reload_calls(&mut reloaded);
    let err = rpc(&mut reloaded, "wallet_getCallsStatus", json!([id])).unwrap_err();
    assert_eq!(err.code, ErrorCode::Rpc(5730));
}

#[test]
fn switching_chains_is_limited_to_configured_networks() {
    let mut f = frame(|_, _| Value::Null);
    assert_eq!(
        rpc(
            &mut f,
            "wallet_switchEthereumChain",
            json!([{ "chainId": "0x7a69" }])
        ),
        Ok(Value::Null)
    );
    let err = rpc(
        &mut f,
        "wallet_switchEthereumChain",
        json!([{ "chainId": "0x1" }]),
    )
    .unwrap_err();
    assert_eq!(err.code, ErrorCode::Rpc(4902));
    assert_eq!(f.network.active, "eip155:31337");
}

#[test]
fn the_screen_names_the_origin_the_browser_reported() {
    let mut f = frame(|_, _| Value::Null);
    let me = address(&f);
    f.set_parent_origin("http://localhost:5173");
    rpc(&mut f, "personal_sign", json!(["0x68", me])).unwrap();
    assert_eq!(
        f.env.shown.borrow()[0],
        "approval: Sign message (http://localhost:5173)"
    );
    f.host.dapp = Some(oriel_protocol::DappMetadata {
        name: "Lumen".into(),
        description: String::new(),
        url: "https://claims-anything.example".into(),
        icons: vec![],
    });
    // The verified origin first; the name the dapp gives itself after it, as its claim.
    rpc(&mut f, "personal_sign", json!(["0x68", me])).unwrap();
    assert_eq!(
        f.env.shown.borrow()[1],
        "approval: Sign message (http://localhost:5173; Calls itself “Lumen”)"
    );
}

#[test]
fn a_dapps_name_cannot_pass_for_an_origin() {
    let mut f = frame(|_, _| Value::Null);
    let me = address(&f);
    f.set_parent_origin("http://localhost:5173");
    f.host.dapp = Some(oriel_protocol::DappMetadata {
        name: format!("https://app.uniswap.org · {}", "a".repeat(200)),
        description: String::new(),
        url: "https://app.uniswap.org".into(),
        icons: vec![],
    });
    rpc(&mut f, "personal_sign", json!(["0x68", me])).unwrap();
    assert_eq!(
        f.env.shown.borrow()[0],
        "approval: Sign message (http://localhost:5173; Calls itself “https://app.uniswap.org · aaaaa…”)"
    );
}

#[test]
fn rpc_needs_a_session() {
    let mut f = frame(|_, _| Value::Null);
    f.session.unlocked = None;
    let err = rpc(&mut f, "eth_blockNumber", json!([])).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotConnected);
}

#[test]
fn solana_reads_are_refused_on_an_evm_network_before_the_chain() {
    let mut f = frame(|_, _| json!(1));
    for method in ["getBalance", "getLatestBlockhash", "sendTransaction"] {
        let err = rpc(&mut f, method, json!([])).unwrap_err();
        assert_eq!(
            (err.code, err.message.as_str()),
            (
                ErrorCode::Rpc(-32602),
                "eip155:31337 is not a Solana network"
            ),
            "{method}"
        );
    }
    assert!(f.env.chain.posts.borrow().is_empty());
}
