use std::cell::RefCell;
use std::rc::Rc;

use crate::{
    config::FrameConfig,
    env::HttpResponse,
    error::NO_EXPORT,
    frame::Frame,
    screen::Outcome,
    test_env::{log_in, TestEnv},
};
use oriel_protocol::{
    AllowList, Body, Envelope, ErrorCode, FrameEvent, Reply, Request, RevealPurpose,
    SUPPORTED_VERSIONS,
};
use pollster::block_on;

const PROJECT: &str = "demo";

/// A logged-in frame whose frame-host accepts code `123456` once; records the bodies sent.
fn frame(bodies: Rc<RefCell<Vec<String>>>) -> Frame<TestEnv> {
    let used = Rc::new(RefCell::new(false));
    let env = TestEnv {
        answer: Some(Box::new(move |_, path, body| {
            bodies.borrow_mut().push(body.unwrap_or_default().into());
            let reply = |status: u16, body: &str| HttpResponse {
                status,
                body: body.into(),
            };
            match path {
                "/auth/v1/export/start" => reply(200, r#"{"attemptId":"exp-1"}"#),
                "/auth/v1/export/verify"
                    if body.is_some_and(|b| b.contains("\"123456\"")) && !*used.borrow() =>
                {
                    *used.borrow_mut() = true;
                    reply(204, "")
                }
                _ => reply(
                    401,
                    r#"{"error":{"code":"unauthorized","message":"Invalid code"}}"#,
                ),
            }
        })),
        ..TestEnv::default()
    };
    let config = FrameConfig {
        project_id: PROJECT.into(),
        allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
        default_chain_id: "eip155:1".into(),
        networks: Vec::new(),
    };
    let mut f = Frame::new(config, env);
    f.set_parent_origin("http://localhost:5173");
    log_in(&mut f);
    f
}

fn reveal(otp: &str) -> Request {
    Request::RevealRecoveryPhrase { otp: otp.into() }
}

#[test]
fn the_phrase_is_shown_in_the_frame_only_after_the_code() {
    let bodies = Rc::default();
    let mut f = frame(Rc::clone(&bodies));
    let phrase = f
        .session
        .unlocked
        .as_ref()
        .unwrap()
        .wallet
        .recovery_phrase();

    let err = block_on(f.handle(reveal("123456"))).unwrap_err();
    assert_eq!(err.message, NO_EXPORT, "a code needs a started export");
    assert_eq!(
        block_on(f.handle(Request::StartExport)),
        Ok(Reply::StartExport)
    );

    let err = block_on(f.handle(reveal("999999"))).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::Unauthorized, "Invalid code")
    );
    assert!(
        f.env.shown.borrow().is_empty(),
        "nothing shown after a wrong code"
    );

    let reply = block_on(f.handle_as(41, reveal("123456")));
    assert_eq!(reply, Ok(Reply::RevealRecoveryPhrase));
    assert_eq!(
        *f.env.shown.borrow(),
        vec![format!("phrase: {}", phrase.as_str())]
    );
    // The host was asked to show the frame for request 41, and told nothing else.
    let posted = f.env.posted.take();
    assert_eq!(posted.len(), 1);
    let event = Envelope::decode(&posted[0], SUPPORTED_VERSIONS)
        .unwrap()
        .body;
    assert_eq!(
        event,
        Body::Event(FrameEvent::Reveal {
            request_id: 41,
            purpose: RevealPurpose::RecoveryPhrase
        })
    );
    // No request to frame-host carried a word of the phrase.
    let first_word = phrase.split(' ').next().unwrap();
    assert!(bodies.borrow().iter().all(|b| !b.contains(first_word)));
    // The code is spent and the export over.
    let err = block_on(f.handle(reveal("123456"))).unwrap_err();
    assert_eq!(err.message, NO_EXPORT);
}

#[test]
fn an_abort_while_shown_is_an_aborted_reply() {
    let mut f = frame(Rc::default());
    f.env.outcome.set(Some(Outcome::Aborted));
    block_on(f.handle(Request::StartExport)).unwrap();
    let err = block_on(f.handle(reveal("123456"))).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::Aborted, "Request was aborted")
    );
}

#[test]
fn needs_a_session_and_a_six_digit_code() {
    let mut f = frame(Rc::default());
    assert_eq!(
        block_on(f.handle(reveal("12ab56"))).unwrap_err().code,
        ErrorCode::InvalidParams
    );
    block_on(f.handle(Request::SignOut)).unwrap();
    assert_eq!(
        block_on(f.handle(Request::StartExport)).unwrap_err().code,
        ErrorCode::NotConnected
    );
}
