//! Farcaster login through the dispatcher, against a scripted frame-host whose relay channel
//! is pending, completed or gone.

use std::{cell::Cell, rc::Rc};

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use oriel_protocol::{AllowList, ErrorCode, Reply, Request};
use pollster::block_on;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::{
    config::FrameConfig,
    env::HttpResponse,
    error::{FARCASTER_EXPIRED, FARCASTER_PENDING, NO_FARCASTER_LOGIN, NO_PARENT_ORIGIN},
    frame::Frame,
    test_env::TestEnv,
};

/// What the scripted relay says of the channel.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Channel {
    Pending,
    Completed,
    Gone,
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
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// A frame whose frame-host runs a relay channel in the state `channel` says, expiring in
/// `expires_in` seconds, with a user whose wallet is made on first login.
fn frame(channel: Rc<Cell<Channel>>, expires_in: u64) -> Frame<TestEnv> {
    let wallet: Rc<std::cell::RefCell<Option<Value>>> = Rc::default();
    let env = TestEnv {
        answer: Some(Box::new(move |method, path, body| {
            let body: Value = body
                .map(|b| serde_json::from_str(b).unwrap())
                .unwrap_or_default();
            match (method, path) {
                ("POST", "/auth/v1/farcaster/start") => reply(
                    200,
                    json!({
                        "channelToken": "chan-1",
                        "url": "https://farcaster.test/~/siwf?channelToken=chan-1&nonce=n",
                        "nonce": "abcdef0123456789",
                        "expiresIn": expires_in,
                    }),
                ),
                ("GET", "/v1/channel/status") => match channel.get() {
                    Channel::Pending => reply(202, json!({ "state": "pending" })),
                    Channel::Completed => reply(200, json!({ "state": "completed" })),
                    Channel::Gone => reply(
                        401,
                        json!({ "error": { "code": "unauthorized", "message": "Unknown or expired channel" } }),
                    ),
                },
                ("POST", "/auth/v1/farcaster/redeem") => reply(
                    200,
                    json!({
                        "accessToken": "access", "refreshToken": "refresh", "expiresIn": 900,
                        "user": { "userId": "user-7" },
                        "farcaster": { "fid": 7, "username": "devnet-ada", "displayName": "Ada",
                                       "pfpUrl": "https://i.farcaster.test/ada.png",
                                       "custody": "0x6fE49Df8fa2Fa9e339f46ffed66149b460E43920" },
                    }),
                ),
                ("GET", "/wallet/v1/pepper?projectId=demo") => {
                    reply(200, json!({ "pepper": b64(&[1; 32]) }))
                }
                ("GET", "/wallet/v1?projectId=demo") => {
                    reply(200, json!({ "wallet": wallet.borrow().clone() }))
                }
                ("GET", "/wallet/v1/recovery-key?projectId=demo") => {
                    reply(200, json!({ "recoveryKey": b64(&[3; 32]) }))
                }
                ("POST", "/wallet/v1") => {
                    *wallet.borrow_mut() = Some(body);
                    reply(201, Value::Null)
                }
                ("POST", "/auth/v1/signout") => reply(204, Value::Null),
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

fn sent(f: &Frame<TestEnv>, path: &str) -> Vec<Value> {
    f.env
        .calls
        .borrow()
        .iter()
        .filter(|(_, p, _)| p == path)
        .map(|(_, _, body)| serde_json::from_str(body.as_deref().unwrap_or("null")).unwrap())
        .collect()
}

fn polls(f: &Frame<TestEnv>) -> usize {
    sent(f, "/v1/channel/status").len()
}

#[test]
fn the_link_comes_from_a_channel_for_the_pages_origin() {
    let mut f = frame(Rc::new(Cell::new(Channel::Pending)), 600);
    let url = block_on(f.handle(Request::GetFarcasterUri)).unwrap();
    assert_eq!(
        url,
        Reply::GetFarcasterUri {
            url: "https://farcaster.test/~/siwf?channelToken=chan-1&nonce=n".into()
        }
    );
    let start = &sent(&f, "/auth/v1/farcaster/start")[0];
    assert_eq!(start["projectId"], "demo");
    assert_eq!(start["origin"], "http://localhost:5173");
    assert_eq!(start["challenge"].as_str().unwrap().len(), 43);
    assert_eq!(start["deviceId"].as_str().unwrap().len(), 32);

    // Without the page's origin (no handshake) there is no link.
    let mut bare = frame(Rc::new(Cell::new(Channel::Pending)), 600);
    bare.parent_origin = String::new();
    let e = block_on(bare.handle(Request::GetFarcasterUri)).unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        (ErrorCode::Internal, NO_PARENT_ORIGIN)
    );
}

#[test]
fn connecting_waits_for_the_approval_then_logs_in() {
    let channel = Rc::new(Cell::new(Channel::Pending));
    let mut f = frame(Rc::clone(&channel), 600);
    let e = block_on(f.handle(Request::ConnectFarcaster)).unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        (ErrorCode::InvalidParams, NO_FARCASTER_LOGIN)
    );
    block_on(f.handle(Request::GetFarcasterUri)).unwrap();

    // Not approved yet: one look at the channel, then "not yet" (NotConnected: the host asks
    // again), each time.
    for asked in 1..=2 {
        let e = block_on(f.handle(Request::ConnectFarcaster)).unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            (ErrorCode::NotConnected, FARCASTER_PENDING)
        );
        assert_eq!(polls(&f), asked);
    }
    assert!(f.user().is_none());

    channel.set(Channel::Completed);
    let answer = block_on(f.answer(0, Request::ConnectFarcaster));
    assert!(answer.session_changed);
    assert_eq!(
        answer.reply.unwrap(),
        Reply::ConnectFarcaster {
            user_name: "devnet-ada".into(),
            avatar: Some("https://i.farcaster.test/ada.png".into()),
        }
    );
    // Redeemed with the verifier whose S256 was the start's challenge, by the same device.
    let start = &sent(&f, "/auth/v1/farcaster/start")[0];
    let redeem = &sent(&f, "/auth/v1/farcaster/redeem")[0];
    let verifier = redeem["verifier"].as_str().unwrap();
    assert_eq!(
        URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())),
        start["challenge"].as_str().unwrap()
    );
    assert_eq!(redeem["deviceId"], start["deviceId"]);
    assert_eq!(redeem["channelToken"], "chan-1");
    // The wallet is open, the user named after the account, without an email.
    let user = f.user().unwrap();
    assert_eq!(user.user_name.as_deref(), Some("devnet-ada"));
    assert_eq!(user.email, None);
    assert!(user.address.starts_with("0x"));
    // The login is over: asking again is no login.
    let e = block_on(f.handle(Request::ConnectFarcaster)).unwrap_err();
    assert_eq!(e.message, NO_FARCASTER_LOGIN);

    // Signing out forgets the account with the session.
    block_on(f.handle(Request::SignOut)).unwrap();
    assert_eq!(crate::env::Env::load(&f.env, "oriel/farcaster/demo"), None);
}

#[test]
fn an_expired_channel_ends_the_login() {
    // The relay no longer knows the channel.
    let channel = Rc::new(Cell::new(Channel::Gone));
    let mut f = frame(Rc::clone(&channel), 600);
    block_on(f.handle(Request::GetFarcasterUri)).unwrap();
    let e = block_on(f.handle(Request::ConnectFarcaster)).unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        (ErrorCode::Unauthorized, FARCASTER_EXPIRED)
    );
    assert_eq!(polls(&f), 1);
    let e = block_on(f.handle(Request::ConnectFarcaster)).unwrap_err();
    assert_eq!(e.message, NO_FARCASTER_LOGIN);

    // Its time is up by the frame's own clock: no poll at all.
    let mut f = frame(Rc::new(Cell::new(Channel::Pending)), 0);
    block_on(f.handle(Request::GetFarcasterUri)).unwrap();
    let e = block_on(f.handle(Request::ConnectFarcaster)).unwrap_err();
    assert_eq!(e.message, FARCASTER_EXPIRED);
    assert_eq!(polls(&f), 0);
}

#[test]
fn the_accounts_name_is_shown_for_its_user_only() {
    let mut f = frame(Rc::new(Cell::new(Channel::Completed)), 600);
    block_on(f.handle(Request::GetFarcasterUri)).unwrap();
    block_on(f.handle(Request::ConnectFarcaster)).unwrap();
    assert!(crate::store::farcaster_profile(&f.env, "demo", "user-7").is_some());
    // Another user's session on this device (an email login) does not wear it.
    assert_eq!(
        crate::store::farcaster_profile(&f.env, "demo", "user-8"),
        None
    );
}
