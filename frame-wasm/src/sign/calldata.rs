//! Decoding calldata of well-known selectors for the approval screen (ERC-20 at least).

use alloy_primitives::{Address, U256};

/// A call the approval screen can explain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum KnownCall {
    /// ERC-20 `transfer(address,uint256)`.
    Transfer {
        /// Recipient.
        to: Address,
        /// Amount in the token's smallest unit.
        amount: U256,
    },
    /// ERC-20 `approve(address,uint256)`.
    Approve {
        /// Who may spend.
        spender: Address,
        /// Allowance in the token's smallest unit (`U256::MAX`: unlimited).
        amount: U256,
    },
    /// ERC-20 `transferFrom(address,address,uint256)`.
    TransferFrom {
        /// Whose tokens.
        from: Address,
        /// Recipient.
        to: Address,
        /// Amount in the token's smallest unit.
        amount: U256,
    },
}

/// `transfer(address,uint256)`.
pub(crate) const TRANSFER: [u8; 4] = [0xa9, 0x05, 0x9c, 0xbb];
/// `approve(address,uint256)`.
pub(crate) const APPROVE: [u8; 4] = [0x09, 0x5e, 0xa7, 0xb3];
/// `transferFrom(address,address,uint256)`.
pub(crate) const TRANSFER_FROM: [u8; 4] = [0x23, 0xb8, 0x72, 0xdd];

fn words(args: &[u8], count: usize) -> Option<Vec<[u8; 32]>> {
    if args.len() != 32 * count {
        return None;
    }
    Some(
        args.chunks(32)
            .map(|w| {
                let mut word = [0u8; 32];
                word.copy_from_slice(w);
                word
            })
            .collect(),
    )
}

fn address(word: &[u8; 32]) -> Option<Address> {
    // An ABI address is right-aligned with twelve zero bytes before it.
    word[..12]
        .iter()
        .all(|b| *b == 0)
        .then(|| Address::from_slice(&word[12..]))
}

/// Decodes `data` when it is a strictly encoded call of a known selector.
pub(crate) fn decode(data: &[u8]) -> Option<KnownCall> {
    let (selector, args) = data.split_at_checked(4)?;
    match <[u8; 4]>::try_from(selector).ok()? {
        TRANSFER => {
            let w = words(args, 2)?;
            Some(KnownCall::Transfer {
                to: address(&w[0])?,
                amount: U256::from_be_bytes(w[1]),
            })
        }
        APPROVE => {
            let w = words(args, 2)?;
            Some(KnownCall::Approve {
                spender: address(&w[0])?,
                amount: U256::from_be_bytes(w[1]),
            })
        }
        TRANSFER_FROM => {
            let w = words(args, 3)?;
            Some(KnownCall::TransferFrom {
                from: address(&w[0])?,
                to: address(&w[1])?,
                amount: U256::from_be_bytes(w[2]),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_primitives::keccak256;

    fn call(selector: [u8; 4], words: &[[u8; 32]]) -> Vec<u8> {
        let mut data = selector.to_vec();
        for word in words {
            data.extend_from_slice(word);
        }
        data
    }

    fn address_word(address: Address) -> [u8; 32] {
        let mut word = [0u8; 32];
        word[12..].copy_from_slice(address.as_slice());
        word
    }

    #[test]
    fn selectors_are_the_erc20_signatures() {
        assert_eq!(keccak256("transfer(address,uint256)")[..4], TRANSFER);
        assert_eq!(keccak256("approve(address,uint256)")[..4], APPROVE);
        assert_eq!(
            keccak256("transferFrom(address,address,uint256)")[..4],
            TRANSFER_FROM
        );
    }

    #[test]
    fn decodes_erc20_calls() {
        let bob = Address::repeat_byte(0xbb);
        let amount = U256::from(1_500_000u64);
        let transfer = call(TRANSFER, &[address_word(bob), amount.to_be_bytes()]);
        assert_eq!(
            decode(&transfer),
            Some(KnownCall::Transfer { to: bob, amount })
        );
        let approve = call(APPROVE, &[address_word(bob), U256::MAX.to_be_bytes()]);
        assert_eq!(
            decode(&approve),
            Some(KnownCall::Approve {
                spender: bob,
                amount: U256::MAX
            })
        );
        let alice = Address::repeat_byte(0xaa);
        let from = call(
            TRANSFER_FROM,
            &[address_word(alice), address_word(bob), amount.to_be_bytes()],
        );
        assert_eq!(
            decode(&from),
            Some(KnownCall::TransferFrom {
                from: alice,
                to: bob,
                amount
            })
        );
    }

    #[test]
    fn anything_else_stays_raw() {
        let bob = Address::repeat_byte(0xbb);
        let good = call(TRANSFER, &[address_word(bob), [0; 32]]);
        let mut dirty_address = good.clone();
        dirty_address[4] = 1;
        let mut unknown = good.clone();
        unknown[0] = 0;
        for data in [
            &good[..good.len() - 1],
            &[good.as_slice(), &[0]].concat(),
            &dirty_address,
            &unknown,
            &[0xa9, 0x05, 0x9c][..],
            &[][..],
        ] {
            assert_eq!(decode(data), None, "{data:?}");
        }
    }
}
