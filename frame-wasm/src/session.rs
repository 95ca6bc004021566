//! The login session and the wallet it unlocks (DESIGN.md "Keys"). The session's tokens live
//! in the frame's storage (`store`); the unlocked wallet, and the user's `wallet_sendCalls`
//! bundles, live here in memory. Every secret stays in this module's memory: requests to
//! frame-host carry only ciphertext, wraps and ids.

use base64::{engine::general_purpose::STANDARD as B64, Engine};
use oriel_protocol::{Account, AccountType, User};
use oriel_signer::{
    keys::{self, Device, UnlockedWallet},
    sign::{
        parse_address,
        smart::{self, SmartAccount},
        CallsStore, ChainReader, SignError,
    },
};

use crate::{
    account_type,
    api::SessionTokens,
    context::Cx,
    env::Env,
    error::{Error, Result},
    store::{self, SessionRecord},
};

/// Refresh the access token when it has less than this left.
const REFRESH_MARGIN_MS: u64 = 30_000;

/// The unlocked wallet, whose it is, and the bundles it sent.
pub(crate) struct Unlocked {
    /// frame-host's user id.
    pub(crate) user_id: String,
    /// The keys.
    pub(crate) wallet: UnlockedWallet,
    /// `wallet_sendCalls` bundles, for `wallet_getCallsStatus`.
    pub(crate) calls: CallsStore,
    /// The key's smart account on each network (CAIP-2) it was looked up on.
    pub(crate) smart: Vec<(String, SmartAccount)>,
}

/// The login: the stored session and, once opened, the wallet.
#[derive(Default)]
pub(crate) struct Session {
    /// The open wallet; `None` until a login or a stored session unlocks it.
    pub(crate) unlocked: Option<Unlocked>,
}

/// The session the frame's storage holds for this project, if any.
pub(crate) fn stored<E: Env>(cx: &Cx<'_, E>) -> Option<SessionRecord> {
    store::session(cx.env, cx.project_id(), cx.site)
}

/// Stores the tokens of a new login; `user_name` is the provider's, after a social login.
pub(crate) fn save_login<E: Env>(cx: &Cx<'_, E>, tokens: SessionTokens, user_name: Option<String>) {
    let record = SessionRecord {
        access_expires_at: cx.env.now_ms() + tokens.expires_in.saturating_mul(1000),
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        user_id: tokens.user.user_id,
        email: tokens.user.email,
        user_name,
    };
    store::save_session(cx.env, cx.project_id(), cx.site, &record);
}

/// Stores refreshed tokens: the login's user name stays.
fn save_refreshed<E: Env>(cx: &Cx<'_, E>, tokens: SessionTokens) {
    let user_name = stored(cx)
        .filter(|s| s.user_id == tokens.user.user_id)
        .and_then(|s| s.user_name);
    save_login(cx, tokens, user_name);
}

impl Session {
    /// The open wallet, or [`Error::NotConnected`].
    pub(crate) fn wallet(&self) -> Result<&Unlocked> {
        self.unlocked.as_ref().ok_or(Error::NotConnected)
    }

    /// Ends the session here: the stored tokens (and the Farcaster account of the login) and
    /// the open wallet are gone.
    pub(crate) fn end<E: Env>(&mut self, cx: &Cx<'_, E>) {
        store::clear_session(cx.env, cx.project_id(), cx.site);
        store::clear_farcaster_profile(cx.env, cx.project_id());
        self.unlocked = None;
    }

    /// A valid access token, refreshing it when it is about to expire. A refused refresh ends
    /// the session ([`Error::SessionExpired`]).
    pub(crate) async fn access_token<E: Env>(&mut self, cx: &Cx<'_, E>) -> Result<String> {
        let session = stored(cx).ok_or(Error::NotConnected)?;
        if session.access_expires_at.saturating_sub(cx.env.now_ms()) > REFRESH_MARGIN_MS {
            return Ok(session.access_token);
        }
        let device = cx.device()?;
        match cx
            .api()
            .refresh(&session.refresh_token, &device.device_id)
            .await
        {
            Ok(tokens) => {
                let access = tokens.access_token.clone();
                save_refreshed(cx, tokens);
                Ok(access)
            }
            Err(e) if e.is_unauthorized() => {
                self.end(cx);
                Err(Error::SessionExpired)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Opens the wallet with this device's wrap; a no-op when it is already open. A device
    /// without a wrap ([`Error::NotEnrolled`]) gets one only at a login:
    /// [`Session::unlock_after_login`].
    pub(crate) async fn unlock<E: Env>(&mut self, cx: &Cx<'_, E>) -> Result<()> {
        self.open(cx, false).await
    }

    /// Opens the wallet right after a login's code: with this device's wrap, or else through
    /// the recovery key, which frame-host releases only now (once per login): the first
    /// device creates the wallet, a new device opens the recovery wrap and stores its own
    /// wrap.
    pub(crate) async fn unlock_after_login<E: Env>(&mut self, cx: &Cx<'_, E>) -> Result<()> {
        self.open(cx, true).await
    }

    async fn open<E: Env>(&mut self, cx: &Cx<'_, E>, enroll: bool) -> Result<()> {
        let access = self.access_token(cx).await?;
        let session = stored(cx).ok_or(Error::NotConnected)?;
        if self
            .unlocked
            .as_ref()
            .is_some_and(|u| u.user_id == session.user_id)
        {
            return Ok(());
        }
        let record = cx.device()?;
        let secret = record.secret();
        let api = cx.api();
        let pepper = decode_key(&api.pepper(&access).await?)?;
        let device = Device {
            device_id: &record.device_id,
            secret: &secret,
            pepper: &pepper,
        };
        let user_id = session.user_id.as_str();

        let wallet = match api.wallet(&access).await? {
            Some(stored) if stored.blob.device_wrap.is_some() => {
                keys::open_with_device(&stored.blob, user_id, &device)?
            }
            _ if !enroll => return Err(Error::NotEnrolled),
            Some(stored) => {
                // A new device: open through the recovery wrap, then wrap for this device.
                let recovery = decode_key(&api.recovery_key(&access).await?)?;
                let wallet = keys::open_with_recovery(&stored.blob, user_id, &recovery)?;
                let wrap = keys::wrap_for_device(&wallet, &stored.blob, user_id, &device)?;
                api.put_device_wrap(&access, &stored.blob.wallet_id, &B64.encode(wrap))
                    .await?;
                wallet
            }
            None => {
                let recovery = decode_key(&api.recovery_key(&access).await?)?;
                let (blob, wallet) = keys::create_wallet(user_id, &device, &recovery)?;
                if api
                    .create_wallet(&access, &blob, wallet.addresses())
                    .await?
                {
                    wallet
                } else {
                    // Another tab created it first: use that one.
                    let stored = api.wallet(&access).await?.ok_or(Error::NotConnected)?;
                    keys::open_with_recovery(&stored.blob, user_id, &recovery)?
                }
            }
        };
        let calls = load_calls(cx, &session.user_id);
        self.unlocked = Some(Unlocked {
            user_id: session.user_id,
            wallet,
            calls,
            smart: Vec::new(),
        });
        Ok(())
    }

    /// The smart account in effect on `chain`: the key's, when the user prefers a smart
    /// account there, the network has smart accounts, and it was looked up
    /// ([`Session::look_up_smart_account`]).
    pub(crate) fn smart_account<E: Env>(
        &self,
        cx: &Cx<'_, E>,
        chain: &str,
    ) -> Option<SmartAccount> {
        let unlocked = self.unlocked.as_ref()?;
        if account_type::preferred(cx.env, cx.project_id(), chain) != AccountType::SmartAccount
            || account_type::contracts(cx.config, chain).is_none()
        {
            return None;
        }
        unlocked
            .smart
            .iter()
            .find(|(c, _)| c == chain)
            .map(|(_, account)| *account)
    }

    /// Looks up the key's smart account on `chain` through `rpc` when the user prefers one
    /// there and the network has smart accounts: its address once (from the factory), then
    /// whether it is deployed, until it is. A chain that cannot answer leaves the key's own
    /// account in effect, says so in the console, and answers why.
    pub(crate) async fn look_up_smart_account<E: Env, R: ChainReader>(
        &mut self,
        cx: &Cx<'_, E>,
        chain: &str,
        rpc: &R,
    ) -> std::result::Result<(), SignError> {
        let Some(unlocked) = self.unlocked.as_mut() else {
            return Ok(());
        };
        let Some(contracts) = account_type::contracts(cx.config, chain) else {
            return Ok(());
        };
        if account_type::preferred(cx.env, cx.project_id(), chain) != AccountType::SmartAccount {
            return Ok(());
        }
        let known = unlocked.smart.iter().position(|(c, _)| c == chain);
        let looked_up = match known.map(|i| unlocked.smart[i].1) {
            Some(account) if account.deployed => return Ok(()),
            Some(account) => smart::is_deployed(rpc, &account.address)
                .await
                .map(|deployed| SmartAccount {
                    deployed,
                    ..account
                }),
            None => match parse_address(&unlocked.wallet.addresses().eip155) {
                Ok(owner) => smart::account_of(rpc, &contracts, &owner).await,
                Err(e) => Err(e),
            },
        };
        match (looked_up, known) {
            (Ok(account), Some(i)) => unlocked.smart[i].1 = account,
            (Ok(account), None) => unlocked.smart.push((chain.to_owned(), account)),
            (Err(e), _) => {
                crate::log::warn(&format!(
                    "the smart account on {chain} could not be looked up, so the key's own \
                     account is in effect there: {e}"
                ));
                return Err(e);
            }
        }
        Ok(())
    }

    /// The logged-in user on network `chain_id`, if the wallet is unlocked: its smart account
    /// there when one is in effect ([`Session::smart_account`]), else its key's account.
    pub(crate) fn user<E: Env>(&self, cx: &Cx<'_, E>, chain_id: &str) -> Option<User> {
        let unlocked = self.unlocked.as_ref()?;
        let session = stored(cx)?;
        let addresses = unlocked.wallet.addresses();
        let smart = self.smart_account(cx, chain_id);
        let (address, account_type) = match smart {
            _ if chain_id.starts_with("solana:") => (addresses.solana.clone(), AccountType::Eoa),
            Some(account) => (account.address.to_checksum(None), AccountType::SmartAccount),
            None => (addresses.eip155.clone(), AccountType::Eoa),
        };
        // Every account of the key on this network's family: the smart one first when in effect.
        let mut accounts = vec![Account {
            address: address.clone(),
            account_type,
        }];
        if smart.is_some() {
            accounts.push(Account {
                address: addresses.eip155.clone(),
                account_type: AccountType::Eoa,
            });
        }
        Some(User {
            // A user who came in by Farcaster (or a social account without an email) has none.
            email: (!session.email.is_empty()).then(|| session.email.clone()),
            address,
            chain_id: chain_id.to_owned(),
            accounts,
            // A social login's username, else a Farcaster account's.
            user_name: session.user_name.clone().or_else(|| {
                store::farcaster_profile(cx.env, cx.project_id(), &session.user_id)
                    .map(|p| p.user_name)
            }),
            smart_account_deployed: smart.is_some_and(|a| a.deployed),
            preferred_account_type: account_type,
        })
    }

    /// Writes the logged-in user's bundles to the frame's storage (after `wallet_sendCalls`).
    pub(crate) fn save_calls<E: Env>(&self, cx: &Cx<'_, E>) {
        if let Some(unlocked) = &self.unlocked {
            let key = calls_key(cx.project_id(), &unlocked.user_id);
            cx.env.save(&key, &unlocked.calls.to_json());
        }
    }
}

/// Where a user's `wallet_sendCalls` bundles live in the frame's storage.
fn calls_key(project_id: &str, user_id: &str) -> String {
    format!("oriel/calls/{project_id}/{user_id}")
}

/// The user's bundles as stored, so `wallet_getCallsStatus` answers for bundles sent before a
/// reload.
pub(crate) fn load_calls<E: Env>(cx: &Cx<'_, E>, user_id: &str) -> CallsStore {
    cx.env
        .load(&calls_key(cx.project_id(), user_id))
        .map_or_else(CallsStore::new, |text| CallsStore::from_json(&text))
}

fn decode_key(b64: &str) -> Result<[u8; 32]> {
    B64.decode(b64)
        .ok()
        .and_then(|bytes| <[u8; 32]>::try_from(bytes).ok())
        .ok_or(Error::MalformedKey)
}

#[cfg(test)]
impl Unlocked {
    /// A freshly created wallet for `user_id`, as after a first login, with no bundles.
    pub(crate) fn new_for_test(user_id: &str) -> Self {
        let device = oriel_signer::keys::Device {
            device_id: "device-1",
            secret: &[7; 32],
            pepper: &[9; 32],
        };
        let (_, wallet) = oriel_signer::keys::create_wallet(user_id, &device, &[3; 32]).unwrap();
        Self {
            user_id: user_id.into(),
            wallet,
            calls: CallsStore::new(),
            smart: Vec::new(),
        }
    }
}
