//! What an operator watches, in Prometheus's text format (`GET /metrics` on the separate
//! `metrics_listen` address, see `cli::serve`). The parts record through the `metrics` crate's
//! macros under the names below; [`install`] puts the Prometheus recorder in place once per
//! process, and [`render`] writes what it holds plus the gauges read at scrape time.
//!
//! Labels carry only values from a fixed set (route templates, chain ids from the config,
//! limit names from the code), never a user's address, email or IP.

use std::{fmt, net::SocketAddr, str::FromStr, sync::OnceLock};

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Requests answered, by `method`, `route` (the router's template) and `status`.
pub(crate) const HTTP_REQUESTS: &str = "oriel_http_requests_total";
/// Seconds from request to response head, by `method` and `route` (a histogram).
pub(crate) const HTTP_SECONDS: &str = "oriel_http_request_duration_seconds";
/// Logins by `method` (email, social, farcaster), `step` (started, completed, refused) and,
/// when refused, `reason` (the API error code).
pub(crate) const LOGINS: &str = "oriel_logins_total";
/// Requests refused by a rate limit, by `limit` (the bucket's name, e.g. `guesses`).
pub(crate) const RATE_LIMITED: &str = "oriel_rate_limit_refusals_total";
/// Sessions by `event`: issued (a login), refreshed, revoked (sign-out).
pub(crate) const SESSIONS: &str = "oriel_sessions_total";
/// The chain head this instance's indexer last read, by `chain` (only the lease holder's).
pub(crate) const INDEXER_HEAD: &str = "oriel_indexer_head_block";
/// Blocks between that head and the last indexed block, by `chain`.
pub(crate) const INDEXER_LAG: &str = "oriel_indexer_lag_blocks";
/// Seconds since the wallet registry in use was synced (absent before the first sync).
pub(crate) const REGISTRY_SYNC_AGE: &str = "oriel_registry_sync_age_seconds";
/// The database pool's connections, by `state` (in_use, idle).
pub(crate) const DB_POOL: &str = "oriel_db_pool_connections";
/// Outbound chain RPC calls, by `chain` and `outcome` (ok, http_error, failed).
pub(crate) const RPC_CALLS: &str = "oriel_rpc_calls_total";

/// Where `/metrics` is served unless the config says otherwise (production mode): loopback,
/// on the port OpenTelemetry's Prometheus exporters use.
pub(crate) const DEFAULT_METRICS_LISTEN: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 9464);

/// The `metrics_listen` setting: an address, or `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(try_from = "String")]
pub enum MetricsListen {
    /// No metrics listener.
    Off,
    /// `/metrics` on this address.
    At(SocketAddr),
}

impl FromStr for MetricsListen {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "off" => Ok(Self::Off),
            _ => s.parse().map(Self::At).map_err(|_| {
                format!("metrics_listen: expected an address such as 127.0.0.1:9464, or off: {s:?}")
            }),
        }
    }
}

impl TryFrom<String> for MetricsListen {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl fmt::Display for MetricsListen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Off => f.write_str("off"),
            Self::At(addr) => addr.fmt(f),
        }
    }
}

/// The latency buckets, seconds: from a cached answer to a slow upstream.
const SECONDS_BUCKETS: &[f64] = &[
    0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// The process's recorder, installed on first use. When another recorder is in place already
/// (never in frame-host itself), ours renders only the scrape-time gauges.
pub(crate) fn install() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(HTTP_SECONDS.into()), SECONDS_BUCKETS)
            .expect("the bucket list is not empty")
            .build_recorder();
        let handle = recorder.handle();
        if let Err(error) = metrics::set_global_recorder(recorder) {
            tracing::warn!(%error, "another metrics recorder is installed");
        }
        describe();
        handle
    })
}

/// Everything recorded so far, in Prometheus's text format.
pub(crate) fn render() -> String {
    install().render()
}

/// The `# HELP` lines.
fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_counter!(
        HTTP_REQUESTS,
        "Requests answered, by method, route and status."
    );
    describe_histogram!(
        HTTP_SECONDS,
        Unit::Seconds,
        "Request latency, by method and route."
    );
    describe_counter!(
        LOGINS,
        "Logins started, completed and refused, by method and reason."
    );
    describe_counter!(RATE_LIMITED, "Requests refused by a rate limit, by limit.");
    describe_counter!(SESSIONS, "Sessions issued, refreshed and revoked.");
    describe_gauge!(
        INDEXER_HEAD,
        "The chain head the indexer last read, by chain."
    );
    describe_gauge!(
        INDEXER_LAG,
        "Blocks the index is behind the head, by chain."
    );
    describe_gauge!(
        REGISTRY_SYNC_AGE,
        Unit::Seconds,
        "Age of the wallet registry in use."
    );
    describe_gauge!(DB_POOL, "Database pool connections, by state.");
    describe_counter!(RPC_CALLS, "Outbound chain RPC calls, by chain and outcome.");
}

/// The name of the limit a rate-limit bucket belongs to: the bucket up to its first `:`
/// (`guesses:lumen:a@b.c` is `guesses`), so a label never holds an address or an email.
pub(crate) fn limit_name(bucket: &str) -> &str {
    bucket.split(':').next().unwrap_or(bucket)
}

/// Counts a login step; `reason` is the API error code of a refusal.
pub(crate) fn login(method: &str, step: &str, reason: Option<&'static str>) {
    let (method, step) = (method.to_owned(), step.to_owned());
    match reason {
        Some(reason) => {
            metrics::counter!(LOGINS, "method" => method, "step" => step, "reason" => reason)
                .increment(1);
        }
        None => metrics::counter!(LOGINS, "method" => method, "step" => step).increment(1),
    }
}

/// Counts a session event (issued, refreshed, revoked).
pub(crate) fn session(event: &'static str) {
    metrics::counter!(SESSIONS, "event" => event).increment(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_names_hold_no_user_data() {
        assert_eq!(limit_name("guesses:lumen:a@b.c"), "guesses");
        assert_eq!(limit_name("ip:2001:db8::/64"), "ip");
        assert_eq!(limit_name("plain"), "plain");
    }
}
