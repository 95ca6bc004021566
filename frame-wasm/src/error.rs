//! Why the frame refused or failed a request, and every message text it sends, in one place.
//!
//! [`Error`] is the frame's one error type; `From<Error> for ErrorReply` is the one place an
//! error becomes the protocol's error reply (code and message). The texts are the spec's
//! words where it has some (spec §8 and the EIP-1193 texts dapps match on); the others are
//! this frame's own. This module is a leaf: the modules whose own errors end up here (the
//! frame-host API client, the chain RPC client) implement the conversion next to their error
//! type; `oriel-signer`'s two errors (`KeyError`, `SignError`) convert at the end of this file.

use oriel_protocol::{ErrorCode, ErrorReply};

// The spec texts the SDK shares, from the protocol crate (one definition for Rust and
// TypeScript): ABORTED (spec §8: an `RpcAbort` or a closed channel), USER_REJECTED (EIP-1193
// 4001, Reject in the frame), NOT_ALLOWED (spec §6: a refused method; the widget shows
// `text::ACTION_NOT_ALLOWED`, which the frame never sends),
// SESSION_EXPIRED and NETWORK_ERROR (spec §8), INVALID_EMAIL and CHAIN_NOT_SUPPORTED (spec §5).
// The RPC texts (timeout, no message) are `oriel-rpc`'s.
pub(crate) use oriel_protocol::text::{
    CHAIN_NOT_SUPPORTED, INVALID_EMAIL, NETWORK_ERROR, REQUEST_ABORTED as ABORTED,
    RPC_NOT_ALLOWED as NOT_ALLOWED, SESSION_EXPIRED, USER_REJECTED,
};

/// Requests that need a logged-in session, before there is one.
pub(crate) const NOT_CONNECTED: &str = "Not connected: log in to the embedded wallet first";
/// Spec §8: a network the frame has no RPC endpoints for.
pub(crate) const NETWORK_NOT_FOUND: &str = "Network not found";
/// A device waits for approval from the emailed link.
pub(crate) const DEVICE_PENDING: &str =
    "Waiting for this device to be approved from the emailed link";
/// `ConnectDevice` or `ConnectOtp` without `ConnectEmail` first.
pub(crate) const NO_LOGIN: &str = "No email login in progress: start with ConnectEmail";
/// A code step of the email change without `UpdateEmail` first.
pub(crate) const NO_EMAIL_UPDATE: &str = "No email change in progress: start with UpdateEmail";
/// `UpdateEmailSecondaryOtp` before the current address was confirmed.
pub(crate) const PRIMARY_FIRST: &str = "Confirm the code sent to the current address first";
/// `ConnectSocial` without `GetSocialRedirectUri` first (or for another login).
pub(crate) const NO_SOCIAL_LOGIN: &str =
    "No social login in progress: start with GetSocialRedirectUri";
/// `RevealRecoveryPhrase` without `StartExport` first.
pub(crate) const NO_EXPORT: &str = "No export in progress: start with StartExport";
/// `RevealRecoveryPhrase` with something other than a code.
pub(crate) const BAD_CODE: &str = "The code is 6 digits";
/// `SetPreferredAccount` with the bip122-only type.
pub(crate) const PAYMENT_ACCOUNT: &str = "The payment account type applies to bip122 only";
/// `wallet_addEthereumChain` for a network the operator did not configure.
pub(crate) const CHAIN_NOT_ADDABLE: &str =
    "The embedded wallet only uses the networks its operator configured";
/// A stored session on a device without a wrap of the wallet: only a login enrolls it.
pub(crate) const NOT_ENROLLED: &str =
    "This device has no key to the wallet yet: log in with an emailed code on this device";
/// frame-host answered a key that is not 32 bytes of base64.
pub(crate) const MALFORMED_KEY: &str = "frame-host sent a malformed key";
/// A message from the host that is not a request.
pub(crate) const NOT_A_REQUEST: &str = "the frame only accepts requests";
/// `ConnectFarcaster` without `GetFarcasterUri` first.
pub(crate) const NO_FARCASTER_LOGIN: &str =
    "No Farcaster sign-in in progress: start with GetFarcasterUri";
/// A Farcaster sign-in not approved yet.
pub(crate) const FARCASTER_PENDING: &str =
    "Waiting for the sign-in to be approved in the Farcaster app";
/// A Farcaster sign-in whose channel expired.
pub(crate) const FARCASTER_EXPIRED: &str = "This Farcaster sign-in link has expired: get a new one";
/// A request that needs the page's origin before the handshake gave it.
pub(crate) const NO_PARENT_ORIGIN: &str = "the frame does not know the page's origin";

/// JSON-RPC: invalid method parameters.
const INVALID_PARAMS: i32 = -32602;
/// EIP-1193: the user rejected the request.
const REJECTED: i32 = 4001;
/// EIP-1193: the provider does not support the requested method.
const UNSUPPORTED_METHOD: i32 = 4200;
/// EIP-3085/3326: the chain has not been added to the wallet.
const UNRECOGNIZED_CHAIN: i32 = 4902;

/// A request the frame refused or could not answer. Each variant has one code and one text;
/// none is retryable as is except [`Error::Host`] with a 5xx status or no status (frame-host
/// unreachable) and what the chain answered in [`Error::Reply`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum Error {
    /// The request needs a logged-in session.
    #[error("{NOT_CONNECTED}")]
    NotConnected,
    /// frame-host refused the refresh token: the session ended (the host hears of it).
    #[error("{SESSION_EXPIRED}")]
    SessionExpired,
    /// The device still waits for approval; the host asks again.
    #[error("{DEVICE_PENDING}")]
    DevicePending,
    /// Spec §5: not an email address.
    #[error("{INVALID_EMAIL}")]
    InvalidEmail,
    /// Spec §5: not a CAIP-2 id (or, for eip155, not a positive decimal).
    #[error("Invalid CAIP-2 network id: {0}")]
    InvalidChainId(String),
    /// Spec §5: a CAIP-2 namespace the embedded wallet does not serve.
    #[error("{CHAIN_NOT_SUPPORTED}")]
    ChainNotSupported,
    /// `SyncDappData` names another project than the frame's page config.
    #[error("this frame serves project {serves:?}, not {asked:?}")]
    WrongProject {
        /// The frame's project.
        serves: String,
        /// The project the host named.
        asked: String,
    },
    /// A stored session on a device without a wrap of the wallet: a login enrolls it.
    #[error("{NOT_ENROLLED}")]
    NotEnrolled,
    /// A login step without a login in progress.
    #[error("{NO_LOGIN}")]
    NoLogin,
    /// An email-change step without a change in progress (for this user).
    #[error("{NO_EMAIL_UPDATE}")]
    NoEmailUpdate,
    /// The new address's code before the current address's.
    #[error("{PRIMARY_FIRST}")]
    PrimaryFirst,
    /// A reveal without an export in progress (for this user).
    #[error("{NO_EXPORT}")]
    NoExport,
    /// `ConnectSocial` without the login it names in progress.
    #[error("{NO_SOCIAL_LOGIN}")]
    NoSocialLogin,
    /// A social login that failed: declined, too late, refused by the provider (frame-host's
    /// text), or whose result never reached the frame.
    #[error("{0}")]
    Social(String),
    /// A code that is not 6 digits.
    #[error("{BAD_CODE}")]
    BadCode,
    /// The payment account type outside bip122.
    #[error("{PAYMENT_ACCOUNT}")]
    PaymentAccount,
    /// Smart accounts are not enabled on this network (CAIP-2).
    #[error("Smart accounts are not enabled on {0}")]
    NoSmartAccounts(String),
    /// Spec §6: the policy refuses the method.
    #[error("{NOT_ALLOWED}")]
    NotAllowed,
    /// EIP-1193 4001: Reject was clicked in the frame.
    #[error("{USER_REJECTED}")]
    UserRejected,
    /// Spec §8: the host aborted the request or closed the channel.
    #[error("{ABORTED}")]
    Aborted,
    /// `RpcRequest` params that are not JSON.
    #[error("The params are not JSON: {0}")]
    ParamsNotJson(String),
    /// An EVM method on a network that is not eip155 (CAIP-2).
    #[error("{0} is not an EVM network")]
    NotEvm(String),
    /// A Solana RPC method on a network that is not solana (CAIP-2).
    #[error("{0} is not a Solana network")]
    NotSolana(String),
    /// EIP-3326 4902: the frame has no RPC for this network (CAIP-2).
    #[error("Unrecognized chain ID {0}: the embedded wallet has no RPC for it")]
    UnrecognizedChain(String),
    /// EIP-3085 4200: a dapp cannot add RPC endpoints.
    #[error("{CHAIN_NOT_ADDABLE}")]
    ChainNotAddable,
    /// frame-host answered an error: its HTTP status (0 when it could not be reached) and
    /// its text.
    #[error("{message}")]
    Host {
        /// The HTTP status, 0 for a network failure.
        status: u16,
        /// frame-host's text.
        message: String,
    },
    /// Key custody failed (a wrap that does not open, a corrupt blob).
    #[error("{0}")]
    Wallet(String),
    /// frame-host sent a key that is not 32 bytes of base64.
    #[error("{MALFORMED_KEY}")]
    MalformedKey,
    /// The platform gave no secure randomness for the device secret.
    #[error("no secure randomness: {0}")]
    NoRandomness(String),
    /// A message from the host that is not a request.
    #[error("{NOT_A_REQUEST}")]
    NotARequest,
    /// `ConnectFarcaster` without a Farcaster login in progress.
    #[error("{NO_FARCASTER_LOGIN}")]
    NoFarcasterLogin,
    /// The Farcaster sign-in is not approved yet; the host asks again.
    #[error("{FARCASTER_PENDING}")]
    FarcasterPending,
    /// The Farcaster sign-in's channel expired: a new link is needed.
    #[error("{FARCASTER_EXPIRED}")]
    FarcasterExpired,
    /// The page's origin is not known (no handshake yet).
    #[error("{NO_PARENT_ORIGIN}")]
    NoParentOrigin,
    /// A message that does not decode (`unsupported`: at a version the frame does not speak).
    #[error("{message}")]
    BadMessage {
        /// Whether the message is at an unsupported protocol version.
        unsupported: bool,
        /// The decoder's text.
        message: String,
    },
    /// A reply too large to send.
    #[error("{0}")]
    Encode(String),
    /// An error reply made elsewhere (the chain RPC, signing), passed on as it is.
    #[error("{}", .0.message)]
    Reply(ErrorReply),
}

/// The frame's results.
pub(crate) type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// The protocol error code this error carries.
    fn code(&self) -> ErrorCode {
        match self {
            Self::NotConnected
            | Self::DevicePending
            | Self::NotEnrolled
            | Self::FarcasterPending => ErrorCode::NotConnected,
            Self::SessionExpired | Self::Social(_) | Self::FarcasterExpired => {
                ErrorCode::Unauthorized
            }
            Self::InvalidEmail
            | Self::InvalidChainId(_)
            | Self::ChainNotSupported
            | Self::WrongProject { .. }
            | Self::NoLogin
            | Self::NoEmailUpdate
            | Self::PrimaryFirst
            | Self::NoExport
            | Self::NoSocialLogin
            | Self::BadCode
            | Self::PaymentAccount
            | Self::NoFarcasterLogin => ErrorCode::InvalidParams,
            Self::NoSmartAccounts(_) => ErrorCode::Unavailable,
            Self::NotAllowed => ErrorCode::NotAllowed,
            Self::UserRejected => ErrorCode::Rpc(REJECTED),
            Self::Aborted => ErrorCode::Aborted,
            Self::ParamsNotJson(_) | Self::NotEvm(_) | Self::NotSolana(_) => {
                ErrorCode::Rpc(INVALID_PARAMS)
            }
            Self::UnrecognizedChain(_) => ErrorCode::Rpc(UNRECOGNIZED_CHAIN),
            Self::ChainNotAddable => ErrorCode::Rpc(UNSUPPORTED_METHOD),
            Self::Host { status, .. } => match status {
                400 | 404 | 409 => ErrorCode::InvalidParams,
                401 | 403 => ErrorCode::Unauthorized,
                423 | 429 => ErrorCode::Throttled,
                _ => ErrorCode::Internal,
            },
            Self::Wallet(_)
            | Self::MalformedKey
            | Self::NoRandomness(_)
            | Self::Encode(_)
            | Self::NoParentOrigin => ErrorCode::Internal,
            Self::NotARequest => ErrorCode::BadMessage,
            Self::BadMessage { unsupported, .. } => match unsupported {
                true => ErrorCode::UnsupportedVersion,
                false => ErrorCode::BadMessage,
            },
            Self::Reply(reply) => reply.code,
        }
    }
}

impl From<Error> for ErrorReply {
    fn from(error: Error) -> Self {
        match error {
            Error::Reply(reply) => reply,
            other => ErrorReply::new(other.code(), other.to_string()),
        }
    }
}

impl From<ErrorReply> for Error {
    fn from(reply: ErrorReply) -> Self {
        Self::Reply(reply)
    }
}

impl From<oriel_signer::KeyError> for Error {
    fn from(error: oriel_signer::KeyError) -> Self {
        Self::Wallet(error.to_string())
    }
}

impl From<oriel_signer::SignError> for Error {
    /// As the dapp sees it: the signing error's reply (`From<SignError> for ErrorReply`),
    /// passed on as it is.
    fn from(error: oriel_signer::SignError) -> Self {
        Self::Reply(error.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_error_has_its_code_and_text() {
        let reply = |e: Error| {
            let r = ErrorReply::from(e);
            (r.code, r.message)
        };
        assert_eq!(
            reply(Error::NotConnected),
            (ErrorCode::NotConnected, NOT_CONNECTED.into())
        );
        assert_eq!(
            reply(Error::Aborted),
            (ErrorCode::Aborted, "Request was aborted".into())
        );
        assert_eq!(
            reply(Error::UserRejected),
            (ErrorCode::Rpc(4001), "User rejected the request.".into())
        );
        assert_eq!(
            reply(Error::InvalidChainId("eip155:0".into())),
            (
                ErrorCode::InvalidParams,
                "Invalid CAIP-2 network id: eip155:0".into()
            )
        );
        for (status, code) in [
            (0, ErrorCode::Internal),
            (503, ErrorCode::Internal),
            (409, ErrorCode::InvalidParams),
            (401, ErrorCode::Unauthorized),
            (429, ErrorCode::Throttled),
        ] {
            let host = Error::Host {
                status,
                message: "m".into(),
            };
            assert_eq!(reply(host), (code, "m".into()));
        }
        let passed = ErrorReply::new(ErrorCode::Rpc(-32000), "nonce too low");
        assert_eq!(ErrorReply::from(Error::from(passed.clone())), passed);
    }
}
