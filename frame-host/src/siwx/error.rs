//! [`SiwxError`]: why a sign-in request was refused, with the HTTP answer of each reason; and
//! [`MessageError`]: why a text is not a sign-in message.

use std::fmt;

use crate::{error::ApiError, error::Error};

use super::parse::{MAX_MESSAGE_LEN, MAX_RESOURCES};

/// A refused sign-in request. The texts are shown to API clients (the spec's where it has
/// one: 'SIWX is not enabled'); the SDK shows 'Signature declined' for any refusal of a
/// signature it sent.
#[derive(Debug)]
#[non_exhaustive]
pub(crate) enum SiwxError {
    /// 403 'SIWX is not enabled': the project has sign-in switched off (`siwx = false`).
    NotEnabled,
    /// 400 'Invalid sign-in message: {why}'.
    Message(MessageError),
    /// 400 'Unsupported chainId: {chainId}': not one of frame-host's networks.
    UnsupportedChain(String),
    /// 400 'Invalid signature: {why}': not in its namespace's encoding.
    SignatureFormat(&'static str),
    /// 401 'Invalid signature': well formed, but not the address's.
    BadSignature,
    /// 403 'Domain not allowed': the message's scheme and domain are not an allowed origin of
    /// the project.
    DomainNotAllowed,
    /// 403 'URI not allowed': the message's URI is not on an allowed origin of the project.
    UriNotAllowed,
    /// 403 'Domain does not match the request origin': a page sent a message for another
    /// origin than its own.
    OriginMismatch,
    /// 401 'Invalid nonce': not issued by frame-host for this project, or used already.
    UnknownNonce,
    /// 401 'Nonce expired': older than its lifetime.
    NonceExpired,
    /// 401 'Message expired': its `Expiration Time` has passed.
    Expired,
    /// 401 'Message not yet valid': its `Not Before` is still ahead.
    NotYetValid,
    /// 401 'Message issued in the future': its `Issued At` is ahead of frame-host's clock by
    /// more than the allowed skew.
    IssuedInFuture,
    /// 500: frame-host failed (database, chain RPC); logged, shown as 'internal error'.
    Internal(Error),
}

impl SiwxError {
    /// The fixed text of a variant without details.
    fn text(&self) -> Option<&'static str> {
        Some(match self {
            Self::NotEnabled => "SIWX is not enabled",
            Self::BadSignature => "Invalid signature",
            Self::DomainNotAllowed => "Domain not allowed",
            Self::UriNotAllowed => "URI not allowed",
            Self::OriginMismatch => "Domain does not match the request origin",
            Self::UnknownNonce => "Invalid nonce",
            Self::NonceExpired => "Nonce expired",
            Self::Expired => "Message expired",
            Self::NotYetValid => "Message not yet valid",
            Self::IssuedInFuture => "Message issued in the future",
            Self::Message(_)
            | Self::UnsupportedChain(_)
            | Self::SignatureFormat(_)
            | Self::Internal(_) => return None,
        })
    }
}

impl fmt::Display for SiwxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Message(e) => write!(f, "Invalid sign-in message: {e}"),
            Self::UnsupportedChain(chain) => write!(f, "Unsupported chainId: {chain}"),
            Self::SignatureFormat(why) => write!(f, "Invalid signature: {why}"),
            Self::Internal(e) => e.fmt(f),
            other => f.write_str(other.text().unwrap_or_default()),
        }
    }
}

impl std::error::Error for SiwxError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Message(e) => Some(e),
            Self::Internal(e) => Some(e),
            _ => None,
        }
    }
}

impl From<MessageError> for SiwxError {
    fn from(e: MessageError) -> Self {
        Self::Message(e)
    }
}

impl From<Error> for SiwxError {
    fn from(e: Error) -> Self {
        Self::Internal(e)
    }
}

impl From<oriel_rpc::RpcError> for SiwxError {
    fn from(e: oriel_rpc::RpcError) -> Self {
        Self::Internal(e.into())
    }
}

impl From<SiwxError> for ApiError {
    fn from(e: SiwxError) -> Self {
        match e {
            SiwxError::Internal(e) => ApiError::Internal(e),
            SiwxError::Message(_)
            | SiwxError::UnsupportedChain(_)
            | SiwxError::SignatureFormat(_) => ApiError::InvalidParams(e.to_string()),
            SiwxError::NotEnabled
            | SiwxError::DomainNotAllowed
            | SiwxError::UriNotAllowed
            | SiwxError::OriginMismatch => ApiError::Forbidden(e.text().unwrap_or_default()),
            _ => ApiError::Unauthorized(e.text().unwrap_or_default()),
        }
    }
}

/// Why a text is not a sign-in message. The `Display` texts are shown to API clients.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum MessageError {
    /// Longer than [`MAX_MESSAGE_LEN`].
    #[error("longer than {MAX_MESSAGE_LEN} bytes")]
    TooLong,
    /// A byte other than printable ASCII or a line feed (LF).
    #[error("line {0}: only printable ASCII and LF line breaks are allowed")]
    Character(usize),
    /// The first line is not `[scheme://]domain wants you to sign in with your … account:`.
    #[error("line 1: expected '{{domain}} wants you to sign in with your Ethereum account:' (or Solana)")]
    Header,
    /// A scheme before `://` that is not an RFC 3986 scheme.
    #[error("line 1: invalid scheme")]
    Scheme,
    /// A domain that is not an RFC 3986 authority.
    #[error("line 1: invalid domain")]
    Domain,
    /// An address of the wrong form for the namespace.
    #[error("line 2: invalid address: {0}")]
    Address(&'static str),
    /// A statement with characters EIP-4361 does not allow, or too long.
    #[error("line {0}: invalid statement")]
    Statement(usize),
    /// A line that should be empty.
    #[error("line {0}: expected an empty line")]
    EmptyLine(usize),
    /// A required line is missing or out of order.
    #[error("line {line}: expected '{tag}'")]
    Expected {
        /// The line, from 1.
        line: usize,
        /// The tag it should start with, such as `URI: `.
        tag: &'static str,
    },
    /// A field whose value does not have the field's form.
    #[error("line {line}: invalid {field}")]
    Invalid {
        /// The line, from 1.
        line: usize,
        /// The field, such as `Nonce`.
        field: &'static str,
    },
    /// More than [`MAX_RESOURCES`] resources.
    #[error("more than {MAX_RESOURCES} resources")]
    TooManyResources,
    /// Text after the last field (a trailing line break, an unknown or repeated field).
    #[error("line {0}: unexpected text after the last field")]
    Trailing(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reason_keeps_its_text() {
        for e in [
            SiwxError::NotEnabled,
            SiwxError::BadSignature,
            SiwxError::DomainNotAllowed,
            SiwxError::UriNotAllowed,
            SiwxError::OriginMismatch,
            SiwxError::UnknownNonce,
            SiwxError::NonceExpired,
            SiwxError::Expired,
            SiwxError::NotYetValid,
            SiwxError::IssuedInFuture,
        ] {
            let shown = e.to_string();
            let message = match ApiError::from(e) {
                ApiError::Forbidden(m) | ApiError::Unauthorized(m) => m,
                other => panic!("{other:?}"),
            };
            assert_eq!(message, shown);
        }
    }
}
