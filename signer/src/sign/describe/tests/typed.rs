//! Typed data's rows with what the frame looked up: EIP-2612 Permit and Permit2.

use alloy_primitives::U256;
use serde_json::json;

use super::super::describe;
use super::{addr, at, devnet_facts, find, plain, BOB, DUSD, ME, PERMIT2};
use crate::keys::Addresses;
use crate::sign::{parse, Facts, FilledTx, SignRequest, Value};

fn typed(params: serde_json::Value) -> SignRequest<FilledTx> {
    let addresses = Addresses {
        eip155: ME.into(),
        solana: String::new(),
    };
    let SignRequest::TypedData(data) =
        parse("eth_signTypedData_v4", &json!([ME, params]), &addresses).unwrap()
    else {
        panic!("typed data")
    };
    SignRequest::TypedData(data)
}

/// An EIP-2612 permit of `value` dUSD base units to Bob (addresses in lower case, as many
/// dapps send them), until 2030-01-01.
fn permit(value: &str) -> SignRequest<FilledTx> {
    typed(json!({
        "types": {
            "EIP712Domain": [
                { "name": "name", "type": "string" },
                { "name": "version", "type": "string" },
                { "name": "chainId", "type": "uint256" },
                { "name": "verifyingContract", "type": "address" }
            ],
            "Permit": [
                { "name": "owner", "type": "address" },
                { "name": "spender", "type": "address" },
                { "name": "value", "type": "uint256" },
                { "name": "nonce", "type": "uint256" },
                { "name": "deadline", "type": "uint256" }
            ]
        },
        "primaryType": "Permit",
        "domain": { "name": "Devnet Dollar", "version": "1", "chainId": 31337, "verifyingContract": DUSD.to_lowercase() },
        "message": {
            "owner": ME.to_lowercase(), "spender": BOB.to_lowercase(), "value": value,
            "nonce": 0, "deadline": "1893456000"
        }
    }))
}

#[test]
fn a_permit_shows_its_amount_in_the_tokens_units_its_deadline_as_a_date() {
    let summary = describe(&permit("2500000"), &devnet_facts());
    let message = find(&summary, "Message");
    assert_eq!(at(message, &["value"]), &plain("2.5 dUSD ($2.50)"));
    assert_eq!(
        at(message, &["deadline"]),
        &plain("2030-01-01 00:00 UTC (1893456000)")
    );
    // Addresses checksummed in full, whatever case the dapp wrote them in.
    assert_eq!(at(message, &["owner"]), &Value::Address(ME.into()));
    assert_eq!(at(message, &["spender"]), &Value::Address(BOB.into()));
    assert_eq!(
        at(find(&summary, "Domain"), &["verifyingContract"]),
        &Value::Address(DUSD.into())
    );
    // A number that is not a date stays one.
    assert_eq!(at(message, &["nonce"]), &Value::Text("0".into()));
    let unlimited = describe(&permit(&U256::MAX.to_string()), &devnet_facts());
    assert_eq!(
        at(find(&unlimited, "Message"), &["value"]),
        &plain("Unlimited dUSD")
    );
    // The token unknown (it did not answer): the raw integer.
    let unknown = describe(&permit("2500000"), &Facts::default());
    assert_eq!(
        at(find(&unknown, "Message"), &["value"]),
        &Value::Text("2500000".into())
    );
}

#[test]
fn permit2_amounts_follow_the_token_beside_them() {
    let single = typed(json!({
        "types": {
            "EIP712Domain": [
                { "name": "name", "type": "string" },
                { "name": "chainId", "type": "uint256" },
                { "name": "verifyingContract", "type": "address" }
            ],
            "PermitSingle": [
                { "name": "details", "type": "PermitDetails" },
                { "name": "spender", "type": "address" },
                { "name": "sigDeadline", "type": "uint256" }
            ],
            "PermitDetails": [
                { "name": "token", "type": "address" },
                { "name": "amount", "type": "uint160" },
                { "name": "expiration", "type": "uint48" },
                { "name": "nonce", "type": "uint48" }
            ]
        },
        "primaryType": "PermitSingle",
        "domain": { "name": "Permit2", "chainId": 31337, "verifyingContract": PERMIT2 },
        "message": {
            "details": {
                "token": DUSD, "amount": "1461501637330902918203684832716283019655932542975",
                "expiration": "281474976710655", "nonce": "0"
            },
            "spender": BOB,
            "sigDeadline": "1893459600"
        }
    }));
    let summary = describe(&single, &devnet_facts());
    let message = find(&summary, "Message");
    // The largest uint160: Permit2's unlimited allowance.
    assert_eq!(
        at(message, &["details", "amount"]),
        &plain("Unlimited dUSD")
    );
    // uint48's maximum ("never expires") is no plausible date: the number.
    assert_eq!(
        at(message, &["details", "expiration"]),
        &Value::Text("281474976710655".into())
    );
    assert_eq!(
        at(message, &["sigDeadline"]),
        &plain("2030-01-01 01:00 UTC (1893459600)")
    );
    assert_eq!(
        crate::sign::lookups(&single, 31337).tokens,
        [addr(DUSD)],
        "the token beside the amount is the one looked up"
    );

    let transfer = typed(json!({
        "types": {
            "PermitTransferFrom": [
                { "name": "permitted", "type": "TokenPermissions" },
                { "name": "spender", "type": "address" },
                { "name": "nonce", "type": "uint256" },
                { "name": "deadline", "type": "uint256" }
            ],
            "TokenPermissions": [
                { "name": "token", "type": "address" },
                { "name": "amount", "type": "uint256" }
            ]
        },
        "primaryType": "PermitTransferFrom",
        "domain": { "name": "Permit2", "chainId": 31337, "verifyingContract": PERMIT2 },
        "message": {
            "permitted": { "token": DUSD, "amount": "0x2dc6c0" },
            "spender": BOB, "nonce": "1", "deadline": 1893456000u64
        }
    }));
    let summary = describe(&transfer, &devnet_facts());
    let message = find(&summary, "Message");
    assert_eq!(
        at(message, &["permitted", "amount"]),
        &plain("3 dUSD ($3.00)")
    );
    assert_eq!(
        at(message, &["deadline"]),
        &plain("2030-01-01 00:00 UTC (1893456000)")
    );
}

#[test]
fn typed_data_for_another_chain_looks_up_no_token() {
    let SignRequest::TypedData(mut data) = permit("1") else {
        panic!()
    };
    data.domain.insert("chainId".into(), json!(1));
    let request = SignRequest::TypedData(data);
    assert!(crate::sign::lookups(&request, 31337).tokens.is_empty());
    assert_eq!(crate::sign::lookups(&request, 1).tokens, [addr(DUSD)]);
}
