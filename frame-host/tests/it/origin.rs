//! State-changing requests from another site's page are refused by their `Origin`.

use crate::common;

use axum::{
    body::Body,
    http::{header, Request, StatusCode},
};
use common::{TestApp, DEV1};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn start_from(t: &TestApp, origin: Option<&str>, email: &str) -> (StatusCode, Value) {
    let mut request =
        Request::post("/auth/v1/email/start").header(header::CONTENT_TYPE, "application/json");
    if let Some(origin) = origin {
        request = request.header(header::ORIGIN, origin);
    }
    let body = json!({ "projectId": "shop", "email": email, "deviceId": DEV1 });
    let request = request.body(Body::from(body.to_string())).unwrap();
    let response = t.app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn other_sites_cannot_post_through_a_visitors_browser() {
    let t = TestApp::new().await;
    let (status, body) = start_from(&t, Some("https://evil.example"), "a@example.com").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error"]["message"], "Origin not allowed");
    let (status, _) = start_from(&t, Some("null"), "a@example.com").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "an opaque origin");
    assert!(
        t.mailbox("a@example.com").await.is_empty(),
        "nothing was sent"
    );
}

#[tokio::test]
async fn the_frame_the_projects_and_programs_may() {
    let t = TestApp::new().await;
    let own = t
        .config
        .public_url
        .as_str()
        .trim_end_matches('/')
        .to_owned();
    for (origin, email) in [
        (Some(own.as_str()), "frame@example.com"),
        (Some("https://shop.example.com"), "shop@example.com"),
        (Some("https://app.example.com"), "wildcard@example.com"),
        (None, "program@example.com"),
    ] {
        let (status, body) = start_from(&t, origin, email).await;
        assert_eq!(status, StatusCode::OK, "{origin:?}: {body}");
    }
}
