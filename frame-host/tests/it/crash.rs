//! Crash safety of the real binary: SIGKILL it, restart it on the same data dir, and the
//! session, keys and wallet are all there, complete and exactly once.
//!
//! A SIGKILL in the middle of `POST /wallet/v1` cannot be timed deterministically from
//! here; that case rests on the wallet and its device wrap being written in one
//! transaction (see the store's `wallet_create_is_atomic` test).

use crate::common;

use std::{
    io::{BufRead, BufReader},
    path::Path,
    process::{Child, Command, Stdio},
    time::Duration,
};

use serde_json::{json, Value};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use common::{code_in, DEV1};

/// A running `oriel-frame-host` on a free port.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(data_dir: &Path) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_oriel-frame-host"))
            .env("ORIEL_LISTEN", "127.0.0.1:0")
            .env("ORIEL_DATA_DIR", data_dir)
            .env("ORIEL_FRAME_DIR", data_dir.join("frame"))
            .env("ORIEL_MODE", "dev")
            .env("ORIEL_LOG", "warn")
            .env_remove("ORIEL_CONFIG")
            .env_remove("ORIEL_PUBLIC_URL")
            .env_remove("DATABASE_URL")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the frame-host binary starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("oriel frame-host listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .to_owned();
        Self { child, addr }
    }

    /// SIGKILL: no graceful shutdown, no chance to flush anything.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// One HTTP/1.1 request; returns the status and the JSON body (`Null` if empty).
    async fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        bearer: Option<&str>,
    ) -> (u16, Value) {
        let stream = TcpStream::connect(&self.addr).await.unwrap();
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let auth = bearer
            .map(|t| format!("Authorization: Bearer {t}\r\n"))
            .unwrap_or_default();
        drop(stream);
        let headers = format!("{auth}Content-Type: application/json\r\n");
        let (status, _, body) = self.raw(method, path, &headers, &body).await;
        let body = body.as_str();
        let body = if body.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body:?}"))
        };
        (status, body)
    }

    /// One HTTP/1.1 request with `headers` (each line ending in CRLF): the status, the head
    /// and the body as text.
    async fn raw(
        &self,
        method: &str,
        path: &str,
        headers: &str,
        body: &str,
    ) -> (u16, String, String) {
        let mut stream = TcpStream::connect(&self.addr).await.unwrap();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{headers}\
             Content-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut raw))
            .await
            .expect("an answer within 20 s")
            .unwrap();
        let raw = String::from_utf8(raw).unwrap();
        let (head, body) = raw.split_once("\r\n\r\n").unwrap();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, head.to_owned(), body.to_owned())
    }

    /// Confirms the sign-up link last mailed to `email` as its owner does (issue 38 L-1): opens
    /// its page, then presses "Approve" on it.
    async fn confirm_signup(&self, email: &str) {
        let (_, mails) = self
            .call("GET", &format!("/dev/mailbox?to={email}"), None, None)
            .await;
        let text = mails[0]["text"].as_str().unwrap();
        let at = text
            .find("/auth/v1/device/approve?token=")
            .expect("the link");
        let origin = text[..at].rsplit('\n').next().unwrap().to_owned();
        let path: String = text[at..].split_whitespace().next().unwrap().into();
        let (status, head, page) = self.raw("GET", &path, "", "").await;
        assert_eq!(status, 200, "{page}");
        let field = |name: &str| -> String {
            let key = format!("name=\"{name}\" value=\"");
            let at = page.find(&key).unwrap() + key.len();
            page[at..].chars().take_while(|c| *c != '"').collect()
        };
        let cookie = head
            .lines()
            .find_map(|l| l.strip_prefix("set-cookie: "))
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_owned();
        let form = format!(
            "token={}&nonce={}&pageToken={}&decision=approve",
            field("token"),
            field("nonce"),
            field("pageToken")
        );
        let headers = format!(
            "Origin: {origin}\r\nCookie: {cookie}\r\n\
             Content-Type: application/x-www-form-urlencoded\r\n"
        );
        let (status, _, done) = self
            .raw("POST", "/auth/v1/device/approve", &headers, &form)
            .await;
        assert_eq!(status, 200, "{done}");
    }
}

fn wallet_body() -> Value {
    json!({
        "projectId": "demo",
        "walletId": "w-crash",
        "version": 1,
        "ciphertext": "Y2lwaGVydGV4dA==",
        "nonce": "AAECAwQFBgcICQoL",
        "recoveryWrap": "cmVjb3Zlcnk=",
        "deviceWrap": "ZGV2aWNlMQ==",
        "addresses": { "eip155": "0x00000000000000000000000000000000000000aa", "solana": null },
    })
}

#[tokio::test]
async fn sigkill_and_restart_keep_sessions_and_exactly_one_wallet() {
    let dir = tempfile::tempdir().unwrap();
    let email = "crash@example.com";

    // Run 1: log in, then die before any wallet is stored.
    let server = Server::start(dir.path());
    let (status, start) = server
        .call(
            "POST",
            "/auth/v1/email/start",
            Some(json!({ "projectId": "demo", "email": email, "deviceId": DEV1 })),
            None,
        )
        .await;
    assert_eq!(status, 200, "{start}");
    server.confirm_signup(email).await;
    let (status, approved) = server
        .call(
            "POST",
            "/auth/v1/device/status",
            Some(json!({ "projectId": "demo", "attemptId": start["attemptId"], "deviceId": DEV1 })),
            None,
        )
        .await;
    assert_eq!((status, approved), (200, json!({ "approved": true })));
    let (_, mails) = server
        .call("GET", &format!("/dev/mailbox?to={email}"), None, None)
        .await;
    let code = code_in(mails[0]["text"].as_str().unwrap()).unwrap();
    let (status, session) = server
        .call(
            "POST",
            "/auth/v1/email/verify",
            Some(json!({ "projectId": "demo", "attemptId": start["attemptId"], "deviceId": DEV1, "otp": code })),
            None,
        )
        .await;
    assert_eq!(status, 200, "{session}");
    let user_id = session["user"]["userId"].clone();
    let (_, recovery) = server
        .call(
            "GET",
            "/wallet/v1/recovery-key?projectId=demo",
            None,
            session["accessToken"].as_str(),
        )
        .await;
    server.kill();

    // Run 2: the keys and the session survived; log in again with the refresh token and
    // store the wallet.
    let server = Server::start(dir.path());
    let (status, wallet) = server
        .call(
            "GET",
            "/wallet/v1?projectId=demo",
            None,
            session["accessToken"].as_str(),
        )
        .await;
    assert_eq!(
        (status, wallet),
        (200, json!({ "wallet": null })),
        "the JWT key survived"
    );
    let (status, again) = server
        .call(
            "POST",
            "/auth/v1/session/refresh",
            Some(json!({ "projectId": "demo", "refreshToken": session["refreshToken"], "deviceId": DEV1 })),
            None,
        )
        .await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["user"]["userId"], user_id);
    let access = again["accessToken"].as_str().unwrap().to_owned();
    let (_, recovery2) = server
        .call(
            "GET",
            "/wallet/v1/recovery-key?projectId=demo",
            None,
            Some(&access),
        )
        .await;
    assert_eq!(recovery2, recovery, "the KEK survived");
    let (status, _) = server
        .call("POST", "/wallet/v1", Some(wallet_body()), Some(&access))
        .await;
    assert_eq!(status, 201);
    // Killed right after the 201: the commit came before the answer.
    server.kill();

    // Run 3: exactly one complete wallet.
    let server = Server::start(dir.path());
    let (status, wallet) = server
        .call("GET", "/wallet/v1?projectId=demo", None, Some(&access))
        .await;
    assert_eq!(status, 200);
    let mut want = wallet_body();
    want.as_object_mut().unwrap().remove("projectId");
    assert_eq!(wallet, json!({ "wallet": want }));
    let (status, _) = server
        .call("POST", "/wallet/v1", Some(wallet_body()), Some(&access))
        .await;
    assert_eq!(status, 409, "still exactly one wallet");
    server.kill();
}
