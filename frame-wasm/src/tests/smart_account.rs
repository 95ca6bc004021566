//! The embedded wallet's smart account on a network with smart accounts: derived from the
//! factory's proxy code once preferred, in effect for the dapp's reads, its transactions and
//! call bundles sent as one user operation the key signed, and its messages signed for
//! ERC-1271 (ERC-6492 while not deployed), each after the approval screen.

use std::{cell::RefCell, rc::Rc};

use alloy_primitives::{eip191_hash_message, Address, Bytes, Signature, B256, U256};
use oriel_protocol::{frame_page::SmartAccountContracts, AccountType, AllowList, Reply, Request};
use oriel_signer::sign::{
    parse_address,
    smart::{safe, Contracts, UserOperation},
    to_hex,
};
use pollster::block_on;
use serde_json::{json, Value};

use super::wallet_rpc::{address, rpc};
use crate::{
    config::{FrameConfig, NetworkRpc},
    env::HttpResponse,
    frame::Frame,
    test_env::{log_in, TestEnv, TestRpc},
};

const CHAIN: &str = "eip155:31337";
const ENTRY_POINT: &str = "0x0000000071727de22e5e9d8baf0edac6f37da032";
const SINGLETON: &str = "0x41675c099f32341bf84bfc5382af534df5c7461a";
const FACTORY: &str = "0x4e1dcf7ad4e460cfd30791ccc4f9c8a4f820ec67";
const MODULE: &str = "0x75cf11467937ce3f2f357ce24ffc3dbf8fd5c226";
const MODULE_SETUP: &str = "0x2dd68b007b46fbe91b9a7c3eda5a7a1063cb5b47";
const MULTI_SEND: &str = "0x9641d764fc13c8b624c04430c7356c1c7c8102e2";
/// What the test chain's factory answers for `proxyCreationCode()` (any code will do here:
/// the derivation is checked against viem in `safe`'s tests).
const PROXY_CODE: [u8; 3] = [0x60, 0x80, 0x60];
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

fn contracts() -> Contracts {
    let address = |a: &str| parse_address(a).unwrap();
    Contracts {
        entry_point: address(ENTRY_POINT),
        singleton: address(SINGLETON),
        proxy_factory: address(FACTORY),
        module: address(MODULE),
        module_setup: address(MODULE_SETUP),
        multi_send: address(MULTI_SEND),
    }
}

/// The smart account of the frame's key.
fn smart(f: &Frame<TestEnv>) -> String {
    let owner = parse_address(&address(f)).unwrap();
    safe::address(&contracts(), &owner, &PROXY_CODE).to_checksum(None)
}

/// A logged-in frame on the devnet with smart accounts: the chain's factory answers its
/// proxy code, the key's account is not deployed (nonce 7), and the bundler (through
/// frame-host) estimates, takes operations (kept in `sent`) and has their receipts.
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
                let mut answer = vec![0u8; 96];
                answer[31] = 32;
                answer[63] = PROXY_CODE.len() as u8;
                answer[64..67].copy_from_slice(&PROXY_CODE);
                json!(to_hex(&answer))
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
                safe_singleton: SINGLETON.into(),
                safe_proxy_factory: FACTORY.into(),
                safe_4337_module: MODULE.into(),
                safe_module_setup: MODULE_SETUP.into(),
                multi_send_call_only: MULTI_SEND.into(),
            }),
            ..NetworkRpc::default()
        }],
    };
    let mut f = Frame::new(config, env);
    f.set_parent_origin("http://localhost:5173");
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
    let smart = smart(&f);
    assert_eq!(user.address, smart);
    assert_eq!(user.preferred_account_type, AccountType::SmartAccount);
    assert!(!user.smart_account_deployed);
    assert_eq!(
        user.accounts[1].address, key,
        "the key's account is listed after it"
    );
    assert_eq!(rpc(&mut f, "eth_accounts", json!([])), Ok(json!([smart])));
    assert_eq!(
        rpc(&mut f, "wallet_getCapabilities", json!([smart])),
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

/// Who signed `hash` with the 65-byte `signature` (a raw-hash ECDSA signature, as the Safe
/// checks an owner's).
fn recover(signature: &[u8], hash: &B256) -> Address {
    Signature::from_raw(signature)
        .unwrap()
        .recover_address_from_prehash(hash)
        .unwrap()
}

/// The key that signed the operation's `SafeOp`, after the validity window (0, 0).
fn signer_of(op: &Value) -> Address {
    let op = operation(op);
    assert_eq!(
        op.signature[..12],
        [0u8; 12],
        "valid from the start, without end"
    );
    recover(
        &op.signature[12..],
        &safe::operation_hash(&op, &contracts(), 31337),
    )
}

#[test]
fn a_transaction_is_one_signed_user_operation_that_deploys_the_account() {
    let sent = Rc::new(RefCell::new(Vec::new()));
    let mut f = frame(sent.clone());
    get_user(&mut f, Some(AccountType::SmartAccount));
    let smart = smart(&f);
    let hash = rpc(
        &mut f,
        "eth_sendTransaction",
        json!([{ "from": smart, "to": BOB, "value": "0x2386f26fc10000" }]),
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
    assert_eq!(op["sender"], json!(smart));
    assert_eq!(op["nonce"], json!("0x7"));
    assert_eq!(
        op["factory"].as_str().unwrap().to_ascii_lowercase(),
        FACTORY
    );
    assert!(
        op["callData"].as_str().unwrap().starts_with("0x7bb37428"),
        "executeUserOp"
    );
    assert_eq!(signer_of(op).to_checksum(None), address(&f));
}

#[test]
fn calls_run_as_one_batch_and_report_their_operation() {
    let sent = Rc::new(RefCell::new(Vec::new()));
    let mut f = frame(sent.clone());
    get_user(&mut f, Some(AccountType::SmartAccount));
    let smart = smart(&f);
    let calls = json!([{
        "version": "2.0.0", "chainId": "0x7a69", "from": smart, "atomicRequired": true,
        "calls": [{ "to": BOB, "value": "0x1" }, { "to": smart, "value": "0x2" }],
    }]);
    let id = rpc(&mut f, "wallet_sendCalls", calls).unwrap()["id"].clone();
    let call_data = sent.borrow()[0]["callData"].as_str().unwrap().to_owned();
    assert!(call_data.starts_with("0x7bb37428"), "executeUserOp");
    assert!(
        call_data.contains(&MULTI_SEND[2..]) && call_data.contains("8d80ff0a"),
        "through MultiSendCallOnly"
    );
    let status = rpc(&mut f, "wallet_getCallsStatus", json!([id])).unwrap();
    assert_eq!(
        (status["status"].clone(), status["atomic"].clone()),
        (json!(200), json!(true))
    );
    assert_eq!(status["receipts"][0]["transactionHash"], json!(word("abc")));
}

#[test]
fn an_undeployed_account_signs_messages_for_erc_6492() {
    let mut f = frame(Rc::default());
    get_user(&mut f, Some(AccountType::SmartAccount));
    let smart = smart(&f);
    let key = parse_address(&address(&f)).unwrap();
    let signature = rpc(&mut f, "personal_sign", json!(["0x68656c6c6f", smart])).unwrap();
    let summary = f.env.summaries.borrow().last().cloned().unwrap();
    assert_eq!(summary.title, "Sign message", "approved like the key's");

    let signature: Bytes = signature.as_str().unwrap().parse().unwrap();
    let (wrapped, suffix) = signature.split_at(signature.len() - 32);
    assert_eq!(suffix, oriel_protocol::signature::ERC6492_SUFFIX);
    assert_eq!(
        wrapped[12..32],
        *FACTORY.parse::<Address>().unwrap().as_slice()
    );
    let owner_call = safe::factory_data(&contracts(), &key);
    let inner_at = 96 + 32 + owner_call.len().div_ceil(32) * 32;
    assert_eq!(wrapped[96 + 32..96 + 32 + owner_call.len()], owner_call[..]);
    assert_eq!(
        U256::from_be_slice(&wrapped[inner_at..inner_at + 32]),
        U256::from(65)
    );
    let inner = &wrapped[inner_at + 32..inner_at + 32 + 65];
    let smart: Address = smart.parse().unwrap();
    let hash = safe::message_hash(&smart, 31337, &eip191_hash_message(b"hello"));
    assert_eq!(
        recover(inner, &hash),
        key,
        "the key signed the Safe message"
    );
}
