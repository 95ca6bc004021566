//! Origin allow-lists: which web origins may embed the frame and talk to it.
//!
//! A pattern is `scheme://host[:port]` where the host may start with `*.` (any subdomain, at any
//! depth, but not the bare domain) and the port may be `*` (any port). Every valid pattern is
//! also a valid CSP source expression, so frame-host can put the list in `frame-ancestors`
//! verbatim and the browser enforces the same rule the frame checks.

use core::{fmt, str::FromStr};

/// A pattern or origin that could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OriginError {
    /// Not of the form `scheme://host[:port]`.
    #[error("invalid origin pattern {0:?}: expected scheme://host[:port]")]
    Malformed(String),
    /// Only `http` and `https` origins can embed a frame.
    #[error("invalid origin pattern {0:?}: scheme must be http or https")]
    Scheme(String),
    /// The host has characters no host name may have, or a misplaced wildcard.
    #[error("invalid origin pattern {0:?}: bad host")]
    Host(String),
    /// The port is not a number in 1..=65535 or `*`.
    #[error("invalid origin pattern {0:?}: bad port")]
    Port(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Host {
    Exact(String),
    /// `*.suffix`: any host ending in `.suffix`.
    AnySubdomainOf(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Port {
    Exact(u16),
    Any,
}

/// One allowed origin, possibly with wildcards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OriginPattern {
    scheme: String,
    host: Host,
    port: Port,
}

impl OriginPattern {
    /// Whether a browser origin (as in `MessageEvent.origin`) matches this pattern.
    /// The literal `"null"` origin of sandboxed or opaque documents never matches.
    pub fn matches(&self, origin: &str) -> bool {
        let Ok(parsed) = Parts::parse(origin) else {
            return false;
        };
        if parsed.host.starts_with("*.") || parsed.port_is_wildcard {
            return false;
        }
        if parsed.scheme != self.scheme {
            return false;
        }
        let host_ok = match &self.host {
            Host::Exact(h) => *h == parsed.host,
            Host::AnySubdomainOf(suffix) => parsed
                .host
                .strip_suffix(suffix.as_str())
                .is_some_and(|rest| rest.len() > 1 && rest.ends_with('.')),
        };
        let port_ok = match self.port {
            Port::Any => true,
            Port::Exact(p) => p == parsed.port,
        };
        host_ok && port_ok
    }
}

impl FromStr for OriginPattern {
    type Err = OriginError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parts = Parts::parse(s)?;
        let host = match parts.host.strip_prefix("*.") {
            Some(suffix) => Host::AnySubdomainOf(suffix.into()),
            None => Host::Exact(parts.host),
        };
        let port = if parts.port_is_wildcard {
            Port::Any
        } else {
            Port::Exact(parts.port)
        };
        Ok(Self {
            scheme: parts.scheme,
            host,
            port,
        })
    }
}

impl fmt::Display for OriginPattern {
    /// The normalised pattern, which is also a CSP source expression.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://", self.scheme)?;
        match &self.host {
            Host::Exact(h) => f.write_str(h)?,
            Host::AnySubdomainOf(s) => write!(f, "*.{s}")?,
        }
        match self.port {
            Port::Any => f.write_str(":*"),
            Port::Exact(p) if p == default_port(&self.scheme) => Ok(()),
            Port::Exact(p) => write!(f, ":{p}"),
        }
    }
}

/// An ordered list of origin patterns; an origin is allowed when any pattern matches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowList(Vec<OriginPattern>);

impl AllowList {
    /// Parses every entry; the first bad entry fails the whole list.
    pub fn parse<S: AsRef<str>>(entries: &[S]) -> Result<Self, OriginError> {
        entries
            .iter()
            .map(|e| e.as_ref().parse())
            .collect::<Result<_, _>>()
            .map(Self)
    }

    /// Whether `origin` matches any pattern.
    pub fn allows(&self, origin: &str) -> bool {
        self.0.iter().any(|p| p.matches(origin))
    }

    /// The patterns, normalised.
    pub fn patterns(&self) -> &[OriginPattern] {
        &self.0
    }

    /// Whether the list has no pattern (nothing is allowed).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn default_port(scheme: &str) -> u16 {
    if scheme == "https" {
        443
    } else {
        80
    }
}

struct Parts {
    scheme: String,
    host: String,
    port: u16,
    port_is_wildcard: bool,
}

impl Parts {
    fn parse(s: &str) -> Result<Self, OriginError> {
        let malformed = || OriginError::Malformed(s.into());
        let (scheme, rest) = s.split_once("://").ok_or_else(malformed)?;
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return Err(OriginError::Scheme(s.into()));
        }
        if rest.is_empty() || rest.contains(['/', '?', '#', '@']) {
            return Err(malformed());
        }
        let (host, port) = match rest.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (rest, None),
        };
        let host = host.to_ascii_lowercase();
        if !valid_host(&host) {
            return Err(OriginError::Host(s.into()));
        }
        let (port, port_is_wildcard) = match port {
            None => (default_port(&scheme), false),
            Some("*") => (0, true),
            Some(p) => match p.parse::<u16>() {
                Ok(n) if n != 0 && p.bytes().all(|b| b.is_ascii_digit()) => (n, false),
                _ => return Err(OriginError::Port(s.into())),
            },
        };
        Ok(Self {
            scheme,
            host,
            port,
            port_is_wildcard,
        })
    }
}

fn valid_host(host: &str) -> bool {
    let name = host.strip_prefix("*.").unwrap_or(host);
    !name.is_empty()
        && name.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(entries: &[&str]) -> AllowList {
        AllowList::parse(entries).unwrap()
    }

    #[test]
    fn exact_origin_matches_only_itself() {
        let l = list(&["http://localhost:5173"]);
        assert!(l.allows("http://localhost:5173"));
        assert!(!l.allows("http://localhost:5174"));
        assert!(!l.allows("https://localhost:5173"));
        assert!(!l.allows("http://127.0.0.1:5173"));
        assert!(!l.allows("null"));
        assert!(!l.allows(""));
    }

    #[test]
    fn default_ports_are_implied() {
        let l = list(&["https://app.example.com"]);
        assert!(l.allows("https://app.example.com"));
        assert!(l.allows("https://app.example.com:443"));
        assert!(!l.allows("https://app.example.com:8443"));
        assert_eq!(l.patterns()[0].to_string(), "https://app.example.com");
    }

    #[test]
    fn subdomain_wildcard_needs_a_subdomain() {
        let l = list(&["https://*.example.com"]);
        assert!(l.allows("https://a.example.com"));
        assert!(l.allows("https://a.b.example.com"));
        assert!(!l.allows("https://example.com"));
        assert!(!l.allows("https://badexample.com"));
        assert!(!l.allows("https://a.example.com.evil.io"));
        assert!(!l.allows("http://a.example.com"));
    }

    #[test]
    fn port_wildcard() {
        let l = list(&["http://localhost:*"]);
        assert!(l.allows("http://localhost:3000"));
        assert!(l.allows("http://localhost"));
        assert!(!l.allows("http://localhost.evil.io:3000"));
        assert_eq!(l.patterns()[0].to_string(), "http://localhost:*");
    }

    #[test]
    fn a_pattern_is_not_an_origin() {
        let l = list(&["https://*.example.com", "http://localhost:*"]);
        assert!(!l.allows("https://*.example.com"));
        assert!(!l.allows("http://localhost:*"));
    }

    #[test]
    fn case_is_normalised() {
        let l = list(&["HTTPS://App.Example.COM"]);
        assert!(l.allows("https://app.example.com"));
        assert_eq!(l.patterns()[0].to_string(), "https://app.example.com");
    }

    #[test]
    fn rejects_bad_patterns() {
        for bad in [
            "localhost:5173",
            "ftp://example.com",
            "https://",
            "https://example.com/path",
            "https://user@example.com",
            "https://exa mple.com",
            "https://*",
            "https://a.*.com",
            "https://example.com:0",
            "https://example.com:99999",
            "https://example.com:+80",
            "https://example..com",
            "*",
            "'self'; script-src *",
        ] {
            assert!(bad.parse::<OriginPattern>().is_err(), "{bad} should fail");
        }
        let err = AllowList::parse(&["https://ok.com", "nope"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid origin pattern \"nope\": expected scheme://host[:port]"
        );
    }
}
