use crate::{
    config::FrameConfig,
    frame::Frame,
    test_env::{log_in, TestEnv},
};
use oriel_protocol::{AccountType, AllowList, ErrorCode, ErrorReply, Reply, Request};
use pollster::block_on;

fn frame(logged_in: bool) -> Frame<TestEnv> {
    let config = FrameConfig {
        project_id: "demo".into(),
        allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
        default_chain_id: "eip155:1".into(),
        networks: Vec::new(),
    };
    let mut f = Frame::new(config, TestEnv::default());
    if logged_in {
        log_in(&mut f);
    }
    f
}

fn set(f: &mut Frame<TestEnv>, t: AccountType) -> Result<Reply, ErrorReply> {
    block_on(f.handle(Request::SetPreferredAccount { account_type: t }))
}

#[test]
fn without_smart_accounts_the_eoa_is_active() {
    let f = frame(true);
    assert_eq!(f.preferred_account_type(), AccountType::SmartAccount);
    assert_eq!(f.active_account_type(), AccountType::Eoa);
    assert_eq!(f.user().unwrap().preferred_account_type, AccountType::Eoa);
}

#[test]
fn setting_a_type_is_checked_stored_and_announced() {
    let mut f = frame(true);
    let address = f.user().unwrap().address;
    let err = set(&mut f, AccountType::SmartAccount).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (
            ErrorCode::Unavailable,
            "Smart accounts are not enabled on eip155:1"
        )
    );
    assert_eq!(
        set(&mut f, AccountType::Payment).unwrap_err().code,
        ErrorCode::InvalidParams
    );
    let answer = block_on(f.answer(
        0,
        Request::SetPreferredAccount {
            account_type: AccountType::Eoa,
        },
    ));
    assert_eq!(
        answer.reply.map_err(ErrorReply::from),
        Ok(Reply::SetPreferredAccount {
            account_type: AccountType::Eoa,
            address
        })
    );
    assert_eq!(f.preferred_account_type(), AccountType::Eoa);
    assert!(answer.session_changed, "the host hears of the change");
    // Per chain family: solana keeps its own default.
    block_on(f.handle(Request::SwitchNetwork {
        chain_id: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp".into(),
    }))
    .unwrap();
    assert_eq!(f.preferred_account_type(), AccountType::Eoa);
}

#[test]
fn needs_a_session() {
    let mut f = frame(false);
    assert_eq!(
        set(&mut f, AccountType::Eoa).unwrap_err().code,
        ErrorCode::NotConnected
    );
}
