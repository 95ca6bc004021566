//! What the operator reads of the analytics events (issue 39 part 6): events per day by name
//! and page origin, and connections per method (the `connector` of `CONNECT_SUCCESS`: `AUTH`
//! for the embedded wallet's email and social logins, a wallet's id otherwise), as JSON for
//! `/admin/v1/analytics` or as CSV for both it and `oriel-frame-host analytics`.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::{
    error::Result,
    store::{EventCount, Store},
};

/// The longest report asked for, days.
pub(crate) const MAX_DAYS: u32 = 400;

/// A project's events over the last days.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Report {
    pub(crate) project_id: String,
    /// From when (Unix ms).
    pub(crate) since: i64,
    pub(crate) events: Vec<DayCount>,
    /// Connections by method, most first.
    pub(crate) connections: Vec<MethodCount>,
}

/// Events of one name from one origin on one UTC day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct DayCount {
    /// `YYYY-MM-DD` (UTC).
    pub(crate) day: String,
    pub(crate) event: String,
    pub(crate) origin: String,
    pub(crate) count: i64,
}

/// Connections by one method.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct MethodCount {
    pub(crate) method: String,
    pub(crate) count: i64,
}

impl Report {
    /// The report of `project_id` for the `days` days before `now` (Unix ms).
    pub(crate) async fn read(store: &Store, project_id: &str, days: u32, now: i64) -> Result<Self> {
        let since = now - i64::from(days.min(MAX_DAYS)) * 86_400_000;
        let events = store
            .event_counts(project_id, since)
            .await?
            .into_iter()
            .map(
                |EventCount {
                     day,
                     event,
                     origin,
                     count,
                 }| DayCount {
                    day: date_of(day),
                    event,
                    origin,
                    count,
                },
            )
            .collect();
        let mut methods: BTreeMap<String, i64> = BTreeMap::new();
        for properties in store
            .event_properties(project_id, "CONNECT_SUCCESS", since)
            .await?
        {
            *methods.entry(method_of(properties.as_deref())).or_default() += 1;
        }
        let mut connections: Vec<MethodCount> = methods
            .into_iter()
            .map(|(method, count)| MethodCount { method, count })
            .collect();
        connections.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.method.cmp(&b.method)));
        Ok(Self {
            project_id: project_id.to_owned(),
            since,
            events,
            connections,
        })
    }

    /// The report as CSV: `day,event,origin,count` rows, then `method,count` rows under a
    /// blank line.
    pub(crate) fn to_csv(&self) -> String {
        let mut csv = String::from("day,event,origin,count\n");
        for row in &self.events {
            let line = [
                row.day.as_str(),
                &row.event,
                &row.origin,
                &row.count.to_string(),
            ]
            .map(field)
            .join(",");
            csv.push_str(&line);
            csv.push('\n');
        }
        csv.push_str("\nmethod,count\n");
        for row in &self.connections {
            csv.push_str(&format!("{},{}\n", field(&row.method), row.count));
        }
        csv
    }
}

/// A CSV field: quoted when it holds a comma, quote or line break (quotes doubled), and a
/// leading `=`, `+`, `-` or `@` neutralised with a `'`, so a spreadsheet never runs a value a
/// page sent as a formula.
fn field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

/// The method of a `CONNECT_SUCCESS` event: its `connector` property, else `unknown`.
fn method_of(properties: Option<&str>) -> String {
    properties
        .and_then(|p| serde_json::from_str::<serde_json::Value>(p).ok())
        .and_then(|v| v.get("connector")?.as_str().map(str::to_owned))
        .unwrap_or_else(|| "unknown".to_owned())
}

/// `YYYY-MM-DD` of `day` days after 1970-01-01.
fn date_of(day: i64) -> String {
    let date = time::Date::from_julian_day(2_440_588 + day as i32);
    date.map_or_else(|_| day.to_string(), |d| d.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_utc_dates() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(20_429), "2025-12-07");
    }

    #[test]
    fn csv_fields_are_quoted_and_never_formulas() {
        assert_eq!(field("https://a.example"), "https://a.example");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=HYPERLINK(1)"), "'=HYPERLINK(1)");
    }

    #[test]
    fn the_method_is_the_connector() {
        assert_eq!(method_of(Some(r#"{"connector":"AUTH"}"#)), "AUTH");
        assert_eq!(method_of(Some("{}")), "unknown");
        assert_eq!(method_of(None), "unknown");
    }
}
