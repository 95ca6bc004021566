//! Limits of email login that must not turn into a lockout (security review W6). The per-account
//! budget of wrong codes (W9, issue 38 H-1) is tested in `approval`.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, DEV1, DEV2};
use serde_json::json;

/// A device id of the shape the frame makes, numbered.
fn device(n: u32) -> String {
    format!("{n:032x}")
}

#[tokio::test]
async fn other_devices_asking_for_the_owners_email_do_not_hold_the_owner_up() {
    let t = TestApp::new().await;
    t.login("ann@example.com", DEV1).await;
    // Someone else asks for Ann's email from a new device at every window's end, from
    // addresses of their own.
    for round in 0..4u8 {
        t.advance_secs(30);
        let r = t
            .call_from(
                [10, 9, 0, round],
                Method::POST,
                "/auth/v1/email/start",
                Some(json!({ "projectId": "shop", "email": "ann@example.com",
                             "deviceId": device(100 + u32::from(round)) })),
                None,
            )
            .await;
        assert_eq!(r.json()["action"], "VERIFY_DEVICE", "{}", r.body);
        // Ann, on her approved device, still gets her code at once.
        t.start_otp("ann@example.com", DEV1).await;
    }
}

#[tokio::test]
async fn refused_starts_do_not_count_against_the_address() {
    let t = TestApp::new().await;
    t.start_otp("ann@example.com", DEV1).await;
    // Ann presses "resend" every second for 25 s: each is refused by her own 30 s wait...
    for _ in 0..25 {
        t.advance_secs(1);
        assert_eq!(
            t.start("ann@example.com", DEV1).await.status,
            StatusCode::TOO_MANY_REQUESTS
        );
    }
    // ...and once it is over, she gets a code: the refusals did not use up the per-IP limit.
    t.advance_secs(5);
    t.start_otp("ann@example.com", DEV1).await;
}

#[tokio::test]
async fn new_devices_share_a_cap_per_email_that_does_not_hold_up_verified_devices() {
    let t = TestApp::new().await;
    // Ann's sign-up was the first of the 10 starts an email gets per hour from devices not
    // approved for it.
    t.login("ann@example.com", DEV1).await;
    for n in 0..9 {
        let r = t
            .call_from(
                [10, 9, 1, n as u8],
                Method::POST,
                "/auth/v1/email/start",
                Some(json!({ "projectId": "shop", "email": "ann@example.com",
                             "deviceId": device(200 + n) })),
                None,
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let r = t.start("ann@example.com", DEV2).await;
    assert_eq!(
        r.status,
        StatusCode::TOO_MANY_REQUESTS,
        "no more approval mails"
    );
    t.advance_secs(30);
    t.start_otp("ann@example.com", DEV1).await;
}
