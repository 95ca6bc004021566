use crate::{
    config::FrameConfig,
    frame::{Frame, Incoming},
    test_env::TestEnv,
    BUILD_ID,
};
use oriel_protocol::{
    AllowList, Body, DappMetadata, Envelope, ErrorCode, ErrorReply, FrameEvent, Reply, Request,
    ThemeMode, ThemeVariable, PROTOCOL_VERSION, SUPPORTED_VERSIONS,
};
use pollster::block_on;

fn frame() -> Frame<TestEnv> {
    let config = FrameConfig {
        project_id: "demo".into(),
        allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
        default_chain_id: "eip155:1".into(),
        networks: Vec::new(),
    };
    let mut f = Frame::new(config, TestEnv::default());
    f.set_parent_origin("http://localhost:5173");
    f
}

fn handle(f: &mut Frame<TestEnv>, r: Request) -> Result<Reply, ErrorReply> {
    block_on(f.handle(r))
}

fn receive(f: &mut Frame<TestEnv>, bytes: &[u8]) -> Envelope {
    Envelope::decode(
        &block_on(f.receive(Incoming::decode(bytes)))[0],
        SUPPORTED_VERSIONS,
    )
    .unwrap()
}

fn ask(f: &mut Frame<TestEnv>, id: u32, r: Request) -> Envelope {
    receive(
        f,
        &Envelope::new(PROTOCOL_VERSION, id, Body::Request(r))
            .encode()
            .unwrap(),
    )
}

fn error_of(e: Envelope) -> ErrorReply {
    match e.body {
        Body::Error(err) => err,
        other => panic!("expected an error, got {other:?}"),
    }
}

fn chain(id: &str) -> Request {
    Request::SwitchNetwork {
        chain_id: id.into(),
    }
}

#[test]
fn ready_lists_versions_and_build() {
    let e = Envelope::decode(&frame().ready(), SUPPORTED_VERSIONS).unwrap();
    let ready = FrameEvent::Ready {
        versions: SUPPORTED_VERSIONS.to_vec(),
        build_id: BUILD_ID.into(),
    };
    assert_eq!(e.body, Body::Event(ready));
}

#[test]
fn replies_carry_the_request_id() {
    let mut f = frame();
    let e = ask(&mut f, 42, Request::IsConnected);
    assert_eq!(e.id, 42);
    assert_eq!(
        e.body,
        Body::Reply(Reply::IsConnected {
            is_connected: false
        })
    );
    let e = ask(&mut f, 43, Request::GetChainId);
    assert_eq!(
        e.body,
        Body::Reply(Reply::GetChainId {
            chain_id: "eip155:1".into()
        })
    );
}

#[test]
fn switch_network_validates_and_sticks() {
    let mut f = frame();
    let base = Reply::SwitchNetwork {
        chain_id: "eip155:8453".into(),
    };
    assert_eq!(handle(&mut f, chain("eip155:8453")), Ok(base));
    let now = Reply::GetChainId {
        chain_id: "eip155:8453".into(),
    };
    assert_eq!(handle(&mut f, Request::GetChainId), Ok(now));
    for bad in ["eip155", "eip155:", ":1", "eip155:0", "eip155:abc", "a:b:c"] {
        let err = handle(&mut f, chain(bad)).unwrap_err();
        assert_eq!(err.message, format!("Invalid CAIP-2 network id: {bad}"));
    }
    let err = handle(&mut f, chain("bip122:000000000019d6689c085ae165831e93")).unwrap_err();
    assert_eq!(err.message, "Chain is not supported");
    assert_eq!(handle(&mut f, Request::Reload), Ok(Reply::Reload));
    let reset = Reply::GetChainId {
        chain_id: "eip155:1".into(),
    };
    assert_eq!(handle(&mut f, Request::GetChainId), Ok(reset));
}

#[test]
fn session_requests_need_a_session() {
    let mut f = frame();
    // Refused, and nothing asked of frame-host without a session.
    super::assert_each_needs_a_session(
        &mut f,
        [
            Request::GetUser {
                chain_id: None,
                preferred_account_type: None,
            },
            Request::InitSmartAccount,
            Request::RpcRequest {
                method: "eth_chainId".into(),
                params: "[]".into(),
                chain_id: None,
            },
        ],
    );
}

#[test]
fn email_is_validated_before_anything_else() {
    let mut f = frame();
    let err = handle(
        &mut f,
        Request::ConnectEmail {
            email: "not-an-email".into(),
        },
    )
    .unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::InvalidParams, "Invalid email")
    );
    assert!(f.env.calls.borrow().is_empty());
    // A valid email goes to frame-host; unreachable here, which is a typed error.
    let err = handle(
        &mut f,
        Request::ConnectEmail {
            email: "ada@example.com".into(),
        },
    )
    .unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (ErrorCode::Internal, crate::error::NETWORK_ERROR)
    );
}

#[test]
fn otp_and_device_need_a_login_in_progress() {
    let mut f = frame();
    for r in [
        Request::ConnectDevice,
        Request::ConnectOtp {
            otp: "123456".into(),
            chain_id: None,
            preferred_account_type: None,
        },
    ] {
        assert_eq!(
            handle(&mut f, r).unwrap_err().code,
            ErrorCode::InvalidParams
        );
    }
}

#[test]
fn dapp_data_must_name_this_project() {
    let mut f = frame();
    let sync = |project_id: &str| Request::SyncDappData {
        metadata: DappMetadata {
            name: "d".into(),
            description: String::new(),
            url: "http://localhost:5173".into(),
            icons: vec![],
        },
        sdk_version: "0.1.0".into(),
        sdk_type: "oriel".into(),
        project_id: project_id.into(),
    };
    assert_eq!(handle(&mut f, sync("demo")), Ok(Reply::SyncDappData));
    assert_eq!(
        handle(&mut f, sync("other")).unwrap_err().code,
        ErrorCode::InvalidParams
    );
}

#[test]
fn sync_theme_dresses_the_screens_in_what_it_can_use() {
    let mut f = frame();
    let variables = vec![
        ThemeVariable {
            name: "--oriel-accent".into(),
            value: "#076b62".into(),
        },
        ThemeVariable {
            name: "--oriel-font-family".into(),
            value: "x; background: url(https://evil.example)".into(),
        },
    ];
    let request = Request::SyncTheme {
        theme_mode: ThemeMode::Light,
        theme_variables: variables,
    };
    assert_eq!(handle(&mut f, request), Ok(Reply::SyncTheme));
    let themes = f.env.themes.borrow();
    let theme = themes.last().unwrap();
    assert_eq!(theme.mode, ThemeMode::Light);
    assert_eq!(theme.accent.as_deref(), Some("#076b62"));
    assert_eq!(theme.on_accent, Some("#ffffff"));
    assert_eq!(
        theme.font, None,
        "not a font stack: the frame keeps its own"
    );
}

#[test]
fn garbage_gets_an_error_reply_not_a_panic() {
    let mut f = frame();
    for bytes in [&b""[..], b"\x01", b"\xff\xff\xff\xff\xff", b"\x02\x02\x09"] {
        assert_eq!(error_of(receive(&mut f, bytes)).code, ErrorCode::BadMessage);
    }
    // Text starts with a byte that reads as a version we do not speak.
    assert_eq!(
        error_of(receive(&mut f, b"hello world")).code,
        ErrorCode::UnsupportedVersion
    );
}

#[test]
fn an_unknown_version_is_answered_with_both_versions() {
    let mut f = frame();
    let bytes = Envelope::new(7, 5, Body::Request(Request::IsConnected))
        .encode()
        .unwrap();
    let e = receive(&mut f, &bytes);
    assert_eq!(e.id, 5);
    let err = error_of(e);
    assert_eq!(err.code, ErrorCode::UnsupportedVersion);
    assert_eq!(
        err.message,
        "unsupported protocol version 7; this side speaks [2]"
    );
}

#[test]
fn replies_from_the_host_are_refused() {
    let mut f = frame();
    let e = receive(
        &mut f,
        &Envelope::new(PROTOCOL_VERSION, 9, Body::Reply(Reply::SignOut))
            .encode()
            .unwrap(),
    );
    assert_eq!((e.id, error_of(e).code), (9, ErrorCode::BadMessage));
}

#[test]
fn an_abort_is_known_when_it_arrives() {
    let bytes = |r: Request| {
        Envelope::new(PROTOCOL_VERSION, 3, Body::Request(r))
            .encode()
            .unwrap()
    };
    assert!(Incoming::decode(&bytes(Request::RpcAbort)).is_abort());
    assert!(!Incoming::decode(&bytes(Request::IsConnected)).is_abort());
    assert!(!Incoming::decode(b"\x02\x02\x09").is_abort());
}

#[test]
fn a_change_of_session_is_followed_by_a_session_update() {
    let mut f = frame();
    let switch = Envelope::new(PROTOCOL_VERSION, 4, Body::Request(chain("eip155:8453")))
        .encode()
        .unwrap();
    // Nobody logged in: the reply alone.
    assert_eq!(block_on(f.receive(Incoming::decode(&switch))).len(), 1);
    crate::test_env::log_in(&mut f);
    let out = block_on(f.receive(Incoming::decode(&switch)));
    assert_eq!(out.len(), 2);
    let address = f.user().unwrap().address;
    let event = Envelope::decode(&out[1], SUPPORTED_VERSIONS).unwrap();
    assert_eq!(
        (event.id, event.body),
        (
            0,
            Body::Event(FrameEvent::SessionUpdate {
                is_connected: true,
                chain_id: "eip155:8453".into(),
                address: Some(address),
            })
        )
    );
}
