//! Crash safety of the real binary: SIGKILL it, restart it on the same data dir, and the
//! session, keys and wallet are all there, complete and exactly once.
//!
//! A SIGKILL in the middle of `POST /wallet/v1` cannot be timed deterministically from
//! here; that case rests on the wallet and its device wrap being written in one
//! transaction (see the store's `wallet_create_is_atomic` test).

use crate::common;

use serde_json::{json, Value};

use common::{binary::Server, code_in, DEV1};

fn wallet_body() -> Value {
    json!({
        "projectId": "demo",
        "walletId": "w-crash",
        "version": 1,
        "ciphertext": "Y2lwaGVydGV4dA==",
        "nonce": "AAECAwQFBgcICQoL",
        "recoveryWrap": "cmVjb3Zlcnk=",
        "deviceWrap": "ZGV2aWNlMQ==",
        "addresses": { "eip155": "0x00000000000000000000000000000000000000aa", "solana": null },
    })
}

#[tokio::test]
async fn sigkill_and_restart_keep_sessions_and_exactly_one_wallet() {
    let dir = tempfile::tempdir().unwrap();
    let email = "crash@example.com";

    // Run 1: log in, then die before any wallet is stored.
    let server = Server::start(dir.path());
    let (status, start) = server
        .call(
            "POST",
            "/auth/v1/email/start",
            Some(json!({ "projectId": "demo", "email": email, "deviceId": DEV1 })),
            None,
        )
        .await;
    assert_eq!(status, 200, "{start}");
    server.confirm_signup(email).await;
    let (status, approved) = server
        .call(
            "POST",
            "/auth/v1/device/status",
            Some(json!({ "projectId": "demo", "attemptId": start["attemptId"], "deviceId": DEV1 })),
            None,
        )
        .await;
    assert_eq!((status, approved), (200, json!({ "approved": true })));
    let (_, mails) = server
        .call("GET", &format!("/dev/mailbox?to={email}"), None, None)
        .await;
    let code = code_in(mails[0]["text"].as_str().unwrap()).unwrap();
    let (status, session) = server
        .call(
            "POST",
            "/auth/v1/email/verify",
            Some(json!({ "projectId": "demo", "attemptId": start["attemptId"], "deviceId": DEV1, "otp": code })),
            None,
        )
        .await;
    assert_eq!(status, 200, "{session}");
    let user_id = session["user"]["userId"].clone();
    let (_, recovery) = server
        .call(
            "GET",
            "/wallet/v1/recovery-key?projectId=demo",
            None,
            session["accessToken"].as_str(),
        )
        .await;
    server.kill();

    // Run 2: the keys and the session survived; log in again with the refresh token and
    // store the wallet.
    let server = Server::start(dir.path());
    let (status, wallet) = server
        .call(
            "GET",
            "/wallet/v1?projectId=demo",
            None,
            session["accessToken"].as_str(),
        )
        .await;
    assert_eq!(
        (status, wallet),
        (200, json!({ "wallet": null })),
        "the JWT key survived"
    );
    let (status, again) = server
        .call(
            "POST",
            "/auth/v1/session/refresh",
            Some(json!({ "projectId": "demo", "refreshToken": session["refreshToken"], "deviceId": DEV1 })),
            None,
        )
        .await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["user"]["userId"], user_id);
    let access = again["accessToken"].as_str().unwrap().to_owned();
    let (_, recovery2) = server
        .call(
            "GET",
            "/wallet/v1/recovery-key?projectId=demo",
            None,
            Some(&access),
        )
        .await;
    assert_eq!(recovery2, recovery, "the KEK survived");
    let (status, _) = server
        .call("POST", "/wallet/v1", Some(wallet_body()), Some(&access))
        .await;
    assert_eq!(status, 201);
    // Killed right after the 201: the commit came before the answer.
    server.kill();

    // Run 3: exactly one complete wallet.
    let server = Server::start(dir.path());
    let (status, wallet) = server
        .call("GET", "/wallet/v1?projectId=demo", None, Some(&access))
        .await;
    assert_eq!(status, 200);
    let mut want = wallet_body();
    want.as_object_mut().unwrap().remove("projectId");
    assert_eq!(wallet, json!({ "wallet": want }));
    let (status, _) = server
        .call("POST", "/wallet/v1", Some(wallet_body()), Some(&access))
        .await;
    assert_eq!(status, 409, "still exactly one wallet");
    server.kill();
}
