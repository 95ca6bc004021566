//! Which address a request comes from when frame-host sits behind reverse proxies.
//!
//! The TCP peer is the client unless it is one of the operator's `trusted_proxies`. Then the
//! client is found in `X-Forwarded-For`, read from the right (the hop nearest to us): trusted
//! proxies are skipped and the first other address is the client. Addresses left of it were
//! written by the client and prove nothing, so they are never used.

use std::{fmt, net::IpAddr, ops::Deref, str::FromStr, sync::Arc};

use axum::http::HeaderMap;
use ipnet::IpNet;
use serde::Deserialize;

/// An address range in CIDR notation (`10.0.0.0/8`, `fd00::/8`), or one address: an
/// [`IpNet`] that also accepts a bare address, and reads IPv4-mapped IPv6 addresses as IPv4.
#[derive(Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct IpRange(IpNet);

/// Why a `trusted_proxies` entry is not an address range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid trusted proxy {0:?}: expected an IP address or a CIDR range such as 10.0.0.0/8")]
pub struct InvalidIpRange(pub String);

impl IpRange {
    /// Whether `ip` lies in the range. IPv4-mapped IPv6 addresses count as IPv4.
    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.contains(&ip.to_canonical())
    }
}

impl FromStr for IpRange {
    type Err = InvalidIpRange;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let net = match s.parse::<IpAddr>() {
            Ok(address) => Ok(IpNet::from(address)),
            Err(_) => s.parse::<IpNet>(),
        };
        net.map(Self).map_err(|_| InvalidIpRange(s.to_owned()))
    }
}

impl TryFrom<String> for IpRange {
    type Error = InvalidIpRange;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl fmt::Display for IpRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for IpRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// How a request's client is found and counted, shared by the extractors: the operator's
/// `trusted_proxies` and the [`AddressBuckets`] of per-address limits. Cheap to clone.
#[derive(Debug, Clone, Default)]
pub(crate) struct TrustedProxies {
    ranges: Arc<[IpRange]>,
    /// How client addresses are grouped for per-address limits.
    pub(crate) buckets: AddressBuckets,
}

impl TrustedProxies {
    pub(crate) fn new(ranges: &[IpRange], buckets: AddressBuckets) -> Self {
        Self {
            ranges: ranges.into(),
            buckets,
        }
    }
}

impl Deref for TrustedProxies {
    type Target = [IpRange];

    fn deref(&self) -> &[IpRange] {
        &self.ranges
    }
}

/// The default of `ipv6_prefix`: a /64 is what one subscriber line or one host commonly gets.
pub const DEFAULT_IPV6_PREFIX: u8 = 64;

/// How client addresses are grouped for every per-address limit (the rate limits and the
/// connection cap): an IPv4 address is its own group; an IPv6 address counts as its network of
/// `v6_prefix` bits, since one host or subscriber commonly holds a whole /64 and can pick any
/// address in it (issue 38, M-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressBuckets {
    v6_prefix: u8,
}

impl Default for AddressBuckets {
    fn default() -> Self {
        Self {
            v6_prefix: DEFAULT_IPV6_PREFIX,
        }
    }
}

impl AddressBuckets {
    /// IPv6 addresses grouped by their first `v6_prefix` bits (at most 128).
    pub fn new(v6_prefix: u8) -> Self {
        Self {
            v6_prefix: v6_prefix.min(128),
        }
    }

    /// The group `ip` counts in: an IPv4 address (IPv4-mapped IPv6 included) as it is, an IPv6
    /// address's network (its host bits zero).
    pub fn bucket(&self, ip: IpAddr) -> IpAddr {
        match ip.to_canonical() {
            IpAddr::V4(v4) => IpAddr::V4(v4),
            IpAddr::V6(v6) => {
                let bits = u128::from(v6);
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.v6_prefix))
                    .unwrap_or(0);
                IpAddr::V6((bits & mask).into())
            }
        }
    }
}

/// The client's address: `peer`, or when `peer` is a trusted proxy, the nearest untrusted hop
/// of `X-Forwarded-For`. A malformed hop ends the walk at the last address we could trust.
pub(crate) fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[IpRange]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|range| range.contains(ip));
    let peer = peer.to_canonical();
    if !is_trusted(peer) {
        return peer;
    }
    // Several headers count as one list, in order (RFC 9110 §5.3).
    let hops = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    let mut client = peer;
    for hop in hops.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) => {
                client = ip.to_canonical();
                if !is_trusted(client) {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(list: &[&str]) -> Vec<IpRange> {
        list.iter().map(|r| r.parse().unwrap()).collect()
    }

    fn headers(values: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in values {
            map.append("x-forwarded-for", value.parse().unwrap());
        }
        map
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    /// Issue 38, M-2: one /64 is one client; IPv4 stays per address.
    #[test]
    fn ipv6_addresses_count_by_prefix_ipv4_by_address() {
        let buckets = AddressBuckets::default();
        assert_eq!(
            buckets.bucket(ip("2001:db8:1:2:aaaa::1")),
            buckets.bucket(ip("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        );
        assert_eq!(buckets.bucket(ip("2001:db8:1:2::9")), ip("2001:db8:1:2::"));
        assert_ne!(
            buckets.bucket(ip("2001:db8:1:2::1")),
            buckets.bucket(ip("2001:db8:1:3::1"))
        );
        assert_ne!(
            buckets.bucket(ip("192.0.2.1")),
            buckets.bucket(ip("192.0.2.2"))
        );
        assert_eq!(buckets.bucket(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
        assert_eq!(
            AddressBuckets::new(48).bucket(ip("2001:db8:1:2::1")),
            ip("2001:db8:1::")
        );
        assert_eq!(
            AddressBuckets::new(128).bucket(ip("2001:db8::1")),
            ip("2001:db8::1")
        );
        assert_eq!(AddressBuckets::new(0).bucket(ip("2001:db8::1")), ip("::"));
    }

    #[test]
    fn parses_addresses_and_ranges() {
        assert_eq!(
            "10.0.0.0/8".parse::<IpRange>().unwrap().to_string(),
            "10.0.0.0/8"
        );
        assert_eq!(
            "127.0.0.1".parse::<IpRange>().unwrap().to_string(),
            "127.0.0.1/32"
        );
        assert_eq!(
            "fd00::/8".parse::<IpRange>().unwrap().to_string(),
            "fd00::/8"
        );
        assert_eq!("::1".parse::<IpRange>().unwrap().to_string(), "::1/128");
        for bad in [
            "",
            "10.0.0.0/33",
            "::/129",
            "10.0.0.0/",
            "10.0.0.0/+8",
            "proxy",
            "10.0.0/8",
        ] {
            assert_eq!(
                bad.parse::<IpRange>(),
                Err(InvalidIpRange(bad.into())),
                "{bad}"
            );
        }
    }

    #[test]
    fn ranges_contain_what_their_prefix_covers() {
        let range: IpRange = "192.168.4.0/22".parse().unwrap();
        assert!(range.contains(ip("192.168.4.1")));
        assert!(range.contains(ip("192.168.7.255")));
        assert!(!range.contains(ip("192.168.8.0")));
        assert!(!range.contains(ip("::1")));
        assert!(range.contains(ip("::ffff:192.168.5.5")));
        assert!("0.0.0.0/0"
            .parse::<IpRange>()
            .unwrap()
            .contains(ip("8.8.8.8")));
        assert!("fd00::/8"
            .parse::<IpRange>()
            .unwrap()
            .contains(ip("fd12::1")));
        assert!(!"fd00::/8"
            .parse::<IpRange>()
            .unwrap()
            .contains(ip("fe80::1")));
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        let trusted = ranges(&["10.0.0.0/8"]);
        let got = client_ip(ip("203.0.113.9"), &headers(&["1.2.3.4"]), &trusted);
        assert_eq!(got, ip("203.0.113.9"));
        assert_eq!(
            client_ip(ip("10.0.0.2"), &headers(&["1.2.3.4"]), &[]),
            ip("10.0.0.2")
        );
    }

    #[test]
    fn behind_trusted_proxies_the_nearest_untrusted_hop_is_the_client() {
        let trusted = ranges(&["10.0.0.0/8", "127.0.0.1"]);
        // The client spoofed 6.6.6.6; the edge proxy appended the real address, 198.51.100.7.
        let chain = headers(&["6.6.6.6, 198.51.100.7", "10.1.2.3"]);
        assert_eq!(
            client_ip(ip("127.0.0.1"), &chain, &trusted),
            ip("198.51.100.7")
        );
        // No header: the proxy itself.
        assert_eq!(
            client_ip(ip("10.0.0.5"), &HeaderMap::new(), &trusted),
            ip("10.0.0.5")
        );
        // Every hop trusted: the leftmost.
        assert_eq!(
            client_ip(ip("10.0.0.5"), &headers(&["10.9.9.9"]), &trusted),
            ip("10.9.9.9")
        );
        // Garbage stops the walk at the last trusted address.
        let garbage = headers(&["198.51.100.7, unknown, 10.0.0.8"]);
        assert_eq!(
            client_ip(ip("10.0.0.5"), &garbage, &trusted),
            ip("10.0.0.8")
        );
        // IPv4-mapped peers and hops count as IPv4.
        let mapped = headers(&["::ffff:198.51.100.7"]);
        assert_eq!(
            client_ip(ip("::ffff:10.0.0.5"), &mapped, &trusted),
            ip("198.51.100.7")
        );
    }
}
