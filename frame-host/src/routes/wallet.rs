//! The wallet API (`API.md`, "Wallet"): `/wallet/v1` (get, create), the device wrap, the
//! pepper and the recovery key, each for the caller's session ([`Wallets`]).

use axum::{
    extract::State,
    http::StatusCode,
    routing::{get, put},
    Json, Router,
};
use oriel_protocol::http::{
    CreateWalletRequest, DeviceWrapRequest, PepperReply, RecoveryKeyReply, WalletReply,
};

use crate::{
    error::ApiError,
    http::{AuthedJson, ClientAddress, ProjectSession},
    state::AppState,
    wallets::Wallets,
};

/// Routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/wallet/v1", get(wallet).post(create))
        .route("/wallet/v1/device-wrap", put(device_wrap))
        .route("/wallet/v1/pepper", get(pepper))
        .route("/wallet/v1/recovery-key", get(recovery_key))
}

/// `GET /wallet/v1?projectId=`: `{ wallet: null | Wallet }` with this device's wrap.
async fn wallet(
    State(wallets): State<Wallets>,
    ProjectSession(session): ProjectSession,
) -> Result<Json<WalletReply>, ApiError> {
    let wallet = wallets.get(&session).await?;
    Ok(Json(WalletReply { wallet }))
}

/// `POST /wallet/v1`: 201, or 409 if the user already has a wallet.
async fn create(
    State(wallets): State<Wallets>,
    AuthedJson(session, body): AuthedJson<CreateWalletRequest>,
) -> Result<StatusCode, ApiError> {
    wallets.create(&session, body.wallet).await?;
    Ok(StatusCode::CREATED)
}

/// `PUT /wallet/v1/device-wrap`: stores (or replaces) this device's wrap.
async fn device_wrap(
    State(wallets): State<Wallets>,
    AuthedJson(session, body): AuthedJson<DeviceWrapRequest>,
) -> Result<StatusCode, ApiError> {
    wallets
        .put_device_wrap(&session, &body.wallet_id, &body.device_wrap)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /wallet/v1/pepper?projectId=`: this device's 32-byte pepper, made on first request.
async fn pepper(
    State(wallets): State<Wallets>,
    ProjectSession(session): ProjectSession,
) -> Result<Json<PepperReply>, ApiError> {
    let pepper = wallets.pepper(&session).await?;
    Ok(Json(PepperReply { pepper }))
}

/// `GET /wallet/v1/recovery-key?projectId=`: the user's recovery key, only right after a
/// login that needs it; else 403.
async fn recovery_key(
    State(wallets): State<Wallets>,
    ClientAddress(ip): ClientAddress,
    ProjectSession(session): ProjectSession,
) -> Result<Json<RecoveryKeyReply>, ApiError> {
    let recovery_key = wallets.recovery_key(&session, ip).await?;
    Ok(Json(RecoveryKeyReply { recovery_key }))
}
