//! The analytics service (`API.md`, "Analytics"): `GET /getAnalyticsConfig` from the project's
//! `analytics` setting, and `POST /e` storing the tracked events in `analytics_events` with
//! its limits, CORS and 403s, and the housekeeping job deleting old events.

use crate::common;

use axum::{
    body::Body,
    http::{Method, Request, StatusCode},
};
use common::{Reply, TestApp};
use serde_json::{json, Value};

const SHOP: &str = "https://shop.example.com";
const QUERY: &str = "projectId=shop&st=appkit&sv=oriel-react-0.1.0";

/// `method uri` from `origin` with `body` sent as `content_type`.
async fn send(
    t: &TestApp,
    method: Method,
    uri: &str,
    origin: Option<&str>,
    body: Option<(&str, String)>,
) -> Reply {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(origin) = origin {
        req = req.header("origin", origin);
    }
    let req = match body {
        Some((content_type, body)) => req
            .header("content-type", content_type)
            .body(Body::from(body)),
        None => req.body(Body::empty()),
    };
    t.send(req.unwrap()).await
}

/// A valid event of `name` at the app's current time.
fn event(t: &TestApp, id: &str, name: &str) -> Value {
    json!({
        "eventId": id,
        "url": "https://shop.example.com/checkout?step=2",
        "domain": "shop.example.com",
        "timestamp": t.state.clock().now_ms(),
        "props": {
            "type": "track",
            "event": name,
            "address": "eip155:1:0x8ba1f109551bD432803012645Ac136ddd64DBA72",
            "properties": { "connected": true },
        },
    })
}

fn uuid(n: u32) -> String {
    format!("0b7f6c1e-3a5d-4c2b-9e8f-{n:012x}")
}

/// POSTs `body` to `/e` of project `shop` from the shop, as the SDK does (text/plain).
async fn post_event(t: &TestApp, body: &Value) -> Reply {
    send(
        t,
        Method::POST,
        &format!("/e?{QUERY}"),
        Some(SHOP),
        Some(("text/plain;charset=UTF-8", body.to_string())),
    )
    .await
}

type Row = (
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    String,
    String,
    i64,
    i64,
);

/// Every stored event, oldest first.
async fn rows(t: &TestApp) -> Vec<Row> {
    let url = format!(
        "sqlite://{}",
        t.config.data_dir.join("oriel.sqlite").display()
    );
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let rows = sqlx::query_as(
        "SELECT event_id, project_id, origin, event, address, properties, url, domain, sent_at, \
         received_at FROM analytics_events ORDER BY received_at, event_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    pool.close().await;
    rows
}

fn error(r: &Reply) -> (u16, String) {
    let (status, _, message) = r.error();
    (status, message)
}

#[tokio::test]
async fn the_config_follows_the_projects_setting() {
    let t = TestApp::with(|c| {
        c.projects
            .iter_mut()
            .find(|p| p.id == "demo")
            .unwrap()
            .analytics = false;
    })
    .await;
    let r = send(
        &t,
        Method::GET,
        &format!("/getAnalyticsConfig?{QUERY}"),
        Some(SHOP),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.json(),
        json!({ "isAnalyticsEnabled": true }),
        "on by default"
    );
    assert_eq!(r.header("access-control-allow-origin"), SHOP);
    let r = send(
        &t,
        Method::GET,
        "/getAnalyticsConfig?projectId=demo&st=appkit&sv=1",
        Some("http://localhost:5173"),
        None,
    )
    .await;
    assert_eq!(r.json(), json!({ "isAnalyticsEnabled": false }));
    let r = send(
        &t,
        Method::GET,
        &format!("/getAnalyticsConfig?{QUERY}"),
        Some("https://evil.test"),
        None,
    )
    .await;
    assert_eq!(error(&r), (403, "Origin not allowed".into()));
    assert!(r.headers.get("access-control-allow-origin").is_none());
    let r = send(
        &t,
        Method::GET,
        "/getAnalyticsConfig?projectId=nope",
        Some(SHOP),
        None,
    )
    .await;
    assert_eq!(error(&r), (404, "unknown project id".into()));
}

#[tokio::test]
async fn an_event_is_stored_once_with_what_the_page_sent() {
    let t = TestApp::new().await;
    let body = event(&t, &uuid(1), "MODAL_OPEN");
    let r = post_event(&t, &body).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), SHOP);
    let now = t.state.clock().now_ms();
    let expected: Row = (
        uuid(1),
        "shop".into(),
        SHOP.into(),
        "MODAL_OPEN".into(),
        Some("eip155:1:0x8ba1f109551bD432803012645Ac136ddd64DBA72".into()),
        Some(r#"{"connected":true}"#.into()),
        "https://shop.example.com/checkout?step=2".into(),
        "shop.example.com".into(),
        now,
        now,
    );
    assert_eq!(rows(&t).await, [expected]);
    // The same id again (a retried send): accepted, nothing new stored.
    assert_eq!(post_event(&t, &body).await.status, StatusCode::NO_CONTENT);
    // JSON content type works too, and an event without address or properties.
    let mut plain = event(&t, &uuid(2), "DISCONNECT_SUCCESS");
    plain["props"] = json!({ "type": "track", "event": "DISCONNECT_SUCCESS" });
    let r = send(
        &t,
        Method::POST,
        &format!("/e?{QUERY}"),
        Some(SHOP),
        Some(("application/json", plain.to_string())),
    )
    .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    let stored = rows(&t).await;
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[1].3, "DISCONNECT_SUCCESS");
    assert_eq!((stored[1].4.clone(), stored[1].5.clone()), (None, None));
}

#[tokio::test]
async fn preflights_and_foreign_origins() {
    let t = TestApp::new().await;
    let r = send(
        &t,
        Method::OPTIONS,
        &format!("/e?{QUERY}"),
        Some(SHOP),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(r.header("access-control-allow-origin"), SHOP);
    assert_eq!(r.header("access-control-allow-methods"), "GET, POST");
    let r = send(
        &t,
        Method::OPTIONS,
        &format!("/e?{QUERY}"),
        Some("https://evil.test"),
        None,
    )
    .await;
    assert_eq!(error(&r), (403, "Origin not allowed".into()));
    // An origin another project allows is still not this project's.
    let r = send(
        &t,
        Method::POST,
        &format!("/e?{QUERY}"),
        Some("http://localhost:5173"),
        Some(("text/plain", event(&t, &uuid(3), "MODAL_OPEN").to_string())),
    )
    .await;
    assert_eq!(error(&r), (403, "Origin not allowed".into()));
    assert!(rows(&t).await.is_empty());
}

#[tokio::test]
async fn a_project_with_analytics_off_stores_nothing() {
    let t = TestApp::with(|c| {
        c.projects
            .iter_mut()
            .find(|p| p.id == "shop")
            .unwrap()
            .analytics = false;
    })
    .await;
    let r = post_event(&t, &event(&t, &uuid(4), "MODAL_OPEN")).await;
    assert_eq!(
        error(&r),
        (403, "Analytics is disabled for this project".into())
    );
    assert!(rows(&t).await.is_empty());
}

#[tokio::test]
async fn bad_events_are_refused_naming_the_field() {
    let t = TestApp::new().await;
    let base = event(&t, &uuid(5), "MODAL_OPEN");
    let now = t.state.clock().now_ms();
    let with = |path: &[&str], value: Value| {
        let mut e = base.clone();
        let mut at = &mut e;
        for key in &path[..path.len() - 1] {
            at = &mut at[*key];
        }
        at[path[path.len() - 1]] = value;
        e
    };
    let cases = [
        (
            with(&["props", "event"], json!("MODAL_CREATED")),
            "props.event is not a tracked event",
        ),
        (
            with(&["props", "event"], json!("modal_open")),
            "props.event is not a tracked event",
        ),
        (
            with(&["props", "type"], json!("page")),
            "props.type is not track",
        ),
        (
            with(&["eventId"], json!("not-a-uuid")),
            "eventId is not a UUID",
        ),
        (
            with(&["url"], json!("javascript:alert(1)")),
            "url is not an http(s) URL",
        ),
        (
            with(&["url"], json!("https://evil.test/")),
            "url is not on the page's origin",
        ),
        (
            with(
                &["url"],
                json!(format!("https://shop.example.com/{}", "a".repeat(2048))),
            ),
            "url is longer than 2048 characters",
        ),
        (
            with(&["domain"], json!("shop example")),
            "domain is not a host name of at most 253 characters",
        ),
        (
            with(&["timestamp"], json!(now - 25 * 3600 * 1000)),
            "timestamp is not a Unix time in milliseconds from the last day",
        ),
        (
            with(&["timestamp"], json!(now + 11 * 60_000)),
            "timestamp is not a Unix time in milliseconds from the last day",
        ),
        (
            with(&["props", "address"], json!("a".repeat(129))),
            "props.address is not 1 to 128 visible ASCII characters",
        ),
        (
            with(
                &["props", "properties"],
                json!({ "search": "x".repeat(2100) }),
            ),
            "props.properties is larger than 2048 bytes",
        ),
    ];
    for (body, message) in cases {
        let r = post_event(&t, &body).await;
        assert_eq!(
            error(&r),
            (400, format!("Invalid event: {message}")),
            "{body}"
        );
    }
    // Unknown fields, a wrong shape and a body over 4 KiB.
    let r = post_event(&t, &with(&["extra"], json!(1))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(error(&r).1.contains("unknown field `extra`"), "{}", r.body);
    let r = post_event(&t, &json!([1, 2])).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = post_event(
        &t,
        &with(&["props", "properties"], json!({ "x": "y".repeat(5000) })),
    )
    .await;
    assert_eq!(
        error(&r),
        (
            400,
            "Invalid event: the body is larger than 4096 bytes".into()
        )
    );
    assert!(rows(&t).await.is_empty());
}

#[tokio::test]
async fn events_are_limited_per_client_ip() {
    let t = TestApp::new().await;
    for n in 0..120 {
        let r = post_event(&t, &event(&t, &uuid(100 + n), "SEARCH_WALLET")).await;
        assert_eq!(r.status, StatusCode::NO_CONTENT, "event {n}: {}", r.body);
    }
    let r = post_event(&t, &event(&t, &uuid(999), "SEARCH_WALLET")).await;
    assert_eq!(
        error(&r),
        (429, "Please try again after 600 seconds".into())
    );
    assert_eq!(r.header("retry-after"), "600");
    assert_eq!(rows(&t).await.len(), 120);
    // Another client (here a program: no Origin) is not held up.
    let r = t
        .call_from(
            [10, 0, 0, 2],
            Method::POST,
            &format!("/e?{QUERY}"),
            Some(event(&t, &uuid(1000), "SEARCH_WALLET")),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    t.advance_secs(600);
    let r = post_event(&t, &event(&t, &uuid(1001), "SEARCH_WALLET")).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "a new window");
}

#[tokio::test]
async fn the_housekeeping_job_deletes_events_past_the_retention() {
    let t = TestApp::with(|c| c.analytics_retention_days = 2).await;
    assert_eq!(
        post_event(&t, &event(&t, &uuid(6), "MODAL_OPEN"))
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    t.advance_secs(24 * 3600);
    assert_eq!(
        post_event(&t, &event(&t, &uuid(7), "MODAL_CLOSE"))
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    t.advance_secs(24 * 3600 + 1);
    let job = oriel_frame_host::tasks::housekeeping(&t.state);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while rows(&t).await.len() != 1 {
        assert!(
            std::time::Instant::now() < deadline,
            "the job did not purge"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    job.abort();
    assert_eq!(rows(&t).await[0].3, "MODAL_CLOSE", "the newer one is kept");
}

/// Issue 38, L-10: the per-origin budget is counted per client IP too, so one client claiming a
/// dapp's origin (any program can send any `Origin`) spends only its own share.
#[tokio::test]
async fn a_claimed_origin_spends_only_its_clients_budget() {
    // An operator that raised the per-IP limit for a shared address: the origin budget binds.
    let t = TestApp::with(|c| c.analytics_events_per_ip = 100_000).await;
    let from = |ip: [u8; 4], n: u32| {
        let mut req = Request::post(format!("/e?{QUERY}"))
            .header("origin", SHOP)
            .header("content-type", "text/plain")
            .body(Body::from(event(&t, &uuid(n), "SEARCH_WALLET").to_string()))
            .unwrap();
        req.extensions_mut()
            .insert(axum::extract::ConnectInfo(std::net::SocketAddr::from((
                ip, 40_000,
            ))));
        let app = t.app.clone();
        async move { common::read(tower::ServiceExt::oneshot(app, req).await.unwrap()).await }
    };
    const ORIGIN_LIMIT: u32 = 6_000;
    for n in 0..ORIGIN_LIMIT {
        let r = from([203, 0, 113, 9], n).await;
        assert_eq!(r.status, StatusCode::NO_CONTENT, "event {n}: {}", r.body);
    }
    let r = from([203, 0, 113, 9], ORIGIN_LIMIT).await;
    assert_eq!(error(&r), (429, "Please try again after 60 seconds".into()));
    // The shop's real visitors are not held up.
    let r = from([198, 51, 100, 7], ORIGIN_LIMIT + 1).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
}

/// Issue 39 part 6: the operator reads the events back, per day by name and origin and
/// connections per method, as JSON or CSV, only with the admin token; without one configured
/// the route does not exist.
#[tokio::test]
async fn the_operator_reads_events_per_day_and_connections_per_method() {
    const TOKEN: &str = "0123456789abcdef0123456789abcdef";
    let t = TestApp::with(|c| c.admin_token = Some(TOKEN.to_owned().try_into().unwrap())).await;
    let mut connect = event(&t, &uuid(1), "CONNECT_SUCCESS");
    connect["props"]["properties"] = json!({ "connector": "AUTH" });
    assert_eq!(
        post_event(&t, &connect).await.status,
        StatusCode::NO_CONTENT
    );
    for n in 2..4 {
        let open = event(&t, &uuid(n), "MODAL_OPEN");
        assert_eq!(post_event(&t, &open).await.status, StatusCode::NO_CONTENT);
    }
    let uri = "/admin/v1/analytics?projectId=shop&days=7";
    assert_eq!(t.get(uri).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        t.get_auth(uri, "not-the-token").await.status,
        StatusCode::UNAUTHORIZED
    );
    let r = t.get_auth(uri, TOKEN).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let report = r.json();
    let day = report["events"][0]["day"].as_str().unwrap().to_owned();
    assert_eq!(
        report["events"],
        json!([
            { "day": day, "event": "CONNECT_SUCCESS", "origin": SHOP, "count": 1 },
            { "day": day, "event": "MODAL_OPEN", "origin": SHOP, "count": 2 },
        ])
    );
    assert_eq!(
        report["connections"],
        json!([{ "method": "AUTH", "count": 1 }])
    );
    let csv = t.get_auth(&format!("{uri}&format=csv"), TOKEN).await;
    assert_eq!(csv.header("content-type"), "text/csv; charset=utf-8");
    assert_eq!(
        csv.body,
        format!(
            "day,event,origin,count\n{day},CONNECT_SUCCESS,{SHOP},1\n{day},MODAL_OPEN,{SHOP},2\n\
             \nmethod,count\nAUTH,1\n"
        )
    );
    let unknown = t
        .get_auth("/admin/v1/analytics?projectId=nope", TOKEN)
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);

    let without = TestApp::new().await;
    let r = without.get_auth(uri, TOKEN).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}
