//! The dev mailbox: the mail frame-host kept instead of sending it, listed at
//! `GET /dev/mailbox?to=` (dev mode only; the route does not exist in production).

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};

use crate::{clock::rfc3339, error::ApiError, http::ApiQuery, store::Store};

#[derive(Deserialize)]
pub(super) struct To {
    to: String,
}

#[derive(Serialize)]
pub(super) struct Message {
    to: String,
    subject: String,
    text: String,
    sent_at: String,
}

pub(super) async fn list(
    State(store): State<Store>,
    ApiQuery(q): ApiQuery<To>,
) -> Result<Json<Vec<Message>>, ApiError> {
    let to = q.to.trim().to_lowercase();
    let mails = store.mails_to(&to).await?;
    Ok(Json(
        mails
            .into_iter()
            .map(|m| Message {
                to: m.to,
                subject: m.subject,
                text: m.text,
                sent_at: rfc3339(m.sent_at),
            })
            .collect(),
    ))
}
