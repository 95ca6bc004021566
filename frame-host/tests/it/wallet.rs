//! The wallet API: blobs, device wraps, peppers, the recovery key and device revocation.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{wallet_body, Session, TestApp, DEV1, DEV2};
use serde_json::{json, Value};

async fn create(t: &TestApp, s: &Session, body: Value) -> common::Reply {
    t.call(Method::POST, "/wallet/v1", Some(body), Some(&s.access))
        .await
}

async fn wallet(t: &TestApp, s: &Session) -> Value {
    let r = t.get_auth("/wallet/v1?projectId=shop", &s.access).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}

/// Two devices of one user.
async fn two_devices(t: &TestApp) -> (Session, Session) {
    let a = t.login("ann@example.com", DEV1).await;
    t.advance_secs(30);
    let b = t.login_new_device("ann@example.com", DEV2).await;
    assert_eq!(a.user_id, b.user_id);
    (a, b)
}

#[tokio::test]
async fn wallet_create_is_atomic_and_a_second_create_is_409() {
    let t = TestApp::new().await;
    let (a, b) = two_devices(&t).await;
    assert_eq!(wallet(&t, &a).await, json!({ "wallet": null }));

    let r = create(&t, &a, wallet_body("w-1", "ZGV2aWNlMQ==")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let stored = json!({ "wallet": {
        "walletId": "w-1",
        "version": 1,
        "ciphertext": "Y2lwaGVydGV4dA==",
        "nonce": "AAECAwQFBgcICQoL",
        "recoveryWrap": "cmVjb3Zlcnk=",
        "deviceWrap": "ZGV2aWNlMQ==",
        "addresses": { "eip155": "0x00000000000000000000000000000000000000aa", "solana": "So11111111111111111111111111111111111111112" },
    }});
    assert_eq!(wallet(&t, &a).await, stored);

    // The other device races to create its own wallet: 409, and nothing of it is stored.
    let r = create(&t, &b, wallet_body("w-2", "ZGV2aWNlMg==")).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.json()["error"]["code"], "conflict");
    assert_eq!(
        wallet(&t, &a).await,
        stored,
        "the first wallet is unchanged"
    );
    let seen_by_b = wallet(&t, &b).await;
    assert_eq!(seen_by_b["wallet"]["walletId"], "w-1");
    assert_eq!(
        seen_by_b["wallet"]["deviceWrap"],
        Value::Null,
        "b's wrap was not stored"
    );

    // b adds its own wrap of the stored wallet.
    let put = |s: &Session, wallet_id: &str, wrap: &str| {
        let body = json!({ "projectId": "shop", "walletId": wallet_id, "deviceWrap": wrap });
        let (t, access) = (&t, s.access.clone());
        async move {
            t.call(
                Method::PUT,
                "/wallet/v1/device-wrap",
                Some(body),
                Some(&access),
            )
            .await
        }
    };
    assert_eq!(
        put(&b, "w-2", "ZGV2aWNlMg==").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        put(&b, "w-1", "ZGV2aWNlMg==").await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(wallet(&t, &b).await["wallet"]["deviceWrap"], "ZGV2aWNlMg==");
    assert_eq!(wallet(&t, &a).await, stored, "a's wrap is its own");
}

#[tokio::test]
async fn wallet_input_is_checked() {
    let t = TestApp::new().await;
    let s = t.login("ann@example.com", DEV1).await;
    let mut cases = vec![];
    for (field, value) in [
        ("ciphertext", json!("not base64!")),
        ("nonce", json!("")),
        ("walletId", json!("")),
        ("walletId", json!("a/b")),
        ("version", json!(0)),
        ("deviceWrap", json!(null)),
        ("projectId", json!("demo")),
    ] {
        let mut body = wallet_body("w-1", "ZA==");
        body[field] = value;
        cases.push((field, body));
    }
    for (field, body) in cases {
        let r = create(&t, &s, body).await;
        assert!(r.status.is_client_error(), "{field}: {}", r.status);
    }
    assert_eq!(wallet(&t, &s).await, json!({ "wallet": null }));
}

#[tokio::test]
async fn peppers_are_per_device_and_stable() {
    let t = TestApp::new().await;
    let (a, b) = two_devices(&t).await;
    let pepper = |s: &Session| {
        let (t, access) = (&t, s.access.clone());
        async move {
            let r = t
                .get_auth("/wallet/v1/pepper?projectId=shop", &access)
                .await;
            assert_eq!(r.status, StatusCode::OK);
            r.json()["pepper"].as_str().unwrap().to_owned()
        }
    };
    let pa = pepper(&a).await;
    assert_eq!(base64_len(&pa), 32);
    assert_eq!(pepper(&a).await, pa, "created once");
    assert_ne!(pepper(&b).await, pa, "per device");
}

#[tokio::test]
async fn a_revoked_device_loses_its_pepper_and_sessions() {
    let t = TestApp::new().await;
    let (a, b) = two_devices(&t).await;
    let r = create(&t, &a, wallet_body("w-1", "ZGV2aWNlMQ==")).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let old = t
        .get_auth("/wallet/v1/pepper?projectId=shop", &a.access)
        .await
        .json()["pepper"]
        .clone();

    // Device b revokes device a.
    let r = t
        .call(
            Method::DELETE,
            &format!("/auth/v1/devices/{DEV1}?projectId=shop"),
            None,
            Some(&b.access),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let again = t
        .call(
            Method::DELETE,
            &format!("/auth/v1/devices/{DEV1}?projectId=shop"),
            None,
            Some(&b.access),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    // a's access token, refresh token and pepper are gone.
    let r = t
        .get_auth("/wallet/v1/pepper?projectId=shop", &a.access)
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.json()["error"]["message"], "Session Expired");
    let r = t
        .post(
            "/auth/v1/session/refresh",
            json!({ "projectId": "shop", "refreshToken": a.refresh, "deviceId": DEV1 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        wallet(&t, &b).await["wallet"]["walletId"],
        "w-1",
        "b is unaffected"
    );

    // Logging in again on a needs device approval, and gets a new pepper that cannot open
    // the old wrap (which is gone too).
    t.advance_secs(30);
    let a2 = t.login_new_device("ann@example.com", DEV1).await;
    let fresh = t
        .get_auth("/wallet/v1/pepper?projectId=shop", &a2.access)
        .await
        .json()["pepper"]
        .clone();
    assert_ne!(fresh, old);
    assert_eq!(wallet(&t, &a2).await["wallet"]["deviceWrap"], Value::Null);
}

#[tokio::test]
async fn the_recovery_key_is_per_wallet() {
    let t = TestApp::new().await;
    let (a, b) = two_devices(&t).await;
    let key = |s: &Session| {
        let (t, access) = (&t, s.access.clone());
        async move {
            let r = t
                .get_auth("/wallet/v1/recovery-key?projectId=shop", &access)
                .await;
            assert_eq!(r.status, StatusCode::OK);
            r.json()["recoveryKey"].as_str().unwrap().to_owned()
        }
    };
    let ka = key(&a).await;
    assert_eq!(base64_len(&ka), 32);
    // Before the wallet exists, each login gets a key of its own.
    let early = key(&b).await;
    assert_ne!(early, ka, "another login, another key");
    let r = create(&t, &a, wallet_body("w-1", "ZGV2aWNlMQ==")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    // The wallet's key is its creating login's: the other device now gets that one.
    assert_eq!(key(&b).await, ka, "same wallet, any device");
    let other = t.login("bob@example.com", DEV1).await;
    assert_ne!(key(&other).await, ka);

    let kek = t.config.data_dir.join(oriel_frame_host::KEK_FILE);
    assert_eq!(std::fs::read(&kek).unwrap().len(), 32);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&kek).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}

#[tokio::test]
async fn wallet_routes_need_a_session_of_the_project() {
    let t = TestApp::new().await;
    let s = t.login("ann@example.com", DEV1).await;
    for uri in [
        "/wallet/v1?projectId=shop",
        "/wallet/v1/pepper?projectId=shop",
        "/wallet/v1/recovery-key?projectId=shop",
    ] {
        let r = t.get(uri).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{uri}");
        assert_eq!(r.json()["error"]["message"], "Invalid key");
        let other = uri.replace("shop", "demo");
        let r = t.get_auth(&other, &s.access).await;
        assert_eq!(
            r.status,
            StatusCode::UNAUTHORIZED,
            "{other}: another project"
        );
        let r = t
            .get_auth(&uri.replace("?projectId=shop", ""), &s.access)
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{uri}: no projectId");
    }
}

fn base64_len(s: &str) -> usize {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode(s)
        .unwrap()
        .len()
}
