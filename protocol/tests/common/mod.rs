//! One sample message per kind: the golden vectors in fixtures/protocol/valid are these.
// Each test binary uses a different part of this module.
#![allow(dead_code)]

use oriel_protocol::*;

pub(crate) fn fixtures_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/protocol")
}

fn user() -> User {
    User {
        email: Some("ada@example.com".into()),
        address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".into(),
        chain_id: "eip155:1".into(),
        accounts: vec![
            Account {
                address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".into(),
                account_type: AccountType::Eoa,
            },
            Account {
                address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359".into(),
                account_type: AccountType::SmartAccount,
            },
        ],
        user_name: None,
        smart_account_deployed: false,
        preferred_account_type: AccountType::SmartAccount,
    }
}

fn requests() -> Vec<Request> {
    use Request::*;
    vec![
        SwitchNetwork {
            chain_id: "eip155:8453".into(),
        },
        ConnectEmail {
            email: "ada@example.com".into(),
        },
        ConnectDevice,
        ConnectOtp {
            otp: "123456".into(),
            chain_id: Some("eip155:1".into()),
            preferred_account_type: Some(AccountType::SmartAccount),
        },
        ConnectSocial {
            uri: "https://app.example.com/?state=abc&code=xyz".into(),
        },
        ConnectFarcaster,
        GetFarcasterUri,
        GetUser {
            chain_id: Some("eip155:1".into()),
            preferred_account_type: Some(AccountType::Eoa),
        },
        GetSocialRedirectUri {
            provider: SocialProvider::Github,
        },
        SignOut,
        IsConnected,
        GetChainId,
        GetSmartAccountEnabledNetworks,
        InitSmartAccount,
        SetPreferredAccount {
            account_type: AccountType::SmartAccount,
        },
        RpcRequest {
            method: "personal_sign".into(),
            params: r#"["0x48656c6c6f","0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"]"#.into(),
            chain_id: None,
        },
        RpcAbort,
        UpdateEmail {
            email: "ada@newmail.example".into(),
        },
        UpdateEmailPrimaryOtp {
            otp: "654321".into(),
        },
        UpdateEmailSecondaryOtp {
            otp: "111222".into(),
        },
        SyncTheme {
            theme_mode: ThemeMode::Dark,
            theme_variables: vec![ThemeVariable {
                name: "--oriel-accent".into(),
                value: "#7c5cff".into(),
            }],
        },
        SyncDappData {
            metadata: DappMetadata {
                name: "Oriel demo".into(),
                description: "Try every wallet path".into(),
                url: "http://localhost:5173".into(),
                icons: vec!["http://localhost:5173/icon.svg".into()],
            },
            sdk_version: "0.1.0".into(),
            sdk_type: "oriel".into(),
            project_id: "demo".into(),
        },
        Reload,
        StartExport,
        RevealRecoveryPhrase {
            otp: "654321".into(),
        },
        RequestStorageAccess,
    ]
}

fn replies() -> Vec<Reply> {
    use Reply::*;
    vec![
        SwitchNetwork {
            chain_id: "eip155:8453".into(),
        },
        ConnectEmail {
            action: EmailAction::VerifyOtp,
        },
        ConnectDevice,
        ConnectOtp(user()),
        ConnectSocial(user()),
        ConnectFarcaster {
            user_name: "ada".into(),
            avatar: Some("https://farcaster.example/ada.png".into()),
        },
        GetFarcasterUri {
            url: "https://farcaster.example/~/siwf?channel=1".into(),
        },
        GetUser(user()),
        GetSocialRedirectUri {
            uri: "https://accounts.example/authorize?client_id=x".into(),
        },
        SignOut,
        IsConnected {
            is_connected: false,
        },
        GetChainId {
            chain_id: "eip155:1".into(),
        },
        GetSmartAccountEnabledNetworks {
            networks: vec!["eip155:8453".into()],
        },
        InitSmartAccount {
            address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359".into(),
            is_deployed: true,
        },
        SetPreferredAccount {
            account_type: AccountType::Eoa,
            address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".into(),
        },
        RpcRequest {
            result: r#""0x1""#.into(),
        },
        RpcAbort,
        UpdateEmail {
            action: UpdateEmailAction::VerifyPrimaryOtp,
        },
        UpdateEmailPrimaryOtp,
        UpdateEmailSecondaryOtp {
            new_email: "ada@newmail.example".into(),
        },
        SyncTheme,
        SyncDappData,
        Reload,
        StartExport,
        RevealRecoveryPhrase,
        RequestStorageAccess { persistent: true },
    ]
}

/// `(file stem, envelope)` for every message kind.
pub(crate) fn samples() -> Vec<(String, Envelope)> {
    let mut out = Vec::new();
    for (i, r) in requests().into_iter().enumerate() {
        let name = format!("request-{}", kebab(r.name()));
        out.push((
            name,
            Envelope::new(PROTOCOL_VERSION, i as u32 + 1, Body::Request(r)),
        ));
    }
    for (i, r) in replies().into_iter().enumerate() {
        let name = format!("reply-{}", kebab(r.name()));
        out.push((
            name,
            Envelope::new(PROTOCOL_VERSION, i as u32 + 1, Body::Reply(r)),
        ));
    }
    let errors = [
        (
            "error-not-connected",
            ErrorReply::new(ErrorCode::NotConnected, "No session: log in first"),
        ),
        (
            "error-not-allowed",
            ErrorReply::new(ErrorCode::NotAllowed, "Requested RPC call is not allowed"),
        ),
        (
            "error-rpc-user-rejected",
            ErrorReply::new(ErrorCode::Rpc(4001), "User rejected the request."),
        ),
        (
            "error-bad-message",
            ErrorReply::new(
                ErrorCode::BadMessage,
                "malformed message: Hit the end of buffer, expected more data",
            ),
        ),
    ];
    for (name, e) in errors {
        out.push((
            name.into(),
            Envelope::new(PROTOCOL_VERSION, 3, Body::Error(e)),
        ));
    }
    out.push((
        "event-ready".into(),
        Envelope::new(
            PROTOCOL_VERSION,
            0,
            Body::Event(FrameEvent::Ready {
                versions: SUPPORTED_VERSIONS.to_vec(),
                build_id: "0.1.0".into(),
            }),
        ),
    ));
    out.push((
        "event-session-update".into(),
        Envelope::new(
            PROTOCOL_VERSION,
            0,
            Body::Event(FrameEvent::SessionUpdate {
                is_connected: true,
                chain_id: "eip155:1".into(),
                address: Some("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".into()),
            }),
        ),
    ));
    out.push((
        "event-reveal".into(),
        Envelope::new(
            PROTOCOL_VERSION,
            0,
            Body::Event(FrameEvent::Reveal {
                request_id: 7,
                purpose: RevealPurpose::Approval,
            }),
        ),
    ));
    out.push((
        "event-storage".into(),
        Envelope::new(
            PROTOCOL_VERSION,
            0,
            Body::Event(FrameEvent::Storage {
                persistent: false,
                can_request: true,
            }),
        ),
    ));
    out.push((
        "event-reveal-storage-access".into(),
        Envelope::new(
            PROTOCOL_VERSION,
            0,
            Body::Event(FrameEvent::Reveal {
                request_id: 9,
                purpose: RevealPurpose::StorageAccess,
            }),
        ),
    ));
    out
}

fn kebab(name: &str) -> String {
    let mut s = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            s.push('-');
        }
        s.push(c.to_ascii_lowercase());
    }
    s
}

pub(crate) fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub(crate) fn from_hex(s: &str) -> Vec<u8> {
    let s: String = s.split_whitespace().collect();
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}
