//! The email rule (spec §5: "a valid email format", for connect and update), one for every
//! layer: the frame checks it before asking frame-host, frame-host checks it again, and the
//! SDK's `isValidEmail` is held to the same vectors (`fixtures/email/valid.json` and
//! `invalid.json`, read by this crate's tests and the SDK's).
//!
//! `local@domain`: a local part of RFC 5322 `atext` characters and inner single dots; a domain
//! of dot-separated labels of letters, digits and inner hyphens (1 to 63 characters each, 253
//! in all) ending in a top-level label of 2 or more letters; at most [`MAX_EMAIL_LEN`]
//! characters. No surrounding white space: user input is trimmed first ([`normalize_email`]).

/// The longest address SMTP can carry (RFC 5321).
pub const MAX_EMAIL_LEN: usize = 254;

/// The rule as a JavaScript regular expression, for the SDK, which has no wasm of this crate:
/// generated into its `constants.gen.ts` with [`MAX_EMAIL_LEN`] (checked apart, as the pattern
/// bounds only the labels), so the SDK writes no rule of its own. The SDK's tests hold it to
/// [`is_valid_email`] over `fixtures/email`, including `cases.json`, which `tests/email.rs`
/// writes from [`is_valid_email`] and keeps current.
pub const EMAIL_PATTERN: &str = r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$";

/// Whether `b` may stand in a local part: RFC 5322 `atext` or a dot.
fn local_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~.".contains(&b)
}

/// Whether `label` is a domain label: 1 to 63 letters, digits and inner hyphens.
fn label(label: &[u8]) -> bool {
    (1..=63).contains(&label.len())
        && label[0] != b'-'
        && label[label.len() - 1] != b'-'
        && label
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Whether `email` has the format of an email address (module docs).
pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let (local, domain) = (local.as_bytes(), domain.as_bytes());
    let local_ok = !local.is_empty()
        && local[0] != b'.'
        && local[local.len() - 1] != b'.'
        && !local.windows(2).any(|w| w == b"..")
        && local.iter().all(|&b| local_byte(b));
    let tld_ok = domain
        .rsplit(|&b| b == b'.')
        .next()
        .is_some_and(|tld| tld.len() >= 2 && tld.iter().all(u8::is_ascii_alphabetic));
    let domain_ok = domain.len() <= 253
        && domain.contains(&b'.')
        && domain.split(|&b| b == b'.').all(label)
        && tld_ok;
    local_ok && domain_ok && email.len() <= MAX_EMAIL_LEN
}

/// `email` trimmed and lowercased, if it is then a valid address: the form frame-host keeps.
pub fn normalize_email(email: &str) -> Option<String> {
    let email = email.trim().to_lowercase();
    is_valid_email(&email).then_some(email)
}
