use alloy_primitives::{hex, B256};

use super::*;
use crate::keys::Keys;

const RESOLVER: &str = "0x00000000000000000000000000000000000000aa";
const ALICE: &str = "0x8ba1f109551bd432803012645ac136ddd64dba72";

fn dns(name: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for label in name.split('.').filter(|l| !l.is_empty()) {
        out.push(u8::try_from(label.len()).unwrap());
        out.extend_from_slice(label.as_bytes());
    }
    out.push(0);
    out
}

fn request(name: &str, data: Vec<u8>) -> String {
    let call = IExtendedResolver::resolveCall {
        name: dns(name).into(),
        data: data.into(),
    };
    format!("{}.json", hex::encode_prefixed(call.abi_encode()))
}

fn addr(name: &str) -> Vec<u8> {
    IAddrResolver::addrCall {
        node: namehash(name).into(),
    }
    .abi_encode()
}

fn row() -> StoredName {
    StoredName {
        name: "alice.oriel.id".into(),
        address: ALICE.into(),
        coin_type: 0x8000_7a69,
        attributes: r#"{"avatar":"https://img.test/a.png"}"#.into(),
        project_id: "shop".into(),
        message: String::new(),
        signature: String::new(),
        registered_at: 0,
        updated_at: 0,
    }
}

fn signer() -> GatewaySigner {
    GatewaySigner::new(&Keys::from_kek(&[9; 32]))
}

/// The answer's `(result, expires, signature)`, the signature checked to be the signer's over
/// the resolver's hash, with a low `s` (OpenZeppelin's ECDSA refuses a high one).
fn open(lookup: &Lookup, answer: &[u8], signer: &GatewaySigner) -> (Vec<u8>, u64) {
    let (result, expires, signature) = <(Bytes, u64, Bytes)>::abi_decode_params(answer).unwrap();
    let mut packed = vec![0x19, 0x00];
    packed.extend_from_slice(lookup.sender.as_slice());
    packed.extend_from_slice(&expires.to_be_bytes());
    packed.extend_from_slice(keccak256(&lookup.request).as_slice());
    packed.extend_from_slice(keccak256(&result).as_slice());
    let parsed = alloy_primitives::Signature::from_raw(&signature).unwrap();
    let half_n = U256::from_be_slice(
        &hex::decode("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0").unwrap(),
    );
    assert!(parsed.s() <= half_n, "low s");
    assert!(matches!(signature[64], 27 | 28));
    let recovered = parsed
        .recover_address_from_prehash(&keccak256(&packed))
        .unwrap();
    assert_eq!(recovered, signer.address());
    (result.to_vec(), expires)
}

#[test]
fn dns_names() {
    assert_eq!(
        dns_name(&dns("alice.oriel.id")).as_deref(),
        Some("alice.oriel.id")
    );
    assert_eq!(dns_name(&[0]).as_deref(), Some(""));
    for bad in [
        vec![],
        vec![5, b'a', b'b', 0],
        vec![1, b'a'],
        vec![1, b'a', 0, 0],
        vec![3, b'a', b'.', b'b', 0],
        vec![2, 0xff, 0xfe, 0],
    ] {
        assert_eq!(dns_name(&bad), None, "{bad:?}");
    }
}

#[test]
fn an_addr_answer_is_the_registered_address_signed_for_the_resolver() {
    let signer = signer();
    let lookup =
        Lookup::parse(RESOLVER, &request("alice.oriel.id", addr("alice.oriel.id"))).unwrap();
    assert_eq!(lookup.name, "alice.oriel.id");
    let answer = lookup.answer(&signer, Some(&row()), 1_000);
    let (result, expires) = open(&lookup, &answer, &signer);
    assert_eq!(expires, 1_000 + ANSWER_TTL_SECS);
    let address = IAddrResolver::addrCall::abi_decode_returns(&result).unwrap();
    assert_eq!(address, ALICE.parse::<Address>().unwrap());

    // Not registered: the zero address, still signed.
    let (result, _) = open(&lookup, &lookup.answer(&signer, None, 1_000), &signer);
    assert_eq!(result, vec![0u8; 32]);
}

#[test]
fn coin_types_and_text_records() {
    let signer = signer();
    let node: B256 = namehash("alice.oriel.id").into();
    let of_coin = |coin: u64| {
        let data = IAddressResolver::addrCall {
            node,
            coinType: U256::from(coin),
        }
        .abi_encode();
        let lookup = Lookup::parse(RESOLVER, &request("alice.oriel.id", data)).unwrap();
        let (result, _) = open(&lookup, &lookup.answer(&signer, Some(&row()), 0), &signer);
        IAddressResolver::addrCall::abi_decode_returns(&result)
            .unwrap()
            .to_vec()
    };
    let alice = hex::decode(&ALICE[2..]).unwrap();
    assert_eq!(of_coin(60), alice);
    assert_eq!(of_coin(0x8000_7a69), alice, "the registration's coin type");
    assert!(
        of_coin(0x8000_0001).is_empty(),
        "another chain has no record"
    );

    let text = |key: &str| {
        let data = ITextResolver::textCall {
            node,
            key: key.into(),
        }
        .abi_encode();
        let lookup = Lookup::parse(RESOLVER, &request("alice.oriel.id", data)).unwrap();
        let (result, _) = open(&lookup, &lookup.answer(&signer, Some(&row()), 0), &signer);
        ITextResolver::textCall::abi_decode_returns(&result).unwrap()
    };
    assert_eq!(text("avatar"), "https://img.test/a.png");
    assert_eq!(text("bio"), "");
}

#[test]
fn malformed_requests_are_refused() {
    let good = request("alice.oriel.id", addr("alice.oriel.id"));
    for (sender, file) in [
        ("0xaa", good.clone()),
        (RESOLVER, good.trim_end_matches(".json").to_owned()),
        (RESOLVER, "0xzz.json".to_owned()),
        (
            RESOLVER,
            format!("0x{}.json", "00".repeat(MAX_REQUEST_BYTES + 1)),
        ),
        (RESOLVER, "0x3b3b57de.json".to_owned()),
        // The node of another name than the one asked.
        (RESOLVER, request("alice.oriel.id", addr("bob0.oriel.id"))),
        // A record the gateway does not serve: contenthash(bytes32).
        (
            RESOLVER,
            request("alice.oriel.id", hex::decode("bc1c58d1").unwrap()),
        ),
    ] {
        assert!(
            matches!(Lookup::parse(sender, &file), Err(NameError::Gateway(_))),
            "{sender} {file:.40}"
        );
    }
}

#[test]
fn the_signer_is_the_same_for_the_same_kek() {
    let a = GatewaySigner::new(&Keys::from_kek(&[9; 32]));
    assert_eq!(a.address(), signer().address());
    assert_ne!(
        a.address(),
        GatewaySigner::new(&Keys::from_kek(&[8; 32])).address()
    );
}
