//! Sign-in of contract accounts against a real chain: hardhat's node with the devnet's contract
//! wallet (`devnet/contracts/DevSmartWallet.sol`, deployed through its CREATE2 factory by
//! `devnet/wallets.mjs`). ERC-1271 for a deployed wallet, ERC-6492 for one that is not deployed
//! yet; the signatures and ERC-6492 wrappers are made by viem.

use crate::common;
use crate::siwx_common;

use axum::http::StatusCode;
use common::{
    devnet::{rpc, Devnet},
    TestApp,
};
use oriel_frame_host::NetworkConfig;
use serde_json::{json, Value};
use siwx_common::{nonce, personal_sign, sign_in, signer, Msg, KEY, OTHER_KEY, SHOP};

const WALLETS: &str = "const [url, owner] = process.argv.slice(1); \
    const w = await import('./devnet/wallets.mjs'); \
    const factory = await w.deploySmartWalletFactory(url); \
    const salt = (n) => `0x${n.toString(16).padStart(64, '0')}`; \
    const deployed = await w.smartWallet(url, factory, owner, salt(1), { deploy: true }); \
    const counterfactual = await w.smartWallet(url, factory, owner, salt(2), { deploy: false }); \
    console.log(JSON.stringify({ factory, deployed, counterfactual }));";

/// The owner key's signature of the message's EIP-191 hash (what the wallet's ERC-1271 checks),
/// plain and wrapped for ERC-6492 with the factory call.
const SIGN: &str = "const [, key, text, factory, factoryCall] = process.argv.slice(1); \
    const { hashMessage, serializeErc6492Signature } = await import('viem'); \
    const { privateKeyToAccount } = await import('viem/accounts'); \
    const plain = await privateKeyToAccount(key).sign({ hash: hashMessage(text) }); \
    const wrapped = serializeErc6492Signature({ address: factory, data: factoryCall, signature: plain }); \
    console.log(JSON.stringify({ plain, wrapped }));";

struct Wallets {
    factory: String,
    deployed: Value,
    counterfactual: Value,
}

/// Signs `address` in with `signature(text)`; the reply.
async fn attempt(
    t: &TestApp,
    address: &str,
    signature: impl FnOnce(&str) -> String,
) -> common::Reply {
    let text = Msg::eip155(t, address, &nonce(t).await).text();
    sign_in(t, &text, &signature(&text), Some(SHOP)).await
}

fn verified(r: &common::Reply) -> String {
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()["session"]["verification"].as_str().unwrap().into()
}

fn refused(r: &common::Reply) -> String {
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    r.error().2
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn contract_accounts_sign_in_with_erc1271_and_erc6492() {
    let devnet = Devnet::start().await;
    let owner = signer(KEY).address().to_checksum(None);
    let w = devnet.node(WALLETS, &[&owner]);
    let w = Wallets {
        factory: w["factory"].as_str().unwrap().into(),
        deployed: w["deployed"].clone(),
        counterfactual: w["counterfactual"].clone(),
    };
    let url = devnet.url.clone();
    let t = TestApp::with(move |c| {
        c.networks = vec![NetworkConfig {
            chain_id: "eip155:31337".into(),
            rpc_urls: vec![url],
            ..NetworkConfig::default()
        }];
    })
    .await;
    let sign = |key: &str, text: &str, wallet: &Value| -> Value {
        let call = wallet["factoryCall"].as_str().unwrap();
        devnet.node(SIGN, &[&format!("0x{key}"), text, &w.factory, call])
    };
    let wallet_sig = |key: &'static str, wallet: &Value, kind: &'static str| {
        let wallet = wallet.clone();
        let sign = &sign;
        move |text: &str| sign(key, text, &wallet)[kind].as_str().unwrap().to_owned()
    };

    // ERC-1271: the deployed wallet's isValidSignature answers 0x1626ba7e for its owner's.
    let deployed = w.deployed["address"].as_str().unwrap();
    let r = attempt(&t, deployed, wallet_sig(KEY, &w.deployed, "plain")).await;
    assert_eq!(verified(&r), "erc1271");
    let r = attempt(&t, deployed, wallet_sig(OTHER_KEY, &w.deployed, "plain")).await;
    assert_eq!(refused(&r), "Invalid signature");
    // An ERC-6492 wrapper of a deployed wallet's signature is checked against the wallet.
    let r = attempt(&t, deployed, wallet_sig(KEY, &w.deployed, "wrapped")).await;
    assert_eq!(verified(&r), "erc6492");

    // ERC-6492: a wallet that is not deployed; checking deploys nothing.
    let counterfactual = w.counterfactual["address"].as_str().unwrap();
    let code = || {
        rpc(
            &devnet.url,
            "eth_getCode",
            json!([counterfactual, "latest"]),
        )
    };
    assert_eq!(code().await.unwrap(), json!("0x"));
    let r = attempt(
        &t,
        counterfactual,
        wallet_sig(KEY, &w.counterfactual, "wrapped"),
    )
    .await;
    assert_eq!(verified(&r), "erc6492");
    assert_eq!(code().await.unwrap(), json!("0x"), "still not deployed");
    let r = attempt(
        &t,
        counterfactual,
        wallet_sig(OTHER_KEY, &w.counterfactual, "wrapped"),
    )
    .await;
    assert_eq!(refused(&r), "Invalid signature");
    // Its plain signature cannot be checked: there is no code to ask, and it is not an EOA's.
    let r = attempt(
        &t,
        counterfactual,
        wallet_sig(KEY, &w.counterfactual, "plain"),
    )
    .await;
    assert_eq!(refused(&r), "Invalid signature");
    // A wrapper whose factory call deploys another wallet (the deployed one's call).
    let r = attempt(&t, counterfactual, wallet_sig(KEY, &w.deployed, "wrapped")).await;
    assert_eq!(refused(&r), "Invalid signature");

    // An EOA: its own signature needs no chain; another key's is refused after the chain says
    // the address has no code.
    let eoa = signer(KEY);
    let r = attempt(&t, &owner, |text| personal_sign(&eoa, text)).await;
    assert_eq!(verified(&r), "eoa");
    let other = signer(OTHER_KEY);
    let r = attempt(&t, &owner, |text| personal_sign(&other, text)).await;
    assert_eq!(refused(&r), "Invalid signature");
}

#[test]
fn the_signature_check_code_is_what_its_source_compiles_to() {
    let root = common::devnet::root();
    let out = std::process::Command::new("node")
        .args(["devnet/validator/compile.mjs", "--print"])
        .current_dir(&root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let committed =
        std::fs::read_to_string(root.join("frame-host/src/siwx/signature_check.hex")).unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        committed.trim()
    );
}
