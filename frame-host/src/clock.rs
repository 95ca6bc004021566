//! The time source: the system clock, or a manual clock that tests set and advance.

use std::{
    sync::{
        atomic::{AtomicI64, Ordering},
        Arc,
    },
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use time::{format_description::BorrowedFormatItem, macros::format_description, OffsetDateTime};

/// Where "now" comes from. Every expiry, throttle and token time in frame-host reads it, so
/// tests can move time forward instead of sleeping.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    manual: Option<Arc<AtomicI64>>,
}

impl Clock {
    /// The system clock.
    pub fn system() -> Self {
        Self { manual: None }
    }

    /// A manual clock that starts at the current system time and moves only when told to.
    /// Clones share the time.
    pub fn manual() -> Self {
        Self {
            manual: Some(Arc::new(AtomicI64::new(system_ms()))),
        }
    }

    /// Milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        match &self.manual {
            Some(ms) => ms.load(Ordering::SeqCst),
            None => system_ms(),
        }
    }

    /// Whole seconds since the Unix epoch.
    pub fn now_secs(&self) -> i64 {
        self.now_ms().div_euclid(1000)
    }

    /// Moves a manual clock forward by `by`.
    ///
    /// # Panics
    ///
    /// On the system clock, which cannot be moved.
    pub fn advance(&self, by: Duration) {
        let ms = self
            .manual
            .as_ref()
            .expect("only a manual clock can advance");
        let by = i64::try_from(by.as_millis()).expect("duration fits in i64 milliseconds");
        ms.fetch_add(by, Ordering::SeqCst);
    }
}

fn system_ms() -> i64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}

/// Formats Unix milliseconds as RFC 3339 UTC with millisecond precision, e.g.
/// `2026-01-02T03:04:05.678Z`.
pub(crate) fn rfc3339(ms: i64) -> String {
    let format =
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");
    format_at(i128::from(ms) * 1_000_000, format)
}

/// Formats Unix seconds as RFC 3339 UTC without a fraction, e.g. `2026-11-23T20:00:00Z`.
pub(crate) fn rfc3339_seconds(secs: i64) -> String {
    let format = format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]Z");
    format_at(i128::from(secs) * 1_000_000_000, format)
}

/// The instant `nanos` after the Unix epoch in `format`; an instant outside years 1 to 9999
/// (which no clock of this server or stored time reaches) is written as the epoch.
fn format_at(nanos: i128, format: &[BorrowedFormatItem<'_>]) -> String {
    let at = OffsetDateTime::from_unix_timestamp_nanos(nanos).unwrap_or(OffsetDateTime::UNIX_EPOCH);
    at.format(format)
        .expect("a UTC instant of years 1 to 9999 formats")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manual_clock_advances_and_clones_share_time() {
        let clock = Clock::manual();
        let other = clock.clone();
        let start = clock.now_ms();
        other.advance(Duration::from_secs(10));
        assert_eq!(clock.now_ms(), start + 10_000);
        assert_eq!(clock.now_secs(), (start + 10_000) / 1000);
    }

    #[test]
    fn system_clock_is_close_to_now() {
        let a = Clock::system().now_ms();
        assert!((a - system_ms()).abs() < 5_000);
    }

    #[test]
    fn formats_rfc3339() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339(951_782_400_123), "2000-02-29T00:00:00.123Z");
        assert_eq!(rfc3339(1_767_323_045_678), "2026-01-02T03:04:05.678Z");
    }

    #[test]
    fn formats_rfc3339_seconds() {
        assert_eq!(rfc3339_seconds(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339_seconds(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339_seconds(1_795_464_000), "2026-11-23T20:00:00Z");
    }
}
