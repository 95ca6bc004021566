use crate::{
    config::FrameConfig,
    env::HttpResponse,
    error::{NETWORK_ERROR, NO_EMAIL_UPDATE},
    flow::Flow,
    frame::Frame,
    store::{self, SessionRecord},
    test_env::TestEnv,
};
use oriel_protocol::{AllowList, ErrorCode, ErrorReply, Reply, Request, UpdateEmailAction};
use pollster::block_on;

const PROJECT: &str = "demo";
/// The embedding page's origin: the frame keeps the session under it.
const SITE: &str = "http://localhost:5173";

fn frame(env: TestEnv) -> Frame<TestEnv> {
    let config = FrameConfig {
        project_id: PROJECT.into(),
        allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
        default_chain_id: "eip155:1".into(),
        networks: Vec::new(),
    };
    let mut f = Frame::new(config, env);
    f.set_parent_origin(SITE);
    f
}

fn logged_in(env: TestEnv) -> Frame<TestEnv> {
    let f = frame(env);
    let session = SessionRecord {
        access_token: "access".into(),
        // TestEnv's clock is 1_800_000_000_000: an hour left, so no refresh.
        access_expires_at: 1_800_003_600_000,
        refresh_token: "refresh".into(),
        user_id: "user-1".into(),
        email: "old@example.com".into(),
        user_name: None,
    };
    store::save_session(&f.env, PROJECT, SITE, &session);
    f
}

fn ok(body: &str) -> HttpResponse {
    HttpResponse {
        status: 200,
        body: body.into(),
    }
}

/// A frame-host that accepts every step.
fn happy_host() -> TestEnv {
    TestEnv {
        answer: Some(Box::new(|_, path, _| match path {
            "/auth/v1/email/update/start" => {
                ok(r#"{"attemptId":"att-1","action":"VERIFY_PRIMARY_OTP"}"#)
            }
            "/auth/v1/email/update/primary" => ok(r#"{"action":"VERIFY_SECONDARY_OTP"}"#),
            "/auth/v1/email/update/secondary" => ok(r#"{"email":"new@example.com"}"#),
            _ => HttpResponse {
                status: 404,
                body: r#"{"error":{"code":"not_found","message":"Not found"}}"#.into(),
            },
        })),
        ..TestEnv::default()
    }
}

/// Whether an email change is in progress.
fn is_updating(f: &Frame<TestEnv>) -> bool {
    matches!(f.flow, Some(Flow::EmailUpdate { .. }))
}

fn handle(f: &mut Frame<TestEnv>, r: Request) -> Result<Reply, ErrorReply> {
    block_on(f.handle(r))
}

fn update(email: &str) -> Request {
    Request::UpdateEmail {
        email: email.into(),
    }
}

fn primary(otp: &str) -> Request {
    Request::UpdateEmailPrimaryOtp { otp: otp.into() }
}

fn secondary(otp: &str) -> Request {
    Request::UpdateEmailSecondaryOtp { otp: otp.into() }
}

#[test]
fn needs_a_session() {
    let mut f = frame(happy_host());
    super::assert_each_needs_a_session(
        &mut f,
        [
            update("new@example.com"),
            primary("123456"),
            secondary("654321"),
        ],
    );
}

#[test]
fn an_invalid_email_is_rejected_before_any_http() {
    let mut f = logged_in(happy_host());
    for bad in ["", "not-an-email", "a@b", "a b@example.com", "@example.com"] {
        let err = handle(&mut f, update(bad)).unwrap_err();
        assert_eq!(
            (err.code, err.message.as_str()),
            (ErrorCode::InvalidParams, "Invalid email")
        );
    }
    assert!(f.env.calls.borrow().is_empty());
    assert!(!is_updating(&f));
}

#[test]
fn the_happy_path_updates_the_stored_email() {
    let mut f = logged_in(happy_host());
    assert_eq!(
        handle(&mut f, update("new@example.com")),
        Ok(Reply::UpdateEmail {
            action: UpdateEmailAction::VerifyPrimaryOtp
        })
    );
    let first = block_on(f.answer(0, primary("111111")));
    assert_eq!(
        first.reply.map_err(ErrorReply::from),
        Ok(Reply::UpdateEmailPrimaryOtp)
    );
    assert!(!first.session_changed);
    let second = block_on(f.answer(0, secondary("222222")));
    assert_eq!(
        second.reply.map_err(ErrorReply::from),
        Ok(Reply::UpdateEmailSecondaryOtp {
            new_email: "new@example.com".into()
        })
    );
    let session = store::session(&f.env, PROJECT, SITE).unwrap();
    assert_eq!(session.email, "new@example.com");
    assert_eq!(session.user_id, "user-1");
    assert!(second.session_changed);
    assert!(!is_updating(&f));

    let calls = f.env.calls.borrow();
    let paths: Vec<_> = calls
        .iter()
        .map(|(m, p, _)| (m.as_str(), p.as_str()))
        .collect();
    assert_eq!(
        paths,
        [
            ("POST", "/auth/v1/email/update/start"),
            ("POST", "/auth/v1/email/update/primary"),
            ("POST", "/auth/v1/email/update/secondary"),
        ]
    );
    let body = |i: usize| -> serde_json::Value {
        serde_json::from_str(calls[i].2.as_deref().unwrap()).unwrap()
    };
    assert_eq!(
        body(0),
        serde_json::json!({ "projectId": PROJECT, "email": "new@example.com" })
    );
    assert_eq!(
        body(1),
        serde_json::json!({ "projectId": PROJECT, "attemptId": "att-1", "otp": "111111" })
    );
    assert_eq!(
        body(2),
        serde_json::json!({ "projectId": PROJECT, "attemptId": "att-1", "otp": "222222" })
    );
}

#[test]
fn code_steps_need_a_started_change_in_order() {
    let mut f = logged_in(happy_host());
    for r in [primary("111111"), secondary("222222")] {
        let err = handle(&mut f, r).unwrap_err();
        assert_eq!(
            (err.code, err.message.as_str()),
            (ErrorCode::InvalidParams, NO_EMAIL_UPDATE)
        );
    }
    handle(&mut f, update("new@example.com")).unwrap();
    let err = handle(&mut f, secondary("222222")).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidParams);
    assert_eq!(
        store::session(&f.env, PROJECT, SITE).unwrap().email,
        "old@example.com"
    );
}

#[test]
fn frame_host_errors_become_error_replies() {
    let env = TestEnv {
        answer: Some(Box::new(|_, path, _| match path {
            "/auth/v1/email/update/start" => HttpResponse {
                status: 409,
                body: r#"{"error":{"code":"conflict","message":"Email already in use"}}"#.into(),
            },
            _ => HttpResponse {
                status: 401,
                body: r#"{"error":{"code":"unauthorized","message":"Invalid code"}}"#.into(),
            },
        })),
        ..TestEnv::default()
    };
    let mut f = logged_in(env);
    let err = handle(&mut f, update("taken@example.com")).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::InvalidParams, "Email already in use")
    );
    assert!(!is_updating(&f));

    // Unreachable frame-host: the typed network error.
    let mut f = logged_in(TestEnv::default());
    let err = handle(&mut f, update("new@example.com")).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::Internal, NETWORK_ERROR)
    );
}

#[test]
fn a_wrong_code_keeps_the_attempt() {
    let env = TestEnv {
        answer: Some(Box::new(|_, path, body| match path {
            "/auth/v1/email/update/start" => {
                ok(r#"{"attemptId":"att-1","action":"VERIFY_PRIMARY_OTP"}"#)
            }
            _ if body.is_some_and(|b| b.contains("000000")) => HttpResponse {
                status: 401,
                body: r#"{"error":{"code":"unauthorized","message":"Invalid code"}}"#.into(),
            },
            _ => ok(r#"{"action":"VERIFY_SECONDARY_OTP"}"#),
        })),
        ..TestEnv::default()
    };
    let mut f = logged_in(env);
    handle(&mut f, update("new@example.com")).unwrap();
    let err = handle(&mut f, primary("000000")).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::Unauthorized, "Invalid code")
    );
    assert_eq!(
        handle(&mut f, primary("111111")),
        Ok(Reply::UpdateEmailPrimaryOtp)
    );
}

#[test]
fn one_flow_at_a_time_a_new_one_replaces_it() {
    let env = TestEnv {
        answer: Some(Box::new(|_, path, _| match path {
            "/auth/v1/email/update/start" => {
                ok(r#"{"attemptId":"att-1","action":"VERIFY_PRIMARY_OTP"}"#)
            }
            "/auth/v1/export/start" => ok(r#"{"attemptId":"exp-1"}"#),
            _ => ok(r#"{"action":"VERIFY_SECONDARY_OTP"}"#),
        })),
        ..TestEnv::default()
    };
    let mut f = logged_in(env);
    f.session.unlocked = Some(crate::session::Unlocked::new_for_test("user-1"));
    handle(&mut f, update("new@example.com")).unwrap();
    assert!(is_updating(&f));
    assert_eq!(handle(&mut f, Request::StartExport), Ok(Reply::StartExport));
    assert!(matches!(f.flow, Some(Flow::Export { .. })));
    let err = handle(&mut f, primary("111111")).unwrap_err();
    assert_eq!(err.message, NO_EMAIL_UPDATE);
}
