//! Spec message texts that more than one side writes or recognises: the frame puts them in
//! [`ErrorReply`](crate::ErrorReply) messages, frame-host in its HTTP errors, and the SDK
//! shows them or matches them (its copies are generated from these, see
//! `sdk-react/src/codec/text.gen.ts`). The spec's words, so never rephrase one.

/// A frame error without a message of its own (spec §8).
pub const AN_ERROR_OCCURRED: &str = "An error occurred";
/// The host aborted a request the frame was waiting on (spec §4).
pub const REQUEST_ABORTED: &str = "Request was aborted";
/// The user declined an approval (EIP-1193 code 4001).
pub const USER_REJECTED: &str = "User rejected the request.";
/// An RPC method outside the frame's policy (spec §5).
pub const RPC_NOT_ALLOWED: &str = "Requested RPC call is not allowed";
/// A UI-only method (such as `wallet_addEthereumChain`) the embedded wallet refuses (spec §5).
pub const ACTION_NOT_ALLOWED: &str = "Action not allowed";
/// A chain the wallet cannot switch to (spec §4, §8).
pub const CHAIN_NOT_SUPPORTED: &str = "Chain is not supported";
/// The start of 'Invalid CAIP-2 network id: {value}' (spec §5); see [`invalid_caip2`].
pub const INVALID_CAIP2_PREFIX: &str = "Invalid CAIP-2 network id: ";
/// An email that is not a valid address (spec §5).
pub const INVALID_EMAIL: &str = "Invalid email";
/// A chain RPC endpoint did not answer in time (spec §8).
pub const REQUEST_TIMEOUT: &str = "The request took too long to respond.";
/// frame-host could not be reached (spec §8 alert).
pub const NETWORK_ERROR: &str = "Network Error - Could not load embedded wallet";
/// The session ended: the token expired or the device was revoked (spec §8).
pub const SESSION_EXPIRED: &str = "Session Expired";
/// A missing, malformed or foreign session token (spec §8).
pub const INVALID_KEY: &str = "Invalid key";
/// A session token whose `nbf`/`iat` lies in the future (spec §8).
pub const JWT_NOT_YET_VALID: &str = "JWT not yet valid";
/// A wrong, unknown or used one-time code.
pub const INVALID_CODE: &str = "Invalid code";
/// The fifth wrong code, and every try after it.
pub const CODE_LOCKED: &str = "Too many wrong codes: request a new code";
/// An email change to an address another user of the project has.
pub const EMAIL_IN_USE: &str = "Email already in use";
/// The recovery key refused to a device that has a session but did not prove the account's
/// owner (a social or Farcaster login of an existing account, issue 38 M-3); the SDK tells it
/// from an expired sign-in link.
pub const DEVICE_NOT_APPROVED: &str = "This device is not approved for this account yet: open the \
     approval link emailed to the account, or approve it from a device that already holds the \
     wallet, then log in again";
/// The start of 'Please try again after {n} seconds' (spec §4); see [`try_again_after`].
pub const TRY_AGAIN_PREFIX: &str = "Please try again after ";
/// The end of 'Please try again after {n} seconds'.
pub const TRY_AGAIN_SUFFIX: &str = " seconds";

/// 'Invalid CAIP-2 network id: {value}'.
///
/// ```
/// assert_eq!(oriel_protocol::text::invalid_caip2("eip155"), "Invalid CAIP-2 network id: eip155");
/// ```
pub fn invalid_caip2(value: &str) -> String {
    format!("{INVALID_CAIP2_PREFIX}{value}")
}

/// 'Please try again after {n} seconds': a throttle, `seconds` whole seconds left.
///
/// ```
/// assert_eq!(oriel_protocol::text::try_again_after(12), "Please try again after 12 seconds");
/// ```
pub fn try_again_after(seconds: i64) -> String {
    format!("{TRY_AGAIN_PREFIX}{seconds}{TRY_AGAIN_SUFFIX}")
}
