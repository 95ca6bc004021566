//! Outgoing mail: one-time codes and device approval links, through the dev mailbox or SMTP.
//!
//! Message bodies hold codes and links, so they are never logged.

mod approval;
mod mailbox;
mod smtp;

use std::fmt;

use serde::Deserialize;

pub(crate) use approval::Described;

use crate::{
    error::Result,
    store::{Store, WriteTx},
};

/// How frame-host delivers mail (one-time codes, device verification).
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum MailConfig {
    /// Mail is stored locally and viewable in development.
    DevMailbox,
    /// Mail is sent through an SMTP server.
    Smtp {
        /// `smtp://` or `smtps://` URL, possibly with credentials.
        url: String,
        /// The sender, such as `Oriel <no-reply@example.com>`.
        from: String,
    },
}

impl fmt::Debug for MailConfig {
    // The SMTP URL may carry credentials, so it is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::DevMailbox => f.write_str("DevMailbox"),
            Self::Smtp { from, .. } => write!(f, "Smtp {{ url: <redacted>, from: {from:?} }}"),
        }
    }
}

/// A message to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Outgoing {
    /// Recipient address.
    pub(crate) to: String,
    /// Subject line.
    pub(crate) subject: String,
    /// Plain-text body.
    pub(crate) text: String,
}

impl Outgoing {
    /// The one-time code mail. The code is the only run of six digits in it.
    pub(crate) fn code(to: &str, code: &str, why: &str) -> Self {
        Self {
            to: to.into(),
            subject: "Your Oriel code".into(),
            text: format!(
                "Your Oriel code is {code}. It expires in 10 minutes.\n\n{why}\n\
                 If you did not ask for it, you can ignore this email."
            ),
        }
    }
}

/// Sends mail through the configured backend.
#[derive(Debug, Clone)]
pub(crate) enum Mailer {
    /// Kept in the database and served at `GET /dev/mailbox` (dev mode).
    Dev(Store),
    /// Sent through an SMTP server.
    Smtp(smtp::Smtp),
}

impl Mailer {
    /// The mailer `config` asks for.
    pub(crate) fn new(config: &MailConfig, store: Store) -> Result<Self> {
        Ok(match config {
            MailConfig::DevMailbox => Self::Dev(store),
            MailConfig::Smtp { url, from } => Self::Smtp(smtp::Smtp::new(url, from)?),
        })
    }

    /// Commits `tx` with `mail` sent: the dev mailbox stores it in `tx` (one commit, in which
    /// the message is kept exactly when the rest of `tx` is); SMTP sends it once `tx` has
    /// committed. `now` (Unix ms) stamps dev-mailbox messages.
    pub(crate) async fn commit_and_send(
        &self,
        mut tx: WriteTx,
        mail: Outgoing,
        now: i64,
    ) -> Result<()> {
        match self {
            Self::Dev(_) => {
                mailbox::deliver_in(&mut tx, mail, now).await?;
                tx.commit().await
            }
            Self::Smtp(smtp) => {
                tx.commit().await?;
                smtp.send(mail).await
            }
        }
    }

    /// Sends `mail`; `now` (Unix ms) stamps dev-mailbox messages.
    pub(crate) async fn send(&self, mail: Outgoing, now: i64) -> Result<()> {
        match self {
            Self::Dev(store) => mailbox::deliver(store, mail, now).await,
            Self::Smtp(smtp) => smtp.send(mail).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The six-digit runs of `text` (what `\b\d{6}\b` finds).
    fn six_digit_runs(text: &str) -> Vec<&str> {
        text.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .filter(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
            .collect()
    }

    #[test]
    fn code_mail_has_the_code_once() {
        let m = Outgoing::code("a@b.c", "012345", "Use it to sign in.");
        assert!(m
            .text
            .starts_with("Your Oriel code is 012345. It expires in 10 minutes."));
        assert_eq!(six_digit_runs(&m.text), ["012345"]);
    }
}
