//! What the operator watches, from the real binary: `/readyz` names the check that fails,
//! `/metrics` is served on its own address only and parses as Prometheus text, counting the
//! requests, the login steps, the sessions and the rate-limit refusals a login leaves, and
//! every answer carries a request id.

use std::{collections::HashMap, fs, path::Path};

use prometheus_parse::{Scrape, Value as Sample};
use serde_json::json;

use crate::common::{
    binary::{request, Server},
    code_in, DEV1,
};

/// A built frame's files, as `scripts/build-wasm.sh` names them.
fn write_frame(dir: &Path) {
    fs::create_dir_all(dir).unwrap();
    let names = [
        ("boot", "boot.0123456789abcdef.js"),
        ("glue", "oriel_frame.0123456789abcdef.js"),
        ("wasm", "oriel_frame_bg.0123456789abcdef.wasm"),
        ("css", "frame.0123456789abcdef.css"),
    ];
    for (_, name) in names {
        fs::write(dir.join(name), "performance.mark('oriel:boot')\n").unwrap();
    }
    let manifest: HashMap<_, _> = names.into_iter().collect();
    fs::write(dir.join("manifest.json"), json!(manifest).to_string()).unwrap();
}

/// The value of the sample of `name` whose labels include every pair of `labels` (summed
/// over the others), 0 when there is none.
fn sum(scrape: &Scrape, name: &str, labels: &[(&str, &str)]) -> f64 {
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == name)
        .filter(|s| labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v)))
        .map(|s| match s.value {
            Sample::Counter(v) | Sample::Gauge(v) | Sample::Untyped(v) => v,
            _ => 0.0,
        })
        .sum()
}

async fn scrape(addr: &str) -> Scrape {
    let answer = request(addr, "GET", "/metrics", None, None).await;
    assert_eq!(answer.status, 200);
    assert!(answer
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/plain; version=0.0.4")));
    let lines = answer.body.lines().map(|l| Ok(l.to_owned()));
    Scrape::parse(lines).expect("Prometheus text format")
}

#[tokio::test]
async fn readyz_names_the_failing_check_and_metrics_count_a_login() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start_with(dir.path(), &[("ORIEL_METRICS_LISTEN", "127.0.0.1:0")]);
    let metrics = server.line_after("oriel frame-host metrics on http://");
    let metrics = metrics.strip_suffix("/metrics").unwrap().to_owned();

    // No frame built yet: not ready, and the answer says which check failed.
    let (status, body) = server.call("GET", "/readyz", None, None).await;
    assert_eq!(status, 503);
    assert_eq!(body["status"], "not ready");
    assert_eq!(body["checks"]["database"], "ok");
    assert_eq!(body["checks"]["keys"], "ok");
    assert_eq!(
        body["checks"]["frame"],
        "the frame's manifest or files are missing"
    );
    write_frame(&dir.path().join("frame"));
    let (status, body) = server.call("GET", "/readyz", None, None).await;
    assert_eq!(
        (status, body["status"].as_str()),
        (200, Some("ready")),
        "{body}"
    );

    // /metrics is the operator's: not on the public address.
    let public = request(&server.addr, "GET", "/metrics", None, None).await;
    assert_eq!(public.status, 404);
    // Every answer carries a fresh request id, whatever the client sent.
    let id = public.header("x-request-id").expect("x-request-id");
    assert!(
        id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()),
        "{id}"
    );

    // A login, a wrong code, a refresh and a sign-out.
    let email = "metrics@example.com";
    let start = json!({ "projectId": "demo", "email": email, "deviceId": DEV1 });
    let (status, attempt) = server
        .call("POST", "/auth/v1/email/start", Some(start), None)
        .await;
    assert_eq!(status, 200, "{attempt}");
    // A new address signs up by its emailed link first (issue 38 L-1), then gets its code.
    server.confirm_signup(email).await;
    let status_body =
        json!({ "projectId": "demo", "attemptId": attempt["attemptId"], "deviceId": DEV1 });
    let (status, _) = server
        .call("POST", "/auth/v1/device/status", Some(status_body), None)
        .await;
    assert_eq!(status, 200);
    let (_, mails) = server
        .call("GET", &format!("/dev/mailbox?to={email}"), None, None)
        .await;
    let code = code_in(mails[0]["text"].as_str().unwrap()).unwrap();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let verify = |otp: &str| json!({ "projectId": "demo", "attemptId": attempt["attemptId"], "deviceId": DEV1, "otp": otp });
    let (status, _) = server
        .call("POST", "/auth/v1/email/verify", Some(verify(wrong)), None)
        .await;
    assert_eq!(status, 401);
    let (status, session) = server
        .call("POST", "/auth/v1/email/verify", Some(verify(&code)), None)
        .await;
    assert_eq!(status, 200, "{session}");
    let refresh =
        json!({ "projectId": "demo", "refreshToken": session["refreshToken"], "deviceId": DEV1 });
    let (status, again) = server
        .call("POST", "/auth/v1/session/refresh", Some(refresh), None)
        .await;
    assert_eq!(status, 200, "{again}");
    let signout = json!({ "projectId": "demo" });
    let (status, _) = server
        .call(
            "POST",
            "/auth/v1/signout",
            Some(signout),
            again["accessToken"].as_str(),
        )
        .await;
    assert!((200..300).contains(&status), "sign-out: {status}");
    // A second start within the email's window: a rate-limit refusal.
    let start = json!({ "projectId": "demo", "email": email, "deviceId": DEV1 });
    let (status, _) = server
        .call("POST", "/auth/v1/email/start", Some(start), None)
        .await;
    assert_eq!(status, 429);

    let scrape = scrape(&metrics).await;
    let logins = |labels: &[(&str, &str)]| sum(&scrape, "oriel_logins_total", labels);
    assert_eq!(logins(&[("method", "email"), ("step", "started")]), 1.0);
    assert_eq!(logins(&[("method", "email"), ("step", "completed")]), 1.0);
    let refused = |reason| logins(&[("method", "email"), ("step", "refused"), ("reason", reason)]);
    assert_eq!((refused("unauthorized"), refused("throttled")), (1.0, 1.0));
    let limited = sum(
        &scrape,
        "oriel_rate_limit_refusals_total",
        &[("limit", "email")],
    );
    assert_eq!(limited, 1.0);
    let sessions = |event| sum(&scrape, "oriel_sessions_total", &[("event", event)]);
    assert_eq!(
        (
            sessions("issued"),
            sessions("refreshed"),
            sessions("revoked")
        ),
        (1.0, 1.0, 1.0)
    );
    let route = [("route", "/auth/v1/email/verify"), ("method", "POST")];
    let requests = |status| {
        let labels = [route[0], route[1], ("status", status)];
        sum(&scrape, "oriel_http_requests_total", &labels)
    };
    assert_eq!((requests("200"), requests("401")), (1.0, 1.0));
    // /metrics asked of the public address: the fallback's 404, counted under no path.
    let unmatched = [("route", "unmatched"), ("status", "404")];
    assert_eq!(sum(&scrape, "oriel_http_requests_total", &unmatched), 1.0);
    let latency = scrape
        .samples
        .iter()
        .find(|s| {
            s.metric == "oriel_http_request_duration_seconds"
                && s.labels.get("route") == Some("/auth/v1/email/verify")
        })
        .expect("a latency histogram per route");
    assert!(
        matches!(latency.value, Sample::Histogram(_)),
        "{:?}",
        latency.value
    );
    assert!(sum(&scrape, "oriel_db_pool_connections", &[("state", "idle")]) >= 0.0);
    assert!(scrape
        .samples
        .iter()
        .any(|s| s.metric == "oriel_db_pool_connections"));
    server.kill();
}

/// Production behind https answers with HSTS; a dev instance never does (a developer's
/// browser would remember it for localhost).
#[tokio::test]
async fn hsts_in_production_only() {
    let prod = crate::common::TestApp::production().await;
    let r = prod.get("/healthz").await;
    assert_eq!(r.header("strict-transport-security"), "max-age=63072000");
    let dev = crate::common::TestApp::new().await;
    let r = dev.get("/healthz").await;
    assert!(!r.headers.contains_key("strict-transport-security"));
}
