//! What the frame's screen says when a request fails after the user approved it: the chain
//! node's errors (and the transport's) in plain words, with the raw error kept as details. The
//! dapp still gets the error itself, unchanged (`SignError` -> `ErrorReply`).
//!
//! The node's texts differ between clients (geth, erigon, nethermind, reth, hardhat, anvil), so
//! they are matched by the phrases they share, lowercased, most specific first.

use oriel_protocol::{ErrorCode, ErrorReply};

use super::SignRequest;
use crate::error::SIGNING_FAILED;

/// A failure as the screen shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The heading: "Transaction failed" or "Signing failed".
    pub title: &'static str,
    /// What happened, in plain words.
    pub words: &'static str,
    /// The error as the dapp gets it, for the "Details" disclosure.
    pub details: String,
}

/// The balance cannot pay the amount and the fee.
pub(crate) const INSUFFICIENT_FUNDS: &str =
    "Not enough funds: the balance cannot pay the amount plus the network fee. Nothing was sent.";
/// The nonce was used already.
pub(crate) const NONCE_TOO_LOW: &str =
    "This transaction's number (nonce) was already used by another \
     transaction from this account. Nothing was sent; try again.";
/// The nonce leaves a gap.
pub(crate) const NONCE_TOO_HIGH: &str =
    "An earlier transaction from this account is still missing or \
     pending. Nothing was sent; wait for it, then try again.";
/// Another pending transaction has the same nonce.
pub(crate) const REPLACEMENT: &str = "Another transaction with the same number (nonce) is already \
     pending. Nothing was sent.";
/// The gas limit is below what the transaction needs.
pub(crate) const GAS_TOO_LOW: &str =
    "The gas limit is too low for this transaction. Nothing was sent.";
/// The gas limit is above the block's.
pub(crate) const GAS_ABOVE_BLOCK: &str =
    "The gas limit is more than a block can hold. Nothing was sent.";
/// The fee is below what the network takes now.
pub(crate) const FEE_TOO_LOW: &str =
    "The network fee is too low for the network right now. Nothing \
     was sent; try again.";
/// The contract refused.
pub(crate) const REVERTED: &str =
    "The contract refused this transaction (it reverted). Nothing was sent.";
/// The network does not take this kind of transaction.
pub(crate) const UNSUPPORTED_TYPE: &str =
    "This network does not accept this type of transaction. Nothing was sent.";
/// No answer in time: the transaction may have gone out.
pub(crate) const TIMED_OUT: &str =
    "The network did not answer in time. The transaction may still go \
     through: check the account's activity before trying again.";
/// The network could not be reached.
pub(crate) const UNREACHABLE: &str =
    "The wallet could not reach the network. Check the connection and try again.";
/// Anything else the node refused.
pub(crate) const REFUSED: &str = "The network refused this request.";
/// The key could not sign.
pub(crate) const NOT_SIGNED: &str = "The wallet could not sign this request.";

/// Node phrases, lowercased, and what they mean; the first match wins.
const NODE_PHRASES: [(&str, &str); 22] = [
    ("insufficient funds", INSUFFICIENT_FUNDS),
    ("enough funds", INSUFFICIENT_FUNDS), // hardhat: "Sender doesn't have enough funds …"
    ("insufficient balance", INSUFFICIENT_FUNDS),
    ("nonce too low", NONCE_TOO_LOW),
    ("nonce has already been used", NONCE_TOO_LOW),
    ("nonce too high", NONCE_TOO_HIGH),
    ("replacement transaction underpriced", REPLACEMENT),
    ("already known", REPLACEMENT),
    ("intrinsic gas too low", GAS_TOO_LOW),
    ("gas too low", GAS_TOO_LOW),
    ("out of gas", GAS_TOO_LOW),
    ("requires at least", GAS_TOO_LOW), // hardhat: "Transaction requires at least 21000 gas …"
    ("exceeds block gas limit", GAS_ABOVE_BLOCK),
    ("gas limit reached", GAS_ABOVE_BLOCK),
    ("fee cap less than block base fee", FEE_TOO_LOW),
    ("less than block base fee", FEE_TOO_LOW),
    ("too low for the next block", FEE_TOO_LOW), // hardhat
    ("underpriced", FEE_TOO_LOW),
    ("revert", REVERTED),
    ("transaction type not supported", UNSUPPORTED_TYPE),
    ("tx type not supported", UNSUPPORTED_TYPE),
    ("could not reach the rpc endpoint", UNREACHABLE),
];

/// What a chain's (or the transport's) error reply means, in plain words.
pub fn plain_words(reply: &ErrorReply) -> &'static str {
    // The chain RPC client's timeout text (oriel-rpc's `TIMEOUT_MESSAGE`, from the protocol).
    if reply.message == oriel_protocol::text::REQUEST_TIMEOUT {
        return TIMED_OUT;
    }
    let message = reply.message.to_ascii_lowercase();
    if let Some((_, words)) = NODE_PHRASES.iter().find(|(p, _)| message.contains(p)) {
        return words;
    }
    match reply.code {
        ErrorCode::Internal if message.starts_with("http status code") => UNREACHABLE,
        _ => REFUSED,
    }
}

/// The error as the dapp sees it, for the details: "-32000: Sender doesn't have …".
fn details(reply: &ErrorReply) -> String {
    match reply.code {
        ErrorCode::Rpc(code) => format!("{code}: {}", reply.message),
        _ => reply.message.clone(),
    }
}

/// How the screen shows `error` (the reply the dapp gets), which ended `request` after the
/// user approved it.
pub fn failure<Tx>(request: &SignRequest<Tx>, error: &ErrorReply) -> Failure {
    let title = match request {
        SignRequest::SendTransaction(_)
        | SignRequest::SendCalls(_)
        | SignRequest::SolanaSignAndSendTransaction { .. } => "Transaction failed",
        _ => "Signing failed",
    };
    let words = if error.message.starts_with(SIGNING_FAILED) {
        NOT_SIGNED
    } else {
        plain_words(error)
    };
    Failure {
        title,
        words,
        details: details(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sign::{SignError, TxRequest};

    fn node(code: i32, message: &str) -> ErrorReply {
        ErrorReply::new(ErrorCode::Rpc(code), message)
    }

    #[test]
    fn node_errors_in_plain_words() {
        for (message, words) in [
            (
                "Sender doesn't have enough funds to send tx. The max upfront cost is: \
                 21000000000000 and the sender's account only has: 0",
                INSUFFICIENT_FUNDS,
            ),
            (
                "insufficient funds for gas * price + value: balance 0, tx cost 21000",
                INSUFFICIENT_FUNDS,
            ),
            (
                "Nonce too low. Expected nonce to be 3 but got 1.",
                NONCE_TOO_LOW,
            ),
            ("nonce too high", NONCE_TOO_HIGH),
            ("replacement transaction underpriced", REPLACEMENT),
            ("already known", REPLACEMENT),
            ("intrinsic gas too low", GAS_TOO_LOW),
            (
                "Transaction requires at least 21000 gas but got 100",
                GAS_TOO_LOW,
            ),
            ("exceeds block gas limit", GAS_ABOVE_BLOCK),
            (
                "max fee per gas less than block base fee: address 0x…, maxFeePerGas: 1, \
                 baseFee: 7",
                FEE_TOO_LOW,
            ),
            ("transaction underpriced", FEE_TOO_LOW),
            (
                "Transaction maxFeePerGas (1) is too low for the next block, which has a \
                 baseFeePerGas of 7",
                FEE_TOO_LOW,
            ),
            (
                "execution reverted: ERC20: transfer amount exceeds balance",
                REVERTED,
            ),
            (
                "VM Exception while processing transaction: reverted with reason string 'x'",
                REVERTED,
            ),
            ("transaction type not supported", UNSUPPORTED_TYPE),
            ("something new", REFUSED),
        ] {
            assert_eq!(plain_words(&node(-32000, message)), words, "{message}");
        }
    }

    #[test]
    fn transport_errors_in_plain_words() {
        let internal = |m: &str| ErrorReply::new(ErrorCode::Internal, m);
        assert_eq!(
            plain_words(&internal("The request took too long to respond.")),
            TIMED_OUT
        );
        assert_eq!(
            plain_words(&internal(
                "could not reach the RPC endpoint: Failed to fetch"
            )),
            UNREACHABLE
        );
        assert_eq!(plain_words(&internal("HTTP status code: 503")), UNREACHABLE);
    }

    #[test]
    fn the_details_are_the_error_the_dapp_gets() {
        let tx = SignRequest::<TxRequest>::PersonalSign { message: vec![] };
        let error = ErrorReply::from(SignError::Chain(node(
            -32000,
            "Sender doesn't have enough funds",
        )));
        let shown = failure(&tx, &error);
        assert_eq!(shown.title, "Signing failed");
        assert_eq!(shown.words, INSUFFICIENT_FUNDS);
        assert_eq!(shown.details, "-32000: Sender doesn't have enough funds");
        let bad = ErrorReply::from(SignError::BadChainAnswer {
            method: "eth_sendRawTransaction",
            detail: "expected a 32-byte hash".into(),
        });
        let send = SignRequest::<TxRequest>::SendTransaction(TxRequest {
            from: Default::default(),
            to: None,
            value: Default::default(),
            data: Default::default(),
            gas: None,
            nonce: None,
            max_fee_per_gas: None,
            max_priority_fee_per_gas: None,
            chain_id: None,
            access_list: Default::default(),
        });
        let shown = failure(&send, &bad);
        assert_eq!(shown.title, "Transaction failed");
        assert_eq!(shown.words, REFUSED);
        assert_eq!(
            shown.details,
            "-32603: unexpected answer from the chain to eth_sendRawTransaction: expected a \
             32-byte hash"
        );
        let unsigned = ErrorReply::from(SignError::Signing("bad key".into()));
        assert_eq!(failure(&tx, &unsigned).words, NOT_SIGNED);
    }
}
