//! Recovery-phrase export: a fresh code to the user's address, proven before the frame shows
//! the phrase. frame-host never sees the phrase; it only vouches for the code, to the frame,
//! which asks on its own origin.

use axum::{extract::State, http::StatusCode, Json};
use oriel_protocol::http::{CodeRequest, ExportStartReply, ProjectRequest};

use super::otp;
use crate::{
    api::{ApiError, AuthedJson, ClientIp},
    mail::Outgoing,
    ratelimit, secrets,
    store::CodeTable,
    AppState,
};

/// Emails the session user a code for showing the recovery phrase.
pub(super) async fn start(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AuthedJson(session, _): AuthedJson<ProjectRequest>,
) -> Result<Json<ExportStartReply>, ApiError> {
    let store = state.store();
    let user = session.user(&state).await?;
    let email = super::mailbox_of(&user)?;
    ratelimit::check_export(&state, ip, &user.id).await?;
    let (code, stored) = otp::new_code(&state)?;
    let id = secrets::id()?;
    let now = state.now_ms();
    store
        .insert_export_code(&id, &user.id, &stored, now)
        .await?;
    let why = "Enter it in the app to show your wallet's recovery phrase. \
               If you did not ask for this, do not share the code with anyone.";
    state
        .mailer()
        .send(Outgoing::code(email, &code, why), now)
        .await?;
    tracing::info!(user = %user.id, "export code sent");
    Ok(Json(ExportStartReply { attempt_id: id }))
}

/// Checks the export code of the session user: 204 once, then the code is spent.
pub(super) async fn verify(
    State(state): State<AppState>,
    AuthedJson(session, body): AuthedJson<CodeRequest>,
) -> Result<StatusCode, ApiError> {
    let store = state.store();
    let (_, code) = store
        .export_code(&body.attempt_id)
        .await?
        .filter(|(user_id, _)| *user_id == session.user_id)
        .ok_or(ApiError::Unauthorized(otp::INVALID_CODE))?;
    otp::check(
        &state,
        CodeTable::Export,
        &body.attempt_id,
        &code,
        &body.otp,
    )
    .await?;
    if !store.use_export_code(&body.attempt_id).await? {
        return Err(ApiError::Unauthorized(otp::INVALID_CODE));
    }
    tracing::info!(user = %session.user_id, "export code verified");
    Ok(StatusCode::NO_CONTENT)
}
