//! CAIP-2 network ids, as both sides of the protocol and frame-host's config check them.

use crate::{text, ErrorCode, ErrorReply};

/// Whether `id` is a CAIP-2 network id: `namespace:reference`, the namespace `[-a-z0-9]{3,8}`,
/// the reference `[-_a-zA-Z0-9]{1,32}`.
///
/// ```
/// assert!(oriel_protocol::caip::is_caip2("eip155:1"));
/// assert!(!oriel_protocol::caip::is_caip2("EIP155:1"));
/// ```
pub fn is_caip2(id: &str) -> bool {
    let Some((namespace, reference)) = id.split_once(':') else {
        return false;
    };
    (3..=8).contains(&namespace.len())
        && namespace
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && (1..=32).contains(&reference.len())
        && reference
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Why a network id cannot be used by a wallet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChainIdError {
    /// Not a CAIP-2 id, or an `eip155` id whose reference is not a positive chain number:
    /// 'Invalid CAIP-2 network id: {value}'.
    #[error("{}", text::invalid_caip2(.0))]
    Invalid(String),
    /// A CAIP-2 id of a chain family the wallet does not serve.
    #[error("{}", text::CHAIN_NOT_SUPPORTED)]
    Unsupported(String),
}

impl From<ChainIdError> for ErrorReply {
    fn from(e: ChainIdError) -> Self {
        ErrorReply::new(ErrorCode::InvalidParams, e.to_string())
    }
}

/// Checks a network id for a wallet that serves the chain `families` (CAIP-2 namespaces such
/// as `eip155`): a CAIP-2 id ([`is_caip2`]) of one of them, and for `eip155` a positive
/// decimal chain number.
///
/// ```
/// use oriel_protocol::caip::{check_chain_id, ChainIdError};
/// assert_eq!(check_chain_id("eip155:8453", &["eip155"]), Ok(()));
/// assert_eq!(check_chain_id("eip155:0", &["eip155"]), Err(ChainIdError::Invalid("eip155:0".into())));
/// assert!(matches!(check_chain_id("solana:x", &["eip155"]), Err(ChainIdError::Unsupported(_))));
/// ```
pub fn check_chain_id(id: &str, families: &[&str]) -> Result<(), ChainIdError> {
    let Some((namespace, reference)) = id.split_once(':').filter(|_| is_caip2(id)) else {
        return Err(ChainIdError::Invalid(id.into()));
    };
    if !families.contains(&namespace) {
        return Err(ChainIdError::Unsupported(id.into()));
    }
    if namespace == "eip155" && !reference.parse::<u64>().is_ok_and(|n| n > 0) {
        return Err(ChainIdError::Invalid(id.into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_ids_for_a_wallet() {
        let families = ["eip155", "solana"];
        for good in [
            "eip155:1",
            "eip155:8453",
            "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        ] {
            assert_eq!(check_chain_id(good, &families), Ok(()), "{good}");
        }
        for bad in ["eip155", "eip155:", ":1", "eip155:0", "eip155:abc", "a:b:c"] {
            let e = check_chain_id(bad, &families).unwrap_err();
            assert_eq!(e.to_string(), format!("Invalid CAIP-2 network id: {bad}"));
            assert_eq!(ErrorReply::from(e).code, ErrorCode::InvalidParams);
        }
        let e = check_chain_id("bip122:000000000019d6689c085ae165831e93", &families);
        assert_eq!(e.unwrap_err().to_string(), "Chain is not supported");
    }

    #[test]
    fn caip2_ids() {
        for good in [
            "eip155:1",
            "eip155:31337",
            "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
            "bip122:000000000019d6689c085ae165831e93",
            "cosmos:cosmoshub-4",
        ] {
            assert!(is_caip2(good), "{good}");
        }
        for bad in [
            "",
            "eip155",
            "eip155:",
            ":1",
            "ab:1",
            "ei:1",
            "EIP155:1",
            "eip155:1:2",
            "toolongname:1",
            "toolongnamespace:1",
            "eip155:a.b",
        ] {
            assert!(!is_caip2(bad), "{bad}");
        }
    }
}
