//! Helpers shared by the integration tests.

#![allow(dead_code, unreachable_pub)]

pub mod binary;
pub mod devnet;
pub mod oidc;
pub mod sandbox;
pub mod solana;

use std::net::SocketAddr;

use axum::{
    body::Body,
    extract::ConnectInfo,
    http::{HeaderMap, Method, Request, StatusCode},
    Router,
};
use http_body_util::BodyExt;
use oriel_frame_host::{
    app, AppState, Clock, Config, MailConfig, Mode, NetworkConfig, ProjectConfig,
};
use serde_json::{json, Value};
use tower::ServiceExt;

/// Two device ids, as the frame makes them (16 bytes, hex).
pub const DEV1: &str = "0123456789abcdef0123456789abcdef";
pub const DEV2: &str = "fedcba9876543210fedcba9876543210";
pub const DEV3: &str = "00112233445566778899aabbccddeeff";

/// The client address requests come from unless a test says otherwise.
pub const IP: [u8; 4] = [10, 0, 0, 1];

/// A config with a `shop` project (an exact and a wildcard origin), one RPC host and
/// assets from `frame_dir`.
pub fn config(frame_dir: &std::path::Path) -> Config {
    let mut config = Config::dev();
    config.frame_dir = Some(frame_dir.to_path_buf());
    config.rpc_hosts = vec!["https://rpc.example.com".into()];
    config.projects.push(ProjectConfig {
        id: "shop".into(),
        name: "Shop".into(),
        allowed_origins: vec![
            "https://shop.example.com".into(),
            "https://*.example.com".into(),
        ],
        analytics: true,
        siwx: true,
    });
    config
}

/// The body of `POST /wallet/v1` for project `shop`: wallet `wallet_id` with this device's
/// `device_wrap` (placeholder ciphertext and wraps: frame-host never opens them).
pub fn wallet_body(wallet_id: &str, device_wrap: &str) -> Value {
    json!({
        "projectId": "shop",
        "walletId": wallet_id,
        "version": 1,
        "ciphertext": "Y2lwaGVydGV4dA==",
        "nonce": "AAECAwQFBgcICQoL",
        "recoveryWrap": "cmVjb3Zlcnk=",
        "deviceWrap": device_wrap,
        "addresses": { "eip155": "0x00000000000000000000000000000000000000aa", "solana": "So11111111111111111111111111111111111111112" },
    })
}

/// The error `AppState::new` stops with on the test [`config`] as `change` leaves it.
pub async fn startup_error(change: impl FnOnce(&mut Config)) -> oriel_frame_host::Error {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(&dir.path().join("frame"));
    c.data_dir = dir.path().join("data");
    change(&mut c);
    AppState::new(c).await.unwrap_err()
}

/// Production mode with production settings only (an SMTP server that is never reached,
/// https origins), else it would not start.
pub fn production_settings(c: &mut Config) {
    c.mode = Mode::Production;
    c.mail = MailConfig::Smtp {
        url: "smtp://mail.wallet.test".into(),
        from: "Wallet <no-reply@wallet.test>".into(),
    };
    c.networks = vec![NetworkConfig {
        chain_id: "eip155:1".into(),
        rpc_urls: vec!["https://rpc.wallet.test".into()],
        ..NetworkConfig::default()
    }];
    // The built-in demo project allows http://localhost.
    c.projects.retain(|p| p.id != "demo");
}

/// The test apps' config, its frame dir `frame_dir`.
pub fn test_config(frame_dir: &std::path::Path) -> Config {
    config(frame_dir)
}

/// A temporary file holding `value` as JSON.
pub fn json_file(value: &Value) -> tempfile::NamedTempFile {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), value.to_string()).unwrap();
    file
}

/// A response, read whole.
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .unwrap_or_else(|| panic!("no {name} header"))
            .to_str()
            .unwrap()
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }

    /// The API error `{ code, message }` of this reply.
    pub fn error(&self) -> (u16, String, String) {
        let j = self.json();
        (
            self.status.as_u16(),
            j["error"]["code"].as_str().unwrap_or_default().into(),
            j["error"]["message"].as_str().unwrap_or_default().into(),
        )
    }
}

pub async fn read(res: axum::response::Response) -> Reply {
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

/// GET `uri` from an app built from `config` (with a fresh temporary data dir).
pub async fn get_with(config: Config, uri: &str) -> Reply {
    get_with_headers(config, uri, &[]).await
}

/// GET `uri` with `headers` from an app built from `config` (with a fresh temporary data dir).
pub async fn get_with_headers(mut config: Config, uri: &str, headers: &[(&str, &str)]) -> Reply {
    let data = tempfile::tempdir().unwrap();
    config.data_dir = data.path().to_path_buf();
    let state = AppState::new(config).await.unwrap();
    let mut request = Request::get(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let res = app(state.clone())
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let reply = read(res).await;
    state.close().await;
    reply
}

pub async fn get(uri: &str) -> Reply {
    let dir = tempfile::tempdir().unwrap();
    get_with(config(dir.path()), uri).await
}

/// A session as verify and refresh return it.
#[derive(Debug, Clone)]
pub struct Session {
    pub access: String,
    pub refresh: String,
    pub user_id: String,
}

impl Session {
    pub fn from_reply(r: &Reply) -> Self {
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let j = r.json();
        assert_eq!(j["expiresIn"], 900);
        Self {
            access: j["accessToken"].as_str().unwrap().into(),
            refresh: j["refreshToken"].as_str().unwrap().into(),
            user_id: j["user"]["userId"].as_str().unwrap().into(),
        }
    }
}

/// An app on a temporary SQLite database and data dir, with a manual clock.
pub struct TestApp {
    pub app: Router,
    pub state: AppState,
    /// The config the state was built from.
    pub config: Config,
    pub clock: Clock,
    pub dir: tempfile::TempDir,
}

impl TestApp {
    pub async fn new() -> Self {
        Self::with(|_| {}).await
    }

    /// An app in production mode: production settings only (an SMTP server that is never
    /// reached, https origins), else it would not start.
    pub async fn production() -> Self {
        Self::with(production_settings).await
    }

    pub async fn with(change: impl FnOnce(&mut Config)) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let mut c = config(&dir.path().join("frame"));
        c.data_dir = dir.path().join("data");
        c.public_url = "https://wallet.test".parse().unwrap();
        // A dev app reached at that public URL: the tests say so, as an operator would.
        c.dev_allow_public = true;
        change(&mut c);
        // Production creates no key, and instances sharing a database must share keys: every
        // app gets the same ones unless its test put others in its data dir first.
        write_keys(&c.data_dir, &TEST_KEK, TEST_JWT_PEM, TEST_SIWX_PEM);
        let clock = Clock::manual();
        let state = AppState::with_clock(c.clone(), clock.clone())
            .await
            .unwrap();
        Self {
            app: app(state.clone()),
            state,
            config: c,
            clock,
            dir,
        }
    }

    pub fn advance_secs(&self, secs: u64) {
        self.clock.advance(std::time::Duration::from_secs(secs));
    }

    pub async fn call_from(
        &self,
        ip: [u8; 4],
        method: Method,
        uri: &str,
        body: Option<Value>,
        bearer: Option<&str>,
    ) -> Reply {
        let mut req = Request::builder().method(method).uri(uri);
        if let Some(token) = bearer {
            req = req.header("authorization", format!("Bearer {token}"));
        }
        let mut req = match body {
            Some(b) => req
                .header("content-type", "application/json")
                .body(Body::from(b.to_string())),
            None => req.body(Body::empty()),
        }
        .unwrap();
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::from((ip, 40_000))));
        read(self.app.clone().oneshot(req).await.unwrap()).await
    }

    /// POSTs `body` as if relayed by the proxy at `proxy` for `forwarded_for`.
    pub async fn post_via_proxy(
        &self,
        proxy: [u8; 4],
        forwarded_for: &str,
        uri: &str,
        body: Value,
    ) -> Reply {
        let mut req = Request::builder()
            .method(Method::POST)
            .uri(uri)
            .header("content-type", "application/json")
            .header("x-forwarded-for", forwarded_for)
            .body(Body::from(body.to_string()))
            .unwrap();
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::from((proxy, 40_000))));
        read(self.app.clone().oneshot(req).await.unwrap()).await
    }

    /// Sends `req` as it is (headers and all), from the default client address.
    pub async fn send(&self, mut req: Request<Body>) -> Reply {
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::from((IP, 40_000))));
        read(self.app.clone().oneshot(req).await.unwrap()).await
    }

    pub async fn call(
        &self,
        method: Method,
        uri: &str,
        body: Option<Value>,
        bearer: Option<&str>,
    ) -> Reply {
        self.call_from(IP, method, uri, body, bearer).await
    }

    pub async fn post(&self, uri: &str, body: Value) -> Reply {
        self.call(Method::POST, uri, Some(body), None).await
    }

    pub async fn get(&self, uri: &str) -> Reply {
        self.call(Method::GET, uri, None, None).await
    }

    pub async fn get_auth(&self, uri: &str, token: &str) -> Reply {
        self.call(Method::GET, uri, None, Some(token)).await
    }

    /// The dev mailbox of `to`, newest first.
    pub async fn mailbox(&self, to: &str) -> Vec<Value> {
        let r = self.get(&format!("/dev/mailbox?to={to}")).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        r.json().as_array().unwrap().clone()
    }

    /// The code in the newest code mail to `to`.
    pub async fn last_code(&self, to: &str) -> String {
        let mails = self.mailbox(to).await;
        let mail = mails
            .iter()
            .find(|m| m["subject"] == "Your Oriel code")
            .unwrap_or_else(|| panic!("no code mail to {to}: {mails:?}"));
        code_in(mail["text"].as_str().unwrap()).expect("a six-digit code")
    }

    /// The approval link's token in the newest approval mail (a new device's or a sign-up's)
    /// to `to`.
    pub async fn last_approval_token(&self, to: &str) -> String {
        let mails = self.mailbox(to).await;
        let mail = mails
            .iter()
            .find(|m| {
                m["subject"] == "Approve a new device for Oriel"
                    || m["subject"] == "Confirm your email for Oriel"
            })
            .unwrap_or_else(|| panic!("no approval mail to {to}: {mails:?}"));
        let text = mail["text"].as_str().unwrap();
        let prefix = "https://wallet.test/auth/v1/device/approve?token=";
        let at = text.find(prefix).expect("the approval URL") + prefix.len();
        text[at..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect()
    }

    /// Opens the approval page of `token` as a browser would: its HTML, and the form's fields
    /// and cookie.
    pub async fn approval_page(&self, token: &str) -> (Reply, ApprovalForm) {
        let page = self
            .get(&format!("/auth/v1/device/approve?token={token}"))
            .await;
        let field = |name: &str| -> String {
            let key = format!("name=\"{name}\" value=\"");
            page.body
                .find(&key)
                .map(|at| {
                    page.body[at + key.len()..]
                        .chars()
                        .take_while(|c| *c != '"')
                        .collect()
                })
                .unwrap_or_default()
        };
        let cookie = page
            .headers
            .get("set-cookie")
            .map(|v| v.to_str().unwrap().split(';').next().unwrap().to_owned())
            .unwrap_or_default();
        let form = ApprovalForm {
            token: field("token"),
            nonce: field("nonce"),
            page_token: field("pageToken"),
            cookie,
        };
        (page, form)
    }

    /// POSTs the approval page's form with `decision` (`approve`, `refuse`), from `origin`
    /// (`None`: no `Origin` header) with the form's cookie.
    pub async fn decide(&self, form: &ApprovalForm, decision: &str, origin: Option<&str>) -> Reply {
        let body = format!(
            "token={}&nonce={}&pageToken={}&decision={decision}",
            form.token, form.nonce, form.page_token
        );
        let mut req = Request::post("/auth/v1/device/approve")
            .header("content-type", "application/x-www-form-urlencoded")
            .header("cookie", &form.cookie);
        if let Some(origin) = origin {
            req = req.header("origin", origin);
        }
        self.send(req.body(Body::from(body)).unwrap()).await
    }

    /// Approves the link `token` the way its owner does: opens the page, presses "Approve".
    pub async fn approve_link(&self, token: &str) {
        let (page, form) = self.approval_page(token).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        let r = self
            .decide(&form, "approve", Some("https://wallet.test"))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }

    /// `device/status` of `attempt`.
    pub async fn device_status(&self, attempt: &str, device: &str) -> Reply {
        self.post(
            "/auth/v1/device/status",
            json!({ "projectId": "shop", "attemptId": attempt, "deviceId": device }),
        )
        .await
    }

    pub async fn start(&self, email: &str, device: &str) -> Reply {
        self.post(
            "/auth/v1/email/start",
            json!({ "projectId": "shop", "email": email, "deviceId": device }),
        )
        .await
    }

    pub async fn verify(&self, attempt: &str, device: &str, otp: &str) -> Reply {
        self.post(
            "/auth/v1/email/verify",
            json!({ "projectId": "shop", "attemptId": attempt, "deviceId": device, "otp": otp }),
        )
        .await
    }

    /// Starts a login and has its code mailed: a verified device's at once (`VERIFY_OTP`), a
    /// sign-up's once its emailed link is approved on its page (`VERIFY_DEVICE`, issue 38
    /// L-1). A new device of an existing account fails here. Returns the attempt id.
    pub async fn start_otp(&self, email: &str, device: &str) -> String {
        let r = self.start(email, device).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let attempt: String = r.json()["attemptId"].as_str().unwrap().into();
        if r.json()["action"] == "VERIFY_DEVICE" {
            let token = self.last_approval_token(email).await;
            let (page, _) = self.approval_page(&token).await;
            assert!(
                page.body.contains("Confirm your email?"),
                "a sign-up, not a new device: {}",
                page.body
            );
            self.approve_link(&token).await;
            let status = self.device_status(&attempt, device).await;
            assert_eq!(
                status.json(),
                json!({ "approved": true }),
                "{}",
                status.body
            );
        } else {
            assert_eq!(r.json()["action"], "VERIFY_OTP");
        }
        attempt
    }

    /// A full login of a new user or an approved device.
    pub async fn login(&self, email: &str, device: &str) -> Session {
        let attempt = self.start_otp(email, device).await;
        let code = self.last_code(email).await;
        Session::from_reply(&self.verify(&attempt, device, &code).await)
    }

    /// A login of an existing user on a new device: approve by the emailed link's page, then
    /// the code.
    pub async fn login_new_device(&self, email: &str, device: &str) -> Session {
        let r = self.start(email, device).await;
        assert_eq!(r.json()["action"], "VERIFY_DEVICE", "{}", r.body);
        let attempt = r.json()["attemptId"].as_str().unwrap().to_owned();
        let token = self.last_approval_token(email).await;
        self.approve_link(&token).await;
        let status = self.device_status(&attempt, device).await;
        assert_eq!(status.json(), json!({ "approved": true }));
        let code = self.last_code(email).await;
        Session::from_reply(&self.verify(&attempt, device, &code).await)
    }

    /// The JWT signing key file's contents.
    pub fn jwt_pem(&self) -> String {
        std::fs::read_to_string(self.config.data_dir.join(oriel_frame_host::JWT_KEY_FILE)).unwrap()
    }
}

/// The approval page's form, as a browser would post it.
#[derive(Debug, Clone)]
pub struct ApprovalForm {
    pub token: String,
    pub nonce: String,
    pub page_token: String,
    /// `name=value` of the page's cookie.
    pub cookie: String,
}

/// The first run of exactly six digits (`\b\d{6}\b`) in `text`.
pub fn code_in(text: &str) -> Option<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .find(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
        .map(String::from)
}

/// The test apps' KEK.
pub const TEST_KEK: [u8; 32] = [0x5a; 32];
/// The test apps' access-token key.
pub const TEST_JWT_PEM: &str = "-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIJ9w2dLu+NUBauu7fYBpTrXN52mDzgIPmqPKRh+hjyrh
-----END PRIVATE KEY-----
";
/// The test apps' sign-in key.
pub const TEST_SIWX_PEM: &str = "-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIBVpLdpnzQfu2u2tsOqv5w/lu+jxHyKljSG3wpyeJCW1
-----END PRIVATE KEY-----
";

/// Writes the operator keys into `data_dir` (mode 0600), each only where missing, as
/// `keys init` would.
pub fn write_keys(data_dir: &std::path::Path, kek: &[u8; 32], jwt: &str, siwx: &str) {
    let mut dir = std::fs::DirBuilder::new();
    dir.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut dir, 0o700);
    dir.create(data_dir).unwrap();
    for (file, bytes) in [
        (oriel_frame_host::KEK_FILE, &kek[..]),
        (oriel_frame_host::JWT_KEY_FILE, jwt.as_bytes()),
        (oriel_frame_host::SIWX_KEY_FILE, siwx.as_bytes()),
    ] {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        if let Ok(mut f) = options.open(data_dir.join(file)) {
            std::io::Write::write_all(&mut f, bytes).unwrap();
        }
    }
}
