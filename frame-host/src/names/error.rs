//! [`NameError`]: why a name request was refused, with the HTTP answer of each reason.

use std::fmt;

use super::rules::NameRule;
use crate::{error::ApiError, error::Error};

/// A refused name request. The texts are shown to API clients; the SDK shows the spec's
/// 'Error registering name {name}', 'Error fetching name suggestions', 'Error resolving name'
/// or 'Error fetching names for address' around them.
#[derive(Debug)]
#[non_exhaustive]
pub(crate) enum NameError {
    /// 400 'Invalid name: {why}'.
    Name(NameRule),
    /// 400 'Invalid chainId' (spec §5): a coin type whose chain id is not positive and below
    /// 2^31.
    InvalidChainId,
    /// 400 'Unsupported coin type: {n}': not an EVM chain's (60 or `0x80000000 | chainId`).
    UnsupportedCoinType(u64),
    /// 400 'Invalid registration message: {why}'.
    Message(String),
    /// 400 'Invalid attributes: {why}'.
    Attributes(String),
    /// 400 'Invalid address: {why}'.
    Address(&'static str),
    /// 400 'Invalid signature: {why}': not `0x` hex of a signature's size.
    SignatureFormat(&'static str),
    /// 400 'Unsupported zone: {zone}': a `zone` other than frame-host's suffix.
    Zone(String),
    /// 400 'Invalid gateway request: {why}'.
    Gateway(&'static str),
    /// 401 'Invalid signature': well formed, but not the address's.
    BadSignature,
    /// 401 'Registration message expired': its timestamp is older than the allowed window.
    Expired,
    /// 401 'Registration message issued in the future': its timestamp is ahead of
    /// frame-host's clock by more than the allowed skew.
    IssuedInFuture,
    /// 409 'Name is already registered'.
    NameTaken,
    /// 409 'Address already has a name': one primary name per address.
    AddressHasName,
    /// 404 'Name not found'.
    NotFound,
    /// 404 'No name for this address'.
    NoName,
    /// 500: frame-host failed (database); logged, shown as 'internal error'.
    Internal(Error),
}

impl NameError {
    /// The fixed text of a variant without details.
    fn text(&self) -> Option<&'static str> {
        Some(match self {
            Self::InvalidChainId => "Invalid chainId",
            Self::BadSignature => "Invalid signature",
            Self::Expired => "Registration message expired",
            Self::IssuedInFuture => "Registration message issued in the future",
            Self::NameTaken => "Name is already registered",
            Self::AddressHasName => "Address already has a name",
            Self::NotFound => "Name not found",
            Self::NoName => "No name for this address",
            _ => return None,
        })
    }
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Name(why) => write!(f, "Invalid name: {why}"),
            Self::UnsupportedCoinType(n) => write!(f, "Unsupported coin type: {n}"),
            Self::Message(why) => write!(f, "Invalid registration message: {why}"),
            Self::Attributes(why) => write!(f, "Invalid attributes: {why}"),
            Self::Address(why) => write!(f, "Invalid address: {why}"),
            Self::SignatureFormat(why) => write!(f, "Invalid signature: {why}"),
            Self::Zone(zone) => write!(f, "Unsupported zone: {zone}"),
            Self::Gateway(why) => write!(f, "Invalid gateway request: {why}"),
            Self::Internal(e) => e.fmt(f),
            other => f.write_str(other.text().unwrap_or_default()),
        }
    }
}

impl std::error::Error for NameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Internal(e) => Some(e),
            _ => None,
        }
    }
}

impl From<NameRule> for NameError {
    fn from(why: NameRule) -> Self {
        Self::Name(why)
    }
}

impl From<Error> for NameError {
    fn from(e: Error) -> Self {
        Self::Internal(e)
    }
}

impl From<NameError> for ApiError {
    fn from(e: NameError) -> Self {
        let text = e.text().unwrap_or_default();
        match e {
            NameError::Internal(e) => ApiError::Internal(e),
            NameError::BadSignature | NameError::Expired | NameError::IssuedInFuture => {
                ApiError::Unauthorized(text)
            }
            NameError::NameTaken | NameError::AddressHasName => ApiError::Conflict(text),
            NameError::NotFound | NameError::NoName => ApiError::NotFound(text),
            other => ApiError::InvalidParams(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reason_answers_with_its_text_and_status() {
        let cases = [
            (NameError::InvalidChainId, 400, "Invalid chainId"),
            (
                NameError::UnsupportedCoinType(0),
                400,
                "Unsupported coin type: 0",
            ),
            (
                NameError::Name(NameRule::TooShort),
                400,
                "Invalid name: at least 4 characters",
            ),
            (NameError::BadSignature, 401, "Invalid signature"),
            (NameError::Expired, 401, "Registration message expired"),
            (NameError::NameTaken, 409, "Name is already registered"),
            (NameError::AddressHasName, 409, "Address already has a name"),
            (NameError::NotFound, 404, "Name not found"),
        ];
        for (e, status, text) in cases {
            assert_eq!(e.to_string(), text);
            let (got, message) = match ApiError::from(e) {
                ApiError::InvalidParams(m) => (400, m),
                ApiError::Unauthorized(m) => (401, m.to_owned()),
                ApiError::Conflict(m) => (409, m.to_owned()),
                ApiError::NotFound(m) => (404, m.to_owned()),
                other => panic!("{other:?}"),
            };
            assert_eq!((got, message.as_str()), (status, text));
        }
    }
}
