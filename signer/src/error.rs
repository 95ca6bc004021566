//! The crate's errors: [`KeyError`] for key custody (creating, opening and re-wrapping a
//! wallet) and [`SignError`] for a signing request, with the EIP-1193 / JSON-RPC / ERC-5792
//! code the dapp sees ([`crate::sign`]'s codes) and its conversion to the protocol's
//! [`ErrorReply`].

use oriel_protocol::{text::RPC_NOT_ALLOWED as NOT_ALLOWED, ErrorCode, ErrorReply};

use crate::sign::{
    ATOMICITY_NOT_SUPPORTED, BUNDLE_TOO_LARGE, CHAIN_DISCONNECTED, DUPLICATE_ID, INTERNAL_ERROR,
    INVALID_PARAMS, UNAUTHORIZED, UNKNOWN_BUNDLE_ID, UNSUPPORTED_CAPABILITY, UNSUPPORTED_CHAIN_ID,
    UNSUPPORTED_METHOD,
};

/// What can go wrong while creating, opening or re-wrapping a wallet.
///
/// Messages are safe to show: none names a key, a secret or which check failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum KeyError {
    /// A wrap or the ciphertext did not open: a wrong key, a wrong user, wallet or device id, or
    /// tampered data. Deliberately one variant for all of them. Not retryable with the same
    /// inputs: a device whose wrap fails goes through recovery instead.
    #[error("the wallet could not be opened: wrong key or tampered data")]
    Open,
    /// The blob's format version is not one this crate reads. Not retryable: it needs a newer
    /// frame.
    #[error("unsupported wallet version {0}")]
    UnsupportedVersion(u8),
    /// The blob carries no wrap for this device. Recover with the recovery key, then store a
    /// wrap for this device.
    #[error("this device has no key to the wallet: recover it first")]
    NoDeviceWrap,
    /// The blob belongs to another wallet than the unlocked one.
    #[error("the wallet blob belongs to another wallet")]
    WalletMismatch,
    /// The platform's secure random source failed. Retryable.
    #[error("no secure random numbers are available")]
    Random,
    /// Keys could not be derived from the seed. Not expected; not retryable.
    #[error("the wallet keys could not be derived")]
    Derive,
    /// Encryption failed. Not expected; not retryable.
    #[error("the wallet could not be encrypted")]
    Seal,
}

/// The result type of key custody ([`crate::keys`]); signing's functions name [`SignError`].
pub type Result<T, E = KeyError> = core::result::Result<T, E>;

/// How [`SignError::Signing`]'s text starts.
pub(crate) const SIGNING_FAILED: &str = "signing failed: ";

/// A failed signing request. None of these is retryable as is, except [`SignError::Chain`],
/// whose retry is up to the chain RPC client.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SignError {
    /// The policy refuses the method (spec §6).
    #[error("{}", NOT_ALLOWED)]
    NotAllowed,
    /// A parameter is missing or malformed.
    #[error("invalid params: {0}")]
    InvalidParams(String),
    /// The request names an account that is not this wallet's (EIP-1193 4100).
    #[error("unauthorized: {0} is not this wallet's account")]
    Unauthorized(String),
    /// The method is in the policy but this wallet cannot serve it (EIP-1193 4200).
    #[error("unsupported method: {0} is not supported by the embedded wallet")]
    UnsupportedMethod(String),
    /// The request is for another chain than the active one (EIP-1193 4901).
    #[error("the request is for chain {requested}, but the active chain is {active}")]
    ChainMismatch {
        /// The chain the request names.
        requested: String,
        /// The chain the frame is on.
        active: String,
    },
    /// Spec §5: the max priority fee is above the max fee.
    #[error("max priority fee per gas ({priority} wei) cannot be higher than max fee per gas ({max} wei)")]
    TipAboveFeeCap {
        /// maxPriorityFeePerGas.
        priority: u128,
        /// maxFeePerGas.
        max: u128,
    },
    /// Spec §5: the max fee is above the cap of 100000 gwei (`MAX_FEE_PER_GAS_CAP`).
    #[error("max fee per gas ({0} wei) cannot be higher than the cap of 100000 gwei")]
    FeeCapTooHigh(u128),
    /// Spec §5: an address is not 0x and 40 hex digits (or fails its checksum).
    #[error("invalid address: {0}")]
    InvalidAddress(String),
    /// Spec §5: an access-list storage key is not 32 bytes.
    #[error("invalid storage key: {0} is not 32 bytes")]
    InvalidStorageKey(String),
    /// Spec §5: blob data is at most 761855 bytes.
    #[error("blob data is {0} bytes, more than the maximum of 761855 bytes")]
    BlobDataTooLarge(usize),
    /// A transaction type the embedded wallet does not sign (blob, EIP-7702).
    #[error("transaction type {0} is not supported by the embedded wallet")]
    UnsupportedTransactionType(String),
    /// Spec §5: a batched call's `to` or `data` does not start with 0x.
    #[error("call {index}: {field} must start with 0x")]
    CallNot0x {
        /// The call's position in the batch.
        index: usize,
        /// `to` or `data`.
        field: &'static str,
    },
    /// Spec §5: the Solana preflight commitment is not one of the known levels.
    #[error("invalid preflight commitment: {0}")]
    InvalidPreflightCommitment(String),
    /// The Solana transaction does not ask this wallet's key to sign.
    #[error("the transaction does not need a signature from {0}")]
    NotASigner(String),
    /// ERC-5792 5700: a non-optional capability the wallet does not have.
    #[error("unsupported non-optional capability: {0}")]
    UnsupportedCapability(String),
    /// ERC-5792 5710: the calls are for a chain the wallet is not on.
    #[error("unsupported chain id: {0}")]
    UnsupportedChainId(String),
    /// ERC-5792 5720: this bundle id was used before.
    #[error("duplicate id: {0}")]
    DuplicateId(String),
    /// ERC-5792 5730: no bundle has this id.
    #[error("unknown bundle id: {0}")]
    UnknownBundleId(String),
    /// ERC-5792 5740: too many calls in one bundle.
    #[error("bundle too large: {0} calls, at most 20")]
    BundleTooLarge(usize),
    /// ERC-5792 5760: the dapp required atomic execution; an EOA cannot give it.
    #[error("atomicity not supported: the embedded wallet runs calls one by one")]
    AtomicityNotSupported,
    /// The user operation was sent but is not in a block after a minute: the dapp gets its
    /// hash to follow it (`eth_getUserOperationReceipt`).
    #[error("the user operation {0} was sent but is not in a block yet")]
    OperationPending(String),
    /// A smart account's transaction must call an address: it cannot deploy a contract.
    #[error(
        "invalid params: a smart account cannot deploy a contract (the transaction has no to)"
    )]
    SmartAccountCreate,
    /// The chain RPC answered with an error (passed on as it came).
    #[error("{}", .0.message)]
    Chain(ErrorReply),
    /// The chain RPC answered something that is not what the method returns.
    #[error("unexpected answer from the chain to {method}: {detail}")]
    BadChainAnswer {
        /// The method asked.
        method: &'static str,
        /// What was wrong.
        detail: String,
    },
    /// The key refused to sign (should not happen with a valid key).
    #[error("{SIGNING_FAILED}{0}")]
    Signing(String),
}

impl SignError {
    /// The EIP-1193 / JSON-RPC / ERC-5792 code this error carries to the dapp.
    pub fn code(&self) -> i32 {
        match self {
            Self::NotAllowed => UNSUPPORTED_METHOD,
            Self::InvalidParams(_)
            | Self::TipAboveFeeCap { .. }
            | Self::FeeCapTooHigh(_)
            | Self::InvalidAddress(_)
            | Self::InvalidStorageKey(_)
            | Self::BlobDataTooLarge(_)
            | Self::UnsupportedTransactionType(_)
            | Self::CallNot0x { .. }
            | Self::InvalidPreflightCommitment(_)
            | Self::NotASigner(_) => INVALID_PARAMS,
            Self::Unauthorized(_) => UNAUTHORIZED,
            Self::UnsupportedMethod(_) => UNSUPPORTED_METHOD,
            Self::SmartAccountCreate => INVALID_PARAMS,
            Self::ChainMismatch { .. } => CHAIN_DISCONNECTED,
            Self::UnsupportedCapability(_) => UNSUPPORTED_CAPABILITY,
            Self::UnsupportedChainId(_) => UNSUPPORTED_CHAIN_ID,
            Self::DuplicateId(_) => DUPLICATE_ID,
            Self::UnknownBundleId(_) => UNKNOWN_BUNDLE_ID,
            Self::BundleTooLarge(_) => BUNDLE_TOO_LARGE,
            Self::AtomicityNotSupported => ATOMICITY_NOT_SUPPORTED,
            Self::Chain(reply) => match reply.code {
                ErrorCode::Rpc(code) => code,
                _ => INTERNAL_ERROR,
            },
            Self::BadChainAnswer { .. } | Self::Signing(_) | Self::OperationPending(_) => {
                INTERNAL_ERROR
            }
        }
    }

    /// Shorthand for [`SignError::InvalidParams`].
    pub(crate) fn params(detail: impl Into<String>) -> Self {
        Self::InvalidParams(detail.into())
    }
}

impl From<SignError> for ErrorReply {
    fn from(error: SignError) -> Self {
        match error {
            SignError::NotAllowed => ErrorReply::new(ErrorCode::NotAllowed, NOT_ALLOWED),
            // A chain failure keeps its own code (RPC code, timeout, ...) and text.
            SignError::Chain(reply) => reply,
            other => ErrorReply::new(ErrorCode::Rpc(other.code()), other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_lowercase_and_name_no_part() {
        let open = KeyError::Open.to_string();
        assert_eq!(
            open,
            "the wallet could not be opened: wrong key or tampered data"
        );
        for e in [
            KeyError::Open,
            KeyError::NoDeviceWrap,
            KeyError::Random,
            KeyError::UnsupportedVersion(2),
        ] {
            let text = e.to_string();
            assert!(text.starts_with(char::is_lowercase), "{text}");
        }
    }

    #[test]
    fn replies_carry_the_eip1193_codes() {
        let cases = [
            (SignError::params("x"), -32602),
            (SignError::Unauthorized("0xabc".into()), 4100),
            (
                SignError::UnsupportedMethod("wallet_grantPermissions".into()),
                4200,
            ),
            (
                SignError::ChainMismatch {
                    requested: "eip155:1".into(),
                    active: "eip155:31337".into(),
                },
                4901,
            ),
            (
                SignError::TipAboveFeeCap {
                    priority: 2,
                    max: 1,
                },
                -32602,
            ),
            (SignError::BlobDataTooLarge(761_856), -32602),
            (SignError::UnknownBundleId("0x01".into()), 5730),
            (SignError::AtomicityNotSupported, 5760),
            (SignError::BundleTooLarge(21), 5740),
        ];
        for (error, code) in cases {
            let text = error.to_string();
            let reply = ErrorReply::from(error);
            assert_eq!(reply.code, ErrorCode::Rpc(code), "{text}");
            assert_eq!(reply.message, text);
        }
    }

    #[test]
    fn refused_methods_answer_the_spec_text() {
        let reply = ErrorReply::from(SignError::NotAllowed);
        assert_eq!(reply.code, ErrorCode::NotAllowed);
        assert_eq!(reply.message, "Requested RPC call is not allowed");
    }

    #[test]
    fn chain_errors_pass_through_unchanged() {
        let chain = ErrorReply::new(ErrorCode::Rpc(-32000), "nonce too low");
        assert_eq!(ErrorReply::from(SignError::Chain(chain.clone())), chain);
        let timeout = ErrorReply::new(ErrorCode::Internal, "The request took too long to respond.");
        assert_eq!(SignError::Chain(timeout.clone()).code(), -32603);
        assert_eq!(ErrorReply::from(SignError::Chain(timeout.clone())), timeout);
    }
}
