//! Email login, the session, and the wallet it unlocks (DESIGN.md "Keys"). Every secret stays
//! in this module's memory: replies carry addresses, requests to frame-host carry only
//! ciphertext, wraps and ids.

use base64::{engine::general_purpose::STANDARD as B64, Engine};
use oriel_protocol::{Account, EmailAction, ErrorCode, ErrorReply, Reply, User};

use crate::{
    api::{Api, SessionTokens},
    env::Env,
    handler::{check_email, Frame},
    keys::{self, Device, UnlockedWallet},
    sign::CallsStore,
    store::{self, DeviceRecord, SessionRecord},
};

/// How often and how long `ConnectDevice` polls before answering "not yet" (under the host's
/// 30 s timeout for device requests; the host asks again).
const DEVICE_POLL_MS: u32 = 1_500;
const DEVICE_POLLS: u32 = 12;
/// Refresh the access token when it has less than this left.
const REFRESH_MARGIN_MS: u64 = 30_000;

/// The message while a device waits for approval.
pub(crate) const DEVICE_PENDING: &str =
    "Waiting for this device to be approved from the emailed link";

/// A login between `ConnectEmail` and `ConnectOtp`.
#[derive(Debug)]
pub(crate) struct Pending {
    attempt_id: String,
}

/// The unlocked wallet and whose it is.
pub(crate) struct Unlocked {
    pub(crate) user_id: String,
    pub(crate) wallet: UnlockedWallet,
}

#[cfg(test)]
impl Unlocked {
    /// A freshly created wallet for `user_id`, as after a first login.
    pub(crate) fn new_for_test(user_id: &str) -> Self {
        let device = crate::keys::Device {
            device_id: "device-1",
            secret: &[7; 32],
            pepper: &[9; 32],
        };
        let (_, wallet) = crate::keys::create_wallet(user_id, &device, &[3; 32]).unwrap();
        Self {
            user_id: user_id.into(),
            wallet,
        }
    }
}

impl<E: Env> Frame<E> {
    pub(crate) async fn connect_email(&mut self, email: String) -> Result<Reply, ErrorReply> {
        check_email(&email)?;
        let same_user = self
            .stored_session()
            .is_some_and(|s| s.email.eq_ignore_ascii_case(&email));
        if same_user && self.unlock().await.is_ok() {
            return Ok(Reply::ConnectEmail {
                action: EmailAction::Connect,
            });
        }
        let device = self.device()?;
        let start = self.api().email_start(&email, &device.device_id).await?;
        self.pending = Some(Pending {
            attempt_id: start.attempt_id,
        });
        Ok(Reply::ConnectEmail {
            action: start.action,
        })
    }

    pub(crate) async fn connect_device(&mut self) -> Result<Reply, ErrorReply> {
        let attempt_id = self.pending()?.attempt_id.clone();
        let device = self.device()?;
        for poll in 0..DEVICE_POLLS {
            if self
                .api()
                .device_approved(&attempt_id, &device.device_id)
                .await?
            {
                return Ok(Reply::ConnectDevice);
            }
            if poll + 1 < DEVICE_POLLS {
                self.env.sleep(DEVICE_POLL_MS).await;
            }
        }
        Err(ErrorReply::new(ErrorCode::NotConnected, DEVICE_PENDING))
    }

    pub(crate) async fn connect_otp(&mut self, otp: String) -> Result<Reply, ErrorReply> {
        let attempt_id = self.pending()?.attempt_id.clone();
        let device = self.device()?;
        let tokens = self
            .api()
            .email_verify(&attempt_id, &device.device_id, &otp)
            .await?;
        self.save_tokens(tokens);
        self.pending = None;
        self.unlock().await?;
        self.session_changed = true;
        Ok(Reply::ConnectOtp)
    }

    pub(crate) async fn is_connected(&mut self) -> Reply {
        let connected = self.stored_session().is_some() && self.unlock().await.is_ok();
        Reply::IsConnected {
            is_connected: connected,
        }
    }

    pub(crate) async fn get_user(&mut self) -> Result<Reply, ErrorReply> {
        self.unlock().await?;
        Ok(Reply::GetUser(self.user().ok_or_else(not_connected)?))
    }

    pub(crate) async fn sign_out(&mut self) -> Reply {
        if let Some(session) = self.stored_session() {
            // Best effort: the local session is gone either way, and an expired token is fine.
            if let Err(e) = self.api().sign_out(&session.access_token).await {
                if !e.is_unauthorized() {
                    crate::log::warn(&format!("sign-out at frame-host failed: {}", e.message));
                }
            }
        }
        store::clear_session(&self.env, &self.config.project_id);
        self.unlocked = None;
        self.calls = CallsStore::new();
        self.pending = None;
        self.email_update = None;
        self.export = None;
        self.session_changed = true;
        Reply::SignOut
    }

    /// The logged-in user on the active network, if the wallet is unlocked.
    pub(crate) fn user(&self) -> Option<User> {
        let unlocked = self.unlocked.as_ref()?;
        let session = self.stored_session()?;
        let addresses = unlocked.wallet.addresses();
        let address = if self.chain_id.starts_with("solana:") {
            addresses.solana.clone()
        } else {
            addresses.eip155.clone()
        };
        let account_type = self.active_account_type();
        Some(User {
            email: Some(session.email),
            address: address.clone(),
            chain_id: self.chain_id.clone(),
            accounts: vec![Account {
                address,
                account_type,
            }],
            user_name: None,
            smart_account_deployed: false,
            preferred_account_type: account_type,
        })
    }

    /// Opens (or on first login creates) the wallet; a no-op when it is already open.
    async fn unlock(&mut self) -> Result<(), ErrorReply> {
        let access = self.access_token().await?;
        let session = self.stored_session().ok_or_else(not_connected)?;
        if self
            .unlocked
            .as_ref()
            .is_some_and(|u| u.user_id == session.user_id)
        {
            return Ok(());
        }
        let record = self.device()?;
        let secret = record.secret();
        let pepper = decode_key(&self.api().pepper(&access).await?)?;
        let device = Device {
            device_id: &record.device_id,
            secret: &secret,
            pepper: &pepper,
        };
        let user_id = session.user_id.as_str();

        let wallet = match self.api().wallet(&access).await? {
            Some(stored) if stored.blob.device_wrap.is_some() => {
                keys::open_with_device(&stored.blob, user_id, &device).map_err(wallet_error)?
            }
            Some(stored) => {
                // A new device: open through the recovery wrap, then wrap for this device.
                let recovery = decode_key(&self.api().recovery_key(&access).await?)?;
                let wallet = keys::open_with_recovery(&stored.blob, user_id, &recovery)
                    .map_err(wallet_error)?;
                let wrap = keys::wrap_for_device(&wallet, &stored.blob, user_id, &device)
                    .map_err(wallet_error)?;
                self.api()
                    .put_device_wrap(&access, &stored.blob.wallet_id, &B64.encode(wrap))
                    .await?;
                wallet
            }
            None => {
                let recovery = decode_key(&self.api().recovery_key(&access).await?)?;
                let (blob, wallet) =
                    keys::create_wallet(user_id, &device, &recovery).map_err(wallet_error)?;
                if !self
                    .api()
                    .create_wallet(&access, &blob, wallet.addresses())
                    .await?
                {
                    // Another tab created it first: use that one.
                    let stored = self
                        .api()
                        .wallet(&access)
                        .await?
                        .ok_or_else(not_connected)?;
                    keys::open_with_recovery(&stored.blob, user_id, &recovery)
                        .map_err(wallet_error)?
                } else {
                    wallet
                }
            }
        };
        self.unlocked = Some(Unlocked {
            user_id: session.user_id,
            wallet,
        });
        self.load_calls();
        Ok(())
    }

    /// A valid access token, refreshing it when it is about to expire. A refused refresh ends
    /// the session.
    pub(crate) async fn access_token(&mut self) -> Result<String, ErrorReply> {
        let session = self.stored_session().ok_or_else(not_connected)?;
        if session.access_expires_at.saturating_sub(self.env.now_ms()) > REFRESH_MARGIN_MS {
            return Ok(session.access_token);
        }
        let device = self.device()?;
        match self
            .api()
            .refresh(&session.refresh_token, &device.device_id)
            .await
        {
            Ok(tokens) => {
                let access = tokens.access_token.clone();
                self.save_tokens(tokens);
                Ok(access)
            }
            Err(e) if e.is_unauthorized() => {
                store::clear_session(&self.env, &self.config.project_id);
                self.unlocked = None;
                self.session_changed = true;
                Err(ErrorReply::new(ErrorCode::Unauthorized, "Session Expired"))
            }
            Err(e) => Err(e.into()),
        }
    }

    fn save_tokens(&self, tokens: SessionTokens) {
        let record = SessionRecord {
            access_expires_at: self.env.now_ms() + tokens.expires_in.saturating_mul(1000),
            access_token: tokens.access_token,
            refresh_token: tokens.refresh_token,
            user_id: tokens.user.user_id,
            email: tokens.user.email,
        };
        store::save_session(&self.env, &self.config.project_id, &record);
    }

    pub(crate) fn stored_session(&self) -> Option<SessionRecord> {
        store::session(&self.env, &self.config.project_id)
    }

    fn pending(&self) -> Result<&Pending, ErrorReply> {
        self.pending.as_ref().ok_or_else(|| {
            ErrorReply::new(
                ErrorCode::InvalidParams,
                "No email login in progress: start with ConnectEmail",
            )
        })
    }

    fn device(&self) -> Result<DeviceRecord, ErrorReply> {
        store::device(&self.env)
            .map_err(|e| ErrorReply::new(ErrorCode::Internal, format!("no secure randomness: {e}")))
    }

    pub(crate) fn api(&self) -> Api<'_, E> {
        Api::new(&self.env, &self.config.project_id)
    }
}

pub(crate) fn not_connected() -> ErrorReply {
    ErrorReply::new(ErrorCode::NotConnected, crate::handler::NOT_CONNECTED)
}

fn wallet_error(e: keys::Error) -> ErrorReply {
    ErrorReply::new(ErrorCode::Internal, e.to_string())
}

fn decode_key(b64: &str) -> Result<[u8; 32], ErrorReply> {
    B64.decode(b64)
        .ok()
        .and_then(|bytes| <[u8; 32]>::try_from(bytes).ok())
        .ok_or_else(|| ErrorReply::new(ErrorCode::Internal, "frame-host sent a malformed key"))
}
