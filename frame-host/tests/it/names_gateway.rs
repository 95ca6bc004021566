//! The CCIP-read gateway over HTTP: its URL template and signer, and answers to `resolve`
//! calls signed for the resolver that asked, for registered and unregistered names.

use crate::common;
use crate::names_common;

use alloy_primitives::{keccak256, Address, Bytes, Signature};
use alloy_sol_types::{sol, SolCall, SolValue};
use axum::http::StatusCode;
use common::TestApp;
use names_common::{error, key, now_secs, register};

sol! {
    function resolve(bytes name, bytes data) external view returns (bytes);
    function addr(bytes32 node) external view returns (address);
}

#[tokio::test]
async fn the_gateway_answers_signed_records_for_anyone() {
    let t = TestApp::new().await;
    let alice = key(0);
    register(&t, &alice, "alice.oriel.id").await;

    let info = t.get("/v1/profile/gateway").await;
    assert_eq!(info.status, StatusCode::OK);
    assert_eq!(info.header("access-control-allow-origin"), "*");
    let info = info.json();
    assert_eq!(info["suffix"], "oriel.id");
    assert_eq!(
        info["url"],
        "https://wallet.test/v1/profile/ccip/{sender}/{data}.json"
    );
    let signer: Address = info["signer"].as_str().unwrap().parse().unwrap();

    let resolver: Address = "0x00000000000000000000000000000000000000aa"
        .parse()
        .unwrap();
    let lookup = |name: &str| {
        let mut dns = Vec::new();
        for label in name.split('.') {
            dns.push(u8::try_from(label.len()).unwrap());
            dns.extend_from_slice(label.as_bytes());
        }
        dns.push(0);
        let node = namehash(name);
        resolveCall {
            name: dns.into(),
            data: addrCall { node }.abi_encode().into(),
        }
        .abi_encode()
    };
    for (name, expected) in [
        ("alice.oriel.id", alice.address()),
        ("nobody.oriel.id", Address::ZERO),
    ] {
        let request = lookup(name);
        let url = format!(
            "/v1/profile/ccip/{resolver:#x}/{}.json",
            alloy_primitives::hex::encode_prefixed(&request)
        );
        let r = t.get(&url).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        assert_eq!(r.header("access-control-allow-origin"), "*");
        assert_eq!(r.header("cache-control"), "no-store");
        let data = alloy_primitives::hex::decode(r.json()["data"].as_str().unwrap()).unwrap();
        let (result, expires, signature) = <(Bytes, u64, Bytes)>::abi_decode_params(&data).unwrap();
        assert_eq!(expires, u64::try_from(now_secs(&t)).unwrap() + 300);
        assert_eq!(
            addrCall::abi_decode_returns(&result).unwrap(),
            expected,
            "{name}"
        );
        // The resolver's hash: 0x1900, itself, expires, the request's and the result's hashes.
        let hash = keccak256(
            [
                &[0x19, 0x00][..],
                resolver.as_slice(),
                &expires.to_be_bytes(),
                keccak256(&request).as_slice(),
                keccak256(&result).as_slice(),
            ]
            .concat(),
        );
        let recovered = Signature::from_raw(&signature)
            .unwrap()
            .recover_address_from_prehash(&hash)
            .unwrap();
        assert_eq!(recovered, signer);
    }

    let r = t
        .get(&format!("/v1/profile/ccip/{resolver:#x}/0x1234.json"))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), "*");
    assert!(
        error(&r).1.starts_with("Invalid gateway request: "),
        "{}",
        r.body
    );
}

/// EIP-137 namehash.
fn namehash(name: &str) -> alloy_primitives::B256 {
    let mut node = alloy_primitives::B256::ZERO;
    for label in name.rsplit('.') {
        node = keccak256([node.as_slice(), keccak256(label.as_bytes()).as_slice()].concat());
    }
    node
}
