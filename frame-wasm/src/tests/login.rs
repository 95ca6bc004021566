//! The email login: its email rule is the shared one (`fixtures/email`), and its last step,
//! `ConnectOtp`, answers with the user, on the network and account type the host asks for, so
//! the host needs no `GetUser` after it.

use std::rc::Rc;

use oriel_protocol::{AccountType, ErrorCode, Reply, Request};
use pollster::block_on;

use super::unlock::device;

const VERIFY: &str = "/auth/v1/email/verify";

fn start(f: &mut crate::frame::Frame<crate::test_env::TestEnv>) {
    let connect = Request::ConnectEmail {
        email: "ada@example.com".into(),
    };
    block_on(f.handle(connect)).unwrap();
}

#[test]
fn the_code_answers_with_the_user_on_the_network_asked() {
    let mut f = device(&Rc::default(), "a");
    start(&mut f);
    let otp = Request::ConnectOtp {
        otp: "123456".into(),
        chain_id: Some("eip155:8453".into()),
        preferred_account_type: Some(AccountType::Eoa),
    };
    let answer = block_on(f.answer(0, otp));
    let user = match answer.reply {
        Ok(Reply::ConnectOtp(user)) => user,
        other => panic!("unexpected {other:?}"),
    };
    assert!(answer.session_changed, "the host hears the new session");
    assert_eq!(
        f.network.active, "eip155:8453",
        "the network asked is active"
    );
    assert_eq!(user.chain_id, "eip155:8453");
    assert_eq!(user.email.as_deref(), Some("ada@example.com"));
    assert_eq!(user.preferred_account_type, AccountType::Eoa);
    // The same user GetUser answers next.
    let get_user = Request::GetUser {
        chain_id: Some("eip155:8453".into()),
        preferred_account_type: Some(AccountType::Eoa),
    };
    assert_eq!(block_on(f.handle(get_user)), Ok(Reply::GetUser(user)));
}

#[test]
fn a_network_the_frame_cannot_serve_is_refused_before_the_code_is_spent() {
    let mut f = device(&Rc::default(), "a");
    start(&mut f);
    let otp = |chain_id: &str| Request::ConnectOtp {
        otp: "123456".into(),
        chain_id: Some(chain_id.into()),
        preferred_account_type: None,
    };
    for chain_id in ["bip122:000000000019d6689c085ae165831e93", "eip155"] {
        let err = block_on(f.handle(otp(chain_id))).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidParams, "{chain_id}");
    }
    let verified = |f: &crate::frame::Frame<crate::test_env::TestEnv>| {
        f.env
            .calls
            .borrow()
            .iter()
            .filter(|(_, path, _)| path == VERIFY)
            .count()
    };
    assert_eq!(verified(&f), 0, "the code was not sent");
    // The login is still in progress: the code then logs in.
    assert!(matches!(
        block_on(f.handle(otp("eip155:1"))),
        Ok(Reply::ConnectOtp(_))
    ));
    assert_eq!(verified(&f), 1);
}

/// The vectors of `fixtures/email`, which the protocol crate, frame-host and the SDK run too.
fn emails(name: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/email")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_email_rule_is_the_shared_one() {
    for email in emails("invalid.json") {
        let mut f = device(&Rc::default(), "a");
        let err = block_on(f.handle(Request::ConnectEmail {
            email: email.clone(),
        }))
        .unwrap_err();
        assert_eq!(
            (err.code, err.message.as_str()),
            (
                ErrorCode::InvalidParams,
                oriel_protocol::text::INVALID_EMAIL
            ),
            "{email:?}"
        );
        assert!(
            f.env.calls.borrow().is_empty(),
            "{email:?} reached frame-host"
        );
    }
    for email in emails("valid.json") {
        let mut f = device(&Rc::default(), "a");
        let connect = Request::ConnectEmail {
            email: email.clone(),
        };
        assert!(block_on(f.handle(connect)).is_ok(), "{email:?}");
    }
}
