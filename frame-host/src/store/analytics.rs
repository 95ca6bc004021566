//! The analytics events table (`analytics_events`): stored by `POST /e`, deleted after the
//! configured retention by the housekeeping job.

use super::Store;
use crate::error::Result;

/// One event as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StoredEvent {
    /// The SDK's UUID of the event.
    pub(crate) event_id: String,
    /// The project.
    pub(crate) project_id: String,
    /// The `Origin` header of the request (empty when it had none).
    pub(crate) origin: String,
    /// One of the tracked event names.
    pub(crate) event: String,
    /// The connected account, if any.
    pub(crate) address: Option<String>,
    /// The event's details, a JSON object as text.
    pub(crate) properties: Option<String>,
    /// The page.
    pub(crate) url: String,
    /// The page's host.
    pub(crate) domain: String,
    /// When the SDK says it happened, Unix ms.
    pub(crate) sent_at: i64,
    /// When frame-host got it, Unix ms.
    pub(crate) received_at: i64,
}

impl Store {
    /// Stores `event`; true when it is new, false when its id was stored before (then
    /// nothing changes).
    pub(crate) async fn insert_event(&self, event: &StoredEvent) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query(
            "INSERT INTO analytics_events (event_id, project_id, origin, event, address, \
             properties, url, domain, sent_at, received_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (event_id) DO NOTHING",
        )
        .bind(&event.event_id)
        .bind(&event.project_id)
        .bind(&event.origin)
        .bind(&event.event)
        .bind(&event.address)
        .bind(&event.properties)
        .bind(&event.url)
        .bind(&event.domain)
        .bind(event.sent_at)
        .bind(event.received_at)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Deletes the events received before `before` (Unix ms); how many.
    pub(crate) async fn purge_events(&self, before: i64) -> Result<u64> {
        let _turn = self.write_turn().await?;
        let done = sqlx::query("DELETE FROM analytics_events WHERE received_at < $1")
            .bind(before)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected())
    }
}

/// One row of the events report: a UTC day, an event name, a page origin and how many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EventCount {
    /// Days since 1970-01-01 (UTC) the events were received on.
    pub(crate) day: i64,
    pub(crate) event: String,
    pub(crate) origin: String,
    pub(crate) count: i64,
}

impl Store {
    /// The events of `project_id` received since `since` (Unix ms), counted per UTC day, name
    /// and origin, in that order.
    pub(crate) async fn event_counts(
        &self,
        project_id: &str,
        since: i64,
    ) -> Result<Vec<EventCount>> {
        let rows: Vec<(i64, String, String, i64)> = sqlx::query_as(
            "SELECT received_at / 86400000 AS day, event, origin, COUNT(*) \
             FROM analytics_events WHERE project_id = $1 AND received_at >= $2 \
             GROUP BY received_at / 86400000, event, origin ORDER BY 1, 2, 3",
        )
        .bind(project_id)
        .bind(since)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .into_iter()
            .map(|(day, event, origin, count)| EventCount {
                day,
                event,
                origin,
                count,
            })
            .collect())
    }

    /// The properties (JSON text) of `event` events of `project_id` since `since` (Unix ms).
    pub(crate) async fn event_properties(
        &self,
        project_id: &str,
        event: &str,
        since: i64,
    ) -> Result<Vec<Option<String>>> {
        let rows: Vec<(Option<String>,)> = sqlx::query_as(
            "SELECT properties FROM analytics_events \
             WHERE project_id = $1 AND event = $2 AND received_at >= $3",
        )
        .bind(project_id)
        .bind(event)
        .bind(since)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.into_iter().map(|(p,)| p).collect())
    }
}
