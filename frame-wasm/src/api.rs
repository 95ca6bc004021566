//! A typed client for frame-host's auth and wallet API (frame-host/API.md). The request and
//! reply bodies are the protocol crate's (`oriel_protocol::http`), the ones frame-host reads
//! and writes.

use oriel_protocol::{
    http::{
        CodeRequest, CreateWalletRequest, DeviceStatusReply, DeviceStatusRequest,
        DeviceWrapRequest, EmailStartRequest, EmailUpdatePrimaryReply, EmailUpdateSecondaryReply,
        EmailUpdateStartRequest, EmailVerifyRequest, ExportStartReply, HttpErrorBody, PepperReply,
        ProjectRequest, RecoveryKeyReply, RefreshRequest, WalletReply,
    },
    SocialProvider, UpdateEmailAction,
};
use oriel_signer::keys::WalletBlob;
use serde::{de::DeserializeOwned, Deserialize, Serialize};

use crate::{
    env::Env,
    error::{Error, NETWORK_ERROR},
};

pub use oriel_protocol::http::{
    EmailStartReply as EmailStart, EmailUpdateStartReply as EmailUpdateStart,
    SessionReply as SessionTokens,
};

/// A started social login: frame-host's name for it and the provider URL to open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SocialStart {
    /// The login's id, which its result message names.
    pub login_id: String,
    /// The provider's authorization URL.
    pub uri: String,
}

/// The stored wallet, as `GET /wallet/v1` returns it.
#[derive(Debug, Clone, Deserialize)]
#[serde(transparent)]
pub struct StoredWallet {
    /// Ciphertext and wraps.
    pub blob: WalletBlob,
}

/// A failed call: the HTTP status (0 for a network failure) and frame-host's error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status, or 0 when frame-host could not be reached.
    pub status: u16,
    /// frame-host's error code, such as `throttled`.
    pub code: String,
    /// The text for people.
    pub message: String,
}

impl ApiError {
    /// Whether the session is no longer accepted.
    pub fn is_unauthorized(&self) -> bool {
        self.status == 401
    }
}

impl From<ApiError> for Error {
    /// frame-host's status and text; `error.rs` gives the status its protocol code.
    fn from(e: ApiError) -> Self {
        Error::Host {
            status: e.status,
            message: e.message,
        }
    }
}

/// frame-host's API for one project.
pub struct Api<'a, E: Env> {
    env: &'a E,
    project_id: &'a str,
}

impl<'a, E: Env> Api<'a, E> {
    /// The API for `project_id`.
    pub fn new(env: &'a E, project_id: &'a str) -> Self {
        Self { env, project_id }
    }

    /// The project these calls name.
    pub(crate) fn project_id(&self) -> &str {
        self.project_id
    }

    /// The session in a login's answer (`accessToken`, `refreshToken`, `expiresIn`, `user`),
    /// whatever else it holds.
    pub(crate) fn session_of(&self, answer: serde_json::Value) -> Result<SessionTokens, ApiError> {
        serde_json::from_value(answer).map_err(internal)
    }

    /// Starts an email login.
    pub async fn email_start(&self, email: &str, device_id: &str) -> Result<EmailStart, ApiError> {
        let body = EmailStartRequest {
            project_id: self.project_id.into(),
            email: email.into(),
            device_id: device_id.into(),
        };
        self.post("/auth/v1/email/start", &body, None).await
    }

    /// Whether the device of a login attempt has been approved.
    pub async fn device_approved(
        &self,
        attempt_id: &str,
        device_id: &str,
    ) -> Result<bool, ApiError> {
        let body = DeviceStatusRequest {
            project_id: self.project_id.into(),
            attempt_id: attempt_id.into(),
            device_id: device_id.into(),
        };
        let s: DeviceStatusReply = self.post("/auth/v1/device/status", &body, None).await?;
        Ok(s.approved)
    }

    /// Exchanges the emailed code for a session.
    pub async fn email_verify(
        &self,
        attempt_id: &str,
        device_id: &str,
        otp: &str,
    ) -> Result<SessionTokens, ApiError> {
        let body = EmailVerifyRequest {
            project_id: self.project_id.into(),
            attempt_id: attempt_id.into(),
            device_id: device_id.into(),
            otp: otp.into(),
        };
        self.post("/auth/v1/email/verify", &body, None).await
    }

    /// Starts a social login with `provider` for this device, bound to `challenge` (S256 of
    /// the frame's verifier), for the dapp page at `origin`: the login's id and the provider
    /// URL to open. The bodies are `oriel_protocol::http::social`'s `SocialStartRequest` and
    /// `SocialStartReply`, written and read by hand: serde's derives for the social bodies
    /// would cost the wasm about 10 KB gzip.
    pub async fn social_start(
        &self,
        provider: SocialProvider,
        device_id: &str,
        origin: &str,
        challenge: &str,
    ) -> Result<SocialStart, ApiError> {
        let body = serde_json::json!({
            "projectId": self.project_id,
            "provider": provider.as_str(),
            "deviceId": device_id,
            "origin": origin,
            "challenge": challenge,
        });
        let reply = self
            .fetch("POST", "/auth/v1/social/start", Some(body), None)
            .await?;
        match (reply["loginId"].as_str(), reply["uri"].as_str()) {
            (Some(login_id), Some(uri)) => Ok(SocialStart {
                login_id: login_id.into(),
                uri: uri.into(),
            }),
            _ => Err(internal("no loginId and uri")),
        }
    }

    /// Redeems a social login's one-time result with the login's verifier: a session as an
    /// email login's, and the provider's username (`SocialRedeemRequest` and
    /// `SessionReply`, by hand as in [`Api::social_start`]).
    pub async fn social_redeem(
        &self,
        device_id: &str,
        result: &str,
        verifier: &str,
    ) -> Result<(SessionTokens, Option<String>), ApiError> {
        let body = serde_json::json!({
            "projectId": self.project_id,
            "deviceId": device_id,
            "result": result,
            "verifier": verifier,
        });
        let reply = self
            .fetch("POST", "/auth/v1/social/redeem", Some(body), None)
            .await?;
        let username = reply["social"]["username"].as_str().map(str::to_owned);
        let tokens = serde_json::from_value(reply).map_err(internal)?;
        Ok((tokens, username))
    }

    /// Rotates the refresh token and returns a fresh session.
    pub async fn refresh(
        &self,
        refresh_token: &str,
        device_id: &str,
    ) -> Result<SessionTokens, ApiError> {
        let body = RefreshRequest {
            project_id: self.project_id.into(),
            refresh_token: refresh_token.into(),
            device_id: device_id.into(),
        };
        self.post("/auth/v1/session/refresh", &body, None).await
    }

    /// Starts changing the login email to `email`; a code goes to the current address.
    pub async fn email_update_start(
        &self,
        access: &str,
        email: &str,
    ) -> Result<EmailUpdateStart, ApiError> {
        let body = EmailUpdateStartRequest {
            project_id: self.project_id.into(),
            email: email.into(),
        };
        self.post("/auth/v1/email/update/start", &body, Some(access))
            .await
    }

    /// Confirms the current address with its code; the next code goes to the new address.
    pub async fn email_update_primary(
        &self,
        access: &str,
        attempt_id: &str,
        otp: &str,
    ) -> Result<UpdateEmailAction, ApiError> {
        let body = self.code(attempt_id, otp);
        let p: EmailUpdatePrimaryReply = self
            .post("/auth/v1/email/update/primary", &body, Some(access))
            .await?;
        Ok(p.action)
    }

    /// Confirms the new address with its code; returns the new login email.
    pub async fn email_update_secondary(
        &self,
        access: &str,
        attempt_id: &str,
        otp: &str,
    ) -> Result<String, ApiError> {
        let body = self.code(attempt_id, otp);
        let s: EmailUpdateSecondaryReply = self
            .post("/auth/v1/email/update/secondary", &body, Some(access))
            .await?;
        Ok(s.email)
    }

    /// Emails the user a fresh code for showing the recovery phrase; the attempt id.
    pub async fn export_start(&self, access: &str) -> Result<String, ApiError> {
        let body = ProjectRequest {
            project_id: self.project_id.into(),
        };
        let s: ExportStartReply = self
            .post("/auth/v1/export/start", &body, Some(access))
            .await?;
        Ok(s.attempt_id)
    }

    /// Checks the export code; `Ok` once, then the code is spent.
    pub async fn export_verify(
        &self,
        access: &str,
        attempt_id: &str,
        otp: &str,
    ) -> Result<(), ApiError> {
        let body = self.code(attempt_id, otp);
        self.post::<serde_json::Value>("/auth/v1/export/verify", &body, Some(access))
            .await
            .map(drop)
    }

    /// Ends this device's session at frame-host.
    pub async fn sign_out(&self, access: &str) -> Result<(), ApiError> {
        let body = serde_json::Value::Object(Default::default());
        self.call::<serde_json::Value>("POST", "/auth/v1/signout", Some(body), Some(access))
            .await
            .map(drop)
    }

    /// The user's wallet, if one is stored.
    pub async fn wallet(&self, access: &str) -> Result<Option<StoredWallet>, ApiError> {
        let path = format!("/wallet/v1?projectId={}", self.project_id);
        let w: WalletReply<oriel_signer::keys::Addresses> =
            self.call("GET", &path, None, Some(access)).await?;
        Ok(w.wallet.map(|blob| StoredWallet { blob }))
    }

    /// Stores a new wallet; `Ok(false)` when the user already has one.
    pub async fn create_wallet(
        &self,
        access: &str,
        blob: &WalletBlob,
        addresses: &oriel_signer::keys::Addresses,
    ) -> Result<bool, ApiError> {
        let body = CreateWalletRequest {
            project_id: self.project_id.into(),
            wallet: WalletBlob {
                addresses: addresses.clone(),
                ..blob.clone()
            },
        };
        match self
            .post::<serde_json::Value>("/wallet/v1", &body, Some(access))
            .await
        {
            Ok(_) => Ok(true),
            Err(e) if e.status == 409 => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Stores this device's wrap of the wallet's data key.
    pub async fn put_device_wrap(
        &self,
        access: &str,
        wallet_id: &str,
        wrap: &str,
    ) -> Result<(), ApiError> {
        let body = DeviceWrapRequest {
            project_id: self.project_id.into(),
            wallet_id: wallet_id.into(),
            device_wrap: wrap.into(),
        };
        let body = serde_json::to_value(body).map_err(internal)?;
        self.call::<serde_json::Value>("PUT", "/wallet/v1/device-wrap", Some(body), Some(access))
            .await
            .map(drop)
    }

    /// This device's pepper (base64).
    pub async fn pepper(&self, access: &str) -> Result<String, ApiError> {
        let path = format!("/wallet/v1/pepper?projectId={}", self.project_id);
        Ok(self
            .call::<PepperReply>("GET", &path, None, Some(access))
            .await?
            .pepper)
    }

    /// The user's recovery key (base64).
    pub async fn recovery_key(&self, access: &str) -> Result<String, ApiError> {
        let path = format!("/wallet/v1/recovery-key?projectId={}", self.project_id);
        Ok(self
            .call::<RecoveryKeyReply>("GET", &path, None, Some(access))
            .await?
            .recovery_key)
    }

    /// US dollars per whole token of each asset in `ids` (CAIP-19 or `chain:address`), in
    /// order, from `POST /v1/fungible/price` (`oriel_protocol::http::blockchain`'s bodies,
    /// read by hand: serde's derive for them would cost the wasm 2 KB): `None` where
    /// frame-host knows no price, or answers for another asset than asked.
    pub async fn prices(&self, ids: &[String]) -> Result<Vec<Option<f64>>, ApiError> {
        let path = format!("/v1/fungible/price?projectId={}", self.project_id);
        let body = serde_json::json!({ "addresses": ids });
        let reply = self.fetch("POST", &path, Some(body), None).await?;
        let answers = reply["fungibles"].as_array().map_or(&[][..], Vec::as_slice);
        Ok(ids
            .iter()
            .enumerate()
            .map(|(i, id)| {
                let answer = answers.get(i)?;
                (answer["address"].as_str() == Some(id.as_str()))
                    .then(|| answer["price"].as_f64())?
            })
            .collect())
    }

    /// A code for an attempt of this project.
    fn code(&self, attempt_id: &str, otp: &str) -> CodeRequest {
        CodeRequest {
            project_id: self.project_id.into(),
            attempt_id: attempt_id.into(),
            otp: otp.into(),
        }
    }

    async fn post<T: DeserializeOwned>(
        &self,
        path: &str,
        body: &impl Serialize,
        bearer: Option<&str>,
    ) -> Result<T, ApiError> {
        let body = serde_json::to_value(body).map_err(internal)?;
        self.call("POST", path, Some(body), bearer).await
    }

    async fn call<T: DeserializeOwned>(
        &self,
        method: &str,
        path: &str,
        body: Option<serde_json::Value>,
        bearer: Option<&str>,
    ) -> Result<T, ApiError> {
        let value = self.fetch(method, path, body, bearer).await?;
        serde_json::from_value(value).map_err(internal)
    }

    /// The request itself, not generic so that it is compiled once: the answer as JSON.
    pub(crate) async fn fetch(
        &self,
        method: &str,
        path: &str,
        body: Option<serde_json::Value>,
        bearer: Option<&str>,
    ) -> Result<serde_json::Value, ApiError> {
        let body = body.map(|b| b.to_string());
        let response = self
            .env
            .http(method, path, body, bearer)
            .await
            .map_err(|_| ApiError {
                status: 0,
                code: "network".into(),
                message: NETWORK_ERROR.into(),
            })?;
        if (200..300).contains(&response.status) {
            let text = if response.body.is_empty() {
                "null"
            } else {
                &response.body
            };
            return serde_json::from_str(text).map_err(internal);
        }
        let (code, message) = match serde_json::from_str::<HttpErrorBody>(&response.body) {
            Ok(e) => (e.error.code.as_str().into(), e.error.message),
            Err(_) => (
                "internal".into(),
                format!("HTTP status code: {}", response.status),
            ),
        };
        Err(ApiError {
            status: response.status,
            code,
            message,
        })
    }
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError {
        status: 500,
        code: "internal".into(),
        message: format!("unexpected answer from frame-host: {e}"),
    }
}
