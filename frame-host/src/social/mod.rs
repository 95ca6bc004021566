//! Social login: frame-host is the OAuth 2.0 / OpenID Connect client of each configured
//! provider (`[social.<provider>]`). A login's start makes the provider's authorization URL
//! (code flow, S256 PKCE, `state`, an OpenID `nonce`, [`Social::start`]), the provider's
//! callback exchanges the code server-side and hands the frame a one-time result through the
//! popup's opener (`routes::social::callback`), and the redeem turns that result into a
//! session as the email login's ([`Social::redeem`]; `API.md`, "Social login").

mod config;
pub(crate) mod failure;
pub(crate) mod profile;
pub(crate) mod provider;

use std::{net::IpAddr, sync::Arc};

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use oriel_protocol::{
    http::{
        social::{SocialAccount, SocialRedeemRequest, SocialStartReply, SocialStartRequest},
        SessionReply,
    },
    SocialProvider,
};

pub(crate) use config::{is_openid, Endpoints, ResponseMode};
pub use config::{SocialConfig, SocialProviderConfig, TokenAuth};
pub(crate) use provider::Providers;

use crate::{
    clock::Clock,
    error::ApiError,
    limits::{Limit, Limits},
    login::{
        approval::{Approvals, Asker},
        pending::{check_redeem, check_redeem_input, check_start, open_session, s256, Refusal},
    },
    projects::Projects,
    secrets,
    sessions::Sessions,
    store::{SocialLogin, Store},
};

/// Social logins started per client IP, and per device, per 10 minutes; results redeemed per
/// client IP.
const IP_LIMIT: i64 = 60;
const DEVICE_LIMIT: i64 = 20;

/// What social login uses. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Social {
    pub(crate) providers: Arc<Providers>,
    pub(crate) config: Arc<SocialConfig>,
    pub(crate) store: Store,
    pub(crate) clock: Clock,
    sessions: Sessions,
    projects: Projects,
    limits: Limits,
    /// frame-host's public URL: the redirect URIs are below it.
    pub(crate) public_url: Arc<str>,
    /// Approval links, for an existing account's new device (issue 38 M-3).
    approvals: Approvals,
}

/// How long a login may take from start to callback, milliseconds.
pub(crate) const LOGIN_TTL_MS: i64 = 10 * 60_000;
/// How long a result may wait to be redeemed, milliseconds.
pub(crate) const RESULT_TTL_MS: i64 = 2 * 60_000;

/// 401: a result that is unknown (or of another project).
pub(crate) const RESULT_INVALID: &str = "This sign-in result is not valid: sign in again";
/// 401: a result redeemed by another device or with the wrong verifier.
pub(crate) const RESULT_FOREIGN: &str = "This sign-in was started on another device";
/// 401: a result already redeemed.
pub(crate) const RESULT_USED: &str = "This sign-in result was already used: sign in again";
/// 401: a result past its time.
pub(crate) const RESULT_EXPIRED: &str = "This sign-in result has expired: sign in again";

/// The path of the callback of `provider`, below `public_url`.
pub(crate) const CALLBACK_PATH: &str = "/auth/v1/social/callback/";

impl Social {
    pub(crate) fn new(
        config: SocialConfig,
        store: Store,
        clock: Clock,
        sessions: Sessions,
        projects: Projects,
        public_url: &str,
        approvals: Approvals,
    ) -> Result<Self, reqwest::Error> {
        Ok(Self {
            providers: Arc::new(Providers::new()?),
            config: Arc::new(config),
            limits: Limits::new(store.clone(), clock.clone()),
            store,
            clock,
            sessions,
            projects,
            public_url: public_url.into(),
            approvals,
        })
    }

    /// The redirect URI registered at `provider`.
    pub(crate) fn redirect_uri(&self, provider: SocialProvider) -> String {
        format!("{}{CALLBACK_PATH}{}", self.public_url, provider.as_str())
    }
}

/// 404 text for a provider the operator did not configure.
fn not_set_up(provider: SocialProvider) -> &'static str {
    match provider {
        SocialProvider::Google => "Sign-in with Google is not set up",
        SocialProvider::Github => "Sign-in with GitHub is not set up",
        SocialProvider::Apple => "Sign-in with Apple is not set up",
        SocialProvider::Facebook => "Sign-in with Facebook is not set up",
        SocialProvider::X => "Sign-in with X is not set up",
        SocialProvider::Discord => "Sign-in with Discord is not set up",
    }
}

impl Social {
    /// Starts a social login for the frame's device: the provider's authorization URL.
    pub(crate) async fn start(
        &self,
        ip: IpAddr,
        body: SocialStartRequest,
    ) -> Result<SocialStartReply, ApiError> {
        check_start(
            &self.projects,
            &body.project_id,
            &body.device_id,
            &body.challenge,
            &body.origin,
        )?;
        let provider = body.provider;
        let config = self
            .config
            .provider(provider)
            .ok_or(ApiError::NotFound(not_set_up(provider)))?;
        let per_ip = Limit::per_ip_window(format!("social-ip:{ip}"), IP_LIMIT);
        let per_device =
            Limit::per_ip_window(format!("social-device:{}", body.device_id), DEVICE_LIMIT);
        self.limits.hit(&[per_ip, per_device]).await?;
        let now = self.clock.now_ms();
        let resolved = self
            .providers
            .resolve(provider, config, now)
            .await
            .map_err(|f| Self::upstream(provider, &f))?;
        let id = secrets::id()?;
        let secret = secrets::token()?;
        let pkce_verifier = URL_SAFE_NO_PAD.encode(secrets::random::<32>()?);
        let nonce = match crate::social::is_openid(provider) {
            true => Some(secrets::token()?),
            false => None,
        };
        let uri = provider::authorization_uri(
            &resolved,
            &config.client_id,
            &self.redirect_uri(provider),
            &format!("{id}.{secret}"),
            &s256(&pkce_verifier),
            nonce.as_deref(),
        )
        .map_err(|f| Self::upstream(provider, &f))?;
        let login = SocialLogin {
            id: id.clone(),
            project_id: body.project_id,
            provider: provider.as_str().into(),
            device_id: body.device_id,
            origin: body.origin,
            challenge: body.challenge,
            state_hash: secrets::token_hash(&secret),
            pkce_verifier,
            nonce,
            status: "pending".into(),
            identity: None,
            result_expires_at: None,
            redeemed_at: None,
            expires_at: now + LOGIN_TTL_MS,
        };
        self.store.insert_social_login(&login, now).await?;
        tracing::info!(login = %id, provider = provider.as_str(), "social login started");
        Ok(SocialStartReply {
            login_id: id,
            uri,
            expires_in: (LOGIN_TTL_MS / 1000).unsigned_abs(),
        })
    }

    /// 502 for a provider frame-host could not use, logged with the detail.
    fn upstream(provider: SocialProvider, failure: &failure::Failure) -> ApiError {
        tracing::warn!(
            provider = provider.as_str(),
            detail = failure.detail.as_deref().unwrap_or_default(),
            "social provider unavailable"
        );
        ApiError::Upstream(failure.message.clone())
    }

    /// Redeems a login's one-time result for a session of the device that started it.
    pub(crate) async fn redeem(
        &self,
        ip: IpAddr,
        user_agent: Option<&str>,
        body: SocialRedeemRequest,
    ) -> Result<SessionReply, ApiError> {
        check_redeem_input(&body.device_id, &body.verifier)?;
        let per_ip = Limit::per_ip_window(format!("social-redeem:{ip}"), IP_LIMIT);
        self.limits.hit(&[per_ip]).await?;
        let well_formed =
            body.result.len() == 64 && body.result.bytes().all(|b| b.is_ascii_hexdigit());
        let login = match well_formed {
            true => {
                self.store
                    .social_login_by_result(&secrets::token_hash(&body.result))
                    .await?
            }
            false => None,
        }
        .filter(|l| l.project_id == body.project_id)
        .ok_or(ApiError::Unauthorized(RESULT_INVALID))?;
        check_redeem(&login.pending(), &body.device_id, &body.verifier).map_err(|r| {
            ApiError::Unauthorized(match r {
                Refusal::Foreign => RESULT_FOREIGN,
                Refusal::Used => RESULT_USED,
            })
        })?;
        let now = self.clock.now_ms();
        if login.result_expires_at.is_none_or(|at| now >= at) {
            return Err(ApiError::Unauthorized(RESULT_EXPIRED));
        }
        let identity = login
            .identity
            .clone()
            .ok_or(ApiError::Unauthorized(RESULT_INVALID))?;
        let provider = SocialProvider::from_name(&login.provider)
            .ok_or(ApiError::Unauthorized(RESULT_INVALID))?;
        let services = (&self.store, &self.sessions, &self.clock);
        let asker = Asker {
            user_agent,
            ip,
            origin: Some(&login.origin),
        };
        let session = open_session(
            services,
            &self.approvals,
            &asker,
            &login.pending(),
            &identity,
        )
        .await?
        .ok_or(ApiError::Unauthorized(RESULT_USED))?;
        Ok(SessionReply {
            social: Some(SocialAccount {
                provider,
                username: identity.username,
                email: identity.email,
                email_verified: identity.email_verified,
            }),
            ..session
        })
    }
}
