//! The wallet API (`API.md`): the encrypted wallet blob, device wraps, peppers and the
//! recovery key. frame-host stores ciphertexts and wraps; it never sees a seed or data key.

use axum::{
    extract::State,
    http::StatusCode,
    routing::{get, put},
    Json, Router,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::{
    api::{ApiError, ApiJson, ClientIp, ProjectParam},
    auth::Session,
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

/// The chain addresses of a wallet (public).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Addresses {
    eip155: Option<String>,
    solana: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WalletJson {
    wallet_id: String,
    version: i64,
    ciphertext: String,
    nonce: String,
    recovery_wrap: String,
    device_wrap: Option<String>,
    addresses: Value,
}

impl From<StoredWallet> for WalletJson {
    fn from(w: StoredWallet) -> Self {
        Self {
            wallet_id: w.wallet_id,
            version: w.version,
            ciphertext: w.ciphertext,
            nonce: w.nonce,
            recovery_wrap: w.recovery_wrap,
            device_wrap: w.device_wrap,
            addresses: serde_json::from_str(&w.addresses).unwrap_or(Value::Null),
        }
    }
}

/// `GET /wallet/v1?projectId=`: `{ wallet: null | Wallet }` with this device's wrap.
async fn wallet(
    State(state): State<AppState>,
    session: Session,
    ProjectParam(project_id): ProjectParam,
) -> Result<Json<Value>, ApiError> {
    session.check_project(&project_id)?;
    let wallet = state
        .store()
        .wallet(&session.user_id, &session.device_id)
        .await?
        .map(WalletJson::from);
    Ok(Json(json!({ "wallet": wallet })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateBody {
    project_id: String,
    wallet_id: String,
    version: i64,
    ciphertext: String,
    nonce: String,
    recovery_wrap: String,
    device_wrap: String,
    addresses: Addresses,
}

/// `POST /wallet/v1`: stores the wallet and this device's wrap in one transaction; 409 if
/// the user already has a wallet.
async fn create(
    State(state): State<AppState>,
    session: Session,
    ApiJson(body): ApiJson<CreateBody>,
) -> Result<StatusCode, ApiError> {
    state.check_project(&body.project_id)?;
    session.check_project(&body.project_id)?;
    check_wallet_id(&body.wallet_id)?;
    if body.version < 1 {
        return Err(ApiError::invalid("Invalid version"));
    }
    for (name, value) in [
        ("ciphertext", &body.ciphertext),
        ("nonce", &body.nonce),
        ("recoveryWrap", &body.recovery_wrap),
        ("deviceWrap", &body.device_wrap),
    ] {
        check_blob(name, value)?;
    }
    for address in [&body.addresses.eip155, &body.addresses.solana]
        .into_iter()
        .flatten()
    {
        if address.is_empty() || address.len() > 128 {
            return Err(ApiError::invalid("Invalid addresses"));
        }
    }
    let wallet = NewWallet {
        wallet_id: body.wallet_id,
        version: body.version,
        ciphertext: body.ciphertext,
        nonce: body.nonce,
        recovery_wrap: body.recovery_wrap,
        device_wrap: body.device_wrap,
        addresses: json!(body.addresses).to_string(),
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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeviceWrapBody {
    project_id: String,
    wallet_id: String,
    device_wrap: String,
}

/// `PUT /wallet/v1/device-wrap`: stores (or replaces) this device's wrap.
async fn device_wrap(
    State(state): State<AppState>,
    session: Session,
    ApiJson(body): ApiJson<DeviceWrapBody>,
) -> Result<StatusCode, ApiError> {
    state.check_project(&body.project_id)?;
    session.check_project(&body.project_id)?;
    check_blob("deviceWrap", &body.device_wrap)?;
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
    session: Session,
    ProjectParam(project_id): ProjectParam,
) -> Result<Json<Value>, ApiError> {
    session.check_project(&project_id)?;
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
    Ok(Json(json!({ "pepper": pepper })))
}

/// `GET /wallet/v1/recovery-key?projectId=`: the user's recovery key, derived from the KEK,
/// only for creating the wallet or enrolling this device right after its login
/// ([`recovery::release`]); else 403.
async fn recovery_key(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    ProjectParam(project_id): ProjectParam,
) -> Result<Json<Value>, ApiError> {
    session.check_project(&project_id)?;
    recovery::release(&state, &session, ip).await?;
    let key = state.keys().recovery_key(&session.user_id);
    Ok(Json(json!({ "recoveryKey": secrets::b64(key.as_ref()) })))
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

fn check_blob(name: &str, value: &str) -> Result<(), ApiError> {
    match secrets::unb64(value) {
        Some(bytes) if !bytes.is_empty() && bytes.len() <= MAX_BLOB_BYTES => Ok(()),
        _ => Err(ApiError::InvalidParams(format!(
            "Invalid {name}: expected non-empty base64 of at most {MAX_BLOB_BYTES} bytes"
        ))),
    }
}
