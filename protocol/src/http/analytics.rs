//! The bodies of frame-host's analytics service (spec section 7): `GET /getAnalyticsConfig`
//! and `POST /e`, which the SDK calls from the dapp's page with `projectId`, `st` (SDK type)
//! and `sv` (SDK version) as query parameters.

use serde::{Deserialize, Serialize};

/// The events the widget reports (spec section 7's tracked list). `MODAL_CREATED` is never
/// sent, and frame-host refuses any name not listed here.
pub const TRACKED_EVENTS: [&str; 10] = [
    "MODAL_OPEN",
    "MODAL_CLOSE",
    "CONNECT_SUCCESS",
    "SET_PREFERRED_ACCOUNT_TYPE",
    "SEND_INITIATED",
    "SEND_SUCCESS",
    "SWITCH_NETWORK",
    "DISCONNECT_SUCCESS",
    "DISCONNECT_ERROR",
    "SEARCH_WALLET",
];

/// The only `props.type`.
pub const EVENT_TYPE_TRACK: &str = "track";

/// The largest `POST /e` body frame-host reads, in bytes.
pub const MAX_EVENT_BODY: usize = 4096;

/// The longest `url`, in characters.
pub const MAX_EVENT_URL_LEN: usize = 2048;

/// The longest `domain`, in characters (a DNS name's limit).
pub const MAX_EVENT_DOMAIN_LEN: usize = 253;

/// The longest `props.address` (a CAIP-10 account id's limit), in characters.
pub const MAX_EVENT_ADDRESS_LEN: usize = 128;

/// The largest `props.properties`, serialized as JSON, in bytes.
pub const MAX_EVENT_PROPERTIES_LEN: usize = 2048;

/// The answer of `GET /getAnalyticsConfig`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsConfigReply {
    /// Whether the project collects the widget's events; the SDK sends none when false (or
    /// when this call fails).
    pub is_analytics_enabled: bool,
}

/// `POST /e`: one event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnalyticsEvent {
    /// A random UUID naming the event; sending it again stores nothing new.
    pub event_id: String,
    /// The page the widget runs on (at most [`MAX_EVENT_URL_LEN`] characters).
    pub url: String,
    /// The page's host name (at most [`MAX_EVENT_DOMAIN_LEN`] characters).
    pub domain: String,
    /// When it happened, Unix milliseconds.
    pub timestamp: i64,
    /// What happened.
    pub props: EventProps,
}

/// The `props` of an [`AnalyticsEvent`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct EventProps {
    /// Always [`EVENT_TYPE_TRACK`].
    #[serde(rename = "type")]
    pub kind: String,
    /// One of [`TRACKED_EVENTS`].
    pub event: String,
    /// The connected account (CAIP-10 or a plain address), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub address: Option<String>,
    /// The event's details, a JSON object of at most [`MAX_EVENT_PROPERTIES_LEN`] bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub properties: Option<serde_json::Map<String, serde_json::Value>>,
}
