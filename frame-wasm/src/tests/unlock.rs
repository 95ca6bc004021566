//! Unlocking the wallet, and when the frame asks frame-host for the recovery key (security
//! review W1): only right after a login's code, when this device has no wrap of the wallet
//! (to create it, or to enroll the device), and once. A stored session opens the wallet
//! with the device's own wrap; export never asks.

use std::{cell::RefCell, collections::HashMap, rc::Rc};

use oriel_protocol::{AllowList, ErrorCode, Reply, Request};
use pollster::block_on;
use serde_json::{json, Value};

use crate::{
    config::FrameConfig,
    env::HttpResponse,
    error::NOT_ENROLLED,
    frame::Frame,
    test_env::{Call, TestEnv},
};

const RECOVERY_KEY: &str = "/wallet/v1/recovery-key?projectId=demo";

/// A scripted frame-host with one user and their wallet, shared by the frames (devices)
/// made from it.
#[derive(Default)]
pub(super) struct Host {
    /// The stored wallet as created (without any device's wrap).
    wallet: Option<Value>,
    /// Each device's wrap, by the device's name.
    wraps: HashMap<&'static str, Value>,
}

fn reply(status: u16, body: Value) -> HttpResponse {
    HttpResponse {
        status,
        body: if body.is_null() {
            String::new()
        } else {
            body.to_string()
        },
    }
}

/// A frame for the device `device` of the user of `host`, logged out.
pub(super) fn device(host: &Rc<RefCell<Host>>, device: &'static str) -> Frame<TestEnv> {
    let host = Rc::clone(host);
    let pepper = if device == "a" { [1; 32] } else { [2; 32] };
    let env = TestEnv {
        answer: Some(Box::new(move |method, path, body| {
            let body: Value = body
                .map(|b| serde_json::from_str(b).unwrap())
                .unwrap_or_default();
            let mut host = host.borrow_mut();
            match (method, path) {
                ("POST", "/auth/v1/email/start") => {
                    reply(200, json!({ "attemptId": "att-1", "action": "VERIFY_OTP" }))
                }
                ("POST", "/auth/v1/email/verify") => reply(
                    200,
                    json!({
                        "accessToken": "access",
                        "refreshToken": "refresh",
                        "expiresIn": 900,
                        "user": { "userId": "user-1", "email": "ada@example.com" },
                    }),
                ),
                ("GET", "/wallet/v1/pepper?projectId=demo") => {
                    reply(200, json!({ "pepper": b64(&pepper) }))
                }
                ("GET", "/wallet/v1?projectId=demo") => {
                    let wallet = host.wallet.clone().map(|mut w| {
                        w["deviceWrap"] = host.wraps.get(device).cloned().unwrap_or_default();
                        w
                    });
                    reply(200, json!({ "wallet": wallet }))
                }
                ("GET", RECOVERY_KEY) => reply(200, json!({ "recoveryKey": b64(&[3; 32]) })),
                ("POST", "/wallet/v1") if host.wallet.is_none() => {
                    host.wraps.insert(device, body["deviceWrap"].clone());
                    host.wallet = Some(body);
                    reply(201, Value::Null)
                }
                ("PUT", "/wallet/v1/device-wrap") => {
                    host.wraps.insert(device, body["deviceWrap"].clone());
                    reply(204, Value::Null)
                }
                ("POST", "/auth/v1/export/start") => reply(200, json!({ "attemptId": "exp-1" })),
                ("POST", "/auth/v1/export/verify") => reply(204, Value::Null),
                _ => reply(
                    404,
                    json!({ "error": { "code": "not_found", "message": path } }),
                ),
            }
        })),
        ..TestEnv::default()
    };
    let config = FrameConfig {
        project_id: "demo".into(),
        allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
        default_chain_id: "eip155:1".into(),
        networks: Vec::new(),
    };
    let mut f = Frame::new(config, env);
    f.set_parent_origin("http://localhost:5173");
    f
}

fn b64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// Logs `f` in with the emailed code.
fn log_in(f: &mut Frame<TestEnv>) {
    let connect = Request::ConnectEmail {
        email: "ada@example.com".into(),
    };
    block_on(f.handle(connect)).unwrap();
    let otp = Request::ConnectOtp {
        otp: "123456".into(),
        chain_id: None,
        preferred_account_type: None,
    };
    // The code's reply is the user, as GetUser would answer.
    assert_eq!(
        block_on(f.handle(otp)),
        Ok(Reply::ConnectOtp(f.user().unwrap()))
    );
}

/// The same device after a reload: its storage, a fresh frame.
fn reload(host: &Rc<RefCell<Host>>, name: &'static str, f: Frame<TestEnv>) -> Frame<TestEnv> {
    let again = device(host, name);
    *again.env.storage.borrow_mut() = f.env.storage.take();
    again
}

fn asks_for_key(calls: &[Call]) -> usize {
    calls
        .iter()
        .filter(|(_, path, _)| path == RECOVERY_KEY)
        .count()
}

fn is_connected(f: &mut Frame<TestEnv>) -> bool {
    match block_on(f.handle(Request::IsConnected)) {
        Ok(Reply::IsConnected { is_connected }) => is_connected,
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_key_is_asked_once_at_the_first_login_and_never_after() {
    let host = Rc::default();
    let mut a = device(&host, "a");
    log_in(&mut a);
    assert_eq!(
        asks_for_key(&a.env.calls.borrow()),
        1,
        "to create the wallet"
    );
    let address = a.user().unwrap().address;

    let mut a = reload(&host, "a", a);
    assert!(is_connected(&mut a));
    assert_eq!(a.user().unwrap().address, address);
    block_on(a.handle(Request::StartExport)).unwrap();
    let reveal = Request::RevealRecoveryPhrase {
        otp: "123456".into(),
    };
    assert_eq!(block_on(a.handle(reveal)), Ok(Reply::RevealRecoveryPhrase));
    assert_eq!(
        asks_for_key(&a.env.calls.borrow()),
        0,
        "the device wrap opens the wallet, and export shows its phrase"
    );
}

#[test]
fn a_new_device_gets_the_key_at_its_login_and_stores_its_own_wrap() {
    let host = Rc::default();
    let mut a = device(&host, "a");
    log_in(&mut a);
    let address = a.user().unwrap().address;

    let mut b = device(&host, "b");
    log_in(&mut b);
    assert_eq!(asks_for_key(&b.env.calls.borrow()), 1);
    assert_eq!(b.user().unwrap().address, address, "the same wallet");
    assert!(host.borrow().wraps.contains_key("b"));

    let mut b = reload(&host, "b", b);
    assert!(is_connected(&mut b));
    assert_eq!(b.user().unwrap().address, address);
    assert_eq!(asks_for_key(&b.env.calls.borrow()), 0);
}

#[test]
fn a_stored_session_without_a_wrap_does_not_ask_for_the_key() {
    let host = Rc::default();
    let mut a = device(&host, "a");
    log_in(&mut a);
    let mut b = device(&host, "b");
    log_in(&mut b);
    // The device's wrap is gone (never stored, or lost): reopening a stored session must
    // not turn into a request for the recovery key.
    host.borrow_mut().wraps.remove("b");
    let mut b = reload(&host, "b", b);
    assert!(!is_connected(&mut b));
    let get_user = Request::GetUser {
        chain_id: None,
        preferred_account_type: None,
    };
    let err = block_on(b.handle(get_user)).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::NotConnected, NOT_ENROLLED)
    );
    assert_eq!(asks_for_key(&b.env.calls.borrow()), 0);

    // A login (a fresh code) enrolls the device again.
    log_in(&mut b);
    assert_eq!(asks_for_key(&b.env.calls.borrow()), 1);
    assert!(host.borrow().wraps.contains_key("b"));
}
