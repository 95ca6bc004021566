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
