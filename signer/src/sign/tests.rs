//! Tests across the signing modules: parse, describe, fill/sign/send, ERC-5792, execute.

use super::calls::{get_capabilities, parse_calls, MAX_BUNDLES, MAX_CALLS};
use super::codec;
use super::describe::{size, MESSAGE_SHOWN_BYTES, SHOWN_ENTRIES, SHOWN_TEXT_BYTES};
use super::format::{format_count, format_gwei, format_units};
use super::test_chain::TestChain;
use super::tx::{parse_tx, GWEI, MAX_FEE_PER_GAS_CAP};
use super::*;
use crate::keys::{create_wallet, Addresses, Device};
use alloy_consensus::{Transaction as _, TxEnvelope};
use alloy_eips::eip2718::Decodable2718;
use alloy_primitives::{Address, U256};
use alloy_signer_local::PrivateKeySigner;
use ed25519_dalek::SigningKey;
use oriel_protocol::{ErrorCode, ErrorReply};
use serde_json::{json, Value as Json};

/// Hardhat's first account: a well-known test key, never for real funds.
const KEY: &str = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const ADDRESS: &str = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const BOB: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

fn signer() -> PrivateKeySigner {
    KEY.parse().unwrap()
}

fn solana_key() -> SigningKey {
    SigningKey::from_bytes(&[7; 32])
}

/// What the screen shows for `req` when the frame looked nothing up.
fn describe<Tx: ShownTx>(req: &SignRequest<Tx>) -> Summary {
    super::describe(req, &Facts::default())
}

fn addresses() -> Addresses {
    Addresses {
        eip155: ADDRESS.into(),
        solana: solana::base58(&solana_key().verifying_key().to_bytes()),
    }
}

fn block_on<F: core::future::Future>(future: F) -> F::Output {
    pollster::block_on(future)
}

/// A legacy transfer-like transaction with our solana key as fee payer.
fn solana_tx_bytes(payer: &[u8; 32]) -> Vec<u8> {
    let mut tx = vec![1];
    tx.extend_from_slice(&[0; 64]);
    tx.extend_from_slice(&[1, 0, 1, 3]);
    tx.extend_from_slice(payer);
    tx.extend_from_slice(&[4; 32]);
    tx.extend_from_slice(&[0; 32]);
    tx.extend_from_slice(&[9; 32]);
    tx.extend_from_slice(&[
        1, 2, 2, 0, 1, 12, 2, 0, 0, 0, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0,
    ]);
    tx
}

fn b64(bytes: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

// ---------------------------------------------------------------- parse

#[test]
fn personal_sign_params() {
    let req = parse(
        "personal_sign",
        &json!(["0x68656c6c6f", ADDRESS]),
        &addresses(),
    )
    .unwrap();
    assert_eq!(
        req,
        SignRequest::PersonalSign {
            message: b"hello".to_vec()
        }
    );
    // Plain text is signed as its UTF-8 bytes; the address may be lowercase.
    let req = parse(
        "personal_sign",
        &json!(["hi there", ADDRESS.to_lowercase()]),
        &addresses(),
    )
    .unwrap();
    assert_eq!(
        req,
        SignRequest::PersonalSign {
            message: b"hi there".to_vec()
        }
    );
    assert_eq!(
        parse("personal_sign", &json!(["0x00", BOB]), &addresses()),
        Err(SignError::Unauthorized(BOB.into()))
    );
    assert!(matches!(
        parse("personal_sign", &json!(["0x00"]), &addresses()),
        Err(SignError::InvalidParams(_))
    ));
    assert!(matches!(
        parse("personal_sign", &json!([1, ADDRESS]), &addresses()),
        Err(SignError::InvalidParams(_))
    ));
}

#[test]
fn typed_data_params_accept_string_or_object_and_check_the_account() {
    let data = json!({
        "types": { "EIP712Domain": [{ "name": "name", "type": "string" }],
                   "Hello": [{ "name": "who", "type": "string" }] },
        "primaryType": "Hello",
        "domain": { "name": "Oriel" },
        "message": { "who": "world" }
    });
    let a = parse(
        "eth_signTypedData_v4",
        &json!([ADDRESS, data.clone()]),
        &addresses(),
    )
    .unwrap();
    let b = parse(
        "eth_signTypedData_v4",
        &json!([ADDRESS, data.to_string()]),
        &addresses(),
    )
    .unwrap();
    assert_eq!(a, b);
    assert_eq!(
        parse("eth_signTypedData_v4", &json!([BOB, data]), &addresses()),
        Err(SignError::Unauthorized(BOB.into()))
    );
    let broken = json!({ "types": {}, "primaryType": "Missing", "message": {} });
    assert!(matches!(
        parse(
            "eth_signTypedData_v4",
            &json!([ADDRESS, broken]),
            &addresses()
        ),
        Err(SignError::InvalidParams(_))
    ));
}

#[test]
fn unsupported_and_refused_methods() {
    for method in [
        "wallet_grantPermissions",
        "wallet_revokePermissions",
        "eth_sendUserOperation",
    ] {
        let err = parse(method, &json!([]), &addresses()).unwrap_err();
        assert_eq!(err, SignError::UnsupportedMethod(method.into()));
        assert_eq!(ErrorReply::from(err).code, ErrorCode::Rpc(4200));
    }
    for method in ["eth_sign", "eth_signTransaction", "eth_call", "whatever"] {
        assert_eq!(
            parse(method, &json!([]), &addresses()),
            Err(SignError::NotAllowed)
        );
    }
}

#[test]
fn send_calls_params_follow_erc5792_and_the_0x_rule() {
    let good = json!([{
        "version": "2.0.0",
        "from": ADDRESS,
        "chainId": "0x7a69",
        "atomicRequired": false,
        "calls": [{ "to": BOB, "value": "0x1" }, { "to": BOB, "data": "0xa9059cbb" }]
    }]);
    let SignRequest::SendCalls(calls) = parse("wallet_sendCalls", &good, &addresses()).unwrap()
    else {
        panic!("not SendCalls")
    };
    assert_eq!((calls.chain_id, calls.calls.len()), (31337, 2));
    assert_eq!(calls.calls[0].value, U256::from(1));

    let with = |call: Json| json!([{ "chainId": "0x1", "calls": [{ "to": BOB }, call] }]);
    assert_eq!(
        parse(
            "wallet_sendCalls",
            &with(json!({ "to": &BOB[2..] })),
            &addresses()
        ),
        Err(SignError::CallNot0x {
            index: 1,
            field: "to"
        })
    );
    assert_eq!(
        parse(
            "wallet_sendCalls",
            &with(json!({ "data": "0x" })),
            &addresses()
        ),
        Err(SignError::CallNot0x {
            index: 1,
            field: "to"
        })
    );
    assert_eq!(
        parse(
            "wallet_sendCalls",
            &with(json!({ "to": BOB, "data": "a9059cbb" })),
            &addresses()
        ),
        Err(SignError::CallNot0x {
            index: 1,
            field: "data"
        })
    );
    let too_many =
        json!([{ "chainId": "0x1", "calls": vec![json!({ "to": BOB }); MAX_CALLS + 1] }]);
    assert_eq!(
        parse("wallet_sendCalls", &too_many, &addresses()),
        Err(SignError::BundleTooLarge(MAX_CALLS + 1))
    );
    let capability = json!([{ "chainId": "0x1", "calls": [{ "to": BOB }],
        "capabilities": { "paymasterService": { "url": "https://pm" } } }]);
    let err = parse("wallet_sendCalls", &capability, &addresses()).unwrap_err();
    assert_eq!(err.code(), 5700);
    let optional = json!([{ "chainId": "0x1", "calls": [{ "to": BOB }],
        "capabilities": { "paymasterService": { "url": "https://pm", "optional": true } } }]);
    assert!(parse("wallet_sendCalls", &optional, &addresses()).is_ok());
    let other_sender = json!([{ "from": BOB, "chainId": "0x1", "calls": [{ "to": BOB }] }]);
    assert_eq!(
        parse("wallet_sendCalls", &other_sender, &addresses()),
        Err(SignError::Unauthorized(BOB.into()))
    );
}

#[test]
fn solana_params_follow_the_walletconnect_shapes() {
    let me = addresses().solana;
    let req = parse(
        "solana_signMessage",
        &json!({ "message": bs58::encode(b"gm").into_string(), "pubkey": me }),
        &addresses(),
    )
    .unwrap();
    assert_eq!(
        req,
        SignRequest::SolanaSignMessage {
            message: b"gm".to_vec()
        }
    );
    let stranger = solana::base58(&[8; 32]);
    assert_eq!(
        parse(
            "solana_signMessage",
            &json!({ "message": "3yZe7d", "pubkey": stranger }),
            &addresses()
        ),
        Err(SignError::Unauthorized(stranger))
    );
    assert!(parse(
        "solana_signMessage",
        &json!({ "message": "0OIl" , "pubkey": me}),
        &addresses()
    )
    .is_err());

    let payer = solana_key().verifying_key().to_bytes();
    let tx = b64(&solana_tx_bytes(&payer));
    assert!(matches!(
        parse(
            "solana_signTransaction",
            &json!({ "transaction": tx }),
            &addresses()
        ),
        Ok(SignRequest::SolanaSignTransaction { .. })
    ));
    assert!(matches!(
        parse("solana_signAllTransactions", &json!({ "transactions": [tx, tx] }), &addresses()),
        Ok(SignRequest::SolanaSignAllTransactions { txs }) if txs.len() == 2
    ));
    let send = parse(
        "solana_signAndSendTransaction",
        &json!({ "transaction": tx, "sendOptions": { "preflightCommitment": "processed" } }),
        &addresses(),
    )
    .unwrap();
    assert!(
        matches!(send, SignRequest::SolanaSignAndSendTransaction { options, .. }
        if options.preflight_commitment.as_deref() == Some("processed"))
    );
    assert_eq!(
        parse(
            "solana_signAndSendTransaction",
            &json!({ "transaction": tx, "sendOptions": { "preflightCommitment": "latest" } }),
            &addresses()
        ),
        Err(SignError::InvalidPreflightCommitment("latest".into()))
    );
    assert!(matches!(
        parse(
            "solana_signAllTransactions",
            &json!({ "transactions": [] }),
            &addresses()
        ),
        Err(SignError::InvalidParams(_))
    ));
}

// ---------------------------------------------------------------- describe

fn find<'a>(summary: &'a Summary, label: &str) -> &'a Value {
    &summary
        .rows
        .iter()
        .find(|r| r.label == label)
        .unwrap_or_else(|| panic!("no row {label} in {summary:?}"))
        .value
}

#[test]
fn personal_sign_shows_text_or_hex() {
    let text = describe::<TxRequest>(&SignRequest::PersonalSign {
        message: b"Log in to Oriel\nnonce 7".to_vec(),
    });
    assert_eq!(text.title, "Sign message");
    assert_eq!(
        find(&text, "Message"),
        &Value::Text("Log in to Oriel\nnonce 7".into())
    );
    let binary = describe::<TxRequest>(&SignRequest::PersonalSign {
        message: vec![0xff, 0x00, 0x01],
    });
    assert_eq!(find(&binary, "Message"), &Value::Mono("0xff0001".into()));
    let control = describe::<TxRequest>(&SignRequest::PersonalSign {
        message: vec![b'a', 0x07],
    });
    assert_eq!(find(&control, "Message"), &Value::Mono("0x6107".into()));
}

#[test]
fn a_message_shows_its_size() {
    let short = describe::<TxRequest>(&SignRequest::PersonalSign {
        message: b"Log in".to_vec(),
    });
    assert_eq!(find(&short, "Size"), &Value::Text("6 bytes".into()));
    assert!(!short.rows.iter().any(|r| r.label == "Not shown"));
    let one = describe::<TxRequest>(&SignRequest::SolanaSignMessage {
        message: b"x".to_vec(),
    });
    assert_eq!(find(&one, "Size"), &Value::Text("1 byte".into()));
}

#[test]
fn a_long_message_shows_its_first_8_kib_the_rest_counted_and_hashed() {
    // W5: a 1 MB message drew all of itself before the screen appeared.
    let message = "a".repeat(1024 * 1024).into_bytes();
    let summary = describe::<TxRequest>(&SignRequest::PersonalSign {
        message: message.clone(),
    });
    assert_eq!(
        find(&summary, "Message"),
        &Value::Text("a".repeat(MESSAGE_SHOWN_BYTES))
    );
    assert_eq!(MESSAGE_SHOWN_BYTES, 8192);
    assert_eq!(
        find(&summary, "Size"),
        &Value::Text("1,048,576 bytes".into())
    );
    assert_eq!(
        find(&summary, "Not shown"),
        &Value::Text("Message truncated: 1,040,384 more bytes are not shown.".into())
    );
    use sha2::{Digest, Sha256};
    assert_eq!(
        find(&summary, "SHA-256 of the whole message"),
        &Value::Mono(codec::to_hex(&Sha256::digest(&message)))
    );

    // Text is cut at a character boundary; what is not shown is counted exactly.
    let wide = "€".repeat(3000); // 9,000 bytes, 3 to a character
    let summary = describe::<TxRequest>(&SignRequest::SolanaSignMessage {
        message: wide.into_bytes(),
    });
    let Value::Text(shown) = find(&summary, "Message") else {
        panic!("text expected");
    };
    assert_eq!(shown, &"€".repeat(2730));
    assert_eq!(
        find(&summary, "Not shown"),
        &Value::Text("Message truncated: 810 more bytes are not shown.".into())
    );

    // Bytes that are not text: the first 8 KiB in hex.
    let binary = vec![0xffu8; 9000];
    let summary = describe::<TxRequest>(&SignRequest::PersonalSign { message: binary });
    assert_eq!(
        find(&summary, "Message"),
        &Value::Mono(format!("0x{}", "ff".repeat(MESSAGE_SHOWN_BYTES)))
    );
    assert_eq!(
        find(&summary, "Not shown"),
        &Value::Text("Message truncated: 808 more bytes are not shown.".into())
    );
}

#[test]
fn a_message_of_exactly_8_kib_is_shown_whole() {
    let summary = describe::<TxRequest>(&SignRequest::PersonalSign {
        message: vec![b'z'; MESSAGE_SHOWN_BYTES],
    });
    assert_eq!(find(&summary, "Size"), &Value::Text("8,192 bytes".into()));
    assert!(!summary.rows.iter().any(|r| r.label == "Not shown"));
}

#[test]
fn counts_are_grouped_by_thousands() {
    for (n, shown) in [
        (0, "0"),
        (999, "999"),
        (1000, "1,000"),
        (1_048_576, "1,048,576"),
        (12_345_678, "12,345,678"),
    ] {
        assert_eq!(format_count(n), shown);
    }
}

fn typed_mail(contents: Json) -> SignRequest {
    parse(
        "eth_signTypedData_v4",
        &json!([ADDRESS, {
            "types": {
                "EIP712Domain": [{ "name": "name", "type": "string" }],
                "Mail": [{ "name": "contents", "type": "string[]" }]
            },
            "primaryType": "Mail",
            "domain": { "name": "Lumen" },
            "message": { "contents": contents }
        }]),
        &addresses(),
    )
    .unwrap()
}

#[test]
fn a_huge_request_is_cut_to_what_the_screen_can_draw_at_once() {
    // W5, beyond messages: a typed-data string of 1 MB, and 5,000 typed-data strings.
    let long = describe(&typed_mail(json!(["x".repeat(1024 * 1024)])));
    let Value::Tree(message) = find(&long, "Message") else {
        panic!("message not a tree")
    };
    let Value::Tree(contents) = &message[0].1 else {
        panic!("contents not a tree")
    };
    let Value::Text(shown) = &contents[0].1 else {
        panic!("a string")
    };
    assert!(shown.len() < SHOWN_TEXT_BYTES && shown.len() > SHOWN_TEXT_BYTES - 100);
    let cut = 1024 * 1024 - shown.len();
    assert_eq!(
        find(&long, "Not shown"),
        &Value::Text(format!(
            "This request is too long to show in full: {} more bytes of text and 0 more \
             entries are not shown.",
            format_count(cut)
        ))
    );

    let many = describe(&typed_mail(json!(vec!["ab"; 5000])));
    let total: usize = many.rows.iter().map(|r| 1 + size(&r.value).0).sum();
    assert!(total <= SHOWN_ENTRIES + many.rows.len());
    let Value::Tree(message) = find(&many, "Message") else {
        panic!("message not a tree")
    };
    let Value::Tree(contents) = &message[0].1 else {
        panic!("contents not a tree")
    };
    // Domain (1 entry) and the "contents" field (1) come first; then the first 998 items.
    assert_eq!(contents.len(), SHOWN_ENTRIES - 2);
    assert_eq!(contents[997], ("997".into(), Value::Text("ab".into())));
    let cut_entries = 5000 - contents.len();
    // Each item left out is its index and "ab".
    let cut_bytes: usize = (contents.len()..5000)
        .map(|i| i.to_string().len() + 2)
        .sum();
    assert_eq!(
        find(&many, "Not shown"),
        &Value::Text(format!(
            "This request is too long to show in full: {} more bytes of text and {} more \
             entries are not shown.",
            format_count(cut_bytes),
            format_count(cut_entries)
        ))
    );

    // Calldata of a blob-sized transaction: its hex is cut too.
    let data = format!("0x{}", "ab".repeat(700_000));
    let req = parse(
        "eth_sendTransaction",
        &json!([{ "from": ADDRESS, "to": BOB, "data": data }]),
        &addresses(),
    )
    .unwrap();
    let summary = describe(&req);
    let Value::Mono(hex) = find(&summary, "Data") else {
        panic!("data is hex")
    };
    assert!(data.starts_with(hex.as_str()) && hex.len() < SHOWN_TEXT_BYTES);

    // What fits is whole, with no such row.
    let small = describe(&typed_mail(json!(vec!["hello"; 10])));
    assert!(!small.rows.iter().any(|r| r.label == "Not shown"));
}

#[test]
fn typed_data_shows_domain_and_message_as_trees() {
    let req = parse(
        "eth_signTypedData_v4",
        &json!([ADDRESS, {
            "types": {
                "EIP712Domain": [{ "name": "name", "type": "string" }, { "name": "chainId", "type": "uint256" }],
                "Order": [{ "name": "maker", "type": "address" }, { "name": "amounts", "type": "uint256[]" }]
            },
            "primaryType": "Order",
            "domain": { "name": "Swap", "chainId": 31337 },
            "message": { "maker": ADDRESS, "amounts": ["1", "2"] }
        }]),
        &addresses(),
    )
    .unwrap();
    let summary = describe(&req);
    assert_eq!(summary.title, "Sign typed data");
    let Value::Tree(domain) = find(&summary, "Domain") else {
        panic!("domain not a tree")
    };
    assert!(domain.contains(&("name".into(), Value::Text("Swap".into()))));
    assert!(domain.iter().any(|(k, _)| k == "chainId"));
    assert_eq!(find(&summary, "Primary type"), &Value::Text("Order".into()));
    // Fields in the order the type declares them (maker before amounts), arrays by index.
    assert_eq!(
        find(&summary, "Message"),
        &Value::Tree(vec![
            ("maker".into(), Value::Address(ADDRESS.into())),
            (
                "amounts".into(),
                Value::Tree(vec![
                    ("0".into(), Value::Text("1".into())),
                    ("1".into(), Value::Text("2".into())),
                ])
            ),
        ])
    );
}

#[test]
fn transaction_shows_to_value_fees_and_decoded_calldata() {
    let transfer = format!(
        "0xa9059cbb000000000000000000000000{}{:064x}",
        &BOB[2..].to_lowercase(),
        2_500_000u64
    );
    let req = parse(
        "eth_sendTransaction",
        &json!([{ "from": ADDRESS, "to": BOB, "value": "0x14d1120d7b160000", "data": transfer,
                  "maxFeePerGas": "0x6fc23ac00", "maxPriorityFeePerGas": "0x59682f00", "gas": "0xea60" }]),
        &addresses(),
    )
    .unwrap();
    let summary = describe(&req);
    assert_eq!(summary.title, "Send transaction");
    assert_eq!(find(&summary, "To"), &Value::Address(BOB.into()));
    assert_eq!(find(&summary, "Amount"), &Value::Plain("1.5 ETH".into()));
    // 60000 gas at most 30 gwei each: 0.0018 ETH.
    assert_eq!(
        find(&summary, "Max network fee"),
        &Value::Plain("0.0018 ETH".into())
    );
    assert_eq!(
        find(&summary, "Total (amount + max fee)"),
        &Value::Plain("1.5018 ETH".into())
    );
    assert_eq!(
        find(&summary, "Max fee per gas"),
        &Value::Plain("30 gwei".into())
    );
    assert_eq!(
        find(&summary, "Priority fee per gas"),
        &Value::Plain("1.5 gwei".into())
    );
    assert_eq!(find(&summary, "Gas limit"), &Value::Plain("60000".into()));
    assert_eq!(
        find(&summary, "Function"),
        &Value::Tree(vec![
            ("name".into(), Value::Plain("transfer (ERC-20)".into())),
            ("to".into(), Value::Address(BOB.into())),
            ("amount".into(), Value::Plain("2500000".into())),
        ])
    );
    // Nothing looked up: no network, no balance, no warning.
    assert!(summary.warnings.is_empty());
    assert!(!summary
        .rows
        .iter()
        .any(|r| r.label == "Network" || r.label == "Your balance"));

    let approve = format!(
        "0x095ea7b3000000000000000000000000{}{}",
        &BOB[2..],
        "f".repeat(64)
    );
    let req = parse(
        "eth_sendTransaction",
        &json!([{ "to": BOB, "data": approve }]),
        &addresses(),
    )
    .unwrap();
    let summary = describe(&req);
    let Value::Tree(fields) = find(&summary, "Function") else {
        panic!()
    };
    assert!(fields.contains(&("amount".into(), Value::Plain("unlimited".into()))));
    assert_eq!(find(&summary, "Amount"), &Value::Plain("0 ETH".into()));
    assert_eq!(
        find(&summary, "Max fee per gas"),
        &Value::Plain("set by the network".into())
    );
    // The fee is not known before the network fills it: no total.
    assert!(!summary.rows.iter().any(|r| r.label == "Max network fee"));

    let unknown = parse(
        "eth_sendTransaction",
        &json!([{ "data": "0xdeadbeef" }]),
        &addresses(),
    )
    .unwrap();
    let summary = describe(&unknown);
    assert_eq!(find(&summary, "To"), &Value::Plain("New contract".into()));
    assert_eq!(find(&summary, "Data"), &Value::Mono("0xdeadbeef".into()));
}

#[test]
fn solana_transaction_shows_its_summary() {
    let payer = solana_key().verifying_key().to_bytes();
    let tx = solana::SolanaTx::parse(&solana_tx_bytes(&payer)).unwrap();
    let summary = describe::<TxRequest>(&SignRequest::SolanaSignTransaction { tx });
    assert_eq!(
        find(&summary, "Fee payer"),
        &Value::Mono(addresses().solana)
    );
    assert_eq!(
        find(&summary, "Recent blockhash"),
        &Value::Mono(solana::base58(&[9; 32]))
    );
    assert_eq!(find(&summary, "Instructions"), &Value::Text("1".into()));
    assert_eq!(
        find(&summary, "Instruction 1"),
        &Value::Tree(vec![
            ("Action".into(), Value::Text("Transfer SOL".into())),
            ("From".into(), Value::Mono(addresses().solana)),
            ("To".into(), Value::Mono(solana::base58(&[4; 32]))),
            ("Amount".into(), Value::Text("0.001 SOL".into())),
        ])
    );
    assert_eq!(find(&summary, "Signatures"), &Value::Text("1".into()));
    assert_eq!(find(&summary, "Version"), &Value::Text("legacy".into()));
}

/// A token send as the SDK builds it: keys me, Bob's token account, my token account, Bob, the
/// mint, System, Token, Associated Token; create Bob's account if missing, then TransferChecked.
#[test]
fn solana_token_send_shows_mint_amount_and_receiver() {
    let payer = solana_key().verifying_key().to_bytes();
    let token = bs58::decode("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")
        .into_vec()
        .unwrap();
    let ata = bs58::decode("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL")
        .into_vec()
        .unwrap();
    let mut tx = vec![1];
    tx.extend_from_slice(&[0; 64]);
    tx.extend_from_slice(&[1, 0, 5, 8]);
    for key in [
        &payer[..],
        &[3; 32],
        &[4; 32],
        &[2; 32],
        &[5; 32],
        &[0; 32],
        &token,
        &ata,
    ] {
        tx.extend_from_slice(key);
    }
    tx.extend_from_slice(&[9; 32]);
    tx.extend_from_slice(&[2, 7, 6, 0, 1, 3, 4, 5, 6, 1, 1]);
    tx.extend_from_slice(&[6, 4, 2, 4, 1, 0, 10, 12]);
    tx.extend_from_slice(&2_500_000u64.to_le_bytes());
    tx.push(6);
    let tx = solana::SolanaTx::parse(&tx).unwrap();
    let summary = describe::<TxRequest>(&SignRequest::SolanaSignTransaction { tx });
    let create = find(&summary, "Instruction 1");
    assert_eq!(
        create_field(create, "Action"),
        &Value::Text("Create token account if missing".into())
    );
    assert_eq!(
        create_field(create, "Owner"),
        &Value::Mono(solana::base58(&[2; 32]))
    );
    let transfer = find(&summary, "Instruction 2");
    assert_eq!(
        create_field(transfer, "Mint"),
        &Value::Mono(solana::base58(&[5; 32]))
    );
    assert_eq!(create_field(transfer, "Amount"), &Value::Text("2.5".into()));
    assert_eq!(
        create_field(transfer, "To"),
        &Value::Mono(solana::base58(&[2; 32]))
    );
    assert_eq!(
        create_field(transfer, "To account"),
        &Value::Mono(solana::base58(&[3; 32]))
    );
}

/// A field of an instruction's tree.
fn create_field<'a>(tree: &'a Value, label: &str) -> &'a Value {
    match tree {
        Value::Tree(fields) => {
            &fields
                .iter()
                .find(|(l, _)| l == label)
                .unwrap_or_else(|| panic!("no {label} in {fields:?}"))
                .1
        }
        other => panic!("{other:?} is not a tree"),
    }
}

/// An instruction whose accounts are not in the message is shown by its program and why.
#[test]
fn solana_unreadable_instruction_shows_program_and_reason() {
    let payer = solana_key().verifying_key().to_bytes();
    let mut bytes = solana_tx_bytes(&payer);
    // The transfer names account index 9 of 3 keys.
    let at = bytes.len() - 15;
    bytes[at] = 9;
    let tx = solana::SolanaTx::parse(&bytes).unwrap();
    let summary = describe::<TxRequest>(&SignRequest::SolanaSignTransaction { tx });
    let shown = find(&summary, "Instruction 1");
    assert_eq!(
        create_field(shown, "Program"),
        &Value::Mono("11111111111111111111111111111111".into())
    );
    assert_eq!(
        create_field(shown, "Unreadable"),
        &Value::Text("account index 9 is not in the message".into())
    );
}

#[test]
fn units_are_exact() {
    assert_eq!(format_units(U256::from(1u64), 18), "0.000000000000000001");
    assert_eq!(
        format_units(U256::from(10u64).pow(U256::from(18)) * U256::from(12), 18),
        "12"
    );
    assert_eq!(format_gwei(1), "0.000000001 gwei");
    assert_eq!(format_gwei(0), "0 gwei");
    assert_eq!(format_units(U256::from(123456u64), 3), "123.456");
}

// ---------------------------------------------------------------- fill / sign / send

fn chain() -> TestChain {
    TestChain::new()
        .always("eth_getTransactionCount", json!("0x5"))
        .always("eth_estimateGas", json!("0x5208"))
        .always("eth_maxPriorityFeePerGas", json!("0x3b9aca00"))
        .always(
            "eth_getBlockByNumber",
            json!({ "number": "0x10", "baseFeePerGas": "0x77359400" }),
        )
        .always(
            "eth_sendRawTransaction",
            json!("0x1111111111111111111111111111111111111111111111111111111111111111"),
        )
}

fn request(tx: Json) -> TxRequest {
    parse_tx(&tx, ADDRESS.parse().unwrap()).unwrap()
}

#[test]
fn fill_asks_the_chain_for_what_is_missing() {
    let chain = chain();
    let filled = block_on(fill(
        &request(json!({ "to": BOB, "value": "0x1" })),
        31337,
        &chain,
    ))
    .unwrap();
    assert_eq!(filled.nonce, 5);
    assert_eq!(filled.gas_limit, 21000);
    assert_eq!(filled.max_priority_fee_per_gas, GWEI);
    assert_eq!(filled.max_fee_per_gas, 2 * 2 * GWEI + GWEI);
    assert_eq!(filled.chain_id, 31337);
    assert_eq!(
        chain.params_of("eth_getTransactionCount"),
        vec![json!([ADDRESS, "pending"])]
    );
    assert_eq!(
        chain.params_of("eth_getBlockByNumber"),
        vec![json!(["latest", false])]
    );
    let estimate = &chain.params_of("eth_estimateGas")[0][0];
    assert_eq!(estimate["to"], json!(BOB));
    assert_eq!(estimate["from"], json!(ADDRESS));
    assert_eq!(estimate["value"], json!("0x1"));
}

#[test]
fn fill_keeps_what_the_dapp_gave() {
    let chain = chain();
    let req = request(json!({ "to": BOB, "nonce": "0x9", "gas": "0x7530",
        "maxFeePerGas": "0x3b9aca00", "maxPriorityFeePerGas": "0x1" }));
    let filled = block_on(fill(&req, 31337, &chain)).unwrap();
    assert_eq!((filled.nonce, filled.gas_limit), (9, 30000));
    assert_eq!(
        (filled.max_fee_per_gas, filled.max_priority_fee_per_gas),
        (GWEI, 1)
    );
    assert!(chain.methods().is_empty(), "asked {:?}", chain.methods());

    // A given max fee below the suggested tip bounds the tip.
    let chain = self::chain();
    let req = request(json!({ "to": BOB, "maxFeePerGas": "0x10" }));
    let filled = block_on(fill(&req, 31337, &chain)).unwrap();
    assert_eq!(
        (filled.max_fee_per_gas, filled.max_priority_fee_per_gas),
        (16, 16)
    );
}

#[test]
fn fill_applies_the_checks_to_its_result_and_the_chain_id() {
    // A chain whose base fee pushes the max fee above the cap.
    let chain = chain().then(
        "eth_getBlockByNumber",
        Ok(json!({ "baseFeePerGas": format!("{:#x}", MAX_FEE_PER_GAS_CAP) })),
    );
    let err = block_on(fill(&request(json!({ "to": BOB })), 31337, &chain)).unwrap_err();
    assert!(matches!(err, SignError::FeeCapTooHigh(_)), "{err:?}");
    // A chain without EIP-1559.
    let chain = self::chain().then("eth_getBlockByNumber", Ok(json!({ "number": "0x1" })));
    assert!(matches!(
        block_on(fill(&request(json!({ "to": BOB })), 31337, &chain)),
        Err(SignError::BadChainAnswer {
            method: "eth_getBlockByNumber",
            ..
        })
    ));
    // The dapp's chain id must be the active chain.
    assert_eq!(
        block_on(fill(
            &request(json!({ "chainId": "0x1" })),
            31337,
            &self::chain()
        )),
        Err(SignError::ChainMismatch {
            requested: "eip155:1".into(),
            active: "eip155:31337".into()
        })
    );
    // Chain errors come back as they were.
    let refused = ErrorReply::new(
        ErrorCode::Rpc(-32000),
        "insufficient funds for gas * price + value",
    );
    let chain = self::chain().then("eth_estimateGas", Err(refused.clone()));
    assert_eq!(
        block_on(fill(&request(json!({ "to": BOB })), 31337, &chain)),
        Err(SignError::Chain(refused))
    );
}

#[test]
fn signed_eip1559_transaction_recovers_to_the_sender() {
    let filled = block_on(fill(
        &request(json!({ "to": BOB, "value": "0xde0b6b3a7640000", "data": "0x1234",
            "accessList": [{ "address": BOB, "storageKeys": [format!("0x{}", "00".repeat(31) + "01")] }] })),
        31337,
        &chain(),
    ))
    .unwrap();
    let raw = sign_transaction(&signer(), &filled).unwrap();
    assert_eq!(raw[0], 0x02, "EIP-2718 type byte");
    let envelope = TxEnvelope::decode_2718(&mut raw.as_ref()).unwrap();
    let signed = envelope.as_eip1559().unwrap();
    let sender = signed
        .signature()
        .recover_address_from_prehash(&signed.signature_hash())
        .unwrap();
    assert_eq!(sender, ADDRESS.parse::<Address>().unwrap());
    let tx = signed.tx();
    assert_eq!(tx.chain_id, 31337);
    assert_eq!(tx.nonce, 5);
    assert_eq!(tx.to(), Some(BOB.parse().unwrap()));
    assert_eq!(tx.value, U256::from(10).pow(U256::from(18)));
    assert_eq!(tx.input.as_ref(), &[0x12, 0x34]);
    assert_eq!(tx.access_list.0.len(), 1);

    // Another key cannot sign for this sender.
    let other: PrivateKeySigner =
        "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
            .parse()
            .unwrap();
    assert_eq!(
        sign_transaction(&other, &filled),
        Err(SignError::Unauthorized(ADDRESS.into()))
    );
}

#[test]
fn send_transaction_broadcasts_the_signed_bytes() {
    let chain = chain();
    let filled = block_on(fill(&request(json!({ "to": BOB })), 31337, &chain)).unwrap();
    let hash = block_on(send_transaction(&signer(), &filled, &chain)).unwrap();
    assert_eq!(hash.as_slice(), &[0x11; 32]);
    let raw = chain.params_of("eth_sendRawTransaction")[0][0]
        .as_str()
        .unwrap()
        .to_owned();
    let bytes = codec::hex_bytes(&raw, "raw").unwrap();
    let envelope = TxEnvelope::decode_2718(&mut bytes.as_slice()).unwrap();
    assert_eq!(
        envelope.as_eip1559().unwrap().tx().to(),
        Some(BOB.parse().unwrap())
    );
    // A broadcast that answers nonsense is an error, not a fake hash.
    let chain = self::chain().then("eth_sendRawTransaction", Ok(json!("0x12")));
    assert!(matches!(
        block_on(send_transaction(&signer(), &filled, &chain)),
        Err(SignError::BadChainAnswer { .. })
    ));
}

// ---------------------------------------------------------------- ERC-5792

fn calls_request(calls: Json) -> CallsRequest {
    parse_calls(
        &json!({ "chainId": "0x7a69", "calls": calls }),
        ADDRESS.parse().unwrap(),
    )
    .unwrap()
}

#[test]
fn send_calls_runs_each_call_in_order_with_increasing_nonces() {
    let chain = chain()
        .then(
            "eth_sendRawTransaction",
            Ok(json!(format!("0x{}", "aa".repeat(32)))),
        )
        .then(
            "eth_sendRawTransaction",
            Ok(json!(format!("0x{}", "bb".repeat(32)))),
        );
    let mut store = CallsStore::new();
    let req =
        calls_request(json!([{ "to": BOB, "value": "0x1" }, { "to": BOB, "data": "0x1234" }]));
    let answer = block_on(store.send_calls(&signer(), &req, 31337, &chain)).unwrap();
    let id = answer["id"].as_str().unwrap().to_owned();
    assert_eq!(id.len(), 66);
    // One nonce lookup, then the second call takes the next nonce.
    assert_eq!(chain.params_of("eth_getTransactionCount").len(), 1);
    let nonces: Vec<u64> = chain
        .params_of("eth_sendRawTransaction")
        .iter()
        .map(|p| {
            let bytes = codec::hex_bytes(p[0].as_str().unwrap(), "raw").unwrap();
            TxEnvelope::decode_2718(&mut bytes.as_slice())
                .unwrap()
                .nonce()
        })
        .collect();
    assert_eq!(nonces, vec![5, 6]);

    let receipt = |hash: &str, status: &str| {
        json!({ "transactionHash": hash, "status": status, "blockHash": "0x01", "blockNumber": "0x2",
                "gasUsed": "0x5208", "logs": [{ "address": BOB, "data": "0x", "topics": [], "logIndex": "0x0" }] })
    };
    let a = format!("0x{}", "aa".repeat(32));
    let b = format!("0x{}", "bb".repeat(32));
    // Not mined yet: pending.
    let pending = TestChain::new()
        .then("eth_getTransactionReceipt", Ok(receipt(&a, "0x1")))
        .then("eth_getTransactionReceipt", Ok(Json::Null));
    let status = block_on(store.get_calls_status(&json!([id]), &pending, &pending)).unwrap();
    assert_eq!(status["status"], 100);
    assert_eq!(status["atomic"], false);
    assert_eq!(status["chainId"], "0x7a69");
    assert!(status.get("receipts").is_none());
    // Both mined and successful: confirmed, with the receipts.
    let mined = TestChain::new()
        .then("eth_getTransactionReceipt", Ok(receipt(&a, "0x1")))
        .then("eth_getTransactionReceipt", Ok(receipt(&b, "0x1")));
    let status = block_on(store.get_calls_status(&json!([id]), &mined, &mined)).unwrap();
    assert_eq!(status["status"], 200);
    assert_eq!(status["receipts"][1]["transactionHash"], json!(b));
    assert_eq!(
        status["receipts"][0]["logs"][0],
        json!({ "address": BOB, "data": "0x", "topics": [] })
    );
    assert_eq!(
        mined.params_of("eth_getTransactionReceipt"),
        vec![json!([a]), json!([b])]
    );
    // One reverted: partly executed.
    let partial = TestChain::new()
        .then("eth_getTransactionReceipt", Ok(receipt(&a, "0x1")))
        .then("eth_getTransactionReceipt", Ok(receipt(&b, "0x0")));
    assert_eq!(
        block_on(store.get_calls_status(&json!([id]), &partial, &partial)).unwrap()["status"],
        600
    );
    let reverted = TestChain::new()
        .then("eth_getTransactionReceipt", Ok(receipt(&a, "0x0")))
        .then("eth_getTransactionReceipt", Ok(receipt(&b, "0x0")));
    assert_eq!(
        block_on(store.get_calls_status(&json!([id]), &reverted, &reverted)).unwrap()["status"],
        500
    );

    assert_eq!(
        block_on(store.get_calls_status(&json!(["0x1234"]), &chain, &chain)),
        Err(SignError::UnknownBundleId("0x1234".into()))
    );
}

#[test]
fn send_calls_refusals() {
    let mut store = CallsStore::new();
    let req = calls_request(json!([{ "to": BOB }]));
    assert_eq!(
        block_on(store.send_calls(&signer(), &req, 1, &chain())),
        Err(SignError::UnsupportedChainId("0x7a69".into()))
    );
    let atomic = parse_calls(
        &json!({ "chainId": "0x7a69", "atomicRequired": true, "calls": [{ "to": BOB }] }),
        ADDRESS.parse().unwrap(),
    )
    .unwrap();
    assert_eq!(
        block_on(store.send_calls(&signer(), &atomic, 31337, &chain())),
        Err(SignError::AtomicityNotSupported)
    );
    let named = parse_calls(
        &json!({ "chainId": "0x7a69", "id": "bundle-1", "calls": [{ "to": BOB }] }),
        ADDRESS.parse().unwrap(),
    )
    .unwrap();
    let first = block_on(store.send_calls(&signer(), &named, 31337, &chain())).unwrap();
    assert_eq!(first, json!({ "id": "bundle-1" }));
    assert_eq!(
        block_on(store.send_calls(&signer(), &named, 31337, &chain())),
        Err(SignError::DuplicateId("bundle-1".into()))
    );
    // The first call failing sends nothing and records nothing.
    let refused = ErrorReply::new(ErrorCode::Rpc(-32000), "nonce too low");
    let chain = chain().then("eth_sendRawTransaction", Err(refused.clone()));
    let req = calls_request(json!([{ "to": BOB }, { "to": BOB }]));
    assert_eq!(
        block_on(store.send_calls(&signer(), &req, 31337, &chain)),
        Err(SignError::Chain(refused))
    );
}

#[test]
fn bundles_survive_storage_and_the_store_keeps_the_newest_50() {
    let mut store = CallsStore::new();
    for i in 0..=MAX_BUNDLES {
        let req = parse_calls(
            &json!({ "chainId": "0x7a69", "id": format!("b{i}"), "calls": [{ "to": BOB }] }),
            ADDRESS.parse().unwrap(),
        )
        .unwrap();
        block_on(store.send_calls(&signer(), &req, 31337, &chain())).unwrap();
    }
    let restored = CallsStore::from_json(&store.to_json());
    assert_eq!(restored, store);
    let mined = || {
        TestChain::new().then(
            "eth_getTransactionReceipt",
            Ok(json!({ "status": "0x1", "transactionHash": "0x01" })),
        )
    };
    let status = block_on(restored.get_calls_status(&json!(["b50"]), &mined(), &mined())).unwrap();
    assert_eq!(status["status"], 200);
    assert_eq!(
        block_on(restored.get_calls_status(&json!(["b0"]), &mined(), &mined())),
        Err(SignError::UnknownBundleId("b0".into())),
        "the oldest of 51 is forgotten"
    );
    // Unreadable storage: unreadable entries are skipped, the rest kept.
    assert_eq!(CallsStore::from_json("not json"), CallsStore::new());
    let saved: Json = serde_json::from_str(&store.to_json()).unwrap();
    let bad = json!({ "id": "x", "chainId": 1, "hashes": ["0x12"], "incomplete": false });
    let mixed = json!([bad, saved[0]]).to_string();
    let kept = CallsStore::from_json(&mixed);
    assert!(block_on(kept.get_calls_status(&json!(["b1"]), &mined(), &mined())).is_ok());
    assert_eq!(
        block_on(kept.get_calls_status(&json!(["x"]), &mined(), &mined())),
        Err(SignError::UnknownBundleId("x".into()))
    );
}

#[test]
fn a_later_call_failing_is_reported_as_partial() {
    let refused = ErrorReply::new(ErrorCode::Rpc(-32000), "insufficient funds");
    let chain = chain()
        .then(
            "eth_sendRawTransaction",
            Ok(json!(format!("0x{}", "aa".repeat(32)))),
        )
        .then("eth_sendRawTransaction", Err(refused));
    let mut store = CallsStore::new();
    let req = calls_request(json!([{ "to": BOB }, { "to": BOB }, { "to": BOB }]));
    let id = block_on(store.send_calls(&signer(), &req, 31337, &chain)).unwrap()["id"].clone();
    assert_eq!(
        chain.params_of("eth_sendRawTransaction").len(),
        2,
        "stopped after the failure"
    );
    let mined = TestChain::new().always(
        "eth_getTransactionReceipt",
        json!({ "status": "0x1", "transactionHash": format!("0x{}", "aa".repeat(32)) }),
    );
    let status = block_on(store.get_calls_status(&json!([id]), &mined, &mined)).unwrap();
    assert_eq!(status["status"], 600);
    assert_eq!(status["receipts"].as_array().unwrap().len(), 1);
}

#[test]
fn capabilities_of_the_eoa() {
    let wallet: Address = ADDRESS.parse().unwrap();
    assert_eq!(
        get_capabilities(&json!([ADDRESS]), wallet, 31337, false).unwrap(),
        json!({ "0x7a69": { "atomic": { "status": "unsupported" } } })
    );
    assert_eq!(
        get_capabilities(&json!([ADDRESS, ["0x1", "0x2105"]]), wallet, 31337, false).unwrap(),
        json!({ "0x1": { "atomic": { "status": "unsupported" } },
                "0x2105": { "atomic": { "status": "unsupported" } } })
    );
    assert_eq!(
        get_capabilities(&json!([BOB]), wallet, 1, false),
        Err(SignError::Unauthorized(BOB.into()))
    );
}

// ---------------------------------------------------------------- execute

fn wallet() -> crate::keys::UnlockedWallet {
    let device = Device {
        device_id: "d",
        secret: &[1; 32],
        pepper: &[2; 32],
    };
    create_wallet("user", &device, &[3; 32]).unwrap().1
}

#[test]
fn execute_signs_with_the_wallets_keys_on_the_active_chain() {
    // What the frame runs after Approve: the request as `prepare` readied it.
    let prepared = |req: SignRequest, chain: &str, rpc: &TestChain| {
        block_on(prepare(req, chain, rpc)).unwrap()
    };
    let wallet = wallet();
    let mut store = CallsStore::new();
    let req = parse(
        "personal_sign",
        &json!(["0x6869", wallet.addresses().eip155]),
        wallet.addresses(),
    )
    .unwrap();
    let req = prepared(req, "eip155:31337", &chain());
    let answer = block_on(execute(&req, &wallet, "eip155:31337", &chain(), &mut store)).unwrap();
    let bytes = codec::hex_bytes(answer.as_str().unwrap(), "sig").unwrap();
    let signature = alloy_primitives::Signature::from_raw(&bytes).unwrap();
    assert_eq!(
        signature
            .recover_address_from_msg(b"hi")
            .unwrap()
            .to_checksum(None),
        wallet.addresses().eip155
    );
    // An eip155 request while a solana network is active is refused.
    assert!(matches!(
        block_on(execute(
            &req,
            &wallet,
            "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
            &chain(),
            &mut store
        )),
        Err(SignError::ChainMismatch { .. })
    ));

    let tx = parse(
        "eth_sendTransaction",
        &json!([{ "from": wallet.addresses().eip155, "to": BOB }]),
        wallet.addresses(),
    )
    .unwrap();
    let chain = chain();
    let tx = prepared(tx, "eip155:31337", &chain);
    let hash = block_on(execute(&tx, &wallet, "eip155:31337", &chain, &mut store)).unwrap();
    assert_eq!(hash, json!(format!("0x{}", "11".repeat(32))));

    let solana = parse(
        "solana_signMessage",
        &json!({ "message": bs58::encode(b"gm").into_string(), "pubkey": wallet.addresses().solana }),
        wallet.addresses(),
    )
    .unwrap();
    let solana = prepared(solana, "solana:devnet", &chain);
    assert!(matches!(
        block_on(execute(&solana, &wallet, "eip155:1", &chain, &mut store)),
        Err(SignError::ChainMismatch { .. })
    ));
    let answer = block_on(execute(
        &solana,
        &wallet,
        "solana:devnet",
        &chain,
        &mut store,
    ))
    .unwrap();
    assert!(answer["signature"].is_string());
}

#[test]
fn sign_and_send_posts_send_transaction_through_the_solana_rpc() {
    let key = solana_key();
    let tx = solana::SolanaTx::parse(&solana_tx_bytes(&key.verifying_key().to_bytes())).unwrap();
    let options =
        solana::SendOptions::parse(Some(&json!({ "preflightCommitment": "confirmed" }))).unwrap();
    let chain = TestChain::new().always("sendTransaction", json!("5igAnswer"));
    let answer = block_on(solana::sign_and_send_transaction(
        &key, &tx, &options, &chain,
    ))
    .unwrap();
    assert_eq!(answer, json!({ "signature": "5igAnswer" }));
    let sent = &chain.params_of("sendTransaction")[0];
    assert_eq!(
        sent[1],
        json!({ "encoding": "base64", "preflightCommitment": "confirmed" })
    );
    let signed = solana::decode_transaction(sent[0].as_str().unwrap()).unwrap();
    assert_eq!(signed, solana::sign_transaction(&key, &tx).unwrap());
    assert_ne!(signed.signatures[0], [0; 64]);
}
