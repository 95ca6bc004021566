//! Sign-in requests frame-host refuses, and what each refusal says: a nonce used twice, from
//! another project or expired; a domain, URI or page origin that is not the project's; a
//! message outside its time window; malformed input; too many requests.

use crate::common;
use crate::siwx_common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use serde_json::{json, Value};
use siwx_common::{call, error, iso, nonce, personal_sign, sessions, sign_in, signer, Msg, KEY, Q};

#[tokio::test]
async fn a_nonce_is_single_use_and_the_projects_own() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let text = Msg::eip155(&t, &address, &nonce(&t).await).text();
    let signature = personal_sign(&key, &text);
    assert_eq!(
        sign_in(&t, &text, &signature, None).await.status,
        StatusCode::OK
    );
    let replay = sign_in(&t, &text, &signature, None).await;
    assert_eq!(error(&replay), (401, "Invalid nonce".into()), "replayed");

    let made_up = Msg::eip155(&t, &address, "aaaaaaaabbbbbbbbccccccccdddddddd").text();
    let r = sign_in(&t, &made_up, &personal_sign(&key, &made_up), None).await;
    assert_eq!(error(&r), (401, "Invalid nonce".into()), "not issued");

    let r = t.get("/v1/sessions/nonce?projectId=demo").await;
    let demo_nonce = r.json()["nonce"].as_str().unwrap().to_owned();
    let text = Msg::eip155(&t, &address, &demo_nonce).text();
    let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
    assert_eq!(
        error(&r),
        (401, "Invalid nonce".into()),
        "another project's"
    );
}

#[tokio::test]
async fn a_nonce_expires_after_ten_minutes() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let (first, second) = (nonce(&t).await, nonce(&t).await);
    t.advance_secs(599);
    let text = Msg::eip155(&t, &address, &first).text();
    assert_eq!(
        sign_in(&t, &text, &personal_sign(&key, &text), None)
            .await
            .status,
        StatusCode::OK
    );
    t.advance_secs(1);
    let text = Msg::eip155(&t, &address, &second).text();
    let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
    assert_eq!(error(&r), (401, "Nonce expired".into()));
}

#[tokio::test]
async fn the_domain_and_uri_must_be_the_projects_and_the_pages() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let nonce = nonce(&t).await;
    let mut refused = Vec::new();
    for (origin, uri, page) in [
        ("https://evil.test", "https://shop.example.com/login", None),
        ("evil.test", "https://shop.example.com/login", None),
        (
            "http://shop.example.com",
            "https://shop.example.com/login",
            None,
        ),
        (
            "shop.example.com:8443",
            "https://shop.example.com/login",
            None,
        ),
        (
            "me@shop.example.com",
            "https://shop.example.com/login",
            None,
        ),
        ("https://shop.example.com", "https://evil.test/login", None),
        (
            "https://shop.example.com",
            "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
            None,
        ),
        (
            "https://shop.example.com",
            "https://shop.example.com/",
            Some("https://a.example.com"),
        ),
    ] {
        let mut msg = Msg::eip155(&t, &address, &nonce);
        (msg.origin, msg.uri) = (origin.into(), uri.into());
        let text = msg.text();
        let r = sign_in(&t, &text, &personal_sign(&key, &text), page).await;
        refused.push((origin, error(&r).1));
    }
    assert_eq!(
        refused,
        [
            ("https://evil.test", "Domain not allowed".into()),
            ("evil.test", "Domain not allowed".into()),
            ("http://shop.example.com", "Domain not allowed".into()),
            ("shop.example.com:8443", "Domain not allowed".into()),
            ("me@shop.example.com", "Domain not allowed".into()),
            ("https://shop.example.com", "URI not allowed".into()),
            ("https://shop.example.com", "URI not allowed".into()),
            (
                "https://shop.example.com",
                "Domain does not match the request origin".into()
            ),
        ]
    );
    // None of that used the nonce up; an allowed wildcard origin from its own page signs in.
    let mut msg = Msg::eip155(&t, &address, &nonce);
    (msg.origin, msg.uri) = ("a.example.com".into(), "https://a.example.com/".into());
    let text = msg.text();
    let r = sign_in(
        &t,
        &text,
        &personal_sign(&key, &text),
        Some("https://a.example.com"),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // A page of another origin cannot call at all.
    let r = sign_in(
        &t,
        &text,
        &personal_sign(&key, &text),
        Some("https://evil.test"),
    )
    .await;
    assert_eq!(error(&r), (403, "Origin not allowed".into()));
}

#[tokio::test]
async fn the_message_must_be_within_its_time_window() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let nonce = nonce(&t).await;
    let now = t.clock.now_ms();
    let msg = || Msg::eip155(&t, &address, &nonce);
    let mut future = msg();
    future.issued_at = iso(now + 61_000);
    let mut expired = msg();
    expired.expiration_time = Some(iso(now));
    let mut early = msg();
    early.not_before = Some(iso(now + 61_000));
    for (m, expected) in [
        (future, "Message issued in the future"),
        (expired, "Message expired"),
        (early, "Message not yet valid"),
    ] {
        let text = m.text();
        let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
        assert_eq!(error(&r), (401, expected.into()));
    }
    // Within a minute of skew, and an expiration time that shortens the session.
    let mut within = msg();
    within.issued_at = iso(now + 60_000);
    within.not_before = Some(iso(now + 60_000));
    within.expiration_time = Some(iso(now + 3_600_500));
    let text = within.text();
    let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let reply = r.json();
    assert_eq!(reply["session"]["expiresAt"], iso(now + 3_600_500));
    let token = reply["token"].as_str().unwrap();
    let claims: Value =
        serde_json::from_slice(&base64_url(token.split('.').nth(1).unwrap())).unwrap();
    assert_eq!(claims["exp"], (now + 3_600_500) / 1000);
    t.advance_secs(3599);
    let live = sessions(&t, &address, token, None).await.json();
    assert_eq!(live["sessions"].as_array().unwrap().len(), 1, "{live}");
    t.advance_secs(2);
    assert_eq!(
        sessions(&t, &address, token, None).await.json(),
        json!({ "sessions": [] })
    );
}

fn base64_url(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(text)
        .unwrap()
}

#[tokio::test]
async fn malformed_requests_say_what_is_wrong() {
    let t = TestApp::new().await;
    let key = signer(KEY);
    let address = key.address().to_checksum(None);
    let nonce = nonce(&t).await;
    let mut msg = Msg::eip155(&t, &address, &nonce);
    msg.chain = "1".into();
    let text = msg.text();
    let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
    assert_eq!(error(&r), (400, "Unsupported chainId: eip155:1".into()));

    let text = Msg::eip155(&t, &address, &nonce).text();
    let r = sign_in(
        &t,
        &text.replace('\n', "\r\n"),
        &personal_sign(&key, &text),
        None,
    )
    .await;
    assert_eq!(
        error(&r),
        (
            400,
            "Invalid sign-in message: line 1: only printable ASCII and LF line breaks are allowed"
                .into()
        )
    );
    let r = sign_in(&t, &text, "0x1234", None).await;
    assert_eq!(
        error(&r),
        (
            400,
            "Invalid signature: expected 0x and an even number of hex digits, at least 62".into()
        )
    );
    let body = json!({ "message": text, "signature": personal_sign(&key, &text), "data": {} });
    let r = call(
        &t,
        Method::POST,
        &format!("/v1/sessions?{Q}"),
        Some(body),
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let huge = json!({ "message": "x".repeat(40_000), "signature": "0x" });
    let r = call(
        &t,
        Method::POST,
        &format!("/v1/sessions?{Q}"),
        Some(huge),
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body.contains("length limit"), "{}", r.body);
    let r = t.get(&format!("/v1/sessions/not-an-address?{Q}")).await;
    assert_eq!(
        error(&r),
        (
            400,
            "Invalid address: expected 0x and 40 hex digits or a base58 public key".into()
        )
    );
    // Nothing above used the nonce up.
    let r = sign_in(&t, &text, &personal_sign(&key, &text), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn nonces_are_rate_limited_per_client() {
    let t = TestApp::new().await;
    for _ in 0..30 {
        nonce(&t).await;
    }
    let r = t.get(&format!("/v1/sessions/nonce?{Q}")).await;
    assert_eq!(
        error(&r),
        (429, "Please try again after 600 seconds".into())
    );
    let other = t
        .call_from(
            [10, 0, 0, 2],
            Method::GET,
            &format!("/v1/sessions/nonce?{Q}"),
            None,
            None,
        )
        .await;
    assert_eq!(other.status, StatusCode::OK, "another client");
    t.advance_secs(600);
    nonce(&t).await;
}
