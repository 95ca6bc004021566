//! Numbers as the approval screen writes them: amounts in whole units with their symbol, US
//! dollars, counts with thousands separators, and Unix times as dates. Integer arithmetic only
//! (a price is turned into micro-dollars once), so every amount is exact and no float
//! formatting reaches the wasm.

use alloy_primitives::U256;

/// `amount` (in units of 10^-`decimals`) as an exact decimal, without trailing zeros.
pub(crate) fn format_units(amount: U256, decimals: u32) -> String {
    let digits = amount.to_string();
    let decimals = decimals as usize;
    let (whole, fraction) = if digits.len() > decimals {
        let (w, f) = digits.split_at(digits.len() - decimals);
        (w.to_owned(), f.to_owned())
    } else {
        ("0".to_owned(), format!("{digits:0>decimals$}"))
    };
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        whole
    } else {
        format!("{whole}.{fraction}")
    }
}

/// Wei per gas as gwei, exactly: "1.5 gwei".
pub(crate) fn format_gwei(wei: u128) -> String {
    format!("{} gwei", format_units(U256::from(wei), 9))
}

/// `digits` (a decimal integer) with thousands separated by commas: "1,048,576".
fn group_thousands(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// `n` with thousands separated by commas: "1,048,576".
pub(crate) fn format_count(n: usize) -> String {
    group_thousands(&n.to_string())
}

/// The highest price the screen converts, in dollars per whole token: far above any real
/// one, and low enough that micro-dollars fit easily.
const MAX_PRICE: f64 = 1e15;

/// `amount` of a token with `decimals` at `price` dollars per whole token, in US dollars to
/// the cent: "$4,500.00", "< $0.01" for a dust amount. `None` when the price is not a usable
/// number or the value does not fit. Computed on the decimal digits of amount × micro-dollars
/// (no big-integer division, which would cost the wasm 16 KB).
pub(crate) fn format_usd(amount: U256, decimals: u8, price: f64) -> Option<String> {
    if !(0.0..=MAX_PRICE).contains(&price) {
        return None; // NaN too
    }
    // Micro-dollars per whole token, rounded; the product is in 10^-(decimals + 6) dollars.
    let micros = U256::from((price * 1e6 + 0.5) as u128);
    let product = amount.checked_mul(micros)?.to_string();
    // Cents are the product without its last `decimals + 4` digits, rounded on the next one.
    let cut = usize::from(decimals) + 4;
    let padded = format!("{product:0>width$}", width = cut + 3);
    let (cents, rest) = padded.split_at(padded.len() - cut);
    let mut cents = cents.as_bytes().to_vec();
    if rest.as_bytes()[0] >= b'5' {
        increment(&mut cents);
    }
    let cents = String::from_utf8(cents).ok()?;
    let cents = cents.trim_start_matches('0');
    if cents.is_empty() {
        return Some(if product.bytes().all(|b| b == b'0') {
            "$0.00".to_owned()
        } else {
            "< $0.01".to_owned()
        });
    }
    let padded = format!("{cents:0>3}");
    let (dollars, cents) = padded.split_at(padded.len() - 2);
    Some(format!("${}.{cents}", group_thousands(dollars)))
}

/// Adds one to the decimal digits `digits`, growing them when they are all nines.
fn increment(digits: &mut Vec<u8>) {
    for d in digits.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return;
        }
    }
    digits.insert(0, b'1');
}

/// `amount` of a coin or token: "1.5 ETH", and "1.5 ETH ($4,500.00)" when its price is known.
pub(crate) fn format_amount(amount: U256, decimals: u8, symbol: &str, usd: Option<f64>) -> String {
    let units = format!("{} {symbol}", format_units(amount, u32::from(decimals)));
    match usd.and_then(|price| format_usd(amount, decimals, price)) {
        Some(usd) => format!("{units} ({usd})"),
        None => units,
    }
}

/// The year-month-day of day `days` since 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Unix time `seconds` as a UTC date and time: "2030-01-01 00:00 UTC" (seconds shown only
/// when not zero).
pub(crate) fn format_date(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let in_day = seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    let (hour, minute, second) = (in_day / 3_600, in_day / 60 % 60, in_day % 60);
    if second == 0 {
        format!("{year}-{month:02}-{day:02} {hour:02}:{minute:02} UTC")
    } else {
        format!("{year}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02} UTC")
    }
}

/// The Unix times (seconds) the screen shows as dates: from 2001-09-09 (10^9) to 2286
/// (10^10). Anything outside is not a plausible deadline or validity bound in seconds (0, a
/// block number, the "never expires" maximum of a uint48) and stays a number.
const PLAUSIBLE_SECONDS: core::ops::Range<u64> = 1_000_000_000..10_000_000_000;

/// Whether a uint field named `name` holds a Unix time: its name says so (deadline, expiry,
/// expiration, validAfter, validBefore, validUntil, sigDeadline, …).
pub(crate) fn is_time_field(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    ["deadline", "expir", "timestamp"]
        .iter()
        .any(|word| name.contains(word))
        || ["validafter", "validbefore", "validuntil", "validfrom"]
            .iter()
            .any(|word| name.starts_with(word))
}

/// `value` of a time field as "2030-01-01 00:00 UTC (1893456000)", when it is a plausible
/// Unix time in seconds.
pub(crate) fn format_time_field(value: U256) -> Option<String> {
    let seconds = Some(value.as_limbs())
        .filter(|limbs| limbs[1..].iter().all(|l| *l == 0))
        .map(|limbs| limbs[0])
        .filter(|s| PLAUSIBLE_SECONDS.contains(s))?;
    Some(format!("{} ({seconds})", format_date(seconds)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eth(whole: u64, milli: u64) -> U256 {
        U256::from(whole) * U256::from(10u64).pow(U256::from(18))
            + U256::from(milli) * U256::from(10u64).pow(U256::from(15))
    }

    #[test]
    fn dollars_to_the_cent_with_separators() {
        assert_eq!(
            format_usd(eth(1, 500), 18, 3000.0).as_deref(),
            Some("$4,500.00")
        );
        assert_eq!(format_usd(eth(0, 1), 18, 3000.0).as_deref(), Some("$3.00"));
        // 42,000 gwei at $3,000: 12.6 cents, rounded.
        let fee = U256::from(42_000u64) * U256::from(1_000_000_000u64);
        assert_eq!(format_usd(fee, 18, 3000.0).as_deref(), Some("$0.13"));
        assert_eq!(
            format_usd(U256::from(1u8), 18, 3000.0).as_deref(),
            Some("< $0.01")
        );
        assert_eq!(format_usd(U256::ZERO, 18, 3000.0).as_deref(), Some("$0.00"));
        // 1.5 of a 6-decimals stablecoin at $1.0001.
        assert_eq!(
            format_usd(U256::from(1_500_000u64), 6, 1.0001).as_deref(),
            Some("$1.50")
        );
        assert_eq!(
            format_usd(eth(1_234_567, 0), 18, 1.0).as_deref(),
            Some("$1,234,567.00")
        );
    }

    #[test]
    fn no_dollars_without_a_usable_price_or_when_it_does_not_fit() {
        assert_eq!(format_usd(eth(1, 0), 18, f64::NAN), None);
        assert_eq!(format_usd(eth(1, 0), 18, -1.0), None);
        assert_eq!(format_usd(eth(1, 0), 18, f64::INFINITY), None);
        assert_eq!(format_usd(U256::MAX, 18, 3000.0), None);
        let usdc = |base_units: u64| format_usd(U256::from(base_units), 6, 1.0);
        assert_eq!(
            usdc(999_994_999).as_deref(),
            Some("$999.99"),
            "rounded down"
        );
        assert_eq!(
            usdc(999_995_000).as_deref(),
            Some("$1,000.00"),
            "rounded up, carried"
        );
        assert_eq!(usdc(4_999).as_deref(), Some("< $0.01"));
        assert_eq!(usdc(5_000).as_deref(), Some("$0.01"));
    }

    #[test]
    fn amounts_carry_their_symbol_and_dollars_when_priced() {
        assert_eq!(format_amount(eth(1, 500), 18, "ETH", None), "1.5 ETH");
        assert_eq!(
            format_amount(eth(1, 500), 18, "ETH", Some(3000.0)),
            "1.5 ETH ($4,500.00)"
        );
        assert_eq!(
            format_amount(U256::from(2_500_000u64), 6, "dUSD", None),
            "2.5 dUSD"
        );
    }

    #[test]
    fn unix_times_as_utc_dates() {
        assert_eq!(format_date(0), "1970-01-01 00:00 UTC");
        assert_eq!(format_date(1_893_456_000), "2030-01-01 00:00 UTC");
        assert_eq!(format_date(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(format_date(1_709_210_096), "2024-02-29 12:34:56 UTC");
        assert_eq!(format_date(4_102_444_799), "2099-12-31 23:59:59 UTC");
        assert_eq!(
            format_time_field(U256::from(1_893_456_000u64)).as_deref(),
            Some("2030-01-01 00:00 UTC (1893456000)")
        );
        // Not plausible seconds: left as numbers.
        assert_eq!(format_time_field(U256::ZERO), None);
        assert_eq!(format_time_field(U256::from(19_000_000u64)), None);
        assert_eq!(format_time_field(U256::from(281_474_976_710_655u64)), None);
        assert_eq!(format_time_field(U256::MAX), None);
    }

    #[test]
    fn time_fields_by_name() {
        for name in [
            "deadline",
            "sigDeadline",
            "expiry",
            "expiration",
            "expiresAt",
            "validAfter",
            "validBefore",
            "validUntil",
            "timestamp",
        ] {
            assert!(is_time_field(name), "{name}");
        }
        for name in ["value", "nonce", "amount", "invalidated", "chainId"] {
            assert!(!is_time_field(name), "{name}");
        }
    }
}
