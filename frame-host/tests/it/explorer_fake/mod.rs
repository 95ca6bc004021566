//! A local fake of the WalletConnect Explorer API v3: `GET /v3/wallets?projectId=&entries=&page=`
//! answering its JSON (`{ listings: { id: listing }, count, total }`, listings in rank order,
//! which is not id order) and `GET /v3/logo/{size}/{image_id}?projectId=` answering logos,
//! some of them wrong on purpose. It records every request and can be told to misbehave.

#![allow(dead_code, unreachable_pub)]

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{
    extract::{Path, Query},
    http::{header, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
    Router,
};
use serde_json::{json, Value};

/// The project id the tests configure.
pub const PROJECT: &str = "wcproject0123";

/// A 1×1 PNG.
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
    0x42, 0x60, 0x82,
];

/// An SVG logo that tries to run a script (browsers must not, given its headers).
pub const SVG: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 8 8\">\
    <script>alert(1)</script><rect width=\"8\" height=\"8\" style=\"fill:#0a0\"/></svg>";

/// A WebP header (all that frame-host checks).
pub const WEBP: &[u8] =
    b"RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0/\0\0\0\x10\x07\x10\x11\x11\x88\x88\xfe\x07\0";

/// How the fake answers `/v3/wallets`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Its listing.
    Normal,
    /// 500.
    Failing,
    /// 200 with text that is not JSON.
    Garbage,
    /// 200 with a 5 MiB body.
    Oversize,
    /// 200 with no listing at all.
    Empty,
}

/// The fake's state.
#[derive(Clone)]
pub struct Fake {
    /// Each request's path and query, in order.
    pub requests: Arc<Mutex<Vec<String>>>,
    pub mode: Arc<Mutex<Mode>>,
    /// The listings it serves, in rank order.
    pub listings: Arc<Mutex<Vec<Value>>>,
    /// Its base URL.
    pub url: String,
}

/// A wallet id: 64 hex digits, descending with `n` so that id order is not rank order.
pub fn id(n: usize) -> String {
    format!("{:064x}", 1_000_000 - n)
}

/// A listing as the API sends it, with the fields frame-host reads and some it ignores.
pub fn listing(n: usize, name: &str, image_id: &str, chains: &[&str]) -> Value {
    json!({
        "id": id(n),
        "name": name,
        "slug": name.to_lowercase().replace(' ', "-"),
        "description": format!("{name}, a wallet"),
        "homepage": format!("https://wallet{n}.example.com/"),
        "chains": chains,
        "versions": ["2"],
        "sdks": ["sign_v2"],
        "app_type": "wallet",
        "image_id": image_id,
        "image_url": { "sm": "https://x/sm", "md": "https://x/md", "lg": "https://x/lg" },
        "app": {
            "browser": null, "ios": format!("https://apps.apple.com/app/id{n}"),
            "android": null, "mac": null, "windows": null, "linux": null,
            "chrome": null, "firefox": null, "safari": null, "edge": null, "opera": null
        },
        "injected": null,
        "rdns": null,
        "mobile": { "native": null, "universal": null },
        "desktop": { "native": null, "universal": null },
        "supported_standards": [],
        "metadata": { "shortName": name, "colors": { "primary": null, "secondary": null } },
        "updatedAt": "2024-05-01T00:00:00+00:00"
    })
}

/// The default listing: 130 entries, one of which (`Broken`, an http homepage) cannot be used.
pub fn default_listings() -> Vec<Value> {
    let btc = "bip122:000000000019d6689c085ae165831e93";
    let sol = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
    let mut alpha = listing(0, "Alpha Wallet", "alpha-logo", &["eip155:1", sol]);
    alpha["badge_type"] = json!("certified");
    alpha["rdns"] = json!("com.example.alpha");
    alpha["mobile"] = json!({ "native": "alpha:", "universal": "https://alpha.example.com/wc" });
    alpha["app"]["chrome"] = json!("https://chromewebstore.google.com/detail/alpha");
    let mut broken = listing(5, "Broken", "broken-logo", &["eip155:1"]);
    broken["homepage"] = json!("http://broken.example.com");
    let mut all = vec![
        alpha,
        listing(1, "Beta Vault", "beta-logo", &[btc]),
        listing(2, "Gamma", "gamma-logo", &["eip155:1"]),
        listing(3, "Delta", "delta-logo", &["eip155:1"]),
        listing(4, "Epsilon", "epsilon-logo", &["eip155:1"]),
        broken,
        listing(6, "Zeta", "filler-logo", &[]),
    ];
    for n in 7..130 {
        all.push(listing(
            n,
            &format!("Filler {n:03}"),
            "filler-logo",
            &["eip155:10"],
        ));
    }
    all
}

impl Fake {
    /// Starts the fake on a free port.
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let fake = Self {
            requests: Arc::default(),
            mode: Arc::new(Mutex::new(Mode::Normal)),
            listings: Arc::new(Mutex::new(default_listings())),
            url: format!("http://{}", listener.local_addr().unwrap()),
        };
        let wallets = {
            let fake = fake.clone();
            move |Query(q): Query<HashMap<String, String>>| async move { fake.wallets(&q) }
        };
        let logo = {
            let fake = fake.clone();
            move |Path((size, image)): Path<(String, String)>,
                  Query(q): Query<HashMap<String, String>>| async move {
                fake.logo(&size, &image, &q)
            }
        };
        let app = Router::new()
            .route("/v3/wallets", get(wallets))
            .route("/v3/logo/{size}/{image_id}", get(logo));
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        fake
    }

    pub fn set_mode(&self, mode: Mode) {
        *self.mode.lock().unwrap() = mode;
    }

    /// The requests so far whose path starts with `prefix`.
    pub fn requested(&self, prefix: &str) -> Vec<String> {
        let all = self.requests.lock().unwrap();
        all.iter()
            .filter(|r| r.starts_with(prefix))
            .cloned()
            .collect()
    }

    fn record(&self, path: &str, q: &HashMap<String, String>) {
        let mut keys: Vec<_> = q.iter().map(|(k, v)| format!("{k}={v}")).collect();
        keys.sort();
        self.requests
            .lock()
            .unwrap()
            .push(format!("{path}?{}", keys.join("&")));
    }

    fn wallets(&self, q: &HashMap<String, String>) -> Response {
        self.record("/v3/wallets", q);
        if q.get("projectId").map(String::as_str) != Some(PROJECT) {
            return (StatusCode::BAD_REQUEST, "projectId").into_response();
        }
        let mode = *self.mode.lock().unwrap();
        match mode {
            Mode::Failing => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
            Mode::Garbage => return "<html>maintenance</html>".into_response(),
            Mode::Oversize => return json_text(format!("{{\"x\":\"{}\"}}", "a".repeat(5 << 20))),
            Mode::Empty => return json_text("{\"listings\":{},\"count\":0,\"total\":0}".into()),
            Mode::Normal => {}
        }
        let number = |key: &str| q.get(key).and_then(|v| v.parse::<usize>().ok());
        let all = self.listings.lock().unwrap().clone();
        let entries = number("entries").unwrap_or(all.len());
        let page = number("page").unwrap_or(1);
        let chunk: Vec<&Value> = all
            .iter()
            .skip((page - 1) * entries)
            .take(entries)
            .collect();
        // Written by hand: a JSON map here would sort the listings by id.
        let listings: Vec<String> = chunk.iter().map(|l| format!("{}:{l}", l["id"])).collect();
        json_text(format!(
            "{{\"listings\":{{{}}},\"count\":{},\"total\":{}}}",
            listings.join(","),
            chunk.len(),
            all.len()
        ))
    }

    fn logo(&self, size: &str, image: &str, q: &HashMap<String, String>) -> Response {
        self.record(&format!("/v3/logo/{size}/{image}"), q);
        if q.get("projectId").map(String::as_str) != Some(PROJECT) {
            return (StatusCode::BAD_REQUEST, "projectId").into_response();
        }
        let typed = |media: &'static str, body: Vec<u8>| {
            ([(header::CONTENT_TYPE, media)], body).into_response()
        };
        match image {
            "alpha-logo" => typed("image/png", PNG.to_vec()),
            "beta-logo" => typed("image/svg+xml; charset=utf-8", SVG.as_bytes().to_vec()),
            "gamma-logo" => typed("text/html", b"<html>not an image</html>".to_vec()),
            "delta-logo" => {
                let mut big = PNG.to_vec();
                big.resize(300 * 1024, 0);
                typed("image/png", big)
            }
            "epsilon-logo" => typed("image/png", SVG.as_bytes().to_vec()),
            "filler-logo" => typed("image/webp", WEBP.to_vec()),
            _ => StatusCode::NOT_FOUND.into_response(),
        }
    }
}

fn json_text(text: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}
