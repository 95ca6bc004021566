//! A Uniswap V2 router's swaps and the approval before a sale, summed up in one line.

use alloy_primitives::{Address, U256};

use super::super::describe;
use super::{addr, at, devnet_facts, eth, find, plain, BOB, DUSD, ME};
use crate::sign::{calldata, FilledTx, SignRequest, Value};

/// The devnet's router and WETH.
const ROUTER: &str = "0x9A9f2CCfdE556A7E9Ff0848998Aa4a0CFD8863AE";
const WETH: &str = "0x0B306BF915C4d645ff596e518fAf3F9669b97016";

fn word(n: U256) -> [u8; 32] {
    n.to_be_bytes()
}

fn address_word(a: &str) -> [u8; 32] {
    let mut w = [0u8; 32];
    w[12..].copy_from_slice(addr(a).as_slice());
    w
}

/// A call of `selector` with `heads` (the path's offset included) and the path.
fn call(selector: [u8; 4], heads: &[[u8; 32]], path: &[&str]) -> Vec<u8> {
    let mut data = selector.to_vec();
    for w in heads {
        data.extend_from_slice(w);
    }
    data.extend_from_slice(&word(U256::from(path.len())));
    for a in path {
        data.extend_from_slice(&address_word(a));
    }
    data
}

fn tx(to: &str, value: U256, data: Vec<u8>) -> SignRequest<FilledTx> {
    SignRequest::SendTransaction(FilledTx {
        from: addr(ME),
        chain_id: 31337,
        nonce: 1,
        gas_limit: 200_000,
        max_fee_per_gas: 2_000_000_000,
        max_priority_fee_per_gas: 1_000_000_000,
        to: Some(addr(to)),
        value,
        data: data.into(),
        access_list: Default::default(),
    })
}

fn facts() -> crate::sign::Facts {
    crate::sign::Facts {
        swap_router: Some(addr(ROUTER)),
        ..devnet_facts()
    }
}

/// 1893456000: 2030-01-01.
const DEADLINE: u64 = 1_893_456_000;

#[test]
fn buying_tokens_with_ether_says_what_it_pays_and_the_least_it_gets() {
    let data = call(
        calldata::SWAP_EXACT_ETH_FOR_TOKENS,
        &[
            word(U256::from(180_500_000)),
            word(U256::from(128)),
            address_word(ME),
            word(U256::from(DEADLINE)),
        ],
        &[WETH, DUSD],
    );
    let summary = describe(&tx(ROUTER, eth(100), data), &facts());
    assert_eq!(summary.rows[0].label, "Summary");
    assert_eq!(
        find(&summary, "Summary"),
        &plain("Swap 0.1 ETH for at least 180.5 dUSD")
    );
    let function = find(&summary, "Function");
    assert_eq!(
        at(function, &["name"]),
        &plain("swapExactETHForTokens (Uniswap V2)")
    );
    assert_eq!(at(function, &["amountOutMin"]), &plain("180.5 dUSD"));
    assert_eq!(at(function, &["path"]), &plain(&format!("{WETH} → dUSD")));
    assert_eq!(at(function, &["to"]), &Value::Address(ME.into()));
    assert_eq!(
        at(function, &["deadline"]),
        &plain("2030-01-01 00:00 UTC (1893456000)")
    );
    assert!(summary.warnings.is_empty(), "{:?}", summary.warnings);
}

#[test]
fn selling_tokens_for_ether_and_for_tokens() {
    let heads = |min: U256| {
        [
            word(U256::from(10_000_000)),
            word(min),
            word(U256::from(160)),
            address_word(ME),
            word(U256::from(DEADLINE)),
        ]
    };
    let sell = call(
        calldata::SWAP_EXACT_TOKENS_FOR_ETH,
        &heads(eth(3)),
        &[DUSD, WETH],
    );
    let summary = describe(&tx(ROUTER, U256::ZERO, sell), &facts());
    assert_eq!(
        find(&summary, "Summary"),
        &plain("Swap 10 dUSD for at least 0.003 ETH")
    );
    let other: Address = Address::repeat_byte(0x42);
    let tokens = call(
        calldata::SWAP_EXACT_TOKENS_FOR_TOKENS,
        &heads(U256::from(5)),
        &[DUSD, WETH, &other.to_checksum(None)],
    );
    let summary = describe(&tx(ROUTER, U256::ZERO, tokens), &facts());
    assert_eq!(
        find(&summary, "Summary"),
        &plain(&format!(
            "Swap 10 dUSD for at least 5 base units of {}",
            other.to_checksum(None)
        ))
    );
}

#[test]
fn a_swap_paying_someone_else_or_sent_elsewhere_is_warned_about() {
    let data = call(
        calldata::SWAP_EXACT_ETH_FOR_TOKENS,
        &[
            word(U256::from(1)),
            word(U256::from(128)),
            address_word(BOB),
            word(U256::from(DEADLINE)),
        ],
        &[WETH, DUSD],
    );
    let summary = describe(&tx(BOB, eth(100), data), &facts());
    assert_eq!(
        summary.warnings,
        [
            format!("The swap pays out to {BOB}, not to the sending account."),
            "This is not the network's swap router: check the contract.".to_owned(),
        ]
    );
}

#[test]
fn an_approval_names_the_swap_router_and_the_amount() {
    let approve = |spender: &str, amount: U256| {
        let mut data = calldata::APPROVE.to_vec();
        data.extend_from_slice(&address_word(spender));
        data.extend_from_slice(&word(amount));
        tx(DUSD, U256::ZERO, data)
    };
    let summary = describe(&approve(ROUTER, U256::from(10_000_000)), &facts());
    assert_eq!(
        find(&summary, "Summary"),
        &plain("Allow the swap router to spend up to 10 dUSD")
    );
    let summary = describe(&approve(BOB, U256::MAX), &facts());
    assert_eq!(
        find(&summary, "Summary"),
        &plain(&format!("Allow {BOB} to spend any amount of dUSD"))
    );
}
