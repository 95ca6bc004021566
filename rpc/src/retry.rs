//! When to try again and how long to wait (spec §7 and §9).

/// Attempts per URL, the first included (spec §9).
pub const ATTEMPTS: u32 = 3;

/// The delay before the first retry; it doubles for each later one (spec §9).
pub const BASE_DELAY_MS: u64 = 150;

/// HTTP statuses worth another attempt (spec §7): the endpoint may answer next time.
pub const RETRY_STATUSES: [u16; 8] = [403, 408, 413, 429, 500, 502, 503, 504];

/// Whether an answer with `status` is retried.
pub(crate) fn is_retryable(status: u16) -> bool {
    RETRY_STATUSES.contains(&status)
}

/// The delay before retry `n` (0 for the first retry): 150 ms, 300 ms, 600 ms, ...
pub(crate) fn backoff_ms(n: u32) -> u64 {
    BASE_DELAY_MS.saturating_mul(1u64.checked_shl(n).unwrap_or(u64::MAX))
}

/// How long a `Retry-After` header asks to wait, in milliseconds, at `now_ms` (Unix epoch).
/// The value is either delay-seconds (`120`) or an HTTP date in any of the three forms HTTP
/// allows (`Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT`,
/// `Sun Nov  6 08:49:37 1994`); a date in the past means no wait. `None` when the value is
/// neither, so the caller falls back to its own backoff.
pub(crate) fn retry_after_ms(value: &str, now_ms: u64) -> Option<u64> {
    let value = value.trim();
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        // Too many digits for u64 is still "very long".
        let seconds = value.parse::<u64>().unwrap_or(u64::MAX);
        return Some(seconds.saturating_mul(1000));
    }
    let at_ms = http_date_ms(value, now_ms)?;
    Some(at_ms.saturating_sub(now_ms))
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// An HTTP date as milliseconds since the Unix epoch; `now_ms` places a two-digit year.
fn http_date_ms(text: &str, now_ms: u64) -> Option<u64> {
    let (day, month, year, time) = match text.split_once(", ") {
        Some((_weekday, rest)) => {
            let rest = rest.strip_suffix(" GMT")?;
            let (date, time) = rest.rsplit_once(' ')?;
            let parts: Vec<&str> = if date.contains('-') {
                date.split('-').collect() // RFC 850: 06-Nov-94
            } else {
                date.split(' ').collect() // IMF-fixdate: 06 Nov 1994
            };
            let [day, month, year] = parts[..] else {
                return None;
            };
            (day, month, year, time)
        }
        None => {
            // asctime: Sun Nov  6 08:49:37 1994
            let parts: Vec<&str> = text.split_whitespace().collect();
            let [_weekday, month, day, time, year] = parts[..] else {
                return None;
            };
            (day, month, year, time)
        }
    };
    let day: u32 = digits(day, 1..=2)?;
    let month = MONTHS.iter().position(|m| *m == month)? as u32 + 1;
    let year: i64 = match year.len() {
        // RFC 850's two-digit year: HTTP (RFC 9110 §5.6.7) reads a year that would be more
        // than 50 years in the future as the most recent past year with those digits.
        2 => {
            let this_year = 1970 + (now_ms / 31_556_952_000) as i64; // mean Gregorian year
            let year = this_year / 100 * 100 + i64::from(digits::<u32>(year, 2..=2)?);
            if year > this_year + 50 {
                year - 100
            } else {
                year
            }
        }
        4 => i64::from(digits::<u32>(year, 4..=4)?),
        _ => return None,
    };
    let mut hms = time.split(':');
    let (h, m, s) = (hms.next()?, hms.next()?, hms.next()?);
    if hms.next().is_some() {
        return None;
    }
    let (h, m, s): (u32, u32, u32) = (digits(h, 2..=2)?, digits(m, 2..=2)?, digits(s, 2..=2)?);
    if !(1..=31).contains(&day) || h > 23 || m > 59 || s > 60 {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let seconds = days * 86_400 + i64::from(h * 3600 + m * 60 + s);
    u64::try_from(seconds).ok()?.checked_mul(1000)
}

/// `text` as a number of `len` ASCII digits.
fn digits<N: std::str::FromStr>(text: &str, len: std::ops::RangeInclusive<usize>) -> Option<N> {
    if !len.contains(&text.len()) || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month = i64::from(month);
    let day_of_year =
        (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1994-11-06T08:49:37Z, the example date of the HTTP specification.
    const RFC_EXAMPLE_MS: u64 = 784_111_777_000;

    #[test]
    fn statuses_from_the_spec_are_retried_and_others_not() {
        for status in [403, 408, 413, 429, 500, 502, 503, 504] {
            assert!(is_retryable(status), "{status}");
        }
        for status in [200, 400, 401, 404, 405, 501, 505] {
            assert!(!is_retryable(status), "{status}");
        }
    }

    #[test]
    fn backoff_starts_at_150_ms_and_doubles() {
        assert_eq!(
            (0..4).map(backoff_ms).collect::<Vec<_>>(),
            [150, 300, 600, 1200]
        );
        assert_eq!(
            backoff_ms(200),
            u64::MAX,
            "saturates instead of overflowing"
        );
    }

    #[test]
    fn retry_after_in_seconds() {
        assert_eq!(retry_after_ms("0", 5), Some(0));
        assert_eq!(retry_after_ms("2", 5), Some(2000));
        assert_eq!(retry_after_ms(" 120 ", 5), Some(120_000));
        assert_eq!(
            retry_after_ms("99999999999999999999999", 5),
            Some(u64::MAX),
            "absurdly long is still long"
        );
    }

    #[test]
    fn retry_after_as_an_http_date_in_each_form() {
        let now = RFC_EXAMPLE_MS - 3_000;
        for form in [
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 1994",
        ] {
            assert_eq!(retry_after_ms(form, now), Some(3_000), "{form}");
        }
    }

    #[test]
    fn a_two_digit_year_is_never_more_than_50_years_ahead() {
        let in_2026 = 1_795_251_600_000;
        let date = |yy: &str| http_date_ms(&format!("Monday, 01-Jan-{yy} 00:00:00 GMT"), in_2026);
        assert_eq!(date("26"), Some(days_ms(2026, 1, 1)));
        assert_eq!(date("76"), Some(days_ms(2076, 1, 1)));
        assert_eq!(date("77"), Some(days_ms(1977, 1, 1)));
        assert_eq!(date("94"), Some(days_ms(1994, 1, 1)));
    }

    fn days_ms(year: i64, month: u32, day: u32) -> u64 {
        days_from_civil(year, month, day) as u64 * 86_400_000
    }

    #[test]
    fn a_date_in_the_past_means_no_wait() {
        assert_eq!(
            retry_after_ms("Sun, 06 Nov 1994 08:49:37 GMT", RFC_EXAMPLE_MS + 60_000),
            Some(0)
        );
    }

    #[test]
    fn known_dates() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(http_date_ms("Thu, 01 Jan 1970 00:00:00 GMT", 0), Some(0));
        assert_eq!(
            http_date_ms("Sat, 21 Nov 2026 09:00:00 GMT", 0),
            Some(1_795_251_600_000)
        );
    }

    #[test]
    fn garbage_is_not_a_retry_after() {
        for bad in [
            "",
            "soon",
            "-1",
            "1.5",
            "Sun, 06 Nov 1994 08:49:37",
            "Sun, 06 Foo 1994 08:49:37 GMT",
            "Sun, 32 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 94 08:49:37 GMT x",
            "Sun Nov 6 08:49 1994",
        ] {
            assert_eq!(retry_after_ms(bad, 0), None, "{bad:?}");
        }
    }
}
