//! RFC 3339 `date-time` (section 5.6), the form of a sign-in message's `Issued At`,
//! `Expiration Time` and `Not Before`.

use time::{Date, Month};

/// The Julian day number of 1970-01-01.
const UNIX_EPOCH_JULIAN_DAY: i32 = 2_440_588;

/// The longest timestamp accepted, in bytes (`2021-09-30T16:25:24.123456789+05:30` is 35).
const MAX_LEN: usize = 40;

/// A timestamp as the message writes it, and the instant it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Timestamp {
    text: String,
    unix_ms: i64,
}

impl Timestamp {
    /// Parses an RFC 3339 `date-time`: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, `T` and
    /// `Z` in either case (RFC 3339 §5.6 note), a real calendar date, a second of 00 to 60 (a
    /// leap second counts as the next minute's first). Fractions below a millisecond are
    /// dropped from the instant, not from the text.
    pub(crate) fn parse(text: &str) -> Option<Self> {
        if text.len() > MAX_LEN || !text.is_ascii() {
            return None;
        }
        let b = text.as_bytes();
        let num = |at: usize, len: usize| -> Option<i64> {
            let digits = b.get(at..at + len)?;
            digits
                .iter()
                .all(u8::is_ascii_digit)
                .then(|| digits.iter().fold(0, |n, d| n * 10 + i64::from(d - b'0')))
        };
        let date = calendar_date(num(0, 4)?, num(5, 2)?, num(8, 2)?)?;
        let (hour, minute, second) = (num(11, 2)?, num(14, 2)?, num(17, 2)?);
        let separators = [(4, b'-'), (7, b'-'), (13, b':'), (16, b':')];
        if separators.iter().any(|&(at, c)| b.get(at) != Some(&c))
            || !matches!(b.get(10), Some(b'T' | b't'))
            || hour > 23
            || minute > 59
            || second > 60
        {
            return None;
        }
        let mut at = 19;
        let mut millis = 0;
        if b.get(at) == Some(&b'.') {
            let digits = b[at + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            if digits == 0 {
                return None;
            }
            millis = num(at + 1, digits.min(3))? * [100, 10, 1][digits.min(3) - 1];
            at += 1 + digits;
        }
        let offset_minutes = match &b[at..] {
            [b'Z' | b'z'] => 0,
            [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
                let (h, m) = (num(at + 1, 2)?, num(at + 4, 2)?);
                if h > 23 || m > 59 {
                    return None;
                }
                if *sign == b'+' {
                    h * 60 + m
                } else {
                    -(h * 60 + m)
                }
            }
            _ => return None,
        };
        let days = i64::from(date.to_julian_day() - UNIX_EPOCH_JULIAN_DAY);
        let seconds = days * 86_400 + hour * 3600 + minute * 60 - offset_minutes * 60 + second;
        Some(Self {
            text: text.into(),
            unix_ms: seconds * 1000 + millis,
        })
    }

    /// The timestamp as written.
    pub(crate) fn as_str(&self) -> &str {
        &self.text
    }

    /// The instant, in Unix milliseconds.
    pub(crate) fn unix_ms(&self) -> i64 {
        self.unix_ms
    }
}

/// The date of `year`, `month` and `day` if it is a real one of the proleptic Gregorian
/// calendar.
fn calendar_date(year: i64, month: i64, day: i64) -> Option<Date> {
    let month = Month::try_from(u8::try_from(month).ok()?).ok()?;
    Date::from_calendar_date(i32::try_from(year).ok()?, month, u8::try_from(day).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(text: &str) -> Option<i64> {
        Timestamp::parse(text).map(|t| t.unix_ms())
    }

    #[test]
    fn parses_the_forms_of_rfc_3339() {
        assert_eq!(ms("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(ms("2021-09-30T16:25:24Z"), Some(1_633_019_124_000));
        assert_eq!(ms("2021-09-30T16:25:24.000Z"), Some(1_633_019_124_000));
        assert_eq!(ms("2021-09-30T16:25:24.5Z"), Some(1_633_019_124_500));
        assert_eq!(
            ms("2021-09-30T16:25:24.123456789Z"),
            Some(1_633_019_124_123)
        );
        assert_eq!(ms("2021-09-30t16:25:24z"), Some(1_633_019_124_000));
        assert_eq!(ms("2021-09-30T18:25:24+02:00"), Some(1_633_019_124_000));
        assert_eq!(ms("2021-09-30T14:25:24-02:00"), Some(1_633_019_124_000));
        assert_eq!(ms("2000-02-29T00:00:00Z"), Some(951_782_400_000));
        assert_eq!(ms("2016-12-31T23:59:60Z"), ms("2017-01-01T00:00:00Z"));
        assert_eq!(
            Timestamp::parse("2021-09-30T16:25:24.5Z").unwrap().as_str(),
            "2021-09-30T16:25:24.5Z"
        );
    }

    #[test]
    fn refuses_anything_else() {
        for bad in [
            "",
            "2021-09-30",
            "2021-09-30T16:25:24",
            "2021-09-30 16:25:24Z",
            "2021-09-30T16:25Z",
            "2021-9-30T16:25:24Z",
            "2021-13-01T00:00:00Z",
            "2021-02-29T00:00:00Z",
            "1900-02-29T00:00:00Z",
            "2021-04-31T00:00:00Z",
            "2021-09-30T24:00:00Z",
            "2021-09-30T16:60:00Z",
            "2021-09-30T16:25:61Z",
            "2021-09-30T16:25:24.Z",
            "2021-09-30T16:25:24+0200",
            "2021-09-30T16:25:24+24:00",
            "2021-09-30T16:25:24Z ",
            "2021-09-30T16:25:24ZZ",
            "+2021-09-30T16:25:24Z",
            "２021-09-30T16:25:24Z",
            "2021-09-30T16:25:24.1234567890123456789012345Z",
        ] {
            assert_eq!(Timestamp::parse(bad), None, "{bad:?}");
        }
    }
}
