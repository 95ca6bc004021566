//! Amounts the on-ramp routes read and write: fiat in cents (two fraction digits, as buyers
//! pay), crypto as decimal text.

/// The most fiat one request may name, whole units.
const MAX_FIAT_UNITS: u64 = 1_000_000_000;

/// `text` (`50`, `49.9`, `49.99`) as cents: digits with at most two fraction digits, at most
/// a billion; `None` otherwise.
pub(crate) fn fiat_cents(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 10 || !digits(whole) || !digits(fraction) {
        return None;
    }
    if fraction.len() > 2 || (text.contains('.') && fraction.is_empty()) {
        return None;
    }
    let units: u64 = whole.parse().ok()?;
    let cents: u64 = format!("{fraction:0<2}").parse().ok()?;
    (units <= MAX_FIAT_UNITS).then_some(units * 100 + cents)
}

/// A provider's limit (`10`, `7500.00`, `25000.0000`) as cents: like [`fiat_cents`], with any
/// number of trailing zero fraction digits.
pub(crate) fn limit_cents(text: &str) -> Option<u64> {
    match text.split_once('.') {
        Some((whole, fraction)) if fraction.len() > 2 => {
            let (kept, rest) = fraction.split_at(2);
            rest.bytes()
                .all(|b| b == b'0')
                .then(|| fiat_cents(&format!("{whole}.{kept}")))
                .flatten()
        }
        _ => fiat_cents(text),
    }
}

/// Cents as text with two fraction digits: `5000` is `50.00`.
pub(crate) fn format_cents(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// A crypto amount as text: digits with an optional fraction of at most 18 digits, at most
/// 40 characters.
pub(crate) fn is_crypto_amount(text: &str) -> bool {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    text.len() <= 40
        && !whole.is_empty()
        && digits(whole)
        && digits(fraction)
        && fraction.len() <= 18
        && !(text.contains('.') && fraction.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fiat_and_limits() {
        assert_eq!(fiat_cents("50"), Some(5000));
        assert_eq!(fiat_cents("49.9"), Some(4990));
        assert_eq!(fiat_cents("49.99"), Some(4999));
        assert_eq!(fiat_cents("0.01"), Some(1));
        for bad in [
            "",
            ".5",
            "5.",
            "1.999",
            "-1",
            "1e3",
            "1,5",
            " 5",
            "1000000001",
            "99999999999",
        ] {
            assert_eq!(fiat_cents(bad), None, "{bad}");
        }
        assert_eq!(limit_cents("7500.0000"), Some(750_000));
        assert_eq!(limit_cents("10"), Some(1000));
        assert_eq!(limit_cents("2.505"), None);
        assert_eq!(format_cents(5000), "50.00");
        assert_eq!(format_cents(7), "0.07");
        assert!(is_crypto_amount("0.016333333333333333"));
        assert!(!is_crypto_amount("0.0163333333333333333"));
        assert!(!is_crypto_amount("1."));
    }
}
