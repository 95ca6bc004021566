//! The shapes of values that several parts of frame-host check or write: addresses of each
//! chain family, `0x` hex, and URLs a CSP can name. No feature module is needed to validate a config or a request.

use std::{
    fmt,
    net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr},
    str::FromStr,
};

use alloy_primitives::{hex, Address};
use serde::Deserialize;
use url::{Host, Url};

/// Whether `text` is an EVM address: `0x` and 40 hex digits, any case.
pub(crate) fn is_evm_address(text: &str) -> bool {
    text.strip_prefix("0x")
        .is_some_and(|hex| hex.len() == 40 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whether `text` is a Solana address: base58 of 32 bytes.
pub(crate) fn is_solana_address(text: &str) -> bool {
    (32..=44).contains(&text.len())
        && bs58::decode(text)
            .into_vec()
            .is_ok_and(|bytes| bytes.len() == 32)
}

/// A `0x` hex string's bytes; `None` when it is not `0x` and an even number of hex digits.
pub(crate) fn hex_bytes(text: &str) -> Option<Vec<u8>> {
    let digits = text.strip_prefix("0x")?;
    if digits.starts_with("0x") {
        return None;
    }
    hex::decode(digits).ok()
}

/// `address` (lowercase or any case) in EIP-55 checksum case; as given if it is not one.
pub(crate) fn checksummed(address: &str) -> String {
    address
        .parse::<Address>()
        .map_or_else(|_| address.to_owned(), |a| a.to_checksum(None))
}

/// `text` as a URL that can be fetched and named verbatim in a CSP: one of `schemes`, with a
/// host of letters, digits, `.` and `-` (or an IP address), no credentials, and no spaces,
/// quotes, commas or semicolons anywhere (the URL parser would escape or accept them, but
/// they would change the policy's meaning).
pub(crate) fn csp_url(text: &str, schemes: &[&str]) -> Option<Url> {
    let csp_safe = text
        .chars()
        .all(|c| c.is_ascii_graphic() && !matches!(c, ';' | ',' | '\'' | '"'));
    // The parser reads `https:///x` as host `x`; an authority must be written.
    let authority = text.split_once("://").map(|(_, rest)| rest);
    if !csp_safe || authority.is_none_or(|a| a.is_empty() || a.starts_with('/')) {
        return None;
    }
    let url = Url::parse(text).ok()?;
    let host_ok = match url.host()? {
        Host::Domain(domain) => domain
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-'),
        Host::Ipv4(_) | Host::Ipv6(_) => true,
    };
    let plain = url.username().is_empty() && url.password().is_none();
    (schemes.contains(&url.scheme()) && host_ok && plain).then_some(url)
}

/// The origin (`scheme://host[:port]`, lowercase) of an `http(s)://` RPC URL, or `None` when
/// the URL is not one the frame can fetch and the CSP can name (see [`csp_url`]).
pub(crate) fn rpc_url_origin(url: &str) -> Option<String> {
    csp_url(url, &["http", "https"]).map(|u| u.origin().ascii_serialization())
}

/// frame-host's public URL (`public_url`): `http(s)://host[:port]` and nothing after it, the
/// base of emailed links and gateway URLs, the issuer of tokens, and the frame's origin. A
/// trailing `/` is dropped when it is read.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct PublicUrl(String);

impl PublicUrl {
    /// `http://{listen}`, an unspecified address (`0.0.0.0`, `::`) shown as loopback: where a
    /// server listening on `listen` is reached when no `public_url` is set.
    pub fn from_listen(listen: SocketAddr) -> Self {
        let mut addr = listen;
        if addr.ip().is_unspecified() {
            addr.set_ip(match addr.ip() {
                IpAddr::V4(_) => Ipv4Addr::LOCALHOST.into(),
                IpAddr::V6(_) => Ipv6Addr::LOCALHOST.into(),
            });
        }
        Self(format!("http://{addr}"))
    }

    /// The URL, without a trailing `/`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for PublicUrl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let url = text.trim_end_matches('/');
        let valid = csp_url(url, &["http", "https"])
            .is_some_and(|u| u.path() == "/" && u.query().is_none())
            && !url.contains('#');
        if valid {
            Ok(Self(url.to_owned()))
        } else {
            Err(format!(
                "invalid public_url {url:?}: expected http(s)://host[:port] without a path"
            ))
        }
    }
}

impl TryFrom<String> for PublicUrl {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

impl fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for PublicUrl {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for PublicUrl {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evm_addresses() {
        assert!(is_evm_address("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"));
        for bad in [
            "",
            "0x",
            "f39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
            "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226g",
            "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb922660",
        ] {
            assert!(!is_evm_address(bad), "{bad:?}");
        }
    }

    #[test]
    fn solana_addresses() {
        assert!(is_solana_address(
            "3Cm7mRnSmKuGJa7hEJD2SkBwvAHvrvBGA2dWqEYhsseu"
        ));
        for bad in [
            "",
            "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
            "3Cm7mRnSmKuGJa7hEJD2SkBwvAHvrvBGA2dWqEYhsse0",
            "3Cm7mRnSmKuGJa7hEJD2SkBwvAHvrvBGA2dWq",
        ] {
            assert!(!is_solana_address(bad), "{bad:?}");
        }
    }
}
