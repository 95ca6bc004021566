//! The rules an event of `POST /e` must follow besides its JSON shape.

use oriel_protocol::http::analytics::{
    AnalyticsEvent, EVENT_TYPE_TRACK, MAX_EVENT_ADDRESS_LEN, MAX_EVENT_DOMAIN_LEN,
    MAX_EVENT_PROPERTIES_LEN, MAX_EVENT_URL_LEN, TRACKED_EVENTS,
};

use crate::error::ApiError;

/// How far in the past an event's `timestamp` may be (a page kept open offline).
const MAX_AGE_MS: i64 = 24 * 3600 * 1000;
/// How far in the future it may be (clock skew).
const MAX_SKEW_MS: i64 = 10 * 60_000;

/// What [`check`] normalises: the event id lowercased and the properties as JSON text.
#[derive(Debug)]
pub(super) struct Checked {
    pub(super) event_id: String,
    pub(super) properties: Option<String>,
}

/// Checks `event` as received at `now_ms` from a page on `origin` (empty: no `Origin`
/// header): a UUID id, an `http(s)` URL on `origin` of at most [`MAX_EVENT_URL_LEN`]
/// characters, a host name of at most [`MAX_EVENT_DOMAIN_LEN`], a timestamp from a day ago to
/// 10 minutes ahead, `props.type` `track`, a tracked event name, an address of at most
/// [`MAX_EVENT_ADDRESS_LEN`] visible ASCII characters and properties of at most
/// [`MAX_EVENT_PROPERTIES_LEN`] bytes. Each failure is a 400 naming the field.
pub(super) fn check(
    event: &AnalyticsEvent,
    origin: &str,
    now_ms: i64,
) -> Result<Checked, ApiError> {
    let invalid = |what: &str| ApiError::InvalidParams(format!("Invalid event: {what}"));
    if !is_uuid(&event.event_id) {
        return Err(invalid("eventId is not a UUID"));
    }
    if event.url.chars().count() > MAX_EVENT_URL_LEN {
        return Err(invalid(&format!(
            "url is longer than {MAX_EVENT_URL_LEN} characters"
        )));
    }
    let url = url::Url::parse(&event.url)
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https"))
        .ok_or_else(|| invalid("url is not an http(s) URL"))?;
    if !origin.is_empty() && url.origin().ascii_serialization() != origin {
        return Err(invalid("url is not on the page's origin"));
    }
    if event.domain.is_empty()
        || event.domain.len() > MAX_EVENT_DOMAIN_LEN
        || !event
            .domain
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
    {
        return Err(invalid(&format!(
            "domain is not a host name of at most {MAX_EVENT_DOMAIN_LEN} characters"
        )));
    }
    if event.timestamp < now_ms - MAX_AGE_MS || event.timestamp > now_ms + MAX_SKEW_MS {
        return Err(invalid(
            "timestamp is not a Unix time in milliseconds from the last day",
        ));
    }
    if event.props.kind != EVENT_TYPE_TRACK {
        return Err(invalid("props.type is not track"));
    }
    if !TRACKED_EVENTS.contains(&event.props.event.as_str()) {
        return Err(invalid("props.event is not a tracked event"));
    }
    if event.props.address.as_ref().is_some_and(|a| {
        a.is_empty() || a.len() > MAX_EVENT_ADDRESS_LEN || !a.bytes().all(|b| b.is_ascii_graphic())
    }) {
        return Err(invalid(&format!(
            "props.address is not 1 to {MAX_EVENT_ADDRESS_LEN} visible ASCII characters"
        )));
    }
    let properties = event
        .props
        .properties
        .as_ref()
        .map(|p| serde_json::Value::Object(p.clone()).to_string());
    if properties
        .as_ref()
        .is_some_and(|p| p.len() > MAX_EVENT_PROPERTIES_LEN)
    {
        return Err(invalid(&format!(
            "props.properties is larger than {MAX_EVENT_PROPERTIES_LEN} bytes"
        )));
    }
    Ok(Checked {
        event_id: event.event_id.to_ascii_lowercase(),
        properties,
    })
}

/// Whether `text` is a UUID in its canonical form: 8-4-4-4-12 hex digits.
fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, len)| g.len() == len && g.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::is_uuid;

    #[test]
    fn uuids() {
        assert!(is_uuid("0b7f6c1e-3a5d-4c2b-9e8f-1a2b3c4d5e6f"));
        assert!(is_uuid("0B7F6C1E-3A5D-4C2B-9E8F-1A2B3C4D5E6F"));
        for bad in [
            "",
            "0b7f6c1e3a5d4c2b9e8f1a2b3c4d5e6f",
            "0b7f6c1e-3a5d-4c2b-9e8f-1a2b3c4d5e6",
            "0b7f6c1e-3a5d-4c2b-9e8f-1a2b3c4d5e6g",
            "0b7f6c1e-3a5d-4c2b-9e8f-1a2b3c4d5e6f-0",
        ] {
            assert!(!is_uuid(bad), "{bad:?}");
        }
    }
}
