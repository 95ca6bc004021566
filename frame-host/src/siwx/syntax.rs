//! The RFC 3986 pieces of a sign-in message's grammar (EIP-4361 "ABNF Message Format"):
//! `scheme`, `authority` (the `domain`), `URI`, `pchar` (the `request-id`) and the characters
//! of a `statement`.

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
fn is_unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~')
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
fn is_sub_delim(c: u8) -> bool {
    matches!(
        c,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// `reserved = gen-delims / sub-delims`, `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`.
fn is_reserved(c: u8) -> bool {
    is_sub_delim(c) || matches!(c, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@')
}

/// Whether every byte of `s` is `allowed` or starts a `pct-encoded` (`"%" HEXDIG HEXDIG`).
fn all_or_pct(s: &str, allowed: impl Fn(u8) -> bool) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = b.get(i + 1..i + 3);
            if !hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                return false;
            }
            i += 3;
        } else if allowed(b[i]) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// `statement = *( reserved / unreserved / " " )`: printable ASCII without `"`, `%`, `<`,
/// `>`, `\`, `^`, `` ` ``, `{`, `|` and `}`.
pub(crate) fn is_statement(s: &str) -> bool {
    s.bytes()
        .all(|c| c == b' ' || is_reserved(c) || is_unreserved(c))
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
pub(crate) fn is_scheme(s: &str) -> bool {
    let mut b = s.bytes();
    b.next().is_some_and(|c| c.is_ascii_alphabetic())
        && b.all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
}

/// `request-id = *pchar`, `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`.
pub(crate) fn is_pchars(s: &str) -> bool {
    all_or_pct(s, |c| {
        is_unreserved(c) || is_sub_delim(c) || matches!(c, b':' | b'@')
    })
}

/// An RFC 3986 `authority`: `[ userinfo "@" ] host [ ":" port ]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Authority<'a> {
    /// The `userinfo`, if any.
    pub(crate) userinfo: Option<&'a str>,
    /// The `host`: a `reg-name`, an IPv4 address or a bracketed IPv6 literal.
    pub(crate) host: &'a str,
    /// The `port`, if any.
    pub(crate) port: Option<u16>,
}

/// Parses an `authority`. Stricter than RFC 3986 in two ways a sign-in domain needs: the
/// host is not empty, and a port, when the `:` is there, is a number from 1 to 65535.
pub(crate) fn authority(s: &str) -> Option<Authority<'_>> {
    let (userinfo, host_port) = match s.rsplit_once('@') {
        Some((user, rest)) => (Some(user), rest),
        None => (None, s),
    };
    if userinfo
        .is_some_and(|u| !all_or_pct(u, |c| is_unreserved(c) || is_sub_delim(c) || c == b':'))
    {
        return None;
    }
    let (host, port) = if let Some(rest) = host_port.strip_prefix('[') {
        let (literal, after) = rest.split_once(']')?;
        literal.parse::<std::net::Ipv6Addr>().ok()?;
        (&host_port[..literal.len() + 2], after)
    } else {
        let end = host_port.find(':').unwrap_or(host_port.len());
        let host = &host_port[..end];
        if host.is_empty() || !all_or_pct(host, |c| is_unreserved(c) || is_sub_delim(c)) {
            return None;
        }
        (host, &host_port[end..])
    };
    let port = match port.strip_prefix(':') {
        None if port.is_empty() => None,
        None => return None,
        Some(digits) => {
            if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|c| c.is_ascii_digit())
            {
                return None;
            }
            Some(digits.parse::<u16>().ok().filter(|&p| p != 0)?)
        }
    };
    Some(Authority {
        userinfo,
        host,
        port,
    })
}

/// An RFC 3986 `URI`: `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`, only URI
/// characters (`reserved`, `unreserved`, `pct-encoded`), `[` and `]` only around an IPv6
/// host, at most one `#`, and an authority (after `//`) that [`authority`] accepts.
pub(crate) fn is_uri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else {
        return false;
    };
    if !is_scheme(scheme) || !all_or_pct(rest, |c| is_reserved(c) || is_unreserved(c)) {
        return false;
    }
    if rest.bytes().filter(|&c| c == b'#').count() > 1 {
        return false;
    }
    let (authority_part, path) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    if path.contains(['[', ']']) {
        return false;
    }
    match authority_part {
        // An empty authority (`file:///x`) is a valid URI.
        Some("") | None => true,
        Some(a) => authority(a).is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authorities() {
        let a = |s| authority(s);
        assert_eq!(
            a("example.com"),
            Some(Authority {
                userinfo: None,
                host: "example.com",
                port: None
            })
        );
        assert_eq!(a("example.com:3388").unwrap().port, Some(3388));
        assert_eq!(a("[::1]:8080").unwrap().host, "[::1]");
        assert_eq!(a("127.0.0.1").unwrap().host, "127.0.0.1");
        assert_eq!(a("me@example.com").unwrap().userinfo, Some("me"));
        for bad in [
            "",
            ":80",
            "example.com:",
            "example.com:0",
            "example.com:65536",
            "example.com:80:80",
            "exa mple.com",
            "exa%2",
            "[::1",
            "[not-ip]",
            "example.com/path",
            "ex\u{e4}mple.com",
        ] {
            assert_eq!(a(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn uris() {
        for good in [
            "https://example.com/login",
            "https://example.com:3388/a/b?c=d#e",
            "ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/",
            "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
            "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
            "http://[::1]:5173/",
            "file:///etc/x",
            "https://example.com/%20",
        ] {
            assert!(is_uri(good), "{good:?}");
        }
        for bad in [
            "",
            "example.com",
            "/login",
            "1https://x",
            "https://exa mple.com",
            "https://example.com/<x>",
            "https://example.com/%zz",
            "https://example.com/#a#b",
            "https://example.com/[x]",
            "https://:80/",
            "https://example.com\"",
        ] {
            assert!(!is_uri(bad), "{bad:?}");
        }
    }

    #[test]
    fn statements_and_request_ids() {
        assert!(is_statement(
            "I accept the ExampleOrg Terms of Service: https://example.com/tos"
        ));
        assert!(is_statement(""));
        for bad in ["a\"b", "100%", "<b>", "a\tb", "caf\u{e9}"] {
            assert!(!is_statement(bad), "{bad:?}");
        }
        assert!(is_pchars("req-1:a@b%20"));
        for bad in ["a/b", "a?b", "a b", "%g0"] {
            assert!(!is_pchars(bad), "{bad:?}");
        }
        assert!(is_scheme("https") && is_scheme("a+b-c.d"));
        assert!(!is_scheme("1x") && !is_scheme("") && !is_scheme("ht tp"));
    }
}
