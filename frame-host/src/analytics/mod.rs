//! The analytics service the widget calls from the dapp's page (spec section 7):
//! `GET /getAnalyticsConfig` answers whether the project collects events (its `analytics`
//! setting, on by default), and `POST /e` stores one event of the tracked list in
//! `analytics_events`. Both take `projectId`, `st` and `sv` in the query ([`SdkClient`]) and
//! answer CORS requests, preflights included, from the project's allowed origins; other
//! origins get 403 'Origin not allowed'. `POST /e` is refused with 403 when the project's
//! analytics is off, and limited per client IP and per page origin and client IP ([`check_rate`]). Events
//! older than `analytics_retention_days` are deleted by the housekeeping job ([`purge`]).

mod event;
pub(crate) mod report;

use std::net::IpAddr;

use oriel_protocol::http::analytics::AnalyticsEvent;

use crate::{
    clock::Clock,
    error::{ApiError, Result},
    projects::Projects,
    store::{Limit, Store, StoredEvent},
};

/// What the analytics service uses. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Analytics {
    store: Store,
    clock: Clock,
    projects: Projects,
    /// `analytics_events_per_ip`.
    events_per_ip: u32,
    /// `analytics_retention_days`.
    retention_days: u32,
}

/// The window of the per-IP limit (`analytics_events_per_ip`), milliseconds.
pub(crate) const IP_WINDOW_MS: i64 = 10 * 60_000;
/// Events stored per page origin, project and client IP per [`ORIGIN_WINDOW_MS`]: a burst cap
/// for an address the operator lets send many events (`analytics_events_per_ip` raised for a
/// shared address). Counted per client IP too, since `Origin` is the client's own word: one
/// client claiming a dapp's origin must not spend that dapp's other visitors' budget
/// (issue 38, L-10).
pub(crate) const ORIGIN_LIMIT: i64 = 6_000;
/// The per-origin window, milliseconds.
pub(crate) const ORIGIN_WINDOW_MS: i64 = 60_000;

/// 403 text of `POST /e` for a project whose analytics is off.
pub(crate) const ANALYTICS_DISABLED: &str = "Analytics is disabled for this project";

impl Analytics {
    pub(crate) fn new(
        store: Store,
        clock: Clock,
        projects: Projects,
        events_per_ip: u32,
        retention_days: u32,
    ) -> Self {
        Self {
            store,
            clock,
            projects,
            events_per_ip,
            retention_days,
        }
    }

    /// Whether project `id` collects events; an unknown project does not.
    pub(crate) fn enabled(&self, id: &str) -> bool {
        self.projects.analytics(id)
    }

    /// Stores `event` (the body as read) of `project_id`, sent from the page `origin` by
    /// `ip`; 403 when the project's analytics is off, 400 for an event that breaks a rule,
    /// 429 past a limit. An event stored before under the same id is not stored again.
    pub(crate) async fn store_event(
        &self,
        project_id: String,
        ip: IpAddr,
        origin: String,
        event: AnalyticsEvent,
    ) -> Result<(), ApiError> {
        let now = self.clock.now_ms();
        let checked = event::check(&event, &origin, now)?;
        self.check_rate(&project_id, &ip.to_string(), &origin)
            .await?;
        let stored = StoredEvent {
            event_id: checked.event_id,
            project_id,
            origin,
            event: event.props.event,
            address: event.props.address,
            properties: checked.properties,
            url: event.url,
            domain: event.domain,
            sent_at: event.timestamp,
            received_at: now,
        };
        self.store.insert_event(&stored).await?;
        Ok(())
    }

    /// Counts the event against the project's per-IP and per-origin-and-IP limits; 429 'Please try
    /// again after {n} seconds' when one is reached (nothing is counted then).
    async fn check_rate(&self, project_id: &str, ip: &str, origin: &str) -> Result<(), ApiError> {
        let limits = [
            Limit::new(
                format!("analytics-ip:{project_id}:{ip}"),
                i64::from(self.events_per_ip),
                IP_WINDOW_MS,
            ),
            Limit::new(
                format!("analytics-origin:{project_id}:{origin}:{ip}"),
                ORIGIN_LIMIT,
                ORIGIN_WINDOW_MS,
            ),
        ];
        match self
            .store
            .rate_limit_hits(&limits, self.clock.now_ms())
            .await?
        {
            None => Ok(()),
            Some(wait_ms) => Err(ApiError::Throttled(wait_ms)),
        }
    }

    /// Deletes the events older than `analytics_retention_days` as of `now_ms`; how many.
    pub(crate) async fn purge(&self, now_ms: i64) -> Result<u64> {
        let days = i64::from(self.retention_days);
        self.store
            .purge_events(now_ms - days * 24 * 3600 * 1000)
            .await
    }
}
