//! The frame: the state it owns and the one dispatcher that hands each request to its area's
//! handler (`handlers`). Plain Rust, so every rule is tested natively.

use oriel_protocol::{
    Body, Envelope, Error as ProtocolError, ErrorReply, FrameEvent, Reply, Request,
    SUPPORTED_VERSIONS,
};

use crate::{
    config::FrameConfig,
    context::{encode, Answer, Cx},
    env::Env,
    error::Error,
    flow::Flow,
    handlers::{
        account, email_update, export, farcaster, host as host_requests, login, social,
        storage_access,
        wallet_rpc::{self, Wallet},
    },
    host::Host,
    network::Network,
    rpc::{Chains, RpcError},
    session::Session,
    BUILD_ID,
};

/// A message from the host, decoded once, on arrival.
pub struct Incoming(Result<Envelope, ProtocolError>);

impl Incoming {
    /// Decodes `bytes` at the versions the frame speaks.
    pub fn decode(bytes: &[u8]) -> Self {
        Self(Envelope::decode(bytes, SUPPORTED_VERSIONS))
    }

    /// The theme of a `SyncTheme`, checked: the screen on show wears it at once instead of
    /// after the request it waits behind (an approval open when the dapp switches themes).
    pub fn theme(&self) -> Option<crate::theme::Theme> {
        match &self.0 {
            Ok(Envelope {
                body:
                    Body::Request(Request::SyncTheme {
                        theme_mode,
                        theme_variables,
                    }),
                ..
            }) => Some(crate::theme::theme(*theme_mode, theme_variables)),
            _ => None,
        }
    }

    /// Whether this is an `RpcAbort`, which ends the screen on show at once instead of
    /// waiting behind the request it aborts.
    pub fn is_abort(&self) -> bool {
        matches!(
            self.0,
            Ok(Envelope {
                body: Body::Request(Request::RpcAbort),
                ..
            })
        )
    }
}

/// The frame's state. Each part has one owner among the handlers' arguments.
pub struct Frame<E: Env> {
    /// The browser (or a test's stand-in).
    pub(crate) env: E,
    /// The page config frame-host wrote.
    pub(crate) config: FrameConfig,
    /// What the host page told the frame, and its origin.
    pub(crate) host: Host,
    /// The active network and the chain RPC clients.
    pub(crate) network: Network<E::Rpc>,
    /// The login and the open wallet.
    pub(crate) session: Session,
    /// The multi-step flow in progress, if any.
    pub(crate) flow: Option<Flow>,
    /// The origin of the page that opened the channel, as the browser reported it (empty
    /// before): approval screens name it, and the frame's storage records are kept under it
    /// (`store`). Handlers read it as `Cx::site`.
    pub(crate) parent_origin: String,
}

impl<E: Env> Frame<E> {
    /// A frame with nobody logged in, on the project's default network.
    pub fn new(config: FrameConfig, env: E) -> Self {
        Self {
            env,
            network: Network {
                active: config.default_chain_id.clone(),
                chains: Chains::default(),
            },
            config,
            host: Host::default(),
            session: Session::default(),
            flow: None,
            parent_origin: String::new(),
        }
    }

    /// Records the origin of the page whose port was accepted: approval screens name it, and
    /// the frame's storage records are kept under it.
    pub fn set_parent_origin(&mut self, origin: &str) {
        self.parent_origin = origin.to_owned();
    }

    /// Builds the RPC client of each network in the config; until then every chain call is
    /// 'Network not found'.
    pub fn connect_networks(&mut self) -> Result<(), RpcError> {
        let networks = self
            .config
            .networks
            .iter()
            .map(|n| (n.chain_id.clone(), n.rpc_urls.clone()));
        self.network.chains = Chains::new(networks, self.env.rpc())?;
        Ok(())
    }

    /// The first message on a new channel, at the lowest version we speak so that any host
    /// speaking it can read the list and pick the highest common one.
    pub fn ready(&self) -> Vec<u8> {
        event(FrameEvent::Ready {
            versions: SUPPORTED_VERSIONS.to_vec(),
            build_id: BUILD_ID.into(),
        })
    }

    /// The `Storage` event: what the browser lets the frame keep.
    pub fn storage_event(&self) -> Vec<u8> {
        event(storage_access::storage_event(self.env.storage_status()))
    }

    /// Answers one message from the host: exactly one reply, followed by a `SessionUpdate`
    /// event when the request changed the session.
    pub async fn receive(&mut self, message: Incoming) -> Vec<Vec<u8>> {
        let (version, id, answer) = match message.0 {
            Ok(Envelope {
                version,
                id,
                body: Body::Request(request),
            }) => (version, id, self.dispatch(id, version, request).await),
            Ok(Envelope { version, id, .. }) => (version, id, Err(Error::NotARequest).into()),
            Err(error) => {
                let unsupported = matches!(error, ProtocolError::UnsupportedVersion { .. });
                // Without a readable header there is no id to answer; 0 tells the host the
                // reply belongs to no request of its own.
                let id = match error {
                    ProtocolError::UnsupportedVersion { id, .. } => id,
                    _ => 0,
                };
                let error = Error::BadMessage {
                    unsupported,
                    message: error.to_string(),
                };
                (SUPPORTED_VERSIONS[0], id, Err(error).into())
            }
        };
        let body = match answer.reply {
            Ok(reply) => Body::Reply(reply),
            Err(error) => Body::Error(ErrorReply::from(error)),
        };
        let mut out = vec![encode(Envelope::new(version, id, body))];
        if answer.session_changed {
            // The account in effect on the active network, looked up when it is a smart one.
            let Self {
                env,
                config,
                network,
                session,
                parent_origin,
                ..
            } = self;
            let cx = Cx {
                env,
                config,
                id: 0,
                version: SUPPORTED_VERSIONS[0],
                site: parent_origin,
            };
            // A failure is in the console; the update then names the key's own account.
            let _ = session
                .look_up_smart_account(&cx, &network.active, &network.rpc(&network.active))
                .await;
            out.push(self.session_update());
        }
        out
    }

    /// The `SessionUpdate` event: who is logged in on which network now.
    fn session_update(&self) -> Vec<u8> {
        let cx = self.cx(0, SUPPORTED_VERSIONS[0]);
        let user = self.session.user(&cx, &self.network.active);
        event(FrameEvent::SessionUpdate {
            is_connected: user.is_some(),
            chain_id: self.network.active.clone(),
            address: user.map(|u| u.address),
        })
    }

    /// The context of request `id` at `version`.
    pub(crate) fn cx(&self, id: u32, version: u16) -> Cx<'_, E> {
        Cx {
            env: &self.env,
            config: &self.config,
            id,
            version,
            site: &self.parent_origin,
        }
    }

    /// The one place a request meets its handler: request `id` at `version`.
    pub(crate) async fn dispatch(&mut self, id: u32, version: u16, request: Request) -> Answer {
        let Self {
            env,
            config,
            host,
            network,
            session,
            flow,
            parent_origin,
        } = self;
        let cx = &Cx {
            env,
            config,
            id,
            version,
            site: parent_origin,
        };
        match request {
            // The login and the session.
            Request::IsConnected => login::is_connected(cx, session).await,
            Request::ConnectEmail { email } => login::connect_email(cx, session, flow, email).await,
            Request::ConnectDevice => login::connect_device(cx, flow).await.into(),
            Request::ConnectOtp {
                otp,
                chain_id,
                preferred_account_type,
            } => {
                login::connect_otp(
                    cx,
                    session,
                    network,
                    flow,
                    otp,
                    chain_id,
                    preferred_account_type,
                )
                .await
            }
            Request::GetUser {
                chain_id,
                preferred_account_type,
            } => login::get_user(cx, session, network, chain_id, preferred_account_type).await,
            Request::SignOut => login::sign_out(cx, session, flow).await,
            // Social login.
            Request::GetSocialRedirectUri { provider } => {
                social::redirect_uri(cx, flow, provider).await.into()
            }
            Request::ConnectSocial { uri } => {
                social::connect(cx, session, flow, network, &uri).await
            }
            // Changing the email and exporting the recovery phrase.
            Request::UpdateEmail { email } => {
                email_update::start(cx, session, flow, email).await.into()
            }
            Request::UpdateEmailPrimaryOtp { otp } => {
                email_update::primary_otp(cx, session, flow, otp)
                    .await
                    .into()
            }
            Request::UpdateEmailSecondaryOtp { otp } => {
                email_update::secondary_otp(cx, session, flow, otp).await
            }
            Request::StartExport => export::start(cx, session, flow).await.into(),
            Request::RevealRecoveryPhrase { otp } => {
                export::reveal(cx, session, flow, otp).await.into()
            }
            // Account types.
            Request::SetPreferredAccount { account_type } => {
                let chain = network.active.clone();
                account::set_preferred(cx, session, network, &chain, account_type).await
            }
            Request::GetSmartAccountEnabledNetworks => {
                Ok(account::smart_account_networks(cx.config)).into()
            }
            Request::InitSmartAccount => {
                account::init_smart_account(cx, session, network, &network.active)
                    .await
                    .into()
            }
            // The host page and the active network.
            Request::GetChainId => Ok(host_requests::chain_id(network)).into(),
            Request::SwitchNetwork { chain_id } => {
                host_requests::switch_network(network, session, chain_id)
            }
            Request::Reload => Ok(host_requests::reload(network, &config.default_chain_id)).into(),
            Request::SyncTheme {
                theme_mode,
                theme_variables,
            } => Ok(host_requests::sync_theme(
                &*env,
                host,
                theme_mode,
                theme_variables,
            ))
            .into(),
            Request::SyncDappData {
                metadata,
                project_id,
                ..
            } => {
                host_requests::sync_dapp_data(host, &config.project_id, metadata, project_id).into()
            }
            Request::RequestStorageAccess => storage_access::request(cx).await.into(),
            // The dapp's JSON-RPC.
            Request::RpcRequest {
                method,
                params,
                chain_id,
            } => {
                let wallet = Wallet {
                    session,
                    network,
                    host,
                };
                wallet_rpc::rpc_request(cx, wallet, method, params, chain_id).await
            }
            // An abort with nothing on show has nothing to end (see `Incoming::is_abort`).
            Request::RpcAbort => Ok(Reply::RpcAbort).into(),
            // Farcaster login over frame-host's relay.
            Request::GetFarcasterUri => farcaster::get_uri(cx, flow).await.into(),
            Request::ConnectFarcaster => farcaster::connect(cx, session, flow).await,
        }
    }
}

/// An event's bytes, at the lowest version the frame speaks.
fn event(event: FrameEvent) -> Vec<u8> {
    encode(Envelope::new(SUPPORTED_VERSIONS[0], 0, Body::Event(event)))
}
