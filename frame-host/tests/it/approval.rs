//! Device approval in two steps and the per-account budget of wrong codes (issue 38 H-1, L-1,
//! L-2): the emailed link's GET only shows a page; only its POST, from frame-host's own origin
//! with the page's token and cookie, decides; "This wasn't me" refuses and tells the owner;
//! wrong codes count per account across every device and every kind of code.

use crate::common;

use axum::{
    body::Body,
    http::{Method, Request, StatusCode},
};
use common::{code_in, Session, TestApp, DEV1, DEV2, DEV3};
use serde_json::json;

const ANN: &str = "ann@example.com";
const CHROME_MAC: &str = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 \
     (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/// The subjects of the mail to `to`, newest first.
async fn subjects(t: &TestApp, to: &str) -> Vec<String> {
    t.mailbox(to)
        .await
        .iter()
        .map(|m| m["subject"].as_str().unwrap().to_owned())
        .collect()
}

/// Ann's account on DEV1, then a login of hers started on `device` (a new device), from Chrome
/// on macOS: its attempt id and the link's token.
async fn new_device_login(t: &TestApp, device: &str) -> (String, String) {
    t.login(ANN, DEV1).await;
    let req = Request::post("/auth/v1/email/start")
        .header("content-type", "application/json")
        .header("user-agent", CHROME_MAC)
        .body(Body::from(
            json!({ "projectId": "shop", "email": ANN, "deviceId": device }).to_string(),
        ))
        .unwrap();
    let r = t.send(req).await;
    assert_eq!(r.json()["action"], "VERIFY_DEVICE", "{}", r.body);
    let attempt = r.json()["attemptId"].as_str().unwrap().to_owned();
    (attempt, t.last_approval_token(ANN).await)
}

#[tokio::test]
async fn a_link_scanners_get_approves_nothing_and_the_page_names_device_site_place_and_time() {
    let t = TestApp::new().await;
    let (attempt, token) = new_device_login(&t, DEV2).await;
    let mail = t.mailbox(ANN).await[0]["text"].as_str().unwrap().to_owned();
    for fact in [
        "Device: Chrome on macOS",
        "Site: one of https://shop.example.com, https://*.example.com",
        "Place: the IP network 10.0.0.0/24",
        "Time: ",
    ] {
        assert!(mail.contains(fact), "{fact} in the mail: {mail}");
    }
    // A mail gateway's scanner fetches the link, twice.
    for _ in 0..2 {
        let page = t
            .get(&format!("/auth/v1/device/approve?token={token}"))
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        for fact in [
            "Chrome on macOS",
            "one of https://shop.example.com, https://*.example.com",
            "10.0.0.0/24",
            " UTC",
            ">Approve</button>",
            ">This wasn't me</button>",
        ] {
            assert!(
                page.body.contains(fact),
                "{fact} on the page: {}",
                page.body
            );
        }
        assert!(!page.body.contains("<script"), "no script");
        let csp = page.header("content-security-policy");
        assert!(csp.contains("default-src 'none'"), "{csp}");
        assert!(csp.contains("form-action 'self'"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(page.header("set-cookie").contains("SameSite=Strict"));
    }
    // The login is still pending: no approval, no code.
    assert_eq!(
        t.device_status(&attempt, DEV2).await.json(),
        json!({ "approved": false })
    );
    assert_eq!(
        t.verify(&attempt, DEV2, "000000").await.error().2,
        "Device not approved"
    );
    assert_eq!(subjects(&t, ANN).await[0], "Approve a new device for Oriel");
}

#[tokio::test]
async fn a_decision_without_the_page_token_cookie_or_own_origin_is_refused() {
    let t = TestApp::new().await;
    let (attempt, token) = new_device_login(&t, DEV2).await;
    let (_, form) = t.approval_page(&token).await;
    let own = Some("https://wallet.test");

    let mut no_token = form.clone();
    no_token.page_token = String::new();
    let mut forged = form.clone();
    forged.page_token = "00".repeat(32);
    let mut no_cookie = form.clone();
    no_cookie.cookie = String::new();
    let mut other_nonce = form.clone();
    other_nonce.nonce = "ab".repeat(16);
    for (what, f, origin) in [
        ("no page token", &no_token, own),
        ("a forged page token", &forged, own),
        ("no cookie", &no_cookie, own),
        ("another page's nonce", &other_nonce, own),
        ("a foreign origin", &form, Some("https://evil.example")),
        ("a dapp's origin", &form, Some("https://shop.example.com")),
        ("no origin", &form, None),
    ] {
        let r = t.decide(f, "approve", origin).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{what}: {}", r.body);
    }
    assert_eq!(
        t.device_status(&attempt, DEV2).await.json(),
        json!({ "approved": false }),
        "still pending"
    );
    // The page's own form, from the page, approves.
    let r = t.decide(&form, "approve", own).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        t.device_status(&attempt, DEV2).await.json(),
        json!({ "approved": true })
    );
}

#[tokio::test]
async fn this_wasnt_me_refuses_the_login_and_mails_the_owner() {
    let t = TestApp::new().await;
    let (attempt, token) = new_device_login(&t, DEV2).await;
    let (_, form) = t.approval_page(&token).await;
    let r = t.decide(&form, "refuse", Some("https://wallet.test")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body.contains("Sign-in refused"), "{}", r.body);

    let mails = t.mailbox(ANN).await;
    assert_eq!(
        mails[0]["subject"],
        "You refused a sign-in to your Oriel wallet"
    );
    assert!(mails[0]["text"]
        .as_str()
        .unwrap()
        .contains("Device: Chrome on macOS"));
    assert_eq!(
        t.device_status(&attempt, DEV2).await.error(),
        (
            403,
            "forbidden".into(),
            "This sign-in was refused on the emailed approval page: start again".into()
        )
    );
    assert_eq!(
        t.verify(&attempt, DEV2, "000000").await.error().2,
        "Device not approved"
    );
    // Decided once: the link can approve nothing afterwards.
    let again = t
        .decide(&form, "approve", Some("https://wallet.test"))
        .await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        t.get(&format!("/auth/v1/device/approve?token={token}"))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    // The device is no more approved than before: its next login needs a link again.
    t.advance_secs(31);
    assert_eq!(t.start(ANN, DEV2).await.json()["action"], "VERIFY_DEVICE");
}

/// A wrong code for `code`.
fn wrong_for(code: &str) -> &'static str {
    if code == "000000" {
        "111111"
    } else {
        "000000"
    }
}

#[tokio::test]
async fn an_approved_device_is_locked_after_the_accounts_budget_of_wrong_codes() {
    let t = TestApp::new().await;
    // An approved device of the account (an attacker's, say, approved by a link scanner
    // before approval took the page's POST) guesses.
    t.login(ANN, DEV1).await;
    let mut answers = Vec::new();
    let mut attempt = String::new();
    let mut code = String::new();
    for guess in 0..15 {
        if guess % 4 == 0 {
            t.advance_secs(31);
            let r = t.start(ANN, DEV1).await;
            if r.status != StatusCode::OK {
                answers.push(r.status.as_u16());
                continue;
            }
            attempt = r.json()["attemptId"].as_str().unwrap().to_owned();
            code = t.last_code(ANN).await;
        }
        answers.push(
            t.verify(&attempt, DEV1, wrong_for(&code))
                .await
                .status
                .as_u16(),
        );
    }
    let wrong = answers.iter().filter(|s| **s == 401).count();
    assert_eq!(wrong, 10, "the budget: {answers:?}");
    assert!(
        answers[10..].iter().all(|s| *s == 429),
        "locked after it: {answers:?}"
    );
    // Locked for the account, every device: even the right code, even another device.
    let r = t.verify(&attempt, DEV1, &code).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    for device in [DEV1, DEV2] {
        assert_eq!(
            t.start(ANN, device).await.status,
            StatusCode::TOO_MANY_REQUESTS
        );
    }
    let told = subjects(&t, ANN)
        .await
        .iter()
        .filter(|s| *s == "Wrong Oriel codes entered for your address")
        .count();
    assert_eq!(told, 1, "the owner is mailed once");
    // The period ends.
    t.advance_secs(24 * 3600);
    t.login(ANN, DEV1).await;
}

#[tokio::test]
async fn a_verified_devices_starts_are_capped_too() {
    let t = TestApp::new().await;
    t.login(ANN, DEV1).await;
    // 10 starts an hour from the account's verified devices (the sign-up was not one of them).
    for _ in 0..10 {
        t.advance_secs(31);
        t.start_otp(ANN, DEV1).await;
    }
    t.advance_secs(31);
    let r = t.start(ANN, DEV1).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    // Others' starts have a bucket of their own: a stranger's new devices are not held up by
    // Ann's, nor Ann's by theirs.
    let r = t.start(ANN, DEV3).await;
    assert_eq!(r.json()["action"], "VERIFY_DEVICE", "{}", r.body);
}

#[tokio::test]
async fn a_strangers_guesses_do_not_block_the_sign_up_of_a_new_address() {
    let t = TestApp::new().await;
    // A stranger starts sign-ups of bob@example.com from their own devices and guesses.
    for n in 0..3u32 {
        t.advance_secs(31);
        let dev = format!("{:032x}", 500 + n);
        let r = t.start("bob@example.com", &dev).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        assert_eq!(r.json()["action"], "VERIFY_DEVICE", "a link, not a code");
        let attempt = r.json()["attemptId"].as_str().unwrap().to_owned();
        for _ in 0..5 {
            let r = t.verify(&attempt, &dev, "000000").await;
            assert_eq!(r.error().2, "Device not approved", "nothing to guess");
        }
    }
    assert!(subjects(&t, "bob@example.com")
        .await
        .iter()
        .all(|s| s == "Confirm your email for Oriel"));
    // Bob signs up from his own device with the emailed link, then the code.
    t.advance_secs(31);
    let bob = t.login("bob@example.com", DEV3).await;
    assert!(!bob.user_id.is_empty());
}

async fn post_authed(
    t: &TestApp,
    uri: &str,
    body: serde_json::Value,
    s: &Session,
) -> common::Reply {
    t.call(Method::POST, uri, Some(body), Some(&s.access)).await
}

#[tokio::test]
async fn export_and_email_change_codes_share_the_accounts_budget_of_wrong_codes() {
    let t = TestApp::new().await;
    let s = t.login(ANN, DEV1).await;
    let mut answers = Vec::new();
    for round in 0..4 {
        t.advance_secs(31);
        let (start, verify, body) = if round % 2 == 0 {
            (
                "/auth/v1/export/start",
                "/auth/v1/export/verify",
                json!({ "projectId": "shop" }),
            )
        } else {
            (
                "/auth/v1/email/update/start",
                "/auth/v1/email/update/primary",
                json!({ "projectId": "shop", "email": format!("ann{round}@example.com") }),
            )
        };
        let r = post_authed(&t, start, body, &s).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let attempt = r.json()["attemptId"].as_str().unwrap().to_owned();
        let code = code_in(t.mailbox(ANN).await[0]["text"].as_str().unwrap()).unwrap();
        for _ in 0..4 {
            let r = post_authed(
                &t,
                verify,
                json!({ "projectId": "shop", "attemptId": attempt, "otp": wrong_for(&code) }),
                &s,
            )
            .await;
            answers.push(r.status.as_u16());
        }
        if round == 3 {
            // Even the right code waits for the period's end.
            let r = post_authed(
                &t,
                verify,
                json!({ "projectId": "shop", "attemptId": attempt, "otp": code }),
                &s,
            )
            .await;
            assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
        }
    }
    assert_eq!(
        answers.iter().filter(|s| **s == 401).count(),
        10,
        "{answers:?}"
    );
    assert!(answers[10..].iter().all(|s| *s == 429), "{answers:?}");
    let told = subjects(&t, ANN)
        .await
        .iter()
        .filter(|s| *s == "Wrong Oriel codes entered for your address")
        .count();
    assert_eq!(told, 1);
}
