//! The dev mailbox backend: mail kept in the database instead of sent (dev mode), listed by
//! `dev::mailbox`.

use super::Outgoing;
use crate::{
    error::Result,
    store::{insert_mail_in, Mail, Store, WriteTx},
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
