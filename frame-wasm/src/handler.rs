//! Answers protocol requests. Plain Rust, so every rule here is tested natively.

use oriel_protocol::{
    Body, DappMetadata, Envelope, Error as ProtocolError, ErrorCode, ErrorReply, FrameEvent, Reply,
    Request, ThemeMode, ThemeVariable, SUPPORTED_VERSIONS,
};

use crate::{config::FrameConfig, BUILD_ID};

/// The message for requests that need a logged-in session.
pub const NOT_CONNECTED: &str = "Not connected: log in to the embedded wallet first";

/// The embedded wallet's chain families (spec §9).
const CHAIN_FAMILIES: &[&str] = &["eip155", "solana"];

/// The frame's state and its answers.
#[derive(Debug)]
pub struct Frame {
    config: FrameConfig,
    chain_id: String,
    theme: Option<(ThemeMode, Vec<ThemeVariable>)>,
    dapp: Option<DappMetadata>,
}

impl Frame {
    /// A frame with nobody logged in, on the project's default network.
    pub fn new(config: FrameConfig) -> Self {
        Self {
            chain_id: config.default_chain_id.clone(),
            config,
            theme: None,
            dapp: None,
        }
    }

    /// The first message on a new channel, at the lowest version we speak so that any host
    /// speaking it can read the list and pick the highest common one.
    pub fn ready(&self) -> Vec<u8> {
        let event = FrameEvent::Ready {
            versions: SUPPORTED_VERSIONS.to_vec(),
            build_id: BUILD_ID.into(),
        };
        encode(Envelope::new(SUPPORTED_VERSIONS[0], 0, Body::Event(event)))
    }

    /// Answers one message from the host. Every input gets exactly one reply.
    pub fn receive(&mut self, bytes: &[u8]) -> Vec<u8> {
        match Envelope::decode(bytes, SUPPORTED_VERSIONS) {
            Ok(Envelope {
                version,
                id,
                body: Body::Request(request),
            }) => {
                let body = match self.handle(request) {
                    Ok(reply) => Body::Reply(reply),
                    Err(error) => Body::Error(error),
                };
                encode(Envelope::new(version, id, body))
            }
            Ok(Envelope { version, id, .. }) => encode(Envelope::new(
                version,
                id,
                Body::Error(ErrorReply::new(
                    ErrorCode::BadMessage,
                    "the frame only accepts requests",
                )),
            )),
            Err(error @ ProtocolError::UnsupportedVersion { id, .. }) => encode(Envelope::new(
                SUPPORTED_VERSIONS[0],
                id,
                Body::Error(ErrorReply::new(
                    ErrorCode::UnsupportedVersion,
                    error.to_string(),
                )),
            )),
            // Without a readable header there is no id to answer; 0 tells the host the reply
            // belongs to no request of its own.
            Err(error) => encode(Envelope::new(
                SUPPORTED_VERSIONS[0],
                0,
                Body::Error(ErrorReply::new(ErrorCode::BadMessage, error.to_string())),
            )),
        }
    }

    /// The reply to one request.
    pub fn handle(&mut self, request: Request) -> Result<Reply, ErrorReply> {
        match request {
            Request::IsConnected => Ok(Reply::IsConnected {
                is_connected: false,
            }),
            Request::GetChainId => Ok(Reply::GetChainId {
                chain_id: self.chain_id.clone(),
            }),
            Request::SwitchNetwork { chain_id } => {
                check_chain_id(&chain_id)?;
                self.chain_id = chain_id.clone();
                Ok(Reply::SwitchNetwork { chain_id })
            }
            Request::GetSmartAccountEnabledNetworks => Ok(Reply::GetSmartAccountEnabledNetworks {
                networks: Vec::new(),
            }),
            Request::SignOut => Ok(Reply::SignOut),
            Request::RpcAbort => Ok(Reply::RpcAbort),
            Request::SyncTheme {
                theme_mode,
                theme_variables,
            } => {
                self.theme = Some((theme_mode, theme_variables));
                Ok(Reply::SyncTheme)
            }
            Request::SyncDappData {
                metadata,
                project_id,
                ..
            } => {
                if project_id != self.config.project_id {
                    return Err(ErrorReply::new(
                        ErrorCode::InvalidParams,
                        format!(
                            "this frame serves project {:?}, not {project_id:?}",
                            self.config.project_id
                        ),
                    ));
                }
                self.dapp = Some(metadata);
                Ok(Reply::SyncDappData)
            }
            Request::Reload => {
                self.chain_id = self.config.default_chain_id.clone();
                Ok(Reply::Reload)
            }
            Request::ConnectEmail { email } | Request::UpdateEmail { email } => {
                check_email(&email)?;
                Err(unavailable("Email login"))
            }
            Request::ConnectDevice
            | Request::ConnectOtp { .. }
            | Request::UpdateEmailPrimaryOtp { .. }
            | Request::UpdateEmailSecondaryOtp { .. } => Err(unavailable("Email login")),
            Request::ConnectSocial { .. } | Request::GetSocialRedirectUri { .. } => {
                Err(unavailable("Social login"))
            }
            Request::ConnectFarcaster | Request::GetFarcasterUri => {
                Err(unavailable("Farcaster login"))
            }
            Request::GetUser { .. }
            | Request::InitSmartAccount
            | Request::SetPreferredAccount { .. }
            | Request::RpcRequest { .. } => {
                Err(ErrorReply::new(ErrorCode::NotConnected, NOT_CONNECTED))
            }
        }
    }
}

fn unavailable(what: &str) -> ErrorReply {
    ErrorReply::new(
        ErrorCode::Unavailable,
        format!("{what} is not available on this frame-host yet"),
    )
}

fn encode(envelope: Envelope) -> Vec<u8> {
    envelope.encode().unwrap_or_else(|e| {
        // Only a reply larger than the message limit can fail; say so instead.
        let error = ErrorReply::new(ErrorCode::Internal, e.to_string());
        Envelope::new(envelope.version, envelope.id, Body::Error(error))
            .encode()
            .unwrap_or_default()
    })
}

/// Spec §5: a CAIP-2 id has two parts; the embedded wallet serves eip155 and solana.
fn check_chain_id(id: &str) -> Result<(), ErrorReply> {
    let invalid = || {
        ErrorReply::new(
            ErrorCode::InvalidParams,
            format!("Invalid CAIP-2 network id: {id}"),
        )
    };
    let (namespace, reference) = id.split_once(':').ok_or_else(invalid)?;
    if namespace.is_empty() || reference.is_empty() || reference.contains(':') {
        return Err(invalid());
    }
    if !CHAIN_FAMILIES.contains(&namespace) {
        return Err(ErrorReply::new(
            ErrorCode::InvalidParams,
            "Chain is not supported",
        ));
    }
    if namespace == "eip155" && !reference.parse::<u64>().is_ok_and(|n| n > 0) {
        return Err(invalid());
    }
    Ok(())
}

/// Spec §5: a valid email format, for connect and update.
fn check_email(email: &str) -> Result<(), ErrorReply> {
    let valid = email.len() <= 254
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && domain.contains('.')
                && !domain.contains("..")
                && !email.chars().any(|c| c.is_whitespace() || c.is_control())
                && !domain.contains('@')
        });
    if valid {
        Ok(())
    } else {
        Err(ErrorReply::new(ErrorCode::InvalidParams, "Invalid email"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oriel_protocol::{AllowList, EmailAction};

    fn frame() -> Frame {
        Frame::new(FrameConfig {
            project_id: "demo".into(),
            allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
            default_chain_id: "eip155:1".into(),
        })
    }

    fn ask(f: &mut Frame, id: u32, r: Request) -> Envelope {
        let bytes = Envelope::new(1, id, Body::Request(r)).encode().unwrap();
        Envelope::decode(&f.receive(&bytes), SUPPORTED_VERSIONS).unwrap()
    }

    fn error_of(e: Envelope) -> ErrorReply {
        match e.body {
            Body::Error(err) => err,
            other => panic!("expected an error, got {other:?}"),
        }
    }

    #[test]
    fn ready_lists_versions_and_build() {
        let e = Envelope::decode(&frame().ready(), SUPPORTED_VERSIONS).unwrap();
        assert_eq!(
            e.body,
            Body::Event(FrameEvent::Ready {
                versions: vec![1],
                build_id: BUILD_ID.into()
            })
        );
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
        assert_eq!(
            f.handle(Request::SwitchNetwork {
                chain_id: "eip155:8453".into()
            }),
            Ok(Reply::SwitchNetwork {
                chain_id: "eip155:8453".into()
            })
        );
        assert_eq!(
            f.handle(Request::GetChainId),
            Ok(Reply::GetChainId {
                chain_id: "eip155:8453".into()
            })
        );
        for bad in ["eip155", "eip155:", ":1", "eip155:0", "eip155:abc", "a:b:c"] {
            let err = f
                .handle(Request::SwitchNetwork {
                    chain_id: bad.into(),
                })
                .unwrap_err();
            assert_eq!(err.message, format!("Invalid CAIP-2 network id: {bad}"));
        }
        let err = f
            .handle(Request::SwitchNetwork {
                chain_id: "bip122:000000000019d6689c085ae165831e93".into(),
            })
            .unwrap_err();
        assert_eq!(err.message, "Chain is not supported");
        assert_eq!(f.handle(Request::Reload), Ok(Reply::Reload));
        assert_eq!(
            f.handle(Request::GetChainId),
            Ok(Reply::GetChainId {
                chain_id: "eip155:1".into()
            })
        );
    }

    #[test]
    fn session_requests_need_a_session() {
        let mut f = frame();
        for r in [
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
        ] {
            let err = f.handle(r).unwrap_err();
            assert_eq!(err.code, ErrorCode::NotConnected);
            assert_eq!(err.message, NOT_CONNECTED);
        }
    }

    #[test]
    fn email_is_validated_before_anything_else() {
        let mut f = frame();
        let err = f
            .handle(Request::ConnectEmail {
                email: "not-an-email".into(),
            })
            .unwrap_err();
        assert_eq!(
            (err.code, err.message.as_str()),
            (ErrorCode::InvalidParams, "Invalid email")
        );
        let err = f
            .handle(Request::ConnectEmail {
                email: "ada@example.com".into(),
            })
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::Unavailable);
        let _ = EmailAction::VerifyOtp;
    }

    #[test]
    fn dapp_data_must_name_this_project() {
        let mut f = frame();
        let meta = DappMetadata {
            name: "d".into(),
            description: String::new(),
            url: "http://localhost:5173".into(),
            icons: vec![],
        };
        let sync = |project_id: &str| Request::SyncDappData {
            metadata: meta.clone(),
            sdk_version: "0.1.0".into(),
            sdk_type: "oriel".into(),
            project_id: project_id.into(),
        };
        assert_eq!(f.handle(sync("demo")), Ok(Reply::SyncDappData));
        assert_eq!(
            f.handle(sync("other")).unwrap_err().code,
            ErrorCode::InvalidParams
        );
    }

    #[test]
    fn garbage_gets_an_error_reply_not_a_panic() {
        let mut f = frame();
        for bytes in [&b""[..], b"\x01", b"\xff\xff\xff\xff\xff", b"\x01\x02\x09"] {
            let e = Envelope::decode(&f.receive(bytes), SUPPORTED_VERSIONS).unwrap();
            assert_eq!(error_of(e).code, ErrorCode::BadMessage);
        }
        // Text starts with a byte that reads as a version we do not speak.
        let e = Envelope::decode(&f.receive(b"hello world"), SUPPORTED_VERSIONS).unwrap();
        assert_eq!(error_of(e).code, ErrorCode::UnsupportedVersion);
    }

    #[test]
    fn an_unknown_version_is_answered_with_both_versions() {
        let mut f = frame();
        let bytes = Envelope::new(7, 5, Body::Request(Request::IsConnected))
            .encode()
            .unwrap();
        let e = Envelope::decode(&f.receive(&bytes), SUPPORTED_VERSIONS).unwrap();
        assert_eq!(e.id, 5);
        let err = error_of(e);
        assert_eq!(err.code, ErrorCode::UnsupportedVersion);
        assert_eq!(
            err.message,
            "unsupported protocol version 7; this side speaks [1]"
        );
    }

    #[test]
    fn replies_from_the_host_are_refused() {
        let mut f = frame();
        let bytes = Envelope::new(1, 9, Body::Reply(Reply::SignOut))
            .encode()
            .unwrap();
        let e = Envelope::decode(&f.receive(&bytes), SUPPORTED_VERSIONS).unwrap();
        assert_eq!((e.id, error_of(e).code), (9, ErrorCode::BadMessage));
    }
}
