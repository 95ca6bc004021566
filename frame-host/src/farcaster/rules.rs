//! The limits on every value the relay takes (FIP-11 and Farcaster's relay's own rules, with
//! sizes bounded): what an app asks to be signed, and the profile a Farcaster client sends.

use oriel_protocol::http::farcaster::{AuthenticateRequest, CreateChannelRequest};

use super::FarcasterError;
use crate::siwx::Timestamp;

/// The longest URI (`siweUri`, `redirectUrl`, `pfpUrl`), bytes.
const MAX_URI: usize = 2048;
/// The longest domain (`host[:port]`), bytes.
const MAX_DOMAIN: usize = 260;
/// Nonce lengths (EIP-4361: at least 8 letters and digits).
const NONCE_LEN: std::ops::RangeInclusive<usize> = 8..=64;
/// The longest request id, bytes.
const MAX_REQUEST_ID: usize = 128;
/// The longest display name, characters.
const MAX_DISPLAY_NAME: usize = 64;
/// The longest bio, characters.
const MAX_BIO: usize = 256;
/// The longest `User-Agent` kept, bytes.
pub(crate) const MAX_USER_AGENT: usize = 256;
/// The largest fid (JavaScript's safe integers: what every client can write).
pub(crate) const MAX_FID: u64 = (1 << 53) - 1;

type Checked<T = ()> = Result<T, FarcasterError>;

fn field(name: &'static str, rule: &'static str) -> FarcasterError {
    FarcasterError::Field(name, rule)
}

/// An `http(s)` URL with a host, no credentials, at most [`MAX_URI`] bytes.
pub(crate) fn is_web_url(text: &str) -> bool {
    text.len() <= MAX_URI
        && url::Url::parse(text).is_ok_and(|u| {
            matches!(u.scheme(), "http" | "https")
                && u.host().is_some()
                && u.username().is_empty()
                && u.password().is_none()
        })
}

/// Farcaster's relay's domain rule: `host[:port]` of letters, digits, dots and hyphens.
pub(crate) fn is_domain(text: &str) -> bool {
    let (host, port) = match text.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (text, None),
    };
    text.len() <= MAX_DOMAIN
        && !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        && port.is_none_or(|p| (1..=5).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
}

/// An EIP-4361 nonce: 8 to 64 letters and digits.
pub(crate) fn is_nonce(text: &str) -> bool {
    NONCE_LEN.contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Checks what an app asks to be signed.
pub(crate) fn check_channel(request: &CreateChannelRequest) -> Checked {
    if !is_web_url(&request.siwe_uri) {
        return Err(field(
            "siweUri",
            "must be an http(s) URL of at most 2048 bytes",
        ));
    }
    if !is_domain(&request.domain) {
        return Err(field(
            "domain",
            "must be host[:port] of letters, digits, dots and hyphens",
        ));
    }
    if request.nonce.as_deref().is_some_and(|n| !is_nonce(n)) {
        return Err(field("nonce", "must be 8 to 64 letters and digits"));
    }
    for (name, time) in [
        ("notBefore", &request.not_before),
        ("expirationTime", &request.expiration_time),
    ] {
        if time
            .as_deref()
            .is_some_and(|t| Timestamp::parse(t).is_none())
        {
            return Err(field(name, "must be an RFC 3339 date-time"));
        }
    }
    if request.request_id.as_deref().is_some_and(|id| {
        id.is_empty() || id.len() > MAX_REQUEST_ID || !id.bytes().all(|b| b.is_ascii_graphic())
    }) {
        return Err(field(
            "requestId",
            "must be 1 to 128 printable characters without spaces",
        ));
    }
    if request
        .redirect_url
        .as_deref()
        .is_some_and(|u| !is_web_url(u))
    {
        return Err(field(
            "redirectUrl",
            "must be an http(s) URL of at most 2048 bytes",
        ));
    }
    Ok(())
}

/// Farcaster's username rule: a lowercase letter or digit, then up to 15 of those or hyphens;
/// or such a name ending in `.eth`.
fn is_username(name: &str) -> bool {
    let label = name.strip_suffix(".eth").unwrap_or(name);
    let mut bytes = label.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        && label.len() <= 16
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Text a person wrote: at most `max` characters, no control characters (but line breaks
/// when `lines`).
fn is_text(text: &str, max: usize, lines: bool) -> bool {
    text.chars().count() <= max
        && text
            .chars()
            .all(|c| !c.is_control() || (lines && c == '\n'))
}

/// Checks what a Farcaster client sends, except the message itself (see `verify`).
pub(crate) fn check_authenticate(request: &AuthenticateRequest) -> Checked {
    if !(1..=MAX_FID).contains(&request.fid) {
        return Err(field("fid", "must be 1 to 2^53 - 1"));
    }
    let signature = request.signature.strip_prefix("0x").unwrap_or_default();
    if signature.len() != 130 || !signature.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(field("signature", "must be 0x and 130 hex digits"));
    }
    if request.username.as_deref().is_some_and(|u| !is_username(u)) {
        return Err(field(
            "username",
            "must be 1 to 16 lowercase letters, digits or hyphens (not first), optionally .eth",
        ));
    }
    if request
        .display_name
        .as_deref()
        .is_some_and(|n| !is_text(n, MAX_DISPLAY_NAME, false))
    {
        return Err(field(
            "displayName",
            "must be at most 64 characters without control characters",
        ));
    }
    if request
        .bio
        .as_deref()
        .is_some_and(|b| !is_text(b, MAX_BIO, true))
    {
        return Err(field(
            "bio",
            "must be at most 256 characters without control characters",
        ));
    }
    if request.pfp_url.as_deref().is_some_and(|u| !is_web_url(u)) {
        return Err(field(
            "pfpUrl",
            "must be an http(s) URL of at most 2048 bytes",
        ));
    }
    Ok(())
}

/// `text` cut to at most `max` bytes, on a character boundary.
pub(crate) fn truncate(text: &str, max: usize) -> String {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn channel() -> CreateChannelRequest {
        CreateChannelRequest {
            siwe_uri: "https://shop.example.com/login".into(),
            domain: "shop.example.com".into(),
            nonce: None,
            not_before: None,
            expiration_time: None,
            request_id: None,
            redirect_url: None,
            accept_auth_address: None,
        }
    }

    fn authenticate() -> AuthenticateRequest {
        AuthenticateRequest {
            message: "m".into(),
            signature: format!("0x{}", "ab".repeat(65)),
            auth_method: None,
            fid: 1,
            username: Some("ada".into()),
            bio: Some("line one\nline two".into()),
            display_name: Some("Ada L.".into()),
            pfp_url: Some("https://i.example.com/ada.png".into()),
        }
    }

    #[test]
    fn channel_values_follow_their_rules() {
        assert!(check_channel(&channel()).is_ok());
        let mut ok = channel();
        ok.domain = "localhost:5173".into();
        ok.nonce = Some("abcd1234".into());
        ok.not_before = Some("2026-01-01T00:00:00.000Z".into());
        ok.request_id = Some("8d0494d9-e0cf".into());
        assert!(check_channel(&ok).is_ok());
        type Change = fn(&mut CreateChannelRequest);
        let cases: [(Change, &str); 8] = [
            (|c| c.siwe_uri = "javascript:alert(1)".into(), "siweUri"),
            (
                |c| c.siwe_uri = format!("https://a.example/{}", "x".repeat(2048)),
                "siweUri",
            ),
            (|c| c.domain = "evil.example/path".into(), "domain"),
            (|c| c.domain = "a.example:123456".into(), "domain"),
            (|c| c.nonce = Some("short".into()), "nonce"),
            (|c| c.nonce = Some("not-alnum-1234".into()), "nonce"),
            (
                |c| c.expiration_time = Some("tomorrow".into()),
                "expirationTime",
            ),
            (
                |c| c.redirect_url = Some("ftp://a.example".into()),
                "redirectUrl",
            ),
        ];
        for (change, name) in cases {
            let mut c = channel();
            change(&mut c);
            let e = check_channel(&c).unwrap_err().to_string();
            assert!(e.starts_with(name), "{e}");
        }
    }

    #[test]
    fn profile_values_follow_farcasters_rules() {
        assert!(check_authenticate(&authenticate()).is_ok());
        let mut eth = authenticate();
        eth.username = Some("ada-99.eth".into());
        assert!(check_authenticate(&eth).is_ok());
        type Change = fn(&mut AuthenticateRequest);
        let cases: [(Change, &str); 9] = [
            (|a| a.fid = 0, "fid"),
            (|a| a.fid = MAX_FID + 1, "fid"),
            (|a| a.signature = "0x1234".into(), "signature"),
            (
                |a| a.signature = format!("0x{}", "zz".repeat(65)),
                "signature",
            ),
            (|a| a.username = Some("Ada".into()), "username"),
            (|a| a.username = Some("-ada".into()), "username"),
            (|a| a.username = Some("a".repeat(17)), "username"),
            (|a| a.display_name = Some("tab\there".into()), "displayName"),
            (
                |a| a.pfp_url = Some("data:image/png;base64,AAAA".into()),
                "pfpUrl",
            ),
        ];
        for (change, name) in cases {
            let mut a = authenticate();
            change(&mut a);
            let e = check_authenticate(&a).unwrap_err().to_string();
            assert!(e.starts_with(name), "{e}");
        }
    }

    #[test]
    fn truncation_keeps_whole_characters() {
        assert_eq!(truncate("héllo", 2), "h");
        assert_eq!(truncate("abc", 10), "abc");
    }
}
