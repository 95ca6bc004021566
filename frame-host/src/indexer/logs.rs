//! Decoding transfer logs: ERC-20 and ERC-721 `Transfer` (told apart by their number of
//! indexed topics), ERC-1155 `TransferSingle` and `TransferBatch`.

use alloy_primitives::{B256, U256};
use serde_json::Value;

use super::abi::{self, TRANSFER, TRANSFER_BATCH, TRANSFER_SINGLE};

/// One token movement of a log.
pub(super) struct Moved {
    pub(super) from: String,
    pub(super) to: String,
    pub(super) kind: &'static str,
    pub(super) contract: String,
    pub(super) token_id: String,
    pub(super) amount: String,
}

/// The movements of a transfer log; none for a log of another shape.
pub(super) fn decode(log: &Value) -> Vec<Moved> {
    (|| {
        let contract = abi::address(&log["address"])?;
        let topics = log["topics"].as_array()?;
        let data = crate::types::hex_bytes(log["data"].as_str()?)?;
        let moved = |from: &Value, to: &Value, kind, token_id: String, amount: U256| {
            Some(Moved {
                from: abi::topic_address(from)?,
                to: abi::topic_address(to)?,
                kind,
                contract: contract.clone(),
                token_id,
                amount: amount.to_string(),
            })
        };
        let signature: B256 = topics.first()?.as_str()?.parse().ok()?;
        match (signature, topics.len()) {
            (TRANSFER, 3) if data.len() == 32 => {
                let amount = U256::from_be_slice(&data);
                Some(vec![moved(
                    &topics[1],
                    &topics[2],
                    "erc20",
                    String::new(),
                    amount,
                )?])
            }
            (TRANSFER, 4) if data.is_empty() => {
                let id = abi::uint(topics[3].as_str()?)?;
                Some(vec![moved(
                    &topics[1],
                    &topics[2],
                    "erc721",
                    id.to_string(),
                    U256::from(1),
                )?])
            }
            (TRANSFER_SINGLE, 4) if data.len() == 64 => {
                let words = abi::words(&data)?;
                Some(vec![moved(
                    &topics[2],
                    &topics[3],
                    "erc1155",
                    words[0].to_string(),
                    words[1],
                )?])
            }
            (TRANSFER_BATCH, 4) => abi::batch_items(&data)?
                .into_iter()
                .map(|(id, amount)| {
                    moved(&topics[2], &topics[3], "erc1155", id.to_string(), amount)
                })
                .collect(),
            _ => None,
        }
    })()
    .unwrap_or_default()
    .into_iter()
    // A zero-amount fungible "transfer" moves nothing (and is how address poisoning works).
    .filter(|m| m.kind == "erc721" || m.amount != "0")
    .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn topic(address: &str) -> String {
        format!("0x{:0>64}", &address[2..])
    }

    const A: &str = "0x00000000000000000000000000000000000000aa";
    const B: &str = "0x00000000000000000000000000000000000000bb";
    const TOKEN: &str = "0x00000000000000000000000000000000000000cc";

    fn moves(log: &Value) -> Vec<(String, String, &'static str, String, String)> {
        decode(log)
            .into_iter()
            .map(|m| (m.from, m.to, m.kind, m.token_id, m.amount))
            .collect()
    }

    #[test]
    fn every_transfer_shape() {
        let erc20 = json!({ "address": TOKEN, "topics": [TRANSFER, topic(A), topic(B)],
                            "data": format!("0x{:064x}", 1_500_000) });
        assert_eq!(
            moves(&erc20),
            [(A.into(), B.into(), "erc20", String::new(), "1500000".into())]
        );
        let erc721 = json!({ "address": TOKEN, "topics": [TRANSFER, topic(A), topic(B), format!("0x{:064x}", 7)],
                             "data": "0x" });
        assert_eq!(
            moves(&erc721),
            [(A.into(), B.into(), "erc721", "7".into(), "1".into())]
        );
        let single = json!({ "address": TOKEN, "topics": [TRANSFER_SINGLE, topic(A), topic(A), topic(B)],
                             "data": format!("0x{:064x}{:064x}", 3, 20) });
        assert_eq!(
            moves(&single),
            [(A.into(), B.into(), "erc1155", "3".into(), "20".into())]
        );
        let batch = json!({ "address": TOKEN, "topics": [TRANSFER_BATCH, topic(A), topic(A), topic(B)],
                            "data": format!("0x{:064x}{:064x}{:064x}{:064x}{:064x}{:064x}{:064x}{:064x}", 64, 160, 2, 4, 5, 2, 1, 9) });
        assert_eq!(
            moves(&batch),
            [
                (A.into(), B.into(), "erc1155", "4".into(), "1".into()),
                (A.into(), B.into(), "erc1155", "5".into(), "9".into())
            ]
        );
    }

    #[test]
    fn zero_amounts_and_other_shapes_are_skipped() {
        let zero = json!({ "address": TOKEN, "topics": [TRANSFER, topic(A), topic(B)],
                           "data": format!("0x{:064x}", 0) });
        assert!(decode(&zero).is_empty());
        // Transfer with everything in data (pre-standard NFTs), and a truncated amount.
        let unindexed = json!({ "address": TOKEN, "topics": [TRANSFER],
                                "data": format!("0x{}{}{:064x}", topic(A)[2..].to_owned(), topic(B)[2..].to_owned(), 1) });
        assert!(decode(&unindexed).is_empty());
        let short =
            json!({ "address": TOKEN, "topics": [TRANSFER, topic(A), topic(B)], "data": "0x01" });
        assert!(decode(&short).is_empty());
    }
}
