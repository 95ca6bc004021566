use oriel_protocol::frame_page::SmartAccountContracts;

use crate::{
    config::{FrameConfig, NetworkRpc},
    frame::Frame,
    test_env::{log_in, TestEnv},
};
use oriel_protocol::{AccountType, AllowList, ErrorCode, ErrorReply, Reply, Request};
use pollster::block_on;

fn frame(logged_in: bool) -> Frame<TestEnv> {
    frame_with(logged_in, Vec::new())
}

/// A frame on eip155:1 that reaches `networks`.
fn frame_with(logged_in: bool, networks: Vec<NetworkRpc>) -> Frame<TestEnv> {
    let config = FrameConfig {
        project_id: "demo".into(),
        allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
        default_chain_id: "eip155:1".into(),
        networks,
    };
    let mut f = Frame::new(config, TestEnv::default());
    f.set_parent_origin("http://localhost:5173");
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

fn network(chain_id: &str, smart: bool) -> NetworkRpc {
    NetworkRpc {
        chain_id: chain_id.into(),
        rpc_urls: vec!["http://127.0.0.1:8545".into()],
        smart_account: smart.then(|| SmartAccountContracts {
            entry_point: "0x0000000071727de22e5e9d8baf0edac6f37da032".into(),
            safe_singleton: "0x41675c099f32341bf84bfc5382af534df5c7461a".into(),
            safe_proxy_factory: "0x4e1dcf7ad4e460cfd30791ccc4f9c8a4f820ec67".into(),
            safe_4337_module: "0x75cf11467937ce3f2f357ce24ffc3dbf8fd5c226".into(),
            safe_module_setup: "0x2dd68b007b46fbe91b9a7c3eda5a7a1063cb5b47".into(),
            multi_send_call_only: "0x9641d764fc13c8b624c04430c7356c1c7c8102e2".into(),
        }),
        ..NetworkRpc::default()
    }
}

#[test]
fn the_networks_with_a_bundler_have_smart_accounts() {
    let mut f = frame_with(
        true,
        vec![
            network("eip155:1", true),
            network("eip155:10", false),
            network("eip155:31337", true),
        ],
    );
    assert_eq!(
        block_on(f.handle(Request::GetSmartAccountEnabledNetworks)),
        Ok(Reply::GetSmartAccountEnabledNetworks {
            networks: vec!["eip155:1".into(), "eip155:31337".into()]
        })
    );
    // The frame reaches no chain here: the smart account cannot be looked up, so nothing
    // changes and the user hears why.
    set(&mut f, AccountType::Eoa).unwrap();
    let err = set(&mut f, AccountType::SmartAccount).unwrap_err();
    assert_eq!(err.message, "Network not found");
    assert_eq!(
        f.preferred_account_type(),
        AccountType::Eoa,
        "no half switch"
    );
    assert_eq!(f.active_account_type(), AccountType::Eoa);
    block_on(f.handle(Request::SwitchNetwork {
        chain_id: "eip155:10".into(),
    }))
    .unwrap();
    assert_eq!(
        set(&mut f, AccountType::SmartAccount).unwrap_err().message,
        "Smart accounts are not enabled on eip155:10",
        "a network without one refuses it"
    );
}

#[test]
fn needs_a_session() {
    let mut f = frame(false);
    assert_eq!(
        set(&mut f, AccountType::Eoa).unwrap_err().code,
        ErrorCode::NotConnected
    );
}
