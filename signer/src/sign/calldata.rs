//! Decoding calldata of well-known selectors for the approval screen: ERC-20 and the swaps of
//! a Uniswap V2 router (`Router02`).

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
    /// A Uniswap V2 router's `swapExactETHForTokens`, `swapExactTokensForETH` or
    /// `swapExactTokensForTokens`.
    Swap(Swap),
}

/// A swap of an exact amount in through a Uniswap V2 router.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Swap {
    /// The amount sold; `None` when it is the transaction's value (`swapExactETHForTokens`).
    pub(crate) amount_in: Option<U256>,
    /// The least the swap may pay out, else it reverts.
    pub(crate) amount_out_min: U256,
    /// The tokens of the pools in order (the native coin as its wrapped token).
    pub(crate) path: Vec<Address>,
    /// Whether the last token is unwrapped and paid out as the native coin.
    pub(crate) ether_out: bool,
    /// Who receives the output.
    pub(crate) to: Address,
    /// Unix seconds after which the router refuses it.
    pub(crate) deadline: U256,
}

/// `transfer(address,uint256)`.
pub(crate) const TRANSFER: [u8; 4] = [0xa9, 0x05, 0x9c, 0xbb];
/// `approve(address,uint256)`.
pub(crate) const APPROVE: [u8; 4] = [0x09, 0x5e, 0xa7, 0xb3];
/// `transferFrom(address,address,uint256)`.
pub(crate) const TRANSFER_FROM: [u8; 4] = [0x23, 0xb8, 0x72, 0xdd];
/// `swapExactETHForTokens(uint256,address[],address,uint256)`.
pub(crate) const SWAP_EXACT_ETH_FOR_TOKENS: [u8; 4] = [0x7f, 0xf3, 0x6a, 0xb5];
/// `swapExactTokensForETH(uint256,uint256,address[],address,uint256)`.
pub(crate) const SWAP_EXACT_TOKENS_FOR_ETH: [u8; 4] = [0x18, 0xcb, 0xaf, 0xe5];
/// `swapExactTokensForTokens(uint256,uint256,address[],address,uint256)`.
pub(crate) const SWAP_EXACT_TOKENS_FOR_TOKENS: [u8; 4] = [0x38, 0xed, 0x17, 0x39];
/// The most tokens a swap's path may name (a router path this long is already unusual).
const MAX_PATH: usize = 8;

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

/// A swap's arguments, strictly encoded: `heads` static words (the path's offset among
/// them, at `path_at`, pointing just past them), then the path's length (2 to
/// [`MAX_PATH`]) and its addresses, and nothing more.
fn swap_words(args: &[u8], heads: usize, path_at: usize) -> Option<(Vec<[u8; 32]>, Vec<Address>)> {
    let (head, tail) = args.split_at_checked(32 * heads)?;
    let head = words(head, heads)?;
    let small = |w: &[u8; 32]| {
        w[..24]
            .iter()
            .all(|b| *b == 0)
            .then(|| u64::from_be_bytes(w[24..].try_into().unwrap_or_default()))
    };
    let (length, items) = tail.split_at_checked(32)?;
    let length = usize::try_from(small(length.try_into().ok()?)?).ok()?;
    if small(&head[path_at])? != 32 * heads as u64 || !(2..=MAX_PATH).contains(&length) {
        return None;
    }
    let path = words(items, length)?
        .iter()
        .map(address)
        .collect::<Option<Vec<_>>>()?;
    Some((head, path))
}

/// Decodes `data` when it is a strictly encoded call of a known selector.
pub(crate) fn decode(data: &[u8]) -> Option<KnownCall> {
    let (selector, args) = data.split_at_checked(4)?;
    match <[u8; 4]>::try_from(selector).ok()? {
        SWAP_EXACT_ETH_FOR_TOKENS => {
            let (w, path) = swap_words(args, 4, 1)?;
            Some(KnownCall::Swap(Swap {
                amount_in: None,
                amount_out_min: U256::from_be_bytes(w[0]),
                path,
                ether_out: false,
                to: address(&w[2])?,
                deadline: U256::from_be_bytes(w[3]),
            }))
        }
        selector @ (SWAP_EXACT_TOKENS_FOR_ETH | SWAP_EXACT_TOKENS_FOR_TOKENS) => {
            let (w, path) = swap_words(args, 5, 2)?;
            Some(KnownCall::Swap(Swap {
                amount_in: Some(U256::from_be_bytes(w[0])),
                amount_out_min: U256::from_be_bytes(w[1]),
                path,
                ether_out: selector == SWAP_EXACT_TOKENS_FOR_ETH,
                to: address(&w[3])?,
                deadline: U256::from_be_bytes(w[4]),
            }))
        }
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

    fn small(n: u64) -> [u8; 32] {
        U256::from(n).to_be_bytes()
    }

    #[test]
    fn router_selectors_are_the_signatures() {
        assert_eq!(
            keccak256("swapExactETHForTokens(uint256,address[],address,uint256)")[..4],
            SWAP_EXACT_ETH_FOR_TOKENS
        );
        assert_eq!(
            keccak256("swapExactTokensForETH(uint256,uint256,address[],address,uint256)")[..4],
            SWAP_EXACT_TOKENS_FOR_ETH
        );
        assert_eq!(
            keccak256("swapExactTokensForTokens(uint256,uint256,address[],address,uint256)")[..4],
            SWAP_EXACT_TOKENS_FOR_TOKENS
        );
    }

    #[test]
    fn decodes_swaps_strictly() {
        let (weth, dusd, me) = (
            Address::repeat_byte(0xee),
            Address::repeat_byte(0xd0),
            Address::repeat_byte(0xaa),
        );
        let buy = call(
            SWAP_EXACT_ETH_FOR_TOKENS,
            &[
                small(180),
                small(128),
                address_word(me),
                small(99),
                small(2),
                address_word(weth),
                address_word(dusd),
            ],
        );
        let want = Swap {
            amount_in: None,
            amount_out_min: U256::from(180),
            path: vec![weth, dusd],
            ether_out: false,
            to: me,
            deadline: U256::from(99),
        };
        assert_eq!(decode(&buy), Some(KnownCall::Swap(want)));
        let sell = call(
            SWAP_EXACT_TOKENS_FOR_ETH,
            &[
                small(10),
                small(3),
                small(160),
                address_word(me),
                small(99),
                small(2),
                address_word(dusd),
                address_word(weth),
            ],
        );
        let Some(KnownCall::Swap(sold)) = decode(&sell) else {
            panic!("not decoded")
        };
        assert_eq!(
            (sold.amount_in, sold.ether_out, sold.path),
            (Some(U256::from(10)), true, vec![dusd, weth])
        );
        let mut tokens = sell.clone();
        tokens[..4].copy_from_slice(&SWAP_EXACT_TOKENS_FOR_TOKENS);
        assert!(matches!(
            decode(&tokens),
            Some(KnownCall::Swap(Swap {
                ether_out: false,
                ..
            }))
        ));
        // A wrong offset, a path of one token or longer than announced, a dirty address.
        let mut moved = buy.clone();
        moved[4 + 63] = 96;
        let one = call(
            SWAP_EXACT_ETH_FOR_TOKENS,
            &[
                small(1),
                small(128),
                address_word(me),
                small(9),
                small(1),
                address_word(weth),
            ],
        );
        let mut dirty = buy.clone();
        dirty[4 + 5 * 32] = 1;
        for data in [
            &moved,
            &one,
            &[buy.as_slice(), &[0; 32]].concat(),
            &buy[..buy.len() - 32].to_vec(),
            &dirty,
        ] {
            assert_eq!(decode(data), None);
        }
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
