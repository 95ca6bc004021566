//! The EIP-1193 / JSON-RPC / ERC-5792 error codes a dapp sees in a [`SignError`]'s reply
//! ([`SignError::code`]).
//!
//! [`SignError`]: crate::SignError
//! [`SignError::code`]: crate::SignError::code

/// JSON-RPC: invalid method parameters.
pub const INVALID_PARAMS: i32 = -32602;
/// JSON-RPC: internal error.
pub const INTERNAL_ERROR: i32 = -32603;
/// EIP-1193: the user rejected the request.
pub const USER_REJECTED: i32 = 4001;
/// EIP-1193: the requested account or method has not been authorized by the user.
pub const UNAUTHORIZED: i32 = 4100;
/// EIP-1193: the provider does not support the requested method.
pub const UNSUPPORTED_METHOD: i32 = 4200;
/// EIP-1193: the provider is disconnected from all chains.
pub const DISCONNECTED: i32 = 4900;
/// EIP-1193: the provider is not connected to the requested chain.
pub const CHAIN_DISCONNECTED: i32 = 4901;
/// EIP-3085/3326: the chain has not been added to the wallet.
pub const UNRECOGNIZED_CHAIN: i32 = 4902;
/// ERC-5792: a capability the dapp marked non-optional is not supported.
pub const UNSUPPORTED_CAPABILITY: i32 = 5700;
/// ERC-5792: the wallet does not support the requested chain id.
pub const UNSUPPORTED_CHAIN_ID: i32 = 5710;
/// ERC-5792: a bundle with this id was already submitted.
pub const DUPLICATE_ID: i32 = 5720;
/// ERC-5792: no bundle with this id was submitted.
pub const UNKNOWN_BUNDLE_ID: i32 = 5730;
/// ERC-5792: the bundle has more calls than the wallet takes.
pub const BUNDLE_TOO_LARGE: i32 = 5740;
/// ERC-5792: the wallet cannot run the calls atomically and the dapp required it.
pub const ATOMICITY_NOT_SUPPORTED: i32 = 5760;
