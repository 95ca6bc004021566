//! Protocol versions and their negotiation.

use crate::{Error, Result};

/// The newest protocol version this build speaks.
///
/// 2: `ConnectOtp` names the network and account type, as `GetUser` does, and its reply is the
/// user (the host no longer asks `GetUser` after the code).
pub const PROTOCOL_VERSION: u16 = 2;

/// Every version this build speaks, ascending. Version 1 is not among them: its `ConnectOtp`
/// differs, and the wire has one encoding per type, so a host of version 1 hears a version
/// mismatch from a frame of version 2.
pub const SUPPORTED_VERSIONS: &[u16] = &[2];

/// The highest version both sides speak.
///
/// ```
/// use oriel_protocol::negotiate;
/// assert_eq!(negotiate(&[1, 2], &[1]), Ok(1));
/// assert!(negotiate(&[2], &[1]).is_err());
/// ```
pub fn negotiate(host: &[u16], frame: &[u16]) -> Result<u16> {
    host.iter()
        .filter(|v| frame.contains(v))
        .max()
        .copied()
        .ok_or_else(|| Error::VersionMismatch {
            host: host.to_vec(),
            frame: frame.to_vec(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_highest_common_version() {
        assert_eq!(negotiate(&[1, 2, 3], &[2, 3, 4]), Ok(3));
        assert_eq!(
            negotiate(SUPPORTED_VERSIONS, SUPPORTED_VERSIONS),
            Ok(PROTOCOL_VERSION)
        );
    }

    #[test]
    fn mismatch_names_both_sides() {
        let err = negotiate(&[2], &[1]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "protocol version mismatch: host speaks [2], frame speaks [1]"
        );
        assert!(negotiate(&[], &[1]).is_err());
    }
}
