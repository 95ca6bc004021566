//! The dev mailbox: mail stored in the database, listed at `GET /dev/mailbox?to=` (dev mode
//! only; the route does not exist in production).

use axum::{extract::State, routing::get, Json, Router};
use serde::{Deserialize, Serialize};

use super::Outgoing;
use crate::{
    api::{ApiError, ApiQuery},
    clock::rfc3339,
    error::Result,
    store::{insert_mail_in, Mail, Store, WriteTx},
    AppState,
};

pub(super) async fn deliver(store: &Store, mail: Outgoing, now: i64) -> Result<()> {
    store.insert_mail(message(mail, now)).await?;
    stored();
    Ok(())
}

/// [`deliver`] in the caller's write transaction `tx`.
pub(super) async fn deliver_in(tx: &mut WriteTx, mail: Outgoing, now: i64) -> Result<()> {
    insert_mail_in(tx, message(mail, now)).await?;
    stored();
    Ok(())
}

fn message(mail: Outgoing, now: i64) -> Mail {
    Mail {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        sent_at: now,
    }
}

fn stored() {
    // The recipient only: the body holds a code or a link.
    tracing::info!("dev mailbox: stored a message");
}

/// `GET /dev/mailbox?to=`.
pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/dev/mailbox", get(list))
}

#[derive(Deserialize)]
struct To {
    to: String,
}

#[derive(Serialize)]
struct Message {
    to: String,
    subject: String,
    text: String,
    sent_at: String,
}

async fn list(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<To>,
) -> Result<Json<Vec<Message>>, ApiError> {
    let to = q.to.trim().to_lowercase();
    let mails = state.store().mails_to(&to).await?;
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
