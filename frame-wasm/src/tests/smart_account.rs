//! The embedded wallet's smart account on a network with smart accounts: looked up from the
//! factory once preferred, in effect for the dapp's reads, and its transactions and call
//! bundles sent as one user operation the key signed, after the approval screen.

use std::{cell::RefCell, rc::Rc};

use alloy_primitives::{Address, Bytes, Signature, U256};
use oriel_protocol::{
    frame_page::SmartAccountContracts, AccountType, AllowList, ErrorCode, Reply, Request,
};
use pollster::block_on;
use serde_json::{json, Value};

use super::wallet_rpc::{address, rpc};
use crate::{
    config::{FrameConfig, NetworkRpc},
    env::HttpResponse,
    frame::Frame,
    sign::{smart::UserOperation, to_hex},
    test_env::{log_in, TestEnv, TestRpc},
};

const CHAIN: &str = "eip155:31337";
const ENTRY_POINT: &str = "0x0000000071727de22e5e9d8baf0edac6f37da032";
const FACTORY: &str = "0x91e60e0613810449d098b0b5ec8b51a0fe8c8985";
const SMART: &str = "0x5a5A5a5a5A5a5a5a5a5A5a5A5A5a5a5A5A5A5A5A";
const BOB: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

fn word(hex: &str) -> String {
    format!(
        "0x{:0>64}",
        hex.trim_start_matches("0x").to_ascii_lowercase()
    )
}

fn quantity(op: &Value, name: &str) -> U256 {
    op[name].as_str().unwrap().parse().unwrap()
}

fn bytes(op: &Value, name: &str) -> Bytes {
    op[name].as_str().unwrap().parse().unwrap()
}

/// The operation a bundler received, read back from its JSON.
fn operation(op: &Value) -> UserOperation {
    let small = |name: &str| quantity(op, name).to::<u128>();
    UserOperation {
        sender: op["sender"].as_str().unwrap().parse().unwrap(),
        nonce: quantity(op, "nonce"),
        factory: op["factory"]
            .as_str()
            .map(|f| (f.parse().unwrap(), bytes(op, "factoryData"))),
        call_data: bytes(op, "callData"),
        call_gas_limit: small("callGasLimit"),
        verification_gas_limit: small("verificationGasLimit"),
        pre_verification_gas: quantity(op, "preVerificationGas"),
        max_fee_per_gas: small("maxFeePerGas"),
        max_priority_fee_per_gas: small("maxPriorityFeePerGas"),
        signature: bytes(op, "signature"),
    }
}

/// A logged-in frame on the devnet with smart accounts: the chain knows the account at
/// `SMART` (not deployed, nonce 7), and the bundler (through frame-host) estimates, takes
/// operations (kept in `sent`) and has their receipts.
fn frame(sent: Rc<RefCell<Vec<Value>>>) -> Frame<TestEnv> {
    let chain = move |_url: &str, body: &str| {
        let call: Value = serde_json::from_str(body).unwrap();
        let params = &call["params"];
        let result = match call["method"].as_str().unwrap() {
            "eth_call"
                if params[0]["to"]
                    .as_str()
                    .unwrap()
                    .eq_ignore_ascii_case(FACTORY) =>
            {
                json!(word(SMART))
            }
            "eth_call" => json!(word("7")),
            "eth_getCode" => json!("0x"),
            "eth_maxPriorityFeePerGas" => json!("0x3b9aca00"),
            "eth_getBlockByNumber" => json!({ "baseFeePerGas": "0x7" }),
            "eth_getBalance" => json!("0xde0b6b3a7640000"),
            _ => Value::Null,
        };
        let reply = json!({ "jsonrpc": "2.0", "id": call["id"], "result": result });
        (200, reply.to_string())
    };
    let bundler = move |_method: &str, path: &str, body: Option<&str>| {
        if !path.starts_with("/v1/bundler/eip155:31337?projectId=demo") {
            // No prices for the approval screen.
            return HttpResponse {
                status: 404,
                body: String::new(),
            };
        }
        let call: Value = serde_json::from_str(body.unwrap()).unwrap();
        let result = match call["method"].as_str().unwrap() {
            "eth_estimateUserOperationGas" => json!({
                "preVerificationGas": "0xc350",
                "verificationGasLimit": "0x493e0",
                "callGasLimit": "0x186a0",
            }),
            "eth_sendUserOperation" => {
                let op = operation(&call["params"][0]);
                sent.borrow_mut().push(call["params"][0].clone());
                json!(to_hex(
                    op.hash(&ENTRY_POINT.parse().unwrap(), 31337).as_slice()
                ))
            }
            "eth_getUserOperationReceipt" => json!({
                "success": true,
                "receipt": { "transactionHash": word("abc"), "status": "0x1", "logs": [] },
            }),
            other => panic!("unexpected bundler call {other}"),
        };
        HttpResponse {
            status: 200,
            body: json!({ "jsonrpc": "2.0", "id": 1, "result": result }).to_string(),
        }
    };
    let env = TestEnv {
        chain: TestRpc {
            answer: Some(Rc::new(chain)),
            ..TestRpc::default()
        },
        answer: Some(Box::new(bundler)),
        ..TestEnv::default()
    };
    let config = FrameConfig {
        project_id: "demo".into(),
        allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
        default_chain_id: CHAIN.into(),
        networks: vec![NetworkRpc {
            chain_id: CHAIN.into(),
            rpc_urls: vec!["http://127.0.0.1:8545".into()],
            smart_account: Some(SmartAccountContracts {
                entry_point: ENTRY_POINT.into(),
                account_factory: FACTORY.into(),
            }),
            ..NetworkRpc::default()
        }],
    };
    let mut f = Frame::new(config, env);
    f.connect_networks().unwrap();
    log_in(&mut f);
    f
}

fn get_user(f: &mut Frame<TestEnv>, preferred: Option<AccountType>) -> oriel_protocol::User {
    let request = Request::GetUser {
        chain_id: None,
        preferred_account_type: preferred,
    };
    match block_on(f.handle(request)) {
        Ok(Reply::GetUser(user)) => user,
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn the_preferred_smart_account_is_the_user_s_account() {
    let mut f = frame(Rc::default());
    let key = address(&f);
    let user = get_user(&mut f, Some(AccountType::Eoa));
    assert_eq!(
        (user.address.as_str(), user.accounts.len()),
        (key.as_str(), 1)
    );

    let user = get_user(&mut f, Some(AccountType::SmartAccount));
    assert_eq!(user.address, SMART);
    assert_eq!(user.preferred_account_type, AccountType::SmartAccount);
    assert!(!user.smart_account_deployed);
    assert_eq!(
        user.accounts[1].address, key,
        "the key's account is listed after it"
    );
    assert_eq!(rpc(&mut f, "eth_accounts", json!([])), Ok(json!([SMART])));
    assert_eq!(
        rpc(&mut f, "wallet_getCapabilities", json!([SMART])),
        Ok(json!({ "0x7a69": { "atomic": { "status": "supported" } } }))
    );

    assert_eq!(
        block_on(f.handle(Request::SetPreferredAccount {
            account_type: AccountType::Eoa
        })),
        Ok(Reply::SetPreferredAccount {
            account_type: AccountType::Eoa,
            address: key.clone(),
        })
    );
    assert_eq!(rpc(&mut f, "eth_accounts", json!([])), Ok(json!([key])));
}

/// The key's EIP-191 signature of the operation's hash, as `SimpleAccount` checks it.
fn signer_of(op: &Value) -> Address {
    let op = operation(op);
    let hash = op.hash(&ENTRY_POINT.parse().unwrap(), 31337);
    Signature::from_raw(&op.signature)
        .unwrap()
        .recover_address_from_msg(hash.as_slice())
        .unwrap()
}

#[test]
fn a_transaction_is_one_signed_user_operation_that_deploys_the_account() {
    let sent = Rc::new(RefCell::new(Vec::new()));
    let mut f = frame(sent.clone());
    get_user(&mut f, Some(AccountType::SmartAccount));
    let hash = rpc(
        &mut f,
        "eth_sendTransaction",
        json!([{ "from": SMART, "to": BOB, "value": "0x2386f26fc10000" }]),
    );
    assert_eq!(hash, Ok(json!(word("abc"))), "the carrying transaction");
    let summary = f.env.summaries.borrow().last().cloned().unwrap();
    assert_eq!(summary.title, "Send transaction");
    let labels: Vec<&str> = summary.rows.iter().map(|r| r.label.as_str()).collect();
    assert!(
        labels.contains(&"Account") && labels.contains(&"Max network fee"),
        "{labels:?}"
    );

    let sent = sent.borrow();
    let op = &sent[0];
    assert_eq!(op["sender"], json!(SMART));
    assert_eq!(op["nonce"], json!("0x7"));
    assert_eq!(
        op["factory"].as_str().unwrap().to_ascii_lowercase(),
        FACTORY
    );
    assert!(
        op["callData"].as_str().unwrap().starts_with("0xb61d27f6"),
        "execute"
    );
    assert_eq!(signer_of(op).to_checksum(None), address(&f));
}

#[test]
fn calls_run_as_one_batch_and_report_their_operation() {
    let sent = Rc::new(RefCell::new(Vec::new()));
    let mut f = frame(sent.clone());
    get_user(&mut f, Some(AccountType::SmartAccount));
    let calls = json!([{
        "version": "2.0.0", "chainId": "0x7a69", "from": SMART, "atomicRequired": true,
        "calls": [{ "to": BOB, "value": "0x1" }, { "to": SMART, "value": "0x2" }],
    }]);
    let id = rpc(&mut f, "wallet_sendCalls", calls).unwrap()["id"].clone();
    assert!(sent.borrow()[0]["callData"]
        .as_str()
        .unwrap()
        .starts_with("0x47e1da2a"));
    let status = rpc(&mut f, "wallet_getCallsStatus", json!([id])).unwrap();
    assert_eq!(
        (status["status"].clone(), status["atomic"].clone()),
        (json!(200), json!(true))
    );
    assert_eq!(status["receipts"][0]["transactionHash"], json!(word("abc")));
}

#[test]
fn a_smart_account_signs_no_messages() {
    let mut f = frame(Rc::default());
    get_user(&mut f, Some(AccountType::SmartAccount));
    let err = rpc(&mut f, "personal_sign", json!(["0x68656c6c6f", SMART])).unwrap_err();
    assert_eq!(err.code, ErrorCode::Rpc(4200));
    assert!(f.env.summaries.borrow().is_empty(), "nothing shown");
}
