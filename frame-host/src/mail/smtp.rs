//! The SMTP backend (lettre, rustls).

use std::{fmt, time::Duration};

use lettre::{
    message::{header::ContentType, Mailbox},
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
};

use super::Outgoing;
use crate::error::{Error, Result};

/// An SMTP connection pool and the sender address.
#[derive(Clone)]
pub(crate) struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl fmt::Debug for Smtp {
    // The transport holds the credentials.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Smtp {{ from: {} }}", self.from)
    }
}

impl Smtp {
    /// A mailer for `url` (`smtp://user:pass@host:587?tls=required`, `smtps://…`) sending as
    /// `from`. Nothing connects until the first message.
    pub(crate) fn new(url: &str, from: &str) -> Result<Self> {
        let from = from.parse().map_err(|_| {
            Error::InvalidMailConfig(format!("from {from:?} is not an email address"))
        })?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| Error::InvalidMailConfig(format!("smtp url: {e}")))?
            .timeout(Some(Duration::from_secs(15)))
            .build();
        Ok(Self { transport, from })
    }

    pub(super) async fn send(&self, mail: Outgoing) -> Result<()> {
        let to: Mailbox = mail
            .to
            .parse()
            .map_err(|e| Error::Mail(format!("bad recipient: {e}")))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.text)
            .map_err(|e| Error::Mail(e.to_string()))?;
        self.transport
            .send(message)
            .await
            .map_err(|e| Error::Mail(e.to_string()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use tokio::{
        io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
        net::TcpListener,
    };

    use super::*;

    /// A one-message SMTP server that returns the message it received.
    async fn fake_server(listener: TcpListener) -> String {
        let (stream, _) = listener.accept().await.unwrap();
        let (read, mut write) = stream.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"220 fake ESMTP\r\n").await.unwrap();
        let mut data = String::new();
        let mut in_data = false;
        while let Some(line) = lines.next_line().await.unwrap() {
            if in_data {
                if line == "." {
                    write.write_all(b"250 queued\r\n").await.unwrap();
                    return data;
                } else {
                    data.push_str(&line);
                    data.push('\n');
                }
                continue;
            }
            let verb = line.split(' ').next().unwrap_or("").to_ascii_uppercase();
            let reply: &[u8] = match verb.as_str() {
                "EHLO" | "HELO" => b"250 fake\r\n",
                "DATA" => {
                    in_data = true;
                    b"354 go ahead\r\n"
                }
                _ => b"250 ok\r\n",
            };
            write.write_all(reply).await.unwrap();
        }
        data
    }

    #[tokio::test]
    async fn sends_through_an_smtp_server() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = tokio::spawn(fake_server(listener));
        let smtp = Smtp::new(
            &format!("smtp://127.0.0.1:{port}"),
            "Oriel <no-reply@example.com>",
        )
        .unwrap();
        assert!(!format!("{smtp:?}").contains("127.0.0.1"));
        smtp.send(Outgoing::code("user@example.com", "123456", "Sign in."))
            .await
            .unwrap();
        let data = tokio::time::timeout(Duration::from_secs(10), server)
            .await
            .unwrap()
            .unwrap();
        assert!(data.contains("To: user@example.com"), "{data}");
        assert!(data.contains("Subject: Your Oriel code"), "{data}");
        assert!(data.contains("Your Oriel code is 123456."), "{data}");
    }

    #[test]
    fn bad_config_is_an_error() {
        assert!(Smtp::new("smtp://host", "not an address").is_err());
        assert!(Smtp::new("nope://host", "a@b.c").is_err());
    }
}
