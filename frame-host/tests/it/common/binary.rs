//! The real `oriel-frame-host` binary, started on a free port in dev mode, and plain HTTP/1.1
//! requests to it: for tests about the process (crashes, listeners, what it prints).

use std::{
    io::{BufRead, BufReader},
    path::Path,
    process::{Child, ChildStdout, Command, Stdio},
    time::Duration,
};

use serde_json::Value;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

/// A running `oriel-frame-host`.
pub struct Server {
    child: Child,
    stdout: BufReader<ChildStdout>,
    pub addr: String,
}

/// One answer: the status, the head's header lines and the body.
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    /// The value of header `name` (any case), if present.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    /// The body as JSON (`Null` if empty).
    pub fn json(&self) -> Value {
        if self.body.is_empty() {
            return Value::Null;
        }
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {:?}", self.body))
    }
}

impl Server {
    /// Starts the binary on `data_dir` (its frame directory `data_dir/frame`) with `env`
    /// added, and waits for its first line (where it listens).
    pub fn start_with(data_dir: &Path, env: &[(&str, &str)]) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_oriel-frame-host"));
        command
            .env("ORIEL_LISTEN", "127.0.0.1:0")
            .env("ORIEL_DATA_DIR", data_dir)
            .env("ORIEL_FRAME_DIR", data_dir.join("frame"))
            .env("ORIEL_MODE", "dev")
            .env("ORIEL_LOG", "warn")
            .env_remove("ORIEL_CONFIG")
            .env_remove("ORIEL_PUBLIC_URL")
            .env_remove("ORIEL_METRICS_LISTEN")
            .env_remove("DATABASE_URL")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("the frame-host binary starts");
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut server = Self {
            child,
            stdout,
            addr: String::new(),
        };
        server.addr = server
            .line_after("oriel frame-host listening on http://")
            .to_owned();
        server
    }

    /// [`Server::start_with`] and nothing added.
    pub fn start(data_dir: &Path) -> Self {
        Self::start_with(data_dir, &[])
    }

    /// The rest of the next line printed, which must start with `prefix`.
    pub fn line_after(&mut self, prefix: &str) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        line.trim()
            .strip_prefix(prefix)
            .unwrap_or_else(|| panic!("expected {prefix:?}, printed: {line:?}"))
            .to_owned()
    }

    /// SIGKILL: no graceful shutdown, no chance to flush anything.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Confirms the sign-up link last mailed to `email` as its owner does (issue 38 L-1): opens
    /// its page, then presses "Approve" on it (the page's form, its cookie, frame-host's own
    /// origin).
    pub async fn confirm_signup(&self, email: &str) {
        let (_, mails) = self
            .call("GET", &format!("/dev/mailbox?to={email}"), None, None)
            .await;
        let text = mails[0]["text"].as_str().unwrap();
        let at = text
            .find("/auth/v1/device/approve?token=")
            .expect("the link");
        let origin = text[..at].rsplit('\n').next().unwrap().to_owned();
        let path: String = text[at..].split_whitespace().next().unwrap().into();
        let page = raw(&self.addr, "GET", &path, "", "").await;
        assert_eq!(page.status, 200, "{}", page.body);
        let field = |name: &str| -> String {
            let key = format!("name=\"{name}\" value=\"");
            let at = page.body.find(&key).unwrap() + key.len();
            page.body[at..].chars().take_while(|c| *c != '"').collect()
        };
        let cookie = page
            .header("set-cookie")
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
        let done = raw(
            &self.addr,
            "POST",
            "/auth/v1/device/approve",
            &headers,
            &form,
        )
        .await;
        assert_eq!(done.status, 200, "{}", done.body);
    }

    /// One request with a JSON body; returns the status and the JSON answer.
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        bearer: Option<&str>,
    ) -> (u16, Value) {
        let answer = request(&self.addr, method, path, body, bearer).await;
        (answer.status, answer.json())
    }
}

/// One HTTP/1.1 request to `addr` (`Connection: close`) with a JSON body and a bearer,
/// answered within 20 s.
pub async fn request(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
    bearer: Option<&str>,
) -> Answer {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = bearer
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let headers = format!("{auth}Content-Type: application/json\r\n");
    raw(addr, method, path, &headers, &body).await
}

/// One HTTP/1.1 request to `addr` (`Connection: close`) with `headers` (each line ending in
/// CRLF) and `body`, answered within 20 s.
pub async fn raw(addr: &str, method: &str, path: &str, headers: &str, body: &str) -> Answer {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{headers}\
         Content-Length: {}\r\n\r\n{body}",
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
    Answer {
        status,
        head: head.to_owned(),
        body: body.to_owned(),
    }
}
