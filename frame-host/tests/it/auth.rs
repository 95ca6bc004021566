//! The email login, device verification, codes, throttles and sessions (API.md "Email
//! login" and "Sessions"), through `app(state)` on a temporary SQLite database.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{code_in, Session, TestApp, DEV1, DEV2, DEV3};
use serde_json::json;

fn err(code: &str, message: &str, status: u16) -> (u16, String, String) {
    (status, code.into(), message.into())
}

#[tokio::test]
async fn sign_up_of_a_new_email_by_the_emailed_link_then_the_code() {
    let t = TestApp::new().await;
    let r = t.start("Ann@Example.com", DEV1).await;
    assert_eq!(r.status, StatusCode::OK);
    let j = r.json();
    // An address with no account gets a link first, not a code (issue 38 L-1).
    assert_eq!(j["action"], "VERIFY_DEVICE");
    let attempt = j["attemptId"].as_str().unwrap();

    let mails = t.mailbox("ann@example.com").await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0]["subject"], "Confirm your email for Oriel");
    assert_eq!(
        code_in(mails[0]["text"].as_str().unwrap()),
        None,
        "no code yet"
    );
    assert_eq!(
        t.verify(attempt, DEV1, "000000").await.error(),
        err("forbidden", "Device not approved", 403),
        "nothing to guess before the link is approved"
    );
    let token = t.last_approval_token("ann@example.com").await;
    t.approve_link(&token).await;
    assert_eq!(
        t.device_status(attempt, DEV1).await.json(),
        json!({ "approved": true })
    );

    let mails = t.mailbox("ann@example.com").await;
    let mail = &mails[0];
    assert_eq!(mail["to"], "ann@example.com");
    assert_eq!(mail["subject"], "Your Oriel code");
    let text = mail["text"].as_str().unwrap();
    let code = code_in(text).unwrap();
    assert!(
        text.starts_with(&format!(
            "Your Oriel code is {code}. It expires in 10 minutes."
        )),
        "{text}"
    );
    assert!(mail["sent_at"].as_str().unwrap().ends_with('Z'));

    let s = Session::from_reply(&t.verify(attempt, DEV1, &code).await);
    let r = t.get_auth("/auth/v1/user?projectId=shop", &s.access).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.json(),
        json!({ "userId": s.user_id, "email": "ann@example.com" })
    );
    assert_eq!(s.refresh.len(), 64);
}

#[tokio::test]
async fn a_second_device_is_approved_by_the_emailed_link_then_the_code() {
    let t = TestApp::new().await;
    let first = t.login("ann@example.com", DEV1).await;
    t.advance_secs(31);

    let r = t.start("ann@example.com", DEV2).await;
    assert_eq!(r.json()["action"], "VERIFY_DEVICE");
    let attempt = r.json()["attemptId"].as_str().unwrap().to_owned();
    let mails = t.mailbox("ann@example.com").await;
    assert_eq!(mails[0]["subject"], "Approve a new device for Oriel");
    assert_eq!(
        code_in(mails[0]["text"].as_str().unwrap()),
        None,
        "no code yet"
    );
    let status = |device: &'static str| {
        let attempt = attempt.clone();
        let t = &t;
        async move {
            t.post(
                "/auth/v1/device/status",
                json!({ "projectId": "shop", "attemptId": attempt, "deviceId": device }),
            )
            .await
        }
    };
    assert_eq!(status(DEV2).await.json(), json!({ "approved": false }));
    assert_eq!(
        t.verify(&attempt, DEV2, "000000").await.error(),
        err("forbidden", "Device not approved", 403)
    );
    assert_eq!(
        status(DEV3).await.status,
        StatusCode::NOT_FOUND,
        "other device"
    );

    let token = t.last_approval_token("ann@example.com").await;
    let (page, form) = t.approval_page(&token).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.header("content-type").starts_with("text/html"));
    assert!(page.body.contains("Approve a new device?"));
    assert_eq!(page.header("referrer-policy"), "same-origin");
    assert!(page
        .header("content-security-policy")
        .contains("default-src 'none'"));
    let done = t
        .decide(&form, "approve", Some("https://wallet.test"))
        .await;
    assert_eq!(done.status, StatusCode::OK);
    assert!(done.body.contains("Device approved: go back to the app."));
    let again = t
        .get(&format!("/auth/v1/device/approve?token={token}"))
        .await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST, "single use");
    assert!(again.header("content-type").starts_with("text/html"));
    for bad in ["", "?token=", "?token=00ff"] {
        let r = t.get(&format!("/auth/v1/device/approve{bad}")).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}");
    }

    assert_eq!(status(DEV2).await.json(), json!({ "approved": true }));
    let code = t.last_code("ann@example.com").await;
    assert_eq!(status(DEV2).await.json(), json!({ "approved": true }));
    let codes = t
        .mailbox("ann@example.com")
        .await
        .iter()
        .filter(|m| m["subject"] == "Your Oriel code")
        .count();
    assert_eq!(
        codes, 2,
        "the device's code is sent once (plus the first login's)"
    );

    let second = Session::from_reply(&t.verify(&attempt, DEV2, &code).await);
    assert_eq!(second.user_id, first.user_id, "the same user");

    // Approved now: the next login of this device gets a code straight away.
    t.advance_secs(31);
    t.start_otp("ann@example.com", DEV2).await;
}

#[tokio::test]
async fn approval_links_expire_after_15_minutes() {
    let t = TestApp::new().await;
    t.login("ann@example.com", DEV1).await;
    t.advance_secs(31);
    let r = t.start("ann@example.com", DEV2).await;
    assert_eq!(r.json()["action"], "VERIFY_DEVICE");
    let token = t.last_approval_token("ann@example.com").await;
    t.advance_secs(15 * 60);
    let page = t
        .get(&format!("/auth/v1/device/approve?token={token}"))
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn five_wrong_codes_lock_the_code() {
    let t = TestApp::new().await;
    let attempt = t.start_otp("ann@example.com", DEV1).await;
    let code = t.last_code("ann@example.com").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..4 {
        assert_eq!(
            t.verify(&attempt, DEV1, wrong).await.error(),
            err("unauthorized", "Invalid code", 401)
        );
    }
    let locked = err(
        "code_locked",
        "Too many wrong codes: request a new code",
        423,
    );
    assert_eq!(
        t.verify(&attempt, DEV1, wrong).await.error(),
        locked,
        "5th wrong try"
    );
    assert_eq!(
        t.verify(&attempt, DEV1, &code).await.error(),
        locked,
        "even the right code"
    );
    assert_eq!(t.verify(&attempt, DEV1, wrong).await.error(), locked);

    // A new code works.
    t.advance_secs(30);
    let attempt = t.start_otp("ann@example.com", DEV1).await;
    let code = t.last_code("ann@example.com").await;
    Session::from_reply(&t.verify(&attempt, DEV1, &code).await);
}

#[tokio::test]
async fn expired_codes_fail() {
    let t = TestApp::new().await;
    let attempt = t.start_otp("ann@example.com", DEV1).await;
    let code = t.last_code("ann@example.com").await;
    t.advance_secs(10 * 60);
    assert_eq!(
        t.verify(&attempt, DEV1, &code).await.error(),
        err("unauthorized", "Code expired", 401)
    );
}

#[tokio::test]
async fn codes_work_just_before_they_expire() {
    let t = TestApp::new().await;
    let attempt = t.start_otp("ann@example.com", DEV1).await;
    let code = t.last_code("ann@example.com").await;
    t.advance_secs(10 * 60 - 1);
    Session::from_reply(&t.verify(&attempt, DEV1, &code).await);
}

#[tokio::test]
async fn codes_are_bound_to_their_device_and_used_once() {
    let t = TestApp::new().await;
    let attempt = t.start_otp("ann@example.com", DEV1).await;
    let code = t.last_code("ann@example.com").await;
    let r = t.verify(&attempt, DEV2, &code).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.error().2, "This code was requested by another device");
    Session::from_reply(&t.verify(&attempt, DEV1, &code).await);
    assert_eq!(
        t.verify(&attempt, DEV1, &code).await.error(),
        err("unauthorized", "Invalid code", 401),
        "single use"
    );
    assert_eq!(
        t.verify("no-such-attempt", DEV1, &code).await.error(),
        err("unauthorized", "Invalid code", 401)
    );
}

#[tokio::test]
async fn email_start_is_throttled_for_30_seconds() {
    let t = TestApp::new().await;
    t.start_otp("ann@example.com", DEV1).await;
    let r = t.start("ann@example.com", DEV1).await;
    assert_eq!(
        r.error(),
        err("throttled", "Please try again after 30 seconds", 429)
    );
    assert_eq!(r.header("retry-after"), "30");
    t.advance_secs(10);
    assert_eq!(
        t.start("ANN@example.com", DEV1).await.error().2,
        "Please try again after 20 seconds",
        "per email, whatever the case"
    );
    t.clock.advance(std::time::Duration::from_millis(19_500));
    assert_eq!(
        t.start("ann@example.com", DEV1).await.error().2,
        "Please try again after 1 seconds",
        "rounded up"
    );
    t.start_otp("bob@example.com", DEV1).await;
    t.clock.advance(std::time::Duration::from_millis(500));
    t.start_otp("ann@example.com", DEV1).await;
}

#[tokio::test]
async fn email_start_is_limited_per_client_ip() {
    let t = TestApp::new().await;
    for i in 0..20 {
        t.start_otp(&format!("user{i}@example.com"), DEV1).await;
    }
    let r = t.start("user20@example.com", DEV1).await;
    assert_eq!(
        r.error(),
        err("throttled", "Please try again after 600 seconds", 429)
    );
    let other = t
        .call_from(
            [10, 0, 0, 2],
            Method::POST,
            "/auth/v1/email/start",
            Some(json!({ "projectId": "shop", "email": "user20@example.com", "deviceId": DEV1 })),
            None,
        )
        .await;
    assert_eq!(other.status, StatusCode::OK, "another IP");
    t.advance_secs(600);
    t.start_otp("user21@example.com", DEV1).await;
}

/// Starts an email login for `user{i}@example.com`, relayed by the proxy at 10.0.0.1.
async fn start_via_proxy(t: &TestApp, forwarded_for: &str, i: u32) -> StatusCode {
    let body =
        json!({ "projectId": "shop", "email": format!("user{i}@example.com"), "deviceId": DEV1 });
    t.post_via_proxy([10, 0, 0, 1], forwarded_for, "/auth/v1/email/start", body)
        .await
        .status
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_limit_counts_the_forwarded_client() {
    let t = TestApp::with(|c| c.trusted_proxies = vec!["10.0.0.0/8".parse().unwrap()]).await;
    // The client claims another address each time; the proxy appends the one it saw.
    for i in 0..20 {
        let forwarded = format!("6.6.6.{i}, 198.51.100.7");
        assert_eq!(
            start_via_proxy(&t, &forwarded, i).await,
            StatusCode::OK,
            "request {i}"
        );
    }
    let limited = start_via_proxy(&t, "6.6.6.99, 198.51.100.7", 20).await;
    assert_eq!(limited, StatusCode::TOO_MANY_REQUESTS);
    // Another client behind the same proxy is not limited.
    assert_eq!(
        start_via_proxy(&t, "198.51.100.8", 21).await,
        StatusCode::OK
    );
}

#[tokio::test]
async fn bad_requests() {
    let t = TestApp::new().await;
    for email in ["", "ann", "ann@example", "ann@@example.com"] {
        assert_eq!(
            t.start(email, DEV1).await.error(),
            err("invalid_params", "Invalid email", 400),
            "{email:?}"
        );
    }
    assert_eq!(t.start("ann@example.com", "x").await.error().0, 400);
    let r = t
        .post(
            "/auth/v1/email/start",
            json!({ "projectId": "nope", "email": "ann@example.com", "deviceId": DEV1 }),
        )
        .await;
    assert_eq!(r.error(), err("not_found", "unknown project id", 404));
    let r = t
        .post("/auth/v1/email/start", json!({ "projectId": "shop" }))
        .await;
    assert_eq!(r.error().0, 400);
    assert_eq!(r.error().1, "invalid_params");
    let r = t
        .call(Method::POST, "/auth/v1/email/start", None, None)
        .await;
    assert_eq!(r.error().1, "invalid_params", "no JSON body");
    assert!(t.mailbox("ann@example.com").await.is_empty());
}

#[tokio::test]
async fn refresh_rotates_the_refresh_token() {
    let t = TestApp::new().await;
    let s = t.login("ann@example.com", DEV1).await;
    let refresh = |token: String, device: &'static str| {
        let t = &t;
        async move {
            t.post(
                "/auth/v1/session/refresh",
                json!({ "projectId": "shop", "refreshToken": token, "deviceId": device }),
            )
            .await
        }
    };
    let expired = err("unauthorized", "Session Expired", 401);
    assert_eq!(
        refresh(s.refresh.clone(), DEV2).await.error(),
        expired,
        "device-bound"
    );
    let next = Session::from_reply(&refresh(s.refresh.clone(), DEV1).await);
    assert_eq!(next.user_id, s.user_id);
    assert_ne!(next.refresh, s.refresh);
    let r = t
        .get_auth("/auth/v1/user?projectId=shop", &next.access)
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(refresh("garbage".into(), DEV1).await.error(), expired);
    Session::from_reply(&refresh(next.refresh, DEV1).await);
    assert_eq!(
        refresh(s.refresh.clone(), DEV1).await.error(),
        expired,
        "the old token stops working"
    );
}

/// Security review W2: a stolen refresh token rotated by the thief first must not give the
/// thief a chain that outlives the owner's next attempt.
#[tokio::test]
async fn reusing_a_rotated_refresh_token_ends_the_whole_family() {
    let t = TestApp::new().await;
    let owner = t.login("ann@example.com", DEV1).await;
    let refresh = |token: &str| {
        t.post(
            "/auth/v1/session/refresh",
            json!({ "projectId": "shop", "refreshToken": token, "deviceId": DEV1 }),
        )
    };
    let thief = Session::from_reply(&refresh(&owner.refresh).await);
    let expired = err("unauthorized", "Session Expired", 401);
    assert_eq!(refresh(&owner.refresh).await.error(), expired, "reuse");
    assert_eq!(
        refresh(&thief.refresh).await.error(),
        expired,
        "the thief's chain is revoked"
    );
    let r = t
        .get_auth("/auth/v1/user?projectId=shop", &thief.access)
        .await;
    assert_eq!(r.error(), expired, "and its access token with it");
    // The owner logs in again and carries on.
    t.advance_secs(30);
    let again = t.login("ann@example.com", DEV1).await;
    Session::from_reply(&refresh(&again.refresh).await);
}

/// Security review W3: after sign-out the access token opens nothing, not even for the
/// rest of its 15 minutes.
#[tokio::test]
async fn signout_ends_the_access_token_at_once() {
    let t = TestApp::new().await;
    let s = t.login("ann@example.com", DEV1).await;
    t.advance_secs(30);
    let other_device = t.login_new_device("ann@example.com", DEV2).await;
    let r = t
        .call(Method::POST, "/auth/v1/signout", None, Some(&s.access))
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let expired = err("unauthorized", "Session Expired", 401);
    for uri in [
        "/auth/v1/user?projectId=shop",
        "/wallet/v1?projectId=shop",
        "/wallet/v1/pepper?projectId=shop",
        "/wallet/v1/recovery-key?projectId=shop",
    ] {
        assert_eq!(t.get_auth(uri, &s.access).await.error(), expired, "{uri}");
    }
    let r = t
        .get_auth("/auth/v1/user?projectId=shop", &other_device.access)
        .await;
    assert_eq!(r.status, StatusCode::OK, "another device's session stays");
}

#[tokio::test]
async fn access_tokens_last_15_minutes() {
    let t = TestApp::new().await;
    let s = t.login("ann@example.com", DEV1).await;
    t.advance_secs(15 * 60 - 1);
    let r = t.get_auth("/auth/v1/user?projectId=shop", &s.access).await;
    assert_eq!(r.status, StatusCode::OK);
    t.advance_secs(1);
    let r = t.get_auth("/auth/v1/user?projectId=shop", &s.access).await;
    assert_eq!(r.error(), err("unauthorized", "Session Expired", 401));
    // The refresh token still opens a new session.
    let r = t
        .post(
            "/auth/v1/session/refresh",
            json!({ "projectId": "shop", "refreshToken": s.refresh, "deviceId": DEV1 }),
        )
        .await;
    Session::from_reply(&r);
}

#[tokio::test]
async fn signout_revokes_the_devices_refresh_tokens() {
    let t = TestApp::new().await;
    let s = t.login("ann@example.com", DEV1).await;
    let r = t
        .call(
            Method::POST,
            "/auth/v1/signout",
            Some(json!({})),
            Some(&s.access),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let r = t
        .post(
            "/auth/v1/session/refresh",
            json!({ "projectId": "shop", "refreshToken": s.refresh, "deviceId": DEV1 }),
        )
        .await;
    assert_eq!(r.error(), err("unauthorized", "Session Expired", 401));
    let r = t.call(Method::POST, "/auth/v1/signout", None, None).await;
    assert_eq!(r.error(), err("unauthorized", "Invalid key", 401));
    // The device stays approved: logging in again needs only a code.
    t.advance_secs(30);
    t.login("ann@example.com", DEV1).await;
}

#[tokio::test]
async fn email_update_needs_codes_from_both_addresses() {
    let t = TestApp::new().await;
    let s = t.login("ann@example.com", DEV1).await;
    let r = t
        .call(
            Method::POST,
            "/auth/v1/email/update/start",
            Some(json!({ "projectId": "shop", "email": "Ann.New@Example.com" })),
            Some(&s.access),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["action"], "VERIFY_PRIMARY_OTP");
    let attempt = r.json()["attemptId"].as_str().unwrap().to_owned();
    let step = |path: &'static str, otp: String| {
        let (t, attempt, access) = (&t, attempt.clone(), s.access.clone());
        async move {
            t.call(
                Method::POST,
                path,
                Some(json!({ "projectId": "shop", "attemptId": attempt, "otp": otp })),
                Some(&access),
            )
            .await
        }
    };
    let old_code = t.last_code("ann@example.com").await;
    assert!(t.mailbox("ann.new@example.com").await.is_empty());
    assert_eq!(
        step("/auth/v1/email/update/secondary", old_code.clone())
            .await
            .error(),
        err("unauthorized", "Invalid code", 401),
        "primary first"
    );
    let r = step("/auth/v1/email/update/primary", old_code).await;
    assert_eq!(r.json(), json!({ "action": "VERIFY_SECONDARY_OTP" }));
    let new_code = t.last_code("ann.new@example.com").await;
    let r = step("/auth/v1/email/update/secondary", new_code).await;
    assert_eq!(r.json(), json!({ "email": "ann.new@example.com" }));
    let r = t.get_auth("/auth/v1/user?projectId=shop", &s.access).await;
    assert_eq!(r.json()["email"], "ann.new@example.com");

    // The new address logs in to the same user, on the already approved device.
    t.advance_secs(30);
    let again = t.login("ann.new@example.com", DEV1).await;
    assert_eq!(again.user_id, s.user_id);
}

#[tokio::test]
async fn email_update_refuses_an_address_in_use() {
    let t = TestApp::new().await;
    let s = t.login("ann@example.com", DEV1).await;
    t.login("bob@example.com", DEV2).await;
    for (email, want) in [
        (
            "bob@example.com",
            err("conflict", "Email already in use", 409),
        ),
        ("nope", err("invalid_params", "Invalid email", 400)),
    ] {
        let r = t
            .call(
                Method::POST,
                "/auth/v1/email/update/start",
                Some(json!({ "projectId": "shop", "email": email })),
                Some(&s.access),
            )
            .await;
        assert_eq!(r.error(), want);
    }
}

#[tokio::test]
async fn export_code_is_fresh_single_use_and_the_users_own() {
    let t = TestApp::new().await;
    let ann = t.login("ann@example.com", DEV1).await;
    let bob = t.login("bob@example.com", DEV2).await;
    let start = |access: String| {
        let t = &t;
        async move {
            t.call(
                Method::POST,
                "/auth/v1/export/start",
                Some(json!({ "projectId": "shop" })),
                Some(&access),
            )
            .await
        }
    };
    let verify = |access: String, attempt: String, otp: String| {
        let t = &t;
        async move {
            t.call(
                Method::POST,
                "/auth/v1/export/verify",
                Some(json!({ "projectId": "shop", "attemptId": attempt, "otp": otp })),
                Some(&access),
            )
            .await
        }
    };
    let r = start(ann.access.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let attempt = r.json()["attemptId"].as_str().unwrap().to_owned();
    let code = t.last_code("ann@example.com").await;

    // A second request within 30 s is throttled with the spec's text.
    let again = start(ann.access.clone()).await;
    assert_eq!(again.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        again.body.contains("Please try again after"),
        "{}",
        again.body
    );

    // Another user's session cannot spend Ann's code.
    let r = verify(bob.access.clone(), attempt.clone(), code.clone()).await;
    assert_eq!(r.error(), err("unauthorized", "Invalid code", 401));

    let r = verify(ann.access.clone(), attempt.clone(), code.clone()).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    // Used once.
    let r = verify(ann.access.clone(), attempt.clone(), code).await;
    assert_eq!(r.error(), err("unauthorized", "Invalid code", 401));

    // Without a session there is no export at all.
    let r = t
        .call(
            Method::POST,
            "/auth/v1/export/start",
            Some(json!({ "projectId": "shop" })),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn export_code_locks_after_five_wrong_tries() {
    let t = TestApp::new().await;
    let ann = t.login("ann@example.com", DEV1).await;
    let r = t
        .call(
            Method::POST,
            "/auth/v1/export/start",
            Some(json!({ "projectId": "shop" })),
            Some(&ann.access),
        )
        .await;
    let attempt = r.json()["attemptId"].as_str().unwrap().to_owned();
    let code = t.last_code("ann@example.com").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let mut last = 0;
    for _ in 0..5 {
        last = t
            .call(
                Method::POST,
                "/auth/v1/export/verify",
                Some(json!({ "projectId": "shop", "attemptId": attempt, "otp": wrong })),
                Some(&ann.access),
            )
            .await
            .status
            .as_u16();
    }
    assert_eq!(last, 423);
    let r = t
        .call(
            Method::POST,
            "/auth/v1/export/verify",
            Some(json!({ "projectId": "shop", "attemptId": attempt, "otp": code })),
            Some(&ann.access),
        )
        .await;
    assert_eq!(
        r.status.as_u16(),
        423,
        "the right code no longer opens a locked one"
    );
}
