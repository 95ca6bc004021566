//! The wallet store (`API.md`, "Wallet"): each user's encrypted wallet blob, its device
//! wraps, the devices' peppers, and the recovery key's release ([`recovery`]). frame-host
//! stores ciphertexts and wraps; it never sees a seed or a data key.

pub(crate) mod recovery;

use std::net::IpAddr;

use oriel_protocol::http::{WalletAddresses, WalletBlob};

use crate::{
    clock::Clock,
    error::{ApiError, Error},
    keys::Keys,
    secrets,
    sessions::Session,
    store::{NewWallet, ReleasePurpose, SealedKey, Store, StoredWallet},
};

/// Largest accepted binary field, in bytes after decoding.
const MAX_BLOB_BYTES: usize = 16 * 1024;

/// The wallet store and the keys that release recovery keys. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Wallets {
    store: Store,
    clock: Clock,
    keys: Keys,
}

impl Wallets {
    pub(crate) fn new(store: Store, clock: Clock, keys: Keys) -> Self {
        Self { store, clock, keys }
    }

    /// The session's user's wallet, with the session's device's wrap, if there is one.
    pub(crate) async fn get(&self, session: &Session) -> Result<Option<WalletBlob>, ApiError> {
        Ok(self
            .store
            .wallet(&session.user_id, &session.device_id)
            .await?
            .map(WalletBlob::try_from)
            .transpose()?)
    }

    /// Stores the user's wallet and this device's wrap in one transaction; 409 if the user
    /// already has a wallet, 400 for a field out of bounds.
    pub(crate) async fn create(&self, session: &Session, blob: WalletBlob) -> Result<(), ApiError> {
        check_wallet_id(&blob.wallet_id)?;
        if blob.version < 1 {
            return Err(ApiError::invalid("Invalid version"));
        }
        let device_wrap = blob.device_wrap.as_deref().unwrap_or_default();
        for (name, value) in [
            ("ciphertext", &blob.ciphertext[..]),
            ("recoveryWrap", &blob.recovery_wrap[..]),
            ("deviceWrap", device_wrap),
        ] {
            check_blob(name, value)?;
        }
        let WalletAddresses { eip155, solana } = &blob.addresses;
        if [eip155, solana]
            .into_iter()
            .flatten()
            .any(|address| address.is_empty() || address.len() > 128)
        {
            return Err(ApiError::invalid("Invalid addresses"));
        }
        let wallet = NewWallet {
            wallet_id: blob.wallet_id,
            version: blob.version.into(),
            ciphertext: secrets::b64(&blob.ciphertext),
            nonce: secrets::b64(&blob.nonce),
            recovery_wrap: secrets::b64(&blob.recovery_wrap),
            device_wrap: secrets::b64(device_wrap),
            addresses: serde_json::json!(blob.addresses).to_string(),
        };
        let (sealed, kek) = self.keys.new_recovery_key(&session.user_id)?;
        let created = self
            .store
            .create_wallet(
                (&session.user_id, &session.device_id, &session.session_id),
                &wallet,
                SealedKey { sealed, kek },
                self.clock.now_ms(),
            )
            .await?;
        if !created {
            return Err(ApiError::Conflict("Wallet already exists"));
        }
        tracing::info!(user = %session.user_id, wallet = %wallet.wallet_id, "wallet created");
        Ok(())
    }

    /// Stores (or replaces) this device's wrap (base64) of wallet `wallet_id`; 404 when the
    /// user has no such wallet.
    pub(crate) async fn put_device_wrap(
        &self,
        session: &Session,
        wallet_id: &str,
        device_wrap: &str,
    ) -> Result<(), ApiError> {
        let wrap = secrets::unb64(device_wrap).unwrap_or_default();
        check_blob("deviceWrap", &wrap)?;
        let stored = self
            .store
            .put_device_wrap(
                &session.user_id,
                wallet_id,
                &session.device_id,
                device_wrap,
                self.clock.now_ms(),
            )
            .await?;
        if !stored {
            return Err(ApiError::NotFound("Wallet not found"));
        }
        Ok(())
    }

    /// This device's 32-byte pepper (base64), made on first request.
    pub(crate) async fn pepper(&self, session: &Session) -> Result<String, ApiError> {
        let candidate = secrets::b64(&secrets::random::<32>()?);
        Ok(self
            .store
            .pepper(
                &session.user_id,
                &session.device_id,
                &candidate,
                self.clock.now_ms(),
            )
            .await?)
    }

    /// The recovery key (base64), only for creating the wallet or enrolling this device
    /// right after its login ([`recovery::release`]); else 403. To create, it is the key of
    /// this login, made at its first ask, which the wallet this login creates takes (issue
    /// 38, M-5: a key released to another login, or before the wallet, opens nothing); to
    /// enroll, the wallet's.
    pub(crate) async fn recovery_key(
        &self,
        session: &Session,
        ip: IpAddr,
    ) -> Result<String, ApiError> {
        let now = self.clock.now_ms();
        let user = &session.user_id;
        let stored = match recovery::release(&self.store, now, session, ip).await? {
            ReleasePurpose::Create => {
                let (sealed, kek) = self.keys.new_recovery_key(user)?;
                let candidate = SealedKey { sealed, kek };
                let pending = self
                    .store
                    .pending_recovery_key(&session.session_id, user, &candidate, now)
                    .await?;
                Some(pending)
            }
            ReleasePurpose::Enroll => self
                .store
                .wallet_recovery_key(user)
                .await?
                .ok_or(ApiError::NotFound("Wallet not found"))?,
        };
        let key = self.keys.open_recovery_key(
            user,
            stored.as_ref().map(|k| (k.sealed.as_str(), k.kek.as_str())),
        )?;
        Ok(secrets::b64(key.as_ref()))
    }
}

impl TryFrom<StoredWallet> for WalletBlob {
    type Error = Error;

    /// The stored wallet as the API shows it; a stored value that no longer decodes is an
    /// internal error naming the wallet.
    fn try_from(w: StoredWallet) -> Result<Self, Error> {
        let corrupt = |field: &str| Error::StoredWallet {
            wallet_id: w.wallet_id.clone(),
            field: field.into(),
        };
        let bytes = |field: &str, value: &str| secrets::unb64(value).ok_or_else(|| corrupt(field));
        Ok(Self {
            wallet_id: w.wallet_id.clone(),
            version: w.version.try_into().map_err(|_| corrupt("version"))?,
            ciphertext: bytes("ciphertext", &w.ciphertext)?,
            nonce: bytes("nonce", &w.nonce)?
                .try_into()
                .map_err(|_| corrupt("nonce"))?,
            recovery_wrap: bytes("recoveryWrap", &w.recovery_wrap)?,
            device_wrap: w
                .device_wrap
                .as_deref()
                .map(|wrap| bytes("deviceWrap", wrap))
                .transpose()?,
            addresses: serde_json::from_str(&w.addresses).map_err(|_| corrupt("addresses"))?,
        })
    }
}

fn check_wallet_id(id: &str) -> Result<(), ApiError> {
    if !id.is_empty()
        && id.len() <= 128
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        Ok(())
    } else {
        Err(ApiError::invalid("Invalid walletId"))
    }
}

/// A binary field (decoded; bad base64 decodes to nothing) must be 1 to
/// [`MAX_BLOB_BYTES`] bytes.
fn check_blob(name: &str, bytes: &[u8]) -> Result<(), ApiError> {
    if !bytes.is_empty() && bytes.len() <= MAX_BLOB_BYTES {
        Ok(())
    } else {
        Err(ApiError::InvalidParams(format!(
            "Invalid {name}: expected non-empty base64 of at most {MAX_BLOB_BYTES} bytes"
        )))
    }
}
