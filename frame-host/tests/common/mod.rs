//! Helpers shared by the integration tests.

#![allow(dead_code, unreachable_pub)]

use axum::{
    body::Body,
    http::{HeaderMap, Request, StatusCode},
};
use http_body_util::BodyExt;
use oriel_frame_host::{app, AppState, Config, ProjectConfig};
use tower::ServiceExt;

/// A config with a `shop` project (an exact and a wildcard origin), one RPC host and
/// assets from `frame_dir`.
pub fn config(frame_dir: &std::path::Path) -> Config {
    let mut config = Config::default();
    config.frame_dir = frame_dir.to_path_buf();
    config.rpc_hosts = vec!["https://rpc.example.com".into()];
    config.projects.push(ProjectConfig {
        id: "shop".into(),
        name: "Shop".into(),
        allowed_origins: vec![
            "https://shop.example.com".into(),
            "https://*.example.com".into(),
        ],
    });
    config
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

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap()
    }
}

pub async fn get_with(config: Config, uri: &str) -> Reply {
    let app = app(AppState::new(config).unwrap());
    let res = app
        .oneshot(Request::get(uri).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

pub async fn get(uri: &str) -> Reply {
    let dir = tempfile::tempdir().unwrap();
    get_with(config(dir.path()), uri).await
}
