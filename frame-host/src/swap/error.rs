//! [`ConvertError`]: what the convert API refuses, with the spec's texts where it has some.

use oriel_protocol::text::INVALID_CAIP2_PREFIX;

use crate::{error::ApiError, error::Error};

/// Spec §8: a network without an exchange (or not a swap network).
pub(crate) const SWAPS_NOT_SUPPORTED: &str = "Network not supported for Swaps";
/// Spec §8: a network frame-host has no RPC endpoint for.
pub(crate) const GAS_PRICE_NOT_SUPPORTED: &str = "Network not supported for Gas Price";

/// A refused convert request: every variant but [`ConvertError::Chain`] is the caller's
/// (400 `invalid_params`, its text shown); `Chain` is the chain's endpoints failing (500,
/// logged, retryable).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum ConvertError {
    /// The network has no exchange.
    #[error("{SWAPS_NOT_SUPPORTED}")]
    SwapsNotSupported,
    /// The network has no RPC endpoint.
    #[error("{GAS_PRICE_NOT_SUPPORTED}")]
    GasPriceNotSupported,
    /// A required parameter is absent or empty.
    #[error("Missing {0}")]
    Missing(&'static str),
    /// A parameter breaks its rule.
    #[error("Invalid {name}: {reason}")]
    Invalid {
        /// The parameter, as the request names it.
        name: &'static str,
        /// What is wrong and what is expected.
        reason: String,
    },
    /// A network id that is not CAIP-2 (spec §5's text).
    #[error("{INVALID_CAIP2_PREFIX}{0}")]
    InvalidNetwork(String),
    /// `from` and `to` name the same token (the native coin trades as its wrapped token).
    #[error("Invalid to: the same token as from")]
    SameToken,
    /// No pool path (direct, or through the wrapped native coin) connects the two tokens.
    #[error("No pool route from {from} to {to}")]
    NoRoute {
        /// The source token, as the request wrote it.
        from: String,
        /// The destination token, as the request wrote it.
        to: String,
    },
    /// The swap would pay out nothing at the slippage.
    #[error("Invalid amount: too small, the swap would return nothing")]
    NothingOut,
    /// The node's gas estimate reverted: sent as it is, the transaction would fail.
    #[error("The transaction would fail: {0}")]
    WouldRevert(String),
    /// The chain's endpoints failed or answered something unusable.
    #[error(transparent)]
    Chain(#[from] Error),
}

impl ConvertError {
    /// [`ConvertError::Invalid`] of `name`.
    pub(crate) fn invalid(name: &'static str, reason: impl Into<String>) -> Self {
        Self::Invalid {
            name,
            reason: reason.into(),
        }
    }
}

impl From<oriel_rpc::RpcError> for ConvertError {
    fn from(e: oriel_rpc::RpcError) -> Self {
        Self::Chain(e.into())
    }
}

impl From<ConvertError> for ApiError {
    fn from(e: ConvertError) -> Self {
        match e {
            ConvertError::Chain(e) => ApiError::Internal(e),
            refused => ApiError::InvalidParams(refused.to_string()),
        }
    }
}
