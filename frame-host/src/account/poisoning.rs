//! Address poisoning (issue 38, L-9): which transfers of an account's history the widget hides
//! by default. Anyone can put a transfer in an account's history: a `transferFrom` of 0 in the
//! account's name (allowed without an allowance), a counterfeit token's `Transfer` log, or a
//! payment from an address made to look like one the account deals with, so that the user
//! copies the attacker's address from the history next time. Two rules:
//!
//! - a transfer of an amount of 0 moves nothing: [`HiddenReason::ZeroValue`] (frame-host's
//!   own indexer keeps no zero-amount token transfer at all, `indexer::logs`; another
//!   [`crate::indexer::HistorySource`] may);
//! - a transfer whose counterparty *looks alike* an address the account has transacted with
//!   (defined below) but is not one: [`HiddenReason::LookAlike`]. What the account signed
//!   itself is never hidden by this rule, even a payment to a look-alike: the user must see it.

use std::collections::{HashMap, HashSet};

use oriel_protocol::http::history::HiddenReason;

use crate::store::HistoryRow;

/// How many hex digits a person compares at each end of an address, and how many a poisoner's
/// vanity address matches there.
const COMPARED_DIGITS: usize = 4;

/// The digits compared by eye: the first and the last [`COMPARED_DIGITS`] hex digits after `0x`
/// (`0x70997970c5…d017dc79c8` gives `("7099", "79c8")`); `None` for what is not a lowercase
/// `0x` address of 40 hex digits.
fn ends(address: &str) -> Option<(&str, &str)> {
    let digits = address.strip_prefix("0x")?;
    let hex = digits.len() == 40
        && digits
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    hex.then(|| (&digits[..COMPARED_DIGITS], &digits[40 - COMPARED_DIGITS..]))
}

/// Whether `row` moved nothing: an amount of 0 (of a coin, an ERC-20 or an ERC-1155).
fn is_zero_value(row: &HistoryRow) -> bool {
    !row.amount.is_empty() && row.amount.bytes().all(|b| b == b'0')
}

/// The addresses an account has transacted with, and the look-alike rule over them.
///
/// *Transacted with* means chosen by the account itself: the account, and in each transaction
/// the account sent (`tx.from` is the account) and in which tokens left it, the receivers of
/// those tokens and the transaction's recipient (`tx.to`). Transfers others send it do not
/// count, since anyone can make one appear from any address.
///
/// *Looks alike*: address `x` looks alike when some address the account has transacted with
/// other than `x` has the same first 4 and last 4 hex digits as `x` (case-insensitive): a
/// person comparing the ends by eye cannot tell the two apart. Having paid `x` once (fooled)
/// does not make it trusted: it still looks like the other one.
#[derive(Debug, Default)]
pub(super) struct Counterparties {
    /// The addresses transacted with, by their compared digits.
    by_ends: HashMap<(String, String), HashSet<String>>,
}

impl Counterparties {
    /// The rule for `account` (lowercase) over the addresses it `chose` (lowercase).
    pub(super) fn new(account: &str, chosen: impl IntoIterator<Item = String>) -> Self {
        let mut by_ends: HashMap<(String, String), HashSet<String>> = HashMap::new();
        for address in std::iter::once(account.to_owned()).chain(chosen) {
            if let Some((first, last)) = ends(&address) {
                let key = (first.to_owned(), last.to_owned());
                by_ends.entry(key).or_default().insert(address);
            }
        }
        Self { by_ends }
    }

    /// Whether `address` (lowercase) looks alike another address the account has transacted
    /// with.
    pub(super) fn looks_alike(&self, address: &str) -> bool {
        ends(address)
            .and_then(|(first, last)| self.by_ends.get(&(first.to_owned(), last.to_owned())))
            .is_some_and(|same_ends| same_ends.iter().any(|a| a != address))
    }

    /// Why the widget hides transfer `row` of `account` (lowercase) by default, if it does.
    pub(super) fn hidden(&self, row: &HistoryRow, account: &str) -> Option<HiddenReason> {
        if is_zero_value(row) {
            return Some(HiddenReason::ZeroValue);
        }
        if row.tx_from == account {
            return None;
        }
        let counterparty = if row.from_addr == account {
            &row.to_addr
        } else {
            &row.from_addr
        };
        self.looks_alike(counterparty)
            .then_some(HiddenReason::LookAlike)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ME: &str = "0x00000000000000000000000000000000000000aa";
    const FRIEND: &str = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
    /// FRIEND's first and last 4 hex digits, another address.
    const FAKE_FRIEND: &str = "0x7099000000000000000000000000000000d079c8";
    /// My own first and last 4 hex digits, another address.
    const FAKE_ME: &str = "0x00001111111111111111111111111111111100aa";
    const STRANGER: &str = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";

    fn row(tx_from: &str, from: &str, to: &str, amount: &str) -> HistoryRow {
        HistoryRow {
            chain_id: "eip155:1".into(),
            block_number: 1,
            block_time: 0,
            tx_hash: "0x1".into(),
            tx_index: 0,
            tx_from: tx_from.into(),
            tx_to: to.into(),
            nonce: 0,
            from_addr: from.into(),
            to_addr: to.into(),
            kind: "erc20".into(),
            contract: STRANGER.into(),
            token_id: String::new(),
            amount: amount.into(),
            token_name: None,
            token_symbol: None,
            token_decimals: None,
            nft_name: None,
            nft_image: None,
        }
    }

    #[test]
    fn look_alikes_share_both_ends_with_a_chosen_address_but_are_not_one() {
        let known = Counterparties::new(ME, [FRIEND.to_owned()]);
        assert!(known.looks_alike(FAKE_FRIEND));
        assert!(known.looks_alike(FAKE_ME));
        assert!(!known.looks_alike(FRIEND));
        assert!(!known.looks_alike(ME));
        assert!(!known.looks_alike(STRANGER));
        // One end alone is not enough.
        assert!(!known.looks_alike("0x7099000000000000000000000000000000d07900"));
        assert!(!known.looks_alike("0x0000000000000000000000000000000000d079c8"));
        assert!(!known.looks_alike("garbage"));
    }

    #[test]
    fn hides_zero_values_and_look_alikes_but_never_what_the_account_signed() {
        let known = Counterparties::new(ME, [FRIEND.to_owned()]);
        let hidden = |r: HistoryRow| known.hidden(&r, ME);
        // transferFrom(me, fake friend, 0), sent by someone else.
        assert_eq!(
            hidden(row(STRANGER, ME, FAKE_FRIEND, "0")),
            Some(HiddenReason::ZeroValue)
        );
        assert_eq!(
            hidden(row(FAKE_FRIEND, FAKE_FRIEND, ME, "1")),
            Some(HiddenReason::LookAlike)
        );
        assert_eq!(
            hidden(row(STRANGER, FAKE_ME, ME, "5")),
            Some(HiddenReason::LookAlike)
        );
        assert_eq!(hidden(row(FRIEND, FRIEND, ME, "1")), None);
        assert_eq!(hidden(row(STRANGER, STRANGER, ME, "1")), None);
        // The user's own payment to a look-alike stays in sight.
        assert_eq!(hidden(row(ME, ME, FAKE_FRIEND, "1")), None);
        assert_eq!(hidden(row(ME, ME, ME, "1")), None);
        // Once paid, the look-alike still looks like the friend, and the friend like it.
        let fooled = Counterparties::new(ME, [FRIEND.to_owned(), FAKE_FRIEND.to_owned()]);
        assert!(fooled.looks_alike(FAKE_FRIEND));
        assert!(fooled.looks_alike(FRIEND));
        assert_eq!(
            fooled.hidden(&row(FAKE_FRIEND, FAKE_FRIEND, ME, "1"), ME),
            Some(HiddenReason::LookAlike)
        );
    }
}
