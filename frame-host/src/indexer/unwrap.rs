//! The Ether a swap router pays out (Uniswap V2's `swapExactTokensForETH` and its siblings):
//! the router unwraps WETH and sends the Ether on with an internal call, which blocks and logs
//! do not show. The indexer reads it from the transaction itself: a call of one of these
//! functions to a configured router names the recipient (`to`), and the wrapped coin's
//! `Withdrawal(router, wad)` log in its receipt says how much the router unwrapped for it.

use alloy_primitives::U256;
use serde_json::Value;

use super::abi;

/// `Withdrawal(address indexed src, uint256 wad)` of WETH9.
pub(super) const WITHDRAWAL: &str =
    "0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65";

/// The router calls that end in Ether: `swapExactTokensForETH`, `swapTokensForExactETH` and
/// `swapExactTokensForETHSupportingFeeOnTransferTokens`, all `(uint256, uint256, address[],
/// address to, uint256 deadline)`.
const PAYS_ETHER: [[u8; 4]; 3] = [
    [0x18, 0xcb, 0xaf, 0xe5],
    [0x4a, 0x25, 0xd9, 0x4a],
    [0x79, 0x1a, 0xc9, 0x47],
];

/// The recipient (lowercase) of a router call that pays out Ether, if `input` is one.
pub(super) fn ether_recipient(input: &str) -> Option<String> {
    let data = crate::types::hex_bytes(input)?;
    let (selector, args) = data.split_at_checked(4)?;
    if !PAYS_ETHER.iter().any(|s| s == selector) || args.len() < 5 * 32 {
        return None;
    }
    let word = &args[3 * 32..4 * 32];
    word[..12]
        .iter()
        .all(|b| *b == 0)
        .then(|| format!("0x{}", alloy_primitives::hex::encode(&word[12..])))
}

/// The `(log index, amount)` of each `Withdrawal` by `router` in a receipt's logs.
pub(super) fn withdrawals(receipt: &Value, router: &str) -> Vec<(i64, U256)> {
    let Some(logs) = receipt["logs"].as_array() else {
        return Vec::new();
    };
    logs.iter()
        .filter_map(|log| {
            let topics = log["topics"].as_array()?;
            let by_router = topics.len() == 2
                && topics[0].as_str()?.eq_ignore_ascii_case(WITHDRAWAL)
                && abi::topic_address(&topics[1])? == router;
            let data = crate::types::hex_bytes(log["data"].as_str()?)?;
            if !by_router || data.len() != 32 {
                return None;
            }
            Some((abi::quantity(&log["logIndex"])?, U256::from_be_slice(&data)))
        })
        .filter(|(_, wad)| !wad.is_zero())
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const ROUTER: &str = "0x00000000000000000000000000000000000000cc";
    const USER: &str = "0x00000000000000000000000000000000000000aa";

    fn word(hex: &str) -> String {
        format!("{:0>64}", hex.trim_start_matches("0x"))
    }

    #[test]
    fn the_recipient_of_a_sale_for_ether() {
        let args = [
            word("1"),
            word("0"),
            word("a0"),
            word(USER),
            word("ff"),
            word("2"),
        ]
        .concat();
        assert_eq!(
            ether_recipient(&format!("0x18cbafe5{args}")).as_deref(),
            Some(USER)
        );
        assert_eq!(
            ether_recipient(&format!("0x38ed1739{args}")),
            None,
            "tokens for tokens"
        );
        assert_eq!(ether_recipient("0x18cbafe5"), None);
        let dirty = [
            word("1"),
            word("0"),
            word("a0"),
            format!("ff{}", &word(USER)[2..]),
            word("ff"),
        ]
        .concat();
        assert_eq!(ether_recipient(&format!("0x18cbafe5{dirty}")), None);
    }

    #[test]
    fn withdrawals_by_the_router_only() {
        let topic = |a: &str| format!("0x{}", word(a));
        let receipt = json!({ "logs": [
            { "topics": [WITHDRAWAL, topic(ROUTER)], "data": format!("0x{}", word("de0b6b3a7640000")), "logIndex": "0x3" },
            { "topics": [WITHDRAWAL, topic(USER)], "data": format!("0x{}", word("1")), "logIndex": "0x4" },
            { "topics": [WITHDRAWAL, topic(ROUTER)], "data": "0x01", "logIndex": "0x5" },
        ]});
        assert_eq!(
            withdrawals(&receipt, ROUTER),
            [(3, U256::from(1_000_000_000_000_000_000u128))]
        );
    }
}
