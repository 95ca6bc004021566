//! Social login through the dispatcher: the start at frame-host (the verifier stays in the
//! frame), the result message (only from frame-host's own origin, only for the login the frame
//! started, typed and bounded), the redeem with the verifier, and the same key custody as an
//! email login: a new account creates its wallet, a new device gets the same wallet back.

use std::{cell::RefCell, collections::HashMap, rc::Rc};

use oriel_protocol::{AllowList, ErrorCode, Reply, Request, SocialProvider};
use pollster::block_on;
use serde_json::{json, Value};

use crate::{
    config::FrameConfig,
    env::{HttpResponse, WindowMessage},
    error::NO_SOCIAL_LOGIN,
    flow::SocialLogin,
    frame::Frame,
    handlers::social::{accept, s256, Outcome, MAX_MESSAGE, NO_RESULT},
    test_env::{TestEnv, FRAME_ORIGIN},
};

const DAPP: &str = "http://localhost:5173";
const RECOVERY_KEY: &str = "/wallet/v1/recovery-key?projectId=demo";
const RESULT: &str = "ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12";

/// A scripted frame-host: social logins of one account, its user and wallet, shared by the
/// frames (devices) made from it.
#[derive(Default)]
struct Host {
    /// Each started login's challenge, by login id.
    challenges: HashMap<String, String>,
    /// The bodies of the starts and redeems, in order.
    bodies: Vec<Value>,
    /// The stored wallet (without any device's wrap).
    wallet: Option<Value>,
    /// Each device's wrap.
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

fn b64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// A frame for device `device`, its channel opened by the dapp at [`DAPP`], logged out.
fn device(host: &Rc<RefCell<Host>>, device: &'static str) -> Frame<TestEnv> {
    let host = Rc::clone(host);
    let pepper = if device == "a" { [1; 32] } else { [2; 32] };
    let env = TestEnv {
        answer: Some(Box::new(move |method, path, body| {
            let body: Value = body
                .map(|b| serde_json::from_str(b).unwrap())
                .unwrap_or_default();
            let mut host = host.borrow_mut();
            match (method, path) {
                ("POST", "/auth/v1/social/start") => {
                    host.bodies.push(body.clone());
                    let id = format!("login-{}", host.challenges.len() + 1);
                    let challenge = body["challenge"].as_str().unwrap().to_owned();
                    host.challenges.insert(id.clone(), challenge);
                    let uri = format!("http://127.0.0.1:8700/google/auth?state={id}.s");
                    reply(200, json!({ "loginId": id, "uri": uri, "expiresIn": 600 }))
                }
                ("POST", "/auth/v1/social/redeem") => {
                    host.bodies.push(body.clone());
                    let verifier = body["verifier"].as_str().unwrap();
                    let known = host.challenges.values().any(|c| *c == s256(verifier));
                    if body["result"] != RESULT || !known {
                        return reply(
                            401,
                            json!({ "error": { "code": "unauthorized",
                                "message": "This sign-in was started on another device" } }),
                        );
                    }
                    reply(
                        200,
                        json!({
                            "accessToken": "access", "refreshToken": "refresh", "expiresIn": 900,
                            "user": { "userId": "user-1" },
                            "social": { "provider": "google", "username": "carol",
                                        "email": null, "emailVerified": false },
                        }),
                    )
                }
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
        allowed_origins: AllowList::parse(&[DAPP]).unwrap(),
        default_chain_id: "eip155:1".into(),
        networks: Vec::new(),
    };
    let mut frame = Frame::new(config, env);
    frame.set_parent_origin(DAPP);
    frame
}

/// What frame-host's callback page posts for `login_id`.
fn posted(login_id: &str, outcome: Value) -> WindowMessage {
    let mut data = json!({ "type": "oriel:social-result", "version": 1, "loginId": login_id,
                           "provider": "google" });
    for (k, v) in outcome.as_object().unwrap() {
        data[k] = v.clone();
    }
    WindowMessage {
        origin: FRAME_ORIGIN.into(),
        data: data.to_string(),
    }
}

fn success(login_id: &str) -> WindowMessage {
    posted(login_id, json!({ "result": RESULT }))
}

/// `GetSocialRedirectUri` for Google: the provider URL.
fn start(f: &mut Frame<TestEnv>) -> String {
    let request = Request::GetSocialRedirectUri {
        provider: SocialProvider::Google,
    };
    match block_on(f.handle(request)) {
        Ok(Reply::GetSocialRedirectUri { uri }) => uri,
        other => panic!("{other:?}"),
    }
}

fn connect(f: &mut Frame<TestEnv>, uri: &str) -> Result<Reply, oriel_protocol::ErrorReply> {
    block_on(f.handle(Request::ConnectSocial { uri: uri.into() }))
}

/// Logs device `f` in with Google; the user.
fn log_in(f: &mut Frame<TestEnv>) -> oriel_protocol::User {
    let uri = start(f);
    let login_id = uri
        .split("state=")
        .nth(1)
        .unwrap()
        .split('.')
        .next()
        .unwrap();
    f.env.social_messages.borrow_mut().push(success(login_id));
    match connect(f, &uri) {
        Ok(Reply::ConnectSocial(user)) => user,
        other => panic!("{other:?}"),
    }
}

fn asks_for_key(f: &Frame<TestEnv>) -> usize {
    f.env
        .calls
        .borrow()
        .iter()
        .filter(|(_, path, _)| path == RECOVERY_KEY)
        .count()
}

#[test]
fn the_start_names_the_dapp_and_device_and_only_a_hash_of_the_verifier() {
    let host = Rc::default();
    let mut a = device(&host, "a");
    let uri = start(&mut a);
    assert!(uri.starts_with("http://127.0.0.1:8700/google/auth?"));
    let started = host.borrow().bodies[0].clone();
    assert_eq!(started["projectId"], "demo");
    assert_eq!(started["provider"], "google");
    assert_eq!(started["origin"], DAPP);
    assert_eq!(started["deviceId"].as_str().unwrap().len(), 32);
    let challenge = started["challenge"].as_str().unwrap();
    assert_eq!(challenge.len(), 43);

    let user = log_in(&mut a);
    let redeemed = host.borrow().bodies.last().unwrap().clone();
    let verifier = redeemed["verifier"].as_str().unwrap();
    assert_eq!(verifier.len(), 43);
    assert_ne!(verifier, challenge);
    assert_eq!(
        s256(verifier),
        host.borrow().bodies[1]["challenge"],
        "the redeem's verifier is the one whose hash the (second) start sent"
    );
    assert_eq!(redeemed["deviceId"], started["deviceId"]);
    assert_eq!(redeemed["result"], RESULT);
    assert_eq!(user.user_name.as_deref(), Some("carol"));
    assert_eq!(user.email, None, "a provider account without an email");
}

#[test]
fn a_new_account_creates_its_wallet_and_a_new_device_gets_it_back() {
    let host = Rc::default();
    let mut a = device(&host, "a");
    let first = log_in(&mut a);
    assert!(first.address.starts_with("0x"));
    assert_eq!(asks_for_key(&a), 1, "to create the wallet");
    assert!(host.borrow().wallet.is_some());

    // A new browser: the fresh provider login is its device verification.
    let mut b = device(&host, "b");
    let again = log_in(&mut b);
    assert_eq!(again.address, first.address, "the same wallet");
    assert_eq!(asks_for_key(&b), 1, "to enroll the device");
    assert!(host.borrow().wraps.contains_key("b"));

    // After a reload the stored session opens the wallet with the device's own wrap, and the
    // user keeps the provider's username.
    let mut b2 = device(&host, "b");
    *b2.env.storage.borrow_mut() = b.env.storage.take();
    let get_user = Request::GetUser {
        chain_id: None,
        preferred_account_type: None,
    };
    match block_on(b2.handle(get_user)) {
        Ok(Reply::GetUser(user)) => {
            assert_eq!(user.address, first.address);
            assert_eq!(user.user_name.as_deref(), Some("carol"));
            assert_eq!(user.email, None);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(asks_for_key(&b2), 0);
}

#[test]
fn the_result_may_arrive_while_the_frame_waits_and_others_are_ignored() {
    let host = Rc::default();
    let mut a = device(&host, "a");
    let uri = start(&mut a);
    let mut foreign = success("login-1");
    foreign.origin = DAPP.into();
    a.env.social_messages.borrow_mut().extend([
        foreign,
        success("login-0"),
        WindowMessage {
            origin: FRAME_ORIGIN.into(),
            data: "garbage".into(),
        },
    ]);
    a.env
        .social_later
        .borrow_mut()
        .push((3, success("login-1")));
    assert!(matches!(connect(&mut a, &uri), Ok(Reply::ConnectSocial(_))));
    assert_eq!(a.env.sleeps.get(), 3);
}

#[test]
fn a_failed_login_says_why_and_ends() {
    let host = Rc::default();
    let mut a = device(&host, "a");
    let uri = start(&mut a);
    let declined = json!({ "error": { "code": "access_denied",
                                      "message": "Sign-in with Google was declined" } });
    a.env
        .social_messages
        .borrow_mut()
        .push(posted("login-1", declined));
    let err = connect(&mut a, &uri).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::Unauthorized, "Sign-in with Google was declined")
    );
    let err = connect(&mut a, &uri).unwrap_err();
    assert_eq!(err.message, NO_SOCIAL_LOGIN, "the login ended");
    assert!(!host
        .borrow()
        .bodies
        .iter()
        .any(|b| b.get("verifier").is_some()));
}

#[test]
fn no_result_ends_the_wait_with_a_message() {
    let host = Rc::default();
    let mut a = device(&host, "a");
    let uri = start(&mut a);
    let err = connect(&mut a, &uri).unwrap_err();
    assert_eq!(err.message, NO_RESULT);
    assert_eq!(a.env.sleeps.get(), 49, "about 5 s in 100 ms steps");
    assert_eq!(connect(&mut a, &uri).unwrap_err().message, NO_SOCIAL_LOGIN);
}

#[test]
fn connect_needs_the_login_it_names() {
    let host = Rc::default();
    let mut a = device(&host, "a");
    assert_eq!(
        connect(&mut a, "http://127.0.0.1:8700/google/auth")
            .unwrap_err()
            .message,
        NO_SOCIAL_LOGIN
    );
    let uri = start(&mut a);
    let err = connect(&mut a, "http://127.0.0.1:8700/google/auth?state=other").unwrap_err();
    assert_eq!(err.message, NO_SOCIAL_LOGIN);
    // The login it started is still there.
    a.env.social_messages.borrow_mut().push(success("login-1"));
    assert!(matches!(connect(&mut a, &uri), Ok(Reply::ConnectSocial(_))));
}

#[test]
fn a_refused_redeem_leaves_no_session() {
    let host = Rc::default();
    let mut a = device(&host, "a");
    let uri = start(&mut a);
    // A result of another login of this device: frame-host refuses the verifier.
    host.borrow_mut().challenges.clear();
    a.env.social_messages.borrow_mut().push(success("login-1"));
    let err = connect(&mut a, &uri).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (
            ErrorCode::Unauthorized,
            "This sign-in was started on another device"
        )
    );
    assert_eq!(
        block_on(a.handle(Request::IsConnected)),
        Ok(Reply::IsConnected {
            is_connected: false
        })
    );
}

fn login() -> SocialLogin {
    SocialLogin {
        login_id: "L1".into(),
        provider: SocialProvider::Google,
        uri: "http://127.0.0.1:8700/google/auth?state=L1.s".into(),
        verifier: "v".repeat(43),
    }
}

fn message(origin: &str, data: Value) -> WindowMessage {
    WindowMessage {
        origin: origin.into(),
        data: data.to_string(),
    }
}

fn ok() -> Value {
    json!({ "type": "oriel:social-result", "version": 1, "loginId": "L1", "provider": "google",
            "result": RESULT })
}

#[test]
fn only_frame_hosts_own_origin_is_believed() {
    let l = login();
    assert_eq!(
        accept(&message(FRAME_ORIGIN, ok()), FRAME_ORIGIN, &l),
        Ok(Outcome::Redeem(RESULT.into()))
    );
    for origin in [
        "http://localhost:5173",
        "http://127.0.0.1:87870",
        "http://127.0.0.1:878",
        "https://127.0.0.1:8787",
        "http://127.0.0.1:8787/",
        "http://127.0.0.1",
        "http://127.0.0.1:8787.evil.example",
        "null",
        "",
    ] {
        assert_eq!(
            accept(&message(origin, ok()), FRAME_ORIGIN, &l),
            Err("a social result from another origin"),
            "{origin}"
        );
    }
}

#[test]
fn only_a_well_formed_result_of_this_login_is_accepted() {
    let l = login();
    let with = |key: &str, value: Value| {
        let mut data = ok();
        data[key] = value;
        accept(&message(FRAME_ORIGIN, data), FRAME_ORIGIN, &l)
    };
    assert_eq!(
        with("loginId", json!("L2")),
        Err("the result of another login")
    );
    assert_eq!(
        with("provider", json!("github")),
        Err("the result of another login")
    );
    assert_eq!(
        with("type", json!("oriel:social-done")),
        Err("a message of another type or version")
    );
    for version in [json!(2), json!(-1), json!("1"), json!(1.5)] {
        assert_eq!(
            with("version", version),
            Err("a message of another type or version")
        );
    }
    for bad in [
        with("result", json!("ab12")),
        with("result", json!(RESULT.replace('a', "g"))),
        with("result", json!(42)),
        with("result", Value::Null),
        with(
            "error",
            json!({ "code": "access_denied", "message": "declined" }),
        ),
        with("provider", json!("myspace")),
        with("loginId", json!({ "$gt": "" })),
        with("error", json!({ "code": "teapot", "message": "x" })),
        with("extra", json!("a key the callback never sends")),
    ] {
        assert_eq!(bad, Err("a malformed social result"));
    }
    for garbage in [
        "".to_owned(),
        "null".into(),
        "[]".into(),
        "\"oriel:social-result\"".into(),
        "{\"type\":\"oriel:social-result\"}".into(),
        "{".repeat(10_000),
        format!("{{\"pad\":\"{}\"}}", "x".repeat(MAX_MESSAGE)),
    ] {
        let m = WindowMessage {
            origin: FRAME_ORIGIN.into(),
            data: garbage,
        };
        assert!(accept(&m, FRAME_ORIGIN, &l).is_err());
    }
}

#[test]
fn a_failure_is_read_and_its_text_kept_fit_to_show() {
    let l = login();
    let failed = |message: Value| {
        let data = json!({ "type": "oriel:social-result", "version": 1, "loginId": "L1",
                           "provider": "google",
                           "error": { "code": "expired", "message": message } });
        accept(&message_of(data), FRAME_ORIGIN, &l)
    };
    fn message_of(data: Value) -> WindowMessage {
        message(FRAME_ORIGIN, data)
    }
    assert_eq!(
        failed(json!("This sign-in took too long: start again")),
        Ok(Outcome::Failed(
            "This sign-in took too long: start again".into()
        ))
    );
    assert_eq!(
        failed(json!("a\u{0}b\nc")),
        Ok(Outcome::Failed("abc".into()))
    );
    match failed(json!("x".repeat(1000))) {
        Ok(Outcome::Failed(text)) => assert_eq!(text.len(), 200),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        failed(json!(" ")),
        Ok(Outcome::Failed("The sign-in failed: start again".into()))
    );
}
