//! Answers protocol requests. Plain Rust, so every rule here is tested natively.

use oriel_protocol::{
    Body, DappMetadata, Envelope, Error as ProtocolError, ErrorCode, ErrorReply, FrameEvent, Reply,
    Request, ThemeMode, ThemeVariable, SUPPORTED_VERSIONS,
};

use crate::{
    config::FrameConfig,
    email_update::EmailUpdate,
    env::Env,
    export::Export,
    login::{Pending, Unlocked},
    rpc::{Chains, RpcError},
    sign::CallsStore,
    BUILD_ID,
};

/// The message for requests that need a logged-in session.
pub const NOT_CONNECTED: &str = "Not connected: log in to the embedded wallet first";

/// The embedded wallet's chain families (spec §9).
const CHAIN_FAMILIES: &[&str] = &["eip155", "solana"];

/// The frame's state and its answers.
pub struct Frame<E: Env> {
    pub(crate) env: E,
    pub(crate) config: FrameConfig,
    pub(crate) chain_id: String,
    theme: Option<(ThemeMode, Vec<ThemeVariable>)>,
    pub(crate) dapp: Option<DappMetadata>,
    /// The origin of the page that opened the channel, as the browser reported it.
    pub(crate) parent_origin: Option<String>,
    /// The chain RPC client of each network the operator configured.
    pub(crate) chains: Chains<E::Rpc>,
    /// `wallet_sendCalls` bundles, for `wallet_getCallsStatus`.
    pub(crate) calls: CallsStore,
    pub(crate) pending: Option<Pending>,
    /// An email change between `UpdateEmail` and `UpdateEmailSecondaryOtp`.
    pub(crate) email_update: Option<EmailUpdate>,
    pub(crate) unlocked: Option<Unlocked>,
    /// A recovery-phrase export between `StartExport` and `RevealRecoveryPhrase`.
    pub(crate) export: Option<Export>,
    /// Set by a request that changed the session; `receive` then sends `SessionUpdate`.
    pub(crate) session_changed: bool,
    /// The envelope id and version of the request being answered, for events about it.
    pub(crate) request_id: u32,
    pub(crate) version: u16,
}

impl<E: Env> Frame<E> {
    /// A frame with nobody logged in, on the project's default network.
    pub fn new(config: FrameConfig, env: E) -> Self {
        Self {
            chains: Chains::default(),
            calls: CallsStore::new(),
            env,
            chain_id: config.default_chain_id.clone(),
            config,
            theme: None,
            dapp: None,
            parent_origin: None,
            pending: None,
            email_update: None,
            unlocked: None,
            export: None,
            session_changed: false,
            request_id: 0,
            version: SUPPORTED_VERSIONS[0],
        }
    }

    /// Records the origin of the page whose port was accepted: approval screens name it.
    pub fn set_parent_origin(&mut self, origin: &str) {
        self.parent_origin = Some(origin.to_owned());
    }

    /// Builds the RPC client of each network in the config; until then every chain call is
    /// 'Network not found'.
    pub fn connect_networks(&mut self) -> Result<(), RpcError> {
        self.chains = Chains::new(&self.config.networks, self.env.rpc())?;
        Ok(())
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

    /// Answers one message from the host: exactly one reply, followed by a `SessionUpdate`
    /// event when the request changed the session.
    pub async fn receive(&mut self, bytes: &[u8]) -> Vec<Vec<u8>> {
        let mut out = vec![self.reply_to(bytes).await];
        if std::mem::take(&mut self.session_changed) {
            let user = self.user();
            let event = FrameEvent::SessionUpdate {
                is_connected: user.is_some(),
                chain_id: self.chain_id.clone(),
                address: user.map(|u| u.address),
            };
            out.push(encode(Envelope::new(
                SUPPORTED_VERSIONS[0],
                0,
                Body::Event(event),
            )));
        }
        out
    }

    async fn reply_to(&mut self, bytes: &[u8]) -> Vec<u8> {
        match Envelope::decode(bytes, SUPPORTED_VERSIONS) {
            Ok(Envelope {
                version,
                id,
                body: Body::Request(request),
            }) => {
                (self.request_id, self.version) = (id, version);
                let body = match self.handle(request).await {
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
    pub async fn handle(&mut self, request: Request) -> Result<Reply, ErrorReply> {
        match request {
            Request::IsConnected => Ok(self.is_connected().await),
            Request::GetChainId => Ok(Reply::GetChainId {
                chain_id: self.chain_id.clone(),
            }),
            Request::SwitchNetwork { chain_id } => {
                check_chain_id(&chain_id)?;
                self.chain_id = chain_id.clone();
                self.session_changed = self.unlocked.is_some();
                Ok(Reply::SwitchNetwork { chain_id })
            }
            Request::GetSmartAccountEnabledNetworks => Ok(Reply::GetSmartAccountEnabledNetworks {
                networks: self.smart_account_networks(),
            }),
            Request::SetPreferredAccount { account_type } => {
                self.set_preferred_account(account_type)
            }
            Request::SignOut => Ok(self.sign_out().await),
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
            Request::ConnectEmail { email } => self.connect_email(email).await,
            Request::ConnectDevice => self.connect_device().await,
            Request::ConnectOtp { otp } => self.connect_otp(otp).await,
            Request::GetUser {
                chain_id,
                preferred_account_type,
            } => {
                if let Some(chain_id) = chain_id {
                    check_chain_id(&chain_id)?;
                    self.chain_id = chain_id;
                }
                let reply = self.get_user().await?;
                match preferred_account_type {
                    Some(t) if t != self.preferred_account_type() => {
                        self.set_preferred_account(t)?;
                        self.get_user().await
                    }
                    _ => Ok(reply),
                }
            }
            Request::UpdateEmail { email } => self.update_email(email).await,
            Request::UpdateEmailPrimaryOtp { otp } => self.update_email_primary_otp(otp).await,
            Request::UpdateEmailSecondaryOtp { otp } => self.update_email_secondary_otp(otp).await,
            Request::StartExport => self.start_export().await,
            Request::RevealRecoveryPhrase { otp } => self.reveal_recovery_phrase(otp).await,
            Request::RequestStorageAccess => self.request_storage_access().await,
            Request::ConnectSocial { .. } | Request::GetSocialRedirectUri { .. } => {
                Err(unavailable("Social login"))
            }
            Request::ConnectFarcaster | Request::GetFarcasterUri => {
                Err(unavailable("Farcaster login"))
            }
            Request::InitSmartAccount => Err(match self.unlocked {
                None => ErrorReply::new(ErrorCode::NotConnected, NOT_CONNECTED),
                Some(_) => ErrorReply::new(
                    ErrorCode::Unavailable,
                    format!("Smart accounts are not enabled on {}", self.chain_id),
                ),
            }),
            Request::RpcRequest {
                method,
                params,
                chain_id,
            } => self.rpc_request(method, params, chain_id).await,
        }
    }
}

fn unavailable(what: &str) -> ErrorReply {
    ErrorReply::new(
        ErrorCode::Unavailable,
        format!("{what} is not available on this frame-host yet"),
    )
}

pub(crate) fn encode(envelope: Envelope) -> Vec<u8> {
    envelope.encode().unwrap_or_else(|e| {
        // Only a reply larger than the message limit can fail; say so instead.
        let error = ErrorReply::new(ErrorCode::Internal, e.to_string());
        Envelope::new(envelope.version, envelope.id, Body::Error(error))
            .encode()
            .unwrap_or_default()
    })
}

/// Spec §5: a CAIP-2 id has two parts; the embedded wallet serves eip155 and solana.
pub(crate) fn check_chain_id(id: &str) -> Result<(), ErrorReply> {
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
pub(crate) fn check_email(email: &str) -> Result<(), ErrorReply> {
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
    use crate::test_env::TestEnv;
    use oriel_protocol::AllowList;
    use pollster::block_on;

    fn frame() -> Frame<TestEnv> {
        let config = FrameConfig {
            project_id: "demo".into(),
            allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
            default_chain_id: "eip155:1".into(),
            networks: Vec::new(),
        };
        Frame::new(config, TestEnv::default())
    }

    fn handle(f: &mut Frame<TestEnv>, r: Request) -> Result<Reply, ErrorReply> {
        block_on(f.handle(r))
    }

    fn receive(f: &mut Frame<TestEnv>, bytes: &[u8]) -> Envelope {
        Envelope::decode(&block_on(f.receive(bytes))[0], SUPPORTED_VERSIONS).unwrap()
    }

    fn ask(f: &mut Frame<TestEnv>, id: u32, r: Request) -> Envelope {
        receive(f, &Envelope::new(1, id, Body::Request(r)).encode().unwrap())
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
            versions: vec![1],
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
            let err = handle(&mut f, r).unwrap_err();
            assert_eq!(
                (err.code, err.message.as_str()),
                (ErrorCode::NotConnected, NOT_CONNECTED)
            );
        }
        // Nothing was asked of frame-host without a session.
        assert!(f.env.calls.borrow().is_empty());
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
            (ErrorCode::Internal, crate::api::NETWORK_ERROR)
        );
    }

    #[test]
    fn otp_and_device_need_a_login_in_progress() {
        let mut f = frame();
        for r in [
            Request::ConnectDevice,
            Request::ConnectOtp {
                otp: "123456".into(),
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
    fn garbage_gets_an_error_reply_not_a_panic() {
        let mut f = frame();
        for bytes in [&b""[..], b"\x01", b"\xff\xff\xff\xff\xff", b"\x01\x02\x09"] {
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
            "unsupported protocol version 7; this side speaks [1]"
        );
    }

    #[test]
    fn replies_from_the_host_are_refused() {
        let mut f = frame();
        let e = receive(
            &mut f,
            &Envelope::new(1, 9, Body::Reply(Reply::SignOut))
                .encode()
                .unwrap(),
        );
        assert_eq!((e.id, error_of(e).code), (9, ErrorCode::BadMessage));
    }
}
