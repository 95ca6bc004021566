//! Who asks for an approval, in words a person checks: the browser and OS from the request's
//! `User-Agent`, the client address's network (frame-host has no location database, so the
//! place is the network, said as such) and the time. Used by the approval page and its mails.

use std::net::IpAddr;

use crate::{clock::rfc3339_seconds, mail::Described, store::Requester};

/// The longest `User-Agent` kept, bytes.
const MAX_USER_AGENT: usize = 512;

/// The request facts of an approval: `user_agent` as sent (cut to 512 bytes), `ip` (the
/// client address as limits count it) and the `site` the login is for.
pub(crate) fn requester(user_agent: Option<&str>, ip: IpAddr, site: String) -> Requester {
    let mut ua = user_agent.unwrap_or_default().to_owned();
    if ua.len() > MAX_USER_AGENT {
        let mut end = MAX_USER_AGENT;
        while !ua.is_char_boundary(end) {
            end -= 1;
        }
        ua.truncate(end);
    }
    Requester {
        user_agent: ua,
        network: network(ip),
        site,
    }
}

/// `ip`'s network: an IPv4 address's /24, an IPv6 address's /64.
pub(crate) fn network(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            format!("{a}.{b}.{c}.0/24")
        }
        IpAddr::V6(v6) => {
            let s = v6.segments();
            let prefix = std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
            format!("{prefix}/64")
        }
    }
}

/// The browser and operating system a `User-Agent` names, such as "Chrome on macOS";
/// "an unknown browser" when it names neither.
pub(crate) fn device_name(user_agent: &str) -> String {
    let has = |s: &str| user_agent.contains(s);
    let browser = if has("Edg/") || has("EdgA/") || has("EdgiOS/") {
        Some("Edge")
    } else if has("OPR/") || has("Opera") {
        Some("Opera")
    } else if has("SamsungBrowser/") {
        Some("Samsung Internet")
    } else if has("Firefox/") || has("FxiOS/") {
        Some("Firefox")
    } else if has("CriOS/") || has("Chrome/") || has("Chromium/") {
        Some("Chrome")
    } else if has("Safari/") && has("Version/") {
        Some("Safari")
    } else {
        None
    };
    let os = if has("iPhone") {
        Some("iPhone (iOS)")
    } else if has("iPad") {
        Some("iPad (iPadOS)")
    } else if has("Android") {
        Some("Android")
    } else if has("Windows") {
        Some("Windows")
    } else if has("CrOS") {
        Some("ChromeOS")
    } else if has("Macintosh") || has("Mac OS X") {
        Some("macOS")
    } else if has("Linux") {
        Some("Linux")
    } else {
        None
    };
    match (browser, os) {
        (Some(b), Some(o)) => format!("{b} on {o}"),
        (Some(b), None) => format!("{b} on an unknown system"),
        (None, Some(o)) => format!("an unknown browser on {o}"),
        (None, None) => "an unknown browser".into(),
    }
}

/// What an approval's page and mail say about `requester`'s request, asked at `at` (Unix ms).
pub(crate) fn describe(requester: &Requester, at: i64) -> Described {
    let stamp = rfc3339_seconds(at.div_euclid(1000));
    // `2026-12-07T06:35:10Z` -> `2026-12-07 06:35 UTC`.
    let time = format!("{} {} UTC", &stamp[..10], &stamp[11..16]);
    Described {
        device: device_name(&requester.user_agent),
        site: requester.site.clone(),
        place: format!(
            "the IP network {} (the network the request came from; frame-host looks up no \
             location)",
            requester.network
        ),
        time,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_common_browsers_and_systems() {
        let cases = [
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like \
                 Gecko) Chrome/131.0.0.0 Safari/537.36",
                "Chrome on macOS",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
                "Firefox on Windows",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 \
                 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
                "Safari on iPhone (iOS)",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) \
                 Chrome/131.0.0.0 Mobile Safari/537.36",
                "Chrome on Android",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) \
                 Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                "Edge on Windows",
            ),
            ("curl/8.5.0", "an unknown browser"),
            ("", "an unknown browser"),
        ];
        for (ua, name) in cases {
            assert_eq!(device_name(ua), name, "{ua}");
        }
    }

    #[test]
    fn the_place_is_the_network() {
        assert_eq!(network("203.0.113.77".parse().unwrap()), "203.0.113.0/24");
        assert_eq!(
            network("2001:db8:1:2:3:4:5:6".parse().unwrap()),
            "2001:db8:1:2::/64"
        );
        let r = requester(
            Some(&"x".repeat(600)),
            "10.1.2.3".parse().unwrap(),
            "s".into(),
        );
        assert_eq!(r.user_agent.len(), MAX_USER_AGENT);
        let d = describe(&r, 1_765_089_310_000);
        assert_eq!(d.time, "2025-12-07 06:35 UTC");
        assert!(d.place.starts_with("the IP network 10.1.2.0/24"));
    }
}
