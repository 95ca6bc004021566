//! Golden signing vectors: fixtures/evm and fixtures/solana hold, one per file, a fixed test
//! key's request (method and params, as a dapp sends them) and the frame's answer.
//! `fixtures/signatures.test.ts` checks every answer with viem and @solana/kit, so these files
//! tie our signatures to real libraries. A changed answer is a signing change. To write
//! missing vectors (never to change existing ones casually):
//! `ORIEL_BLESS=1 cargo test -p oriel-signer --test signatures`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use alloy_signer_local::PrivateKeySigner;
use ed25519_dalek::SigningKey;
use oriel_protocol::{ErrorCode, ErrorReply};
use oriel_signer::keys::Addresses;
use oriel_signer::sign::{
    self, describe, fill, parse, sign_transaction, solana, ChainReader, Facts, SignRequest, Value,
};
use serde_json::{json, Value as Json};

/// Hardhat's first account: a well-known test key that must never hold real funds.
const EVM_KEY: &str = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
/// A fixed ed25519 seed for the Solana vectors (test only).
const SOLANA_SEED: [u8; 32] = [
    0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c, 0xc4,
    0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60,
];
const BOB: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

fn hex(bytes: &[u8]) -> String {
    let digits: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("0x{digits}")
}

fn b64(bytes: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn evm_signer() -> PrivateKeySigner {
    EVM_KEY.parse().unwrap()
}

fn solana_key() -> SigningKey {
    SigningKey::from_bytes(&SOLANA_SEED)
}

fn addresses() -> Addresses {
    Addresses {
        eip155: evm_signer().address().to_checksum(None),
        solana: solana::base58(&solana_key().verifying_key().to_bytes()),
    }
}

/// A chain that is never asked: every vector's transaction is fully specified.
struct NoChain;

impl ChainReader for NoChain {
    async fn call(&self, method: &str, _: Json) -> Result<Json, ErrorReply> {
        Err(ErrorReply::new(
            ErrorCode::Internal,
            format!("unexpected call to {method}"),
        ))
    }
}

/// The frame's answer to `method(params)` with the test keys on `chain` (for signing only:
/// nothing is broadcast), and the approval screen's rows as JSON for the vector.
fn answer(method: &str, params: &Json, chain_id: u64) -> (Json, Json) {
    let request = parse(method, params, &addresses()).unwrap();
    let summary = summary_json(&describe(&request, &Facts::default()));
    let result = match &request {
        SignRequest::PersonalSign { message } => {
            json!(sign::personal_sign(&evm_signer(), message).unwrap())
        }
        SignRequest::TypedData(data) => {
            json!(sign::sign_typed_data(&evm_signer(), data, chain_id).unwrap())
        }
        SignRequest::SendTransaction(tx) => {
            let filled = pollster::block_on(fill(tx, chain_id, &NoChain)).unwrap();
            let raw = sign_transaction(&evm_signer(), &filled).unwrap();
            json!({ "raw": hex(&raw) })
        }
        SignRequest::SolanaSignMessage { message } => solana::sign_message(&solana_key(), message),
        SignRequest::SolanaSignTransaction { tx } => {
            solana::sign_transaction_reply(&solana_key(), tx).unwrap()
        }
        SignRequest::SolanaSignAllTransactions { txs } => {
            solana::sign_all_transactions_reply(&solana_key(), txs).unwrap()
        }
        other => panic!("no vector for {other:?}"),
    };
    (result, summary)
}

fn value_json(value: &Value) -> Json {
    match value {
        Value::Text(t) | Value::Plain(t) | Value::Mono(t) | Value::Address(t) => json!(t),
        Value::Tree(items) => Json::Array(
            items
                .iter()
                .map(|(k, v)| json!([k, value_json(v)]))
                .collect(),
        ),
    }
}

fn summary_json(summary: &sign::Summary) -> Json {
    json!({
        "title": summary.title,
        "rows": summary.rows.iter().map(|r| json!([r.label, value_json(&r.value)])).collect::<Vec<_>>(),
    })
}

struct Vector {
    name: &'static str,
    method: &'static str,
    params: Json,
    chain_id: u64,
}

fn evm_vectors() -> Vec<Vector> {
    let me = addresses().eip155;
    let transfer = format!(
        "0xa9059cbb000000000000000000000000{}{:064x}",
        BOB[2..].to_lowercase(),
        1_000_000u64
    );
    vec![
        Vector {
            name: "personal-sign-text",
            method: "personal_sign",
            params: json!([hex(b"Sign in to Oriel\nNonce: 8f3a2c"), me]),
            chain_id: 31337,
        },
        Vector {
            name: "personal-sign-binary",
            method: "personal_sign",
            params: json!([hex(&[0xde, 0xad, 0xbe, 0xef, 0x00, 0xff]), me]),
            chain_id: 31337,
        },
        Vector {
            name: "typed-data-mail",
            method: "eth_signTypedData_v4",
            params: json!([me, {
                "types": {
                    "EIP712Domain": [
                        { "name": "name", "type": "string" },
                        { "name": "version", "type": "string" },
                        { "name": "chainId", "type": "uint256" },
                        { "name": "verifyingContract", "type": "address" }
                    ],
                    "Person": [{ "name": "name", "type": "string" }, { "name": "wallet", "type": "address" }],
                    "Mail": [
                        { "name": "from", "type": "Person" },
                        { "name": "to", "type": "Person" },
                        { "name": "contents", "type": "string" }
                    ]
                },
                "primaryType": "Mail",
                "domain": {
                    "name": "Ether Mail",
                    "version": "1",
                    "chainId": 31337,
                    "verifyingContract": "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"
                },
                "message": {
                    "from": { "name": "Cow", "wallet": "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" },
                    "to": { "name": "Bob", "wallet": "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB" },
                    "contents": "Hello, Bob!"
                }
            }]),
            chain_id: 31337,
        },
        Vector {
            name: "transaction-eth-transfer",
            method: "eth_sendTransaction",
            params: json!([{
                "from": me, "to": BOB, "value": "0xde0b6b3a7640000", "chainId": "0x7a69",
                "nonce": "0x0", "gas": "0x5208",
                "maxFeePerGas": "0x77359400", "maxPriorityFeePerGas": "0x3b9aca00"
            }]),
            chain_id: 31337,
        },
        Vector {
            name: "transaction-erc20-transfer",
            method: "eth_sendTransaction",
            params: json!([{
                "from": me, "to": "0x5FbDB2315678afecb367f032d93F642f64180aa3", "data": transfer,
                "nonce": "0x2a", "gas": "0xfde8",
                "maxFeePerGas": "0x6fc23ac00", "maxPriorityFeePerGas": "0x59682f00",
                "accessList": [{
                    "address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                    "storageKeys": ["0x0000000000000000000000000000000000000000000000000000000000000003"]
                }]
            }]),
            chain_id: 8453,
        },
    ]
}

/// System program `transfer` of `lamports`: instruction index 2, then the amount (LE).
fn transfer_data(lamports: u64) -> Vec<u8> {
    let mut data = 2u32.to_le_bytes().to_vec();
    data.extend_from_slice(&lamports.to_le_bytes());
    data
}

fn push_instruction(out: &mut Vec<u8>, program: u8, accounts: &[u8], data: &[u8]) {
    out.push(program);
    solana::write_compact_u16(out, accounts.len() as u16);
    out.extend_from_slice(accounts);
    solana::write_compact_u16(out, data.len() as u16);
    out.extend_from_slice(data);
}

/// An unsigned wire transaction: `signers` zero signatures, then `message`.
fn unsigned(signers: usize, message: &[u8]) -> String {
    let mut tx = Vec::new();
    solana::write_compact_u16(&mut tx, signers as u16);
    tx.extend(std::iter::repeat_n(0u8, 64 * signers));
    tx.extend_from_slice(message);
    b64(&tx)
}

fn legacy_transfer(payer: &[u8; 32], to: &[u8; 32], lamports: u64, blockhash: [u8; 32]) -> String {
    let mut m = vec![1, 0, 1, 3];
    m.extend_from_slice(payer);
    m.extend_from_slice(to);
    m.extend_from_slice(&[0; 32]);
    m.extend_from_slice(&blockhash);
    m.push(1);
    push_instruction(&mut m, 2, &[0, 1], &transfer_data(lamports));
    unsigned(1, &m)
}

fn solana_vectors() -> Vec<Vector> {
    let me = addresses().solana;
    let payer = solana_key().verifying_key().to_bytes();
    let bob = [0x42; 32];
    // v0: the recipient comes from an address lookup table.
    let mut v0 = vec![0x80, 1, 0, 1, 2];
    v0.extend_from_slice(&payer);
    v0.extend_from_slice(&[0; 32]);
    v0.extend_from_slice(&[0x17; 32]);
    v0.push(1);
    push_instruction(&mut v0, 1, &[0, 2], &transfer_data(250_000));
    v0.push(1);
    v0.extend_from_slice(&[0x33; 32]);
    v0.extend_from_slice(&[1, 5, 0]);
    // Two signers: a co-signer pays the fee, our key signs second.
    let co_signer = SigningKey::from_bytes(&[0x55; 32])
        .verifying_key()
        .to_bytes();
    let mut two = vec![2, 0, 1, 3];
    two.extend_from_slice(&co_signer);
    two.extend_from_slice(&payer);
    two.extend_from_slice(&[0; 32]);
    two.extend_from_slice(&[0x21; 32]);
    two.push(1);
    push_instruction(&mut two, 2, &[1, 0], &transfer_data(1));
    vec![
        Vector {
            name: "sign-message",
            method: "solana_signMessage",
            params: json!({ "message": bs58::encode("Sign in to Oriel").into_string(), "pubkey": me }),
            chain_id: 0,
        },
        Vector {
            name: "legacy-transfer",
            method: "solana_signTransaction",
            params: json!({ "transaction": legacy_transfer(&payer, &bob, 1_000_000, [0x09; 32]), "pubkey": me }),
            chain_id: 0,
        },
        Vector {
            name: "v0-lookup-transfer",
            method: "solana_signTransaction",
            params: json!({ "transaction": unsigned(1, &v0) }),
            chain_id: 0,
        },
        Vector {
            name: "second-signer",
            method: "solana_signTransaction",
            params: json!({ "transaction": unsigned(2, &two) }),
            chain_id: 0,
        },
        Vector {
            name: "sign-all",
            method: "solana_signAllTransactions",
            params: json!({ "transactions": [
                legacy_transfer(&payer, &bob, 1, [0x0a; 32]),
                legacy_transfer(&payer, &bob, 2, [0x0b; 32]),
            ] }),
            chain_id: 0,
        },
    ]
}

fn check(dir: &str, vectors: Vec<Vector>, key: Json) {
    let dir = fixtures().join(dir);
    let bless = std::env::var_os("ORIEL_BLESS").is_some();
    fs::create_dir_all(&dir).unwrap();
    let mut names = BTreeSet::new();
    for vector in vectors {
        let (result, summary) = answer(vector.method, &vector.params, vector.chain_id);
        let mut expected = json!({
            "key": key,
            "method": vector.method,
            "params": vector.params,
            "result": result,
            "summary": summary,
        });
        if vector.chain_id != 0 {
            expected["chainId"] = json!(vector.chain_id);
        }
        let path = dir.join(format!("{}.json", vector.name));
        if bless && !path.exists() {
            fs::write(
                &path,
                serde_json::to_string_pretty(&expected).unwrap() + "\n",
            )
            .unwrap();
        }
        let golden: Json = serde_json::from_str(
            &fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing {}", path.display())),
        )
        .unwrap();
        assert_eq!(
            golden, expected,
            "{}: the frame's answer changed",
            vector.name
        );
        names.insert(format!("{}.json", vector.name));
    }
    let found: BTreeSet<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        found,
        names,
        "stray or missing vectors in {}",
        dir.display()
    );
}

#[test]
fn evm_vectors_are_golden() {
    let signer = evm_signer();
    check(
        "evm",
        evm_vectors(),
        json!({ "privateKey": format!("0x{EVM_KEY}"), "address": signer.address().to_checksum(None) }),
    );
}

#[test]
fn solana_vectors_are_golden() {
    check(
        "solana",
        solana_vectors(),
        json!({ "seed": hex(&SOLANA_SEED), "address": addresses().solana }),
    );
}
