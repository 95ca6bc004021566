//! The wallet API (`API.md`): the encrypted wallet blob, device wraps, peppers and the
//! recovery key. frame-host stores ciphertexts and wraps; it never sees a seed or data key.

use axum::{
    extract::State,
    http::StatusCode,
    routing::{get, put},
    Json, Router,
};
use oriel_protocol::http::{
    CreateWalletRequest, DeviceWrapRequest, PepperReply, RecoveryKeyReply, WalletAddresses,
    WalletBlob, WalletReply,
};

use crate::{
    api::{ApiError, AuthedJson, ClientIp, ProjectSession},
    error::Error,
    recovery, secrets,
    store::{NewWallet, StoredWallet},
    AppState,
};

/// Largest accepted binary field, in bytes after decoding.
const MAX_BLOB_BYTES: usize = 16 * 1024;

/// Routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/wallet/v1", get(wallet).post(create))
        .route("/wallet/v1/device-wrap", put(device_wrap))
        .route("/wallet/v1/pepper", get(pepper))
        .route("/wallet/v1/recovery-key", get(recovery_key))
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

/// `GET /wallet/v1?projectId=`: `{ wallet: null | Wallet }` with this device's wrap.
async fn wallet(
    State(state): State<AppState>,
    ProjectSession(session): ProjectSession,
) -> Result<Json<WalletReply>, ApiError> {
    let wallet = state
        .store()
        .wallet(&session.user_id, &session.device_id)
        .await?
        .map(WalletBlob::try_from)
        .transpose()?;
    Ok(Json(WalletReply { wallet }))
}

/// `POST /wallet/v1`: stores the wallet and this device's wrap in one transaction; 409 if
/// the user already has a wallet.
async fn create(
    State(state): State<AppState>,
    AuthedJson(session, body): AuthedJson<CreateWalletRequest>,
) -> Result<StatusCode, ApiError> {
    let blob = body.wallet;
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
    let created = state
        .store()
        .create_wallet(
            &session.user_id,
            &session.device_id,
            &wallet,
            state.now_ms(),
        )
        .await?;
    if !created {
        return Err(ApiError::Conflict("Wallet already exists"));
    }
    tracing::info!(user = %session.user_id, wallet = %wallet.wallet_id, "wallet created");
    Ok(StatusCode::CREATED)
}

/// `PUT /wallet/v1/device-wrap`: stores (or replaces) this device's wrap.
async fn device_wrap(
    State(state): State<AppState>,
    AuthedJson(session, body): AuthedJson<DeviceWrapRequest>,
) -> Result<StatusCode, ApiError> {
    let wrap = secrets::unb64(&body.device_wrap).unwrap_or_default();
    check_blob("deviceWrap", &wrap)?;
    let stored = state
        .store()
        .put_device_wrap(
            &session.user_id,
            &body.wallet_id,
            &session.device_id,
            &body.device_wrap,
            state.now_ms(),
        )
        .await?;
    if !stored {
        return Err(ApiError::NotFound("Wallet not found"));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /wallet/v1/pepper?projectId=`: this device's 32-byte pepper, made on first request.
async fn pepper(
    State(state): State<AppState>,
    ProjectSession(session): ProjectSession,
) -> Result<Json<PepperReply>, ApiError> {
    let candidate = secrets::b64(&secrets::random::<32>()?);
    let pepper = state
        .store()
        .pepper(
            &session.user_id,
            &session.device_id,
            &candidate,
            state.now_ms(),
        )
        .await?;
    Ok(Json(PepperReply { pepper }))
}

/// `GET /wallet/v1/recovery-key?projectId=`: the user's recovery key, derived from the KEK,
/// only for creating the wallet or enrolling this device right after its login
/// ([`recovery::release`]); else 403.
async fn recovery_key(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ProjectSession(session): ProjectSession,
) -> Result<Json<RecoveryKeyReply>, ApiError> {
    recovery::release(&state, &session, ip).await?;
    let key = state.keys().recovery_key(&session.user_id);
    Ok(Json(RecoveryKeyReply {
        recovery_key: secrets::b64(key.as_ref()),
    }))
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
