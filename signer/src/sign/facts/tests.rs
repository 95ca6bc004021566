//! What the frame asks the chain and frame-host for an approval screen, and how it reads the
//! answers: strictly, a failed or odd answer leaving the fact unknown.

use oriel_protocol::ErrorCode;

use super::*;
use crate::sign::calls::{Call, CallsRequest};

const ME: &str = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const TOKEN: &str = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

fn addr(text: &str) -> Address {
    text.parse().unwrap()
}

fn word(n: u64) -> String {
    format!("{n:064x}")
}

/// An ABI `string` return.
fn abi_string(text: &str) -> Value {
    let mut data = hex_of(text.as_bytes());
    while !data.len().is_multiple_of(64) {
        data.push('0');
    }
    json!(format!("0x{}{}{data}", word(32), word(text.len() as u64)))
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn ok(v: Value) -> Result<Value, ErrorReply> {
    Ok(v)
}

fn token_lookups() -> Lookups {
    Lookups {
        balance_of: Some(addr(ME)),
        native_price: true,
        tokens: vec![addr(TOKEN)],
    }
}

#[test]
fn asks_for_the_balance_then_each_tokens_decimals_and_symbol() {
    let calls = chain_calls(&token_lookups());
    assert_eq!(
        calls,
        [
            ("eth_getBalance".to_owned(), json!([ME, "latest"])),
            (
                "eth_call".to_owned(),
                json!([{ "to": TOKEN, "data": "0x313ce567", "gas": "0x186a0" }, "latest"])
            ),
            (
                "eth_call".to_owned(),
                json!([{ "to": TOKEN, "data": "0x95d89b41", "gas": "0x186a0" }, "latest"])
            ),
        ]
    );
    assert_eq!(
        price_ids(&token_lookups(), 31337),
        [
            "eip155:31337/slip44:60".to_owned(),
            format!("eip155:31337:{TOKEN}")
        ]
    );
}

#[test]
fn reads_balance_decimals_symbol_and_prices() {
    let mut facts = Facts::default();
    let answers = [
        ok(json!("0x8ac7230489e80000")), // 10 ETH
        ok(json!(format!("0x{}", word(6)))),
        ok(abi_string("dUSD")),
    ];
    read_chain(&token_lookups(), &answers, &mut facts);
    read_prices(&token_lookups(), &[Some(3000.0), Some(1.0)], &mut facts);
    assert_eq!(
        facts.balance,
        Some(U256::from(10_000_000_000_000_000_000u128))
    );
    assert_eq!(facts.native_usd, Some(3000.0));
    assert_eq!(
        facts.token(&addr(TOKEN)),
        Some(&Token {
            address: addr(TOKEN),
            symbol: "dUSD".into(),
            decimals: 6,
            usd: Some(1.0),
        })
    );
    // An old token's bytes32 symbol (MKR-style).
    let mut facts = Facts::default();
    let bytes32 = format!("0x{:0<64}", hex_of(b"MKR"));
    let answers = [
        ok(json!("0x0")),
        ok(json!(format!("0x{}", word(18)))),
        ok(json!(bytes32)),
    ];
    read_chain(&token_lookups(), &answers, &mut facts);
    assert_eq!(facts.tokens[0].symbol, "MKR");
}

#[test]
fn a_failed_or_odd_answer_leaves_the_fact_unknown() {
    let refused = Err(ErrorReply::new(ErrorCode::Rpc(3), "execution reverted"));
    let cases: [[Result<Value, ErrorReply>; 3]; 7] = [
        // The node refused everything.
        [refused.clone(), refused.clone(), refused.clone()],
        // 78 decimals: more than a uint256 can hold a whole token of.
        [
            ok(json!("0x1")),
            ok(json!(format!("0x{}", word(78)))),
            ok(abi_string("X")),
        ],
        // Decimals that are not one word.
        [ok(json!("0x1")), ok(json!("0x06")), ok(abi_string("X"))],
        // A symbol longer than 32 bytes, empty, with a control character, not UTF-8.
        [
            ok(json!("0x1")),
            ok(json!(format!("0x{}", word(6)))),
            ok(abi_string(&"A".repeat(33))),
        ],
        [
            ok(json!("0x1")),
            ok(json!(format!("0x{}", word(6)))),
            ok(abi_string("")),
        ],
        [
            ok(json!("0x1")),
            ok(json!(format!("0x{}", word(6)))),
            ok(abi_string("d\nUSD")),
        ],
        [
            ok(json!("0x1")),
            ok(json!(format!("0x{}", word(6)))),
            ok(json!(format!("0x{}{}{:0<64}", word(32), word(2), "fffe"))),
        ],
    ];
    for (i, answers) in cases.iter().enumerate() {
        let mut facts = Facts::default();
        read_chain(&token_lookups(), answers, &mut facts);
        assert!(facts.tokens.is_empty(), "case {i}: {:?}", facts.tokens);
    }
    // A huge answer (a contract returning megabytes) is not read at all.
    let mut facts = Facts::default();
    let huge = format!("0x{}{}{}", word(32), word(4), "ab".repeat(100_000));
    read_chain(
        &token_lookups(),
        &[
            ok(json!("0x1")),
            ok(json!(format!("0x{}", word(6)))),
            ok(json!(huge)),
        ],
        &mut facts,
    );
    assert!(facts.tokens.is_empty());
    // A balance that is not a quantity, fewer answers than calls, unknown prices.
    let mut facts = Facts::default();
    read_chain(&token_lookups(), &[ok(json!("lots"))], &mut facts);
    read_prices(&token_lookups(), &[None], &mut facts);
    assert_eq!((facts.balance, facts.native_usd), (None, None));
    read_prices(&token_lookups(), &[Some(f64::NAN), Some(-1.0)], &mut facts);
    assert_eq!(facts.native_usd, None, "never a made-up price");
}

#[test]
fn what_each_request_looks_up() {
    let calls = SignRequest::SendCalls(CallsRequest {
        version: "2.0.0".into(),
        id: None,
        from: addr(ME),
        chain_id: 31337,
        atomic_required: false,
        calls: (0..12)
            .map(|i| Call {
                to: Address::with_last_byte(i),
                // transfer(address,uint256) to the zero address, 1 unit
                data: crate::sign::codec::decode_hex(&format!("a9059cbb{}{}", word(0), word(1)))
                    .unwrap()
                    .into(),
                value: U256::ZERO,
            })
            .collect(),
    });
    let wanted = lookups(&calls, 31337);
    assert_eq!(wanted.tokens.len(), MAX_TOKENS, "bounded");
    assert!(wanted.balance_of.is_none() && !wanted.native_price);
    let message = SignRequest::PersonalSign { message: vec![1] };
    assert!(lookups(&message, 31337).is_empty());
}
