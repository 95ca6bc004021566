//! [`FarcasterError`]: why the relay or a Farcaster login refused a request, with the HTTP
//! answer of each reason (`API.md`, "Farcaster").

use std::fmt;

use crate::{error::ApiError, error::Error, siwx::MessageError};

/// A refused relay or login request. The texts are shown to API clients.
#[derive(Debug)]
#[non_exhaustive]
pub(crate) enum FarcasterError {
    /// 404 'Sign In With Farcaster is not set up': no `[farcaster]` table.
    NotSetUp,
    /// 401 'Unknown or expired channel': no live channel has the Bearer token.
    UnknownChannel,
    /// 401 'Invalid relay key': `X-Farcaster-Auth-Relay-Key` is missing or not a configured key.
    RelayKey,
    /// 409 'This channel is already completed': a second message for a channel.
    AlreadyCompleted,
    /// 400 '{field}: {rule}': a field of a request breaks its rule.
    Field(&'static str, &'static str),
    /// 400 'Invalid sign-in message: {why}': not an EIP-4361 message.
    Message(MessageError),
    /// 400 '{why}': a message that is not the one the channel asks for (statement, chain,
    /// resources, domain, nonce, URI, times, request id).
    Mismatch(&'static str),
    /// 400 'Auth addresses are not supported: sign with the custody address'.
    AuthAddress,
    /// 401 'Message expired': its (or the channel's) `Expiration Time` has passed.
    Expired,
    /// 401 'Message not yet valid': its `Not Before`, or its `Issued At`, is still ahead.
    NotYetValid,
    /// 401 'Invalid signature': the signature does not recover to the message's address.
    BadSignature,
    /// 401 'The signing address does not own this fid': the IdRegistry says otherwise.
    NotOwner,
    /// 502 'The Farcaster IdRegistry could not be read': its chain did not answer.
    Registry(String),
    /// 401 'This sign-in is not valid: sign in again': a redeem of a channel that is not this
    /// project's login.
    NotALogin,
    /// 401 'This sign-in was started on another device'.
    Foreign,
    /// 401 'This sign-in is not finished: approve it in your Farcaster app first'.
    Pending,
    /// 401 'This sign-in was already used: sign in again'.
    Used,
    /// 403 'Origin not allowed': a login for an origin that is not the project's.
    OriginNotAllowed,
    /// 500: frame-host failed; logged, shown as 'internal error'.
    Internal(Error),
}

impl FarcasterError {
    /// The fixed text of a variant without details.
    fn text(&self) -> Option<&'static str> {
        Some(match self {
            Self::NotSetUp => "Sign In With Farcaster is not set up",
            Self::UnknownChannel => "Unknown or expired channel",
            Self::RelayKey => "Invalid relay key",
            Self::AlreadyCompleted => "This channel is already completed",
            Self::AuthAddress => "Auth addresses are not supported: sign with the custody address",
            Self::Expired => "Message expired",
            Self::NotYetValid => "Message not yet valid",
            Self::BadSignature => "Invalid signature",
            Self::NotOwner => "The signing address does not own this fid",
            Self::NotALogin => "This sign-in is not valid: sign in again",
            Self::Foreign => "This sign-in was started on another device",
            Self::Pending => "This sign-in is not finished: approve it in your Farcaster app first",
            Self::Used => "This sign-in was already used: sign in again",
            Self::OriginNotAllowed => "Origin not allowed",
            Self::Mismatch(why) => why,
            Self::Field(..) | Self::Message(_) | Self::Registry(_) | Self::Internal(_) => {
                return None
            }
        })
    }
}

impl fmt::Display for FarcasterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Field(field, rule) => write!(f, "{field}: {rule}"),
            Self::Message(e) => write!(f, "Invalid sign-in message: {e}"),
            Self::Registry(_) => f.write_str("The Farcaster IdRegistry could not be read"),
            Self::Internal(e) => e.fmt(f),
            other => f.write_str(other.text().unwrap_or_default()),
        }
    }
}

impl std::error::Error for FarcasterError {}

impl From<Error> for FarcasterError {
    fn from(e: Error) -> Self {
        Self::Internal(e)
    }
}

impl From<MessageError> for FarcasterError {
    fn from(e: MessageError) -> Self {
        Self::Message(e)
    }
}

impl From<FarcasterError> for ApiError {
    fn from(e: FarcasterError) -> Self {
        match e {
            FarcasterError::Internal(e) => ApiError::Internal(e),
            FarcasterError::Registry(ref detail) => {
                tracing::warn!(%detail, "the Farcaster IdRegistry could not be read");
                ApiError::Upstream(e.to_string())
            }
            FarcasterError::Field(..)
            | FarcasterError::Message(_)
            | FarcasterError::Mismatch(_)
            | FarcasterError::AuthAddress => ApiError::InvalidParams(e.to_string()),
            FarcasterError::NotSetUp => ApiError::NotFound(e.text().unwrap_or_default()),
            FarcasterError::AlreadyCompleted => ApiError::Conflict(e.text().unwrap_or_default()),
            FarcasterError::OriginNotAllowed => ApiError::Forbidden(e.text().unwrap_or_default()),
            _ => ApiError::Unauthorized(e.text().unwrap_or_default()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_answers_its_status_and_text() {
        let cases = [
            (FarcasterError::NotSetUp, 404),
            (FarcasterError::UnknownChannel, 401),
            (FarcasterError::RelayKey, 401),
            (FarcasterError::AlreadyCompleted, 409),
            (FarcasterError::Field("fid", "must be 1 or more"), 400),
            (
                FarcasterError::Mismatch("The message's nonce is not the channel's"),
                400,
            ),
            (FarcasterError::AuthAddress, 400),
            (FarcasterError::Expired, 401),
            (FarcasterError::BadSignature, 401),
            (FarcasterError::NotOwner, 401),
            (FarcasterError::Registry("timeout".into()), 502),
            (FarcasterError::Foreign, 401),
            (FarcasterError::OriginNotAllowed, 403),
        ];
        for (e, status) in cases {
            let text = e.to_string();
            let (code, message) = match ApiError::from(e) {
                ApiError::NotFound(m) => (404, m.to_owned()),
                ApiError::Unauthorized(m) => (401, m.to_owned()),
                ApiError::Forbidden(m) => (403, m.to_owned()),
                ApiError::Conflict(m) => (409, m.to_owned()),
                ApiError::InvalidParams(m) => (400, m),
                ApiError::Upstream(m) => (502, m),
                other => panic!("{other:?}"),
            };
            assert_eq!((code, message), (status, text));
        }
    }
}
