//! Security review W1: the recovery key (which, with the wallet blob, opens the seed) goes
//! only to a device that needs it, once, right after that device's login code: to create the
//! wallet, or to enroll a new device. Any other session is refused; export never gets it;
//! releases are rate-limited and logged.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{wallet_body, Reply, Session, TestApp, DEV1, DEV2, DEV3};
use serde_json::json;

const ANN: &str = "ann@example.com";
const HAS_DEVICE_WRAP: &str =
    "The recovery key is not released to a device that already holds a key to the wallet";
const LOGIN_NOT_FRESH: &str =
    "The recovery key is released only right after a login with an emailed code: log in again";
const ALREADY_RELEASED: &str = "The recovery key was already released for this login: log in again";

async fn recovery_key(t: &TestApp, s: &Session) -> Reply {
    t.get_auth("/wallet/v1/recovery-key?projectId=shop", &s.access)
        .await
}

/// The key of an answer that released it.
fn key_of(r: &Reply) -> String {
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()["recoveryKey"].as_str().unwrap().to_owned()
}

fn forbidden(r: &Reply, why: &str) {
    assert_eq!(
        r.error(),
        (403, "forbidden".into(), why.into()),
        "{}",
        r.body
    );
}

/// Creates the user's wallet with `s`'s device wrap.
async fn create_wallet(t: &TestApp, s: &Session) {
    let body = wallet_body("w-1", "ZGV2aWNlMQ==");
    let r = t
        .call(Method::POST, "/wallet/v1", Some(body), Some(&s.access))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
}

async fn put_device_wrap(t: &TestApp, s: &Session) {
    let body = json!({ "projectId": "shop", "walletId": "w-1", "deviceWrap": "ZGV2aWNlMg==" });
    let r = t
        .call(
            Method::PUT,
            "/wallet/v1/device-wrap",
            Some(body),
            Some(&s.access),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
}

async fn refresh(t: &TestApp, s: &Session, device: &str) -> Session {
    Session::from_reply(
        &t.post(
            "/auth/v1/session/refresh",
            json!({ "projectId": "shop", "refreshToken": s.refresh, "deviceId": device }),
        )
        .await,
    )
}

/// The audit log: (user, device, purpose, client ip, released at) of every release.
async fn releases(t: &TestApp) -> Vec<(String, String, String, String, i64)> {
    let url = format!(
        "sqlite://{}",
        t.config.data_dir.join("oriel.sqlite").display()
    );
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let rows = sqlx::query_as(
        "SELECT user_id, device_id, purpose, client_ip, released_at FROM recovery_releases \
         ORDER BY released_at",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    pool.close().await;
    rows
}

#[tokio::test]
async fn a_session_whose_device_holds_a_wrap_never_gets_the_key() {
    let t = TestApp::new().await;
    let a = t.login(ANN, DEV1).await;
    let key = key_of(&recovery_key(&t, &a).await);
    // Creating may ask again in its login (a retry after a failed create).
    assert_eq!(key_of(&recovery_key(&t, &a).await), key);
    create_wallet(&t, &a).await;

    // The attack of the review: a session of a device that opens the wallet with its own
    // wrap asks again and again. Every ask is refused, however fresh the login.
    for _ in 0..30 {
        forbidden(&recovery_key(&t, &a).await, HAS_DEVICE_WRAP);
    }
    t.advance_secs(30);
    let again = t.login(ANN, DEV1).await;
    forbidden(&recovery_key(&t, &again).await, HAS_DEVICE_WRAP);
    let rotated = refresh(&t, &again, DEV1).await;
    forbidden(&recovery_key(&t, &rotated).await, HAS_DEVICE_WRAP);
    assert_eq!(releases(&t).await.len(), 2, "only the creation's");
}

#[tokio::test]
async fn a_new_device_gets_the_key_once_right_after_its_code() {
    let t = TestApp::new().await;
    let a = t.login(ANN, DEV1).await;
    let key = key_of(&recovery_key(&t, &a).await);
    create_wallet(&t, &a).await;

    // Enrolling a new device: its login gets the key once, then re-wraps for itself.
    t.advance_secs(30);
    let b = t.login_new_device(ANN, DEV2).await;
    assert_eq!(key_of(&recovery_key(&t, &b).await), key);
    forbidden(&recovery_key(&t, &b).await, ALREADY_RELEASED);
    // A rotated token is the same login: still once.
    let b2 = refresh(&t, &b, DEV2).await;
    forbidden(&recovery_key(&t, &b2).await, ALREADY_RELEASED);
    put_device_wrap(&t, &b2).await;
    forbidden(&recovery_key(&t, &b2).await, HAS_DEVICE_WRAP);

    // A device that did not ask at once after its code has to log in again.
    t.advance_secs(30);
    let c = t.login_new_device(ANN, DEV3).await;
    t.advance_secs(11 * 60);
    forbidden(&recovery_key(&t, &c).await, LOGIN_NOT_FRESH);
    let c2 = refresh(&t, &c, DEV3).await;
    forbidden(&recovery_key(&t, &c2).await, LOGIN_NOT_FRESH);
    let c3 = t.login(ANN, DEV3).await;
    assert_eq!(key_of(&recovery_key(&t, &c3).await), key);

    let log = releases(&t).await;
    let purposes: Vec<(&str, &str)> = log
        .iter()
        .map(|(_, device, purpose, _, _)| (device.as_str(), purpose.as_str()))
        .collect();
    assert_eq!(
        purposes,
        [(DEV1, "create"), (DEV2, "enroll"), (DEV3, "enroll")]
    );
    for (user, _, _, ip, at) in &log {
        assert_eq!(user, &a.user_id);
        assert_eq!(ip, "10.0.0.1");
        assert!(*at > 0);
    }
}

#[tokio::test]
async fn export_needs_a_fresh_code_and_never_releases_the_key() {
    let t = TestApp::new().await;
    let a = t.login(ANN, DEV1).await;
    key_of(&recovery_key(&t, &a).await);
    create_wallet(&t, &a).await;

    let r = t
        .call(
            Method::POST,
            "/auth/v1/export/start",
            Some(json!({ "projectId": "shop" })),
            Some(&a.access),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let attempt = r.json()["attemptId"].as_str().unwrap().to_owned();
    let code = t.last_code(ANN).await;
    let verify = |otp: &str| {
        let body = json!({ "projectId": "shop", "attemptId": attempt, "otp": otp });
        let (t, access) = (&t, a.access.clone());
        async move {
            t.call(
                Method::POST,
                "/auth/v1/export/verify",
                Some(body),
                Some(&access),
            )
            .await
        }
    };
    let wrong = if code == "000000" { "111111" } else { "000000" };
    assert_eq!(verify(wrong).await.status, StatusCode::UNAUTHORIZED);
    forbidden(&recovery_key(&t, &a).await, HAS_DEVICE_WRAP);
    assert_eq!(verify(&code).await.status, StatusCode::NO_CONTENT);
    // The frame shows the phrase of the wallet it opened with its device wrap: the export
    // code is no way to the recovery key.
    forbidden(&recovery_key(&t, &a).await, HAS_DEVICE_WRAP);
    assert_eq!(releases(&t).await.len(), 1);
}

#[tokio::test]
async fn releases_are_rate_limited_per_user() {
    let t = TestApp::new().await;
    // A user without a wallet logs in again and again, and each login asks for the key.
    for n in 0..5 {
        let s = t.login(ANN, DEV1).await;
        key_of(&recovery_key(&t, &s).await);
        t.advance_secs(31);
        assert_eq!(releases(&t).await.len(), n + 1);
    }
    let s = t.login(ANN, DEV1).await;
    let r = recovery_key(&t, &s).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    assert_eq!(releases(&t).await.len(), 5, "a refused ask is no release");
    // An hour after the first release, the window is over.
    t.advance_secs(3600);
    let s = t.login(ANN, DEV1).await;
    key_of(&recovery_key(&t, &s).await);
}

/// Issue 38 M-5: a key released for "create" before the wallet exists is that login's own;
/// the wallet takes the key of the login that creates it, so a key fetched earlier by
/// another login (an intruder's, say, before the owner made the wallet) opens nothing.
#[tokio::test]
async fn a_key_released_before_the_wallet_exists_does_not_open_it() {
    let t = TestApp::new().await;
    let owner = t.login(ANN, DEV1).await;
    t.advance_secs(30);
    let intruder = t.login_new_device(ANN, DEV3).await;
    let early = key_of(&recovery_key(&t, &intruder).await);

    t.advance_secs(30);
    let owner_again = t.login(ANN, DEV1).await;
    assert_eq!(owner_again.user_id, owner.user_id);
    let creating = key_of(&recovery_key(&t, &owner_again).await);
    assert_eq!(
        key_of(&recovery_key(&t, &owner_again).await),
        creating,
        "one key per login"
    );
    create_wallet(&t, &owner_again).await;

    // A new device enrolls and gets the wallet's key: the creating login's, not the early one.
    t.advance_secs(30);
    let enrolling = t.login_new_device(ANN, DEV2).await;
    let wallets = key_of(&recovery_key(&t, &enrolling).await);
    assert_eq!(wallets, creating, "the wallet opens with its creator's key");
    assert_ne!(
        early, wallets,
        "a key released before the wallet opens nothing"
    );
}
