//! `/healthz`, `/projects/v1/origins` and unknown routes.

use crate::common;

use axum::http::StatusCode;
use common::get;
use serde_json::json;

#[tokio::test]
async fn healthz() {
    let r = get("/healthz").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), "application/json");
    assert_eq!(
        r.json(),
        json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION") })
    );
    assert_eq!(r.header("x-content-type-options"), "nosniff");
}

#[tokio::test]
async fn origins_of_a_known_project() {
    let r = get("/projects/v1/origins?projectId=shop").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("access-control-allow-origin"), "*");
    assert_eq!(
        r.json(),
        json!({ "allowedOrigins": ["https://shop.example.com", "https://*.example.com"] })
    );
    let r = get("/projects/v1/origins?projectId=demo").await;
    assert_eq!(
        r.json(),
        json!({ "allowedOrigins": ["http://localhost:5173"] })
    );
}

#[tokio::test]
async fn origins_of_an_unknown_project() {
    let r = get("/projects/v1/origins?projectId=nope").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.header("access-control-allow-origin"), "*");
    assert_eq!(
        r.json(),
        json!({ "error": { "code": "not_found", "message": "unknown project id" } })
    );
}

#[tokio::test]
async fn origins_without_a_project_id() {
    for uri in [
        "/projects/v1/origins",
        "/projects/v1/origins?projectId=",
        "/projects/v1/origins?other=1",
    ] {
        let r = get(uri).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(r.header("access-control-allow-origin"), "*");
        assert_eq!(
            r.json(),
            json!({ "error": { "code": "invalid_params", "message": "missing projectId" } })
        );
    }
}

#[tokio::test]
async fn unknown_routes_are_404() {
    for uri in ["/", "/nope", "/projects/v1", "/frame/other", "/healthz/x"] {
        let r = get(uri).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
    }
    assert_eq!(
        get("/nope").await.json(),
        json!({ "error": { "code": "not_found", "message": "not found" } })
    );
}

#[tokio::test]
async fn the_dev_mailbox_exists_only_in_dev_mode() {
    let dev = common::TestApp::new().await;
    let r = dev.get("/dev/mailbox?to=ann@example.com").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.json(), json!([]));

    let prod = common::TestApp::production().await;
    let r = prod.get("/dev/mailbox?to=ann@example.com").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(
        r.json(),
        json!({ "error": { "code": "not_found", "message": "not found" } })
    );
}

/// Security review W8: production mode does not start on the dev mailbox (or any other
/// development-only setting; `config::production` tests each).
#[tokio::test]
async fn production_mode_refuses_the_dev_mailbox() {
    let error = common::startup_error(|c| {
        c.public_url = "https://wallet.test".parse().unwrap();
        c.mode = oriel_frame_host::Mode::Production;
    })
    .await;
    assert!(
        error
            .to_string()
            .starts_with("production mode refuses the development setting mail:"),
        "{error}"
    );
}

/// Issue 41: the SDK asks whether its page may use the project, and frame-host answers with
/// its own matcher (patterns included), varying by `Origin`.
#[tokio::test]
async fn origins_say_whether_the_asking_page_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let config = || common::config(dir.path());
    let ask = |origin| [("origin", origin)];
    let uri = "/projects/v1/origins?projectId=shop";
    let r = common::get_with_headers(config(), uri, &ask("https://sub.example.com")).await;
    assert_eq!(r.json()["originAllowed"], true);
    assert_eq!(r.header("vary"), "Origin");
    let r = common::get_with_headers(config(), uri, &ask("https://evil.test")).await;
    assert_eq!(r.json()["originAllowed"], false);
    assert_eq!(r.header("access-control-allow-origin"), "*");
}
