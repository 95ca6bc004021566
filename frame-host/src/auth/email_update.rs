//! Email change: a code to the current address (`VERIFY_PRIMARY_OTP`), then one to the new
//! address (`VERIFY_SECONDARY_OTP`), then the new email is the user's.

use axum::{extract::State, Json};
use oriel_protocol::{
    http::{
        CodeRequest, EmailUpdatePrimaryReply, EmailUpdateSecondaryReply, EmailUpdateStartReply,
        EmailUpdateStartRequest,
    },
    text::EMAIL_IN_USE,
    UpdateEmailAction,
};

use super::{normalize_email, otp, Session};
use crate::{
    api::{ApiError, AuthedJson, ClientIp},
    mail::Outgoing,
    ratelimit, secrets,
    store::{CodeTable, EmailChange, EmailChangeOutcome},
    AppState,
};

/// Starts changing the user's email to `email`: a code goes to the current address.
pub(super) async fn start(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AuthedJson(session, body): AuthedJson<EmailUpdateStartRequest>,
) -> Result<Json<EmailUpdateStartReply>, ApiError> {
    let new_email = normalize_email(&body.email)?;
    let store = state.store();
    let user = session.user(&state).await?;
    let current = super::mailbox_of(&user)?.to_owned();
    if new_email == current {
        return Err(ApiError::invalid("The new email is the current email"));
    }
    if store
        .user_by_email(&user.project_id, &new_email)
        .await?
        .is_some()
    {
        return Err(ApiError::Conflict(EMAIL_IN_USE));
    }
    ratelimit::check_email_change(&state, ip, &user.id).await?;
    let (code, stored) = otp::new_code(&state)?;
    let change = EmailChange {
        id: secrets::id()?,
        user_id: user.id,
        new_email,
        stage: "primary".into(),
        code: Default::default(),
    };
    let now = state.now_ms();
    store.insert_email_change(&change, &stored, now).await?;
    let why = "Enter it in the app to confirm changing your email address.";
    state
        .mailer()
        .send(Outgoing::code(&current, &code, why), now)
        .await?;
    Ok(Json(EmailUpdateStartReply {
        attempt_id: change.id,
        action: UpdateEmailAction::VerifyPrimaryOtp,
    }))
}

/// The session user's email change `attempt_id` at `stage`, once `body.otp` is its code;
/// otherwise 401 'Invalid code' (or the code rules' own answers).
async fn verified_change(
    state: &AppState,
    session: &Session,
    body: &CodeRequest,
    stage: &str,
) -> Result<EmailChange, ApiError> {
    let change = state
        .store()
        .email_change(&body.attempt_id)
        .await?
        .filter(|c| c.user_id == session.user_id && c.stage == stage)
        .ok_or(ApiError::Unauthorized(otp::INVALID_CODE))?;
    otp::check(
        state,
        CodeTable::EmailChange,
        &change.id,
        &change.code,
        &body.otp,
    )
    .await?;
    Ok(change)
}

/// Checks the code sent to the current address; a code goes to the new one.
pub(super) async fn primary(
    State(state): State<AppState>,
    AuthedJson(session, body): AuthedJson<CodeRequest>,
) -> Result<Json<EmailUpdatePrimaryReply>, ApiError> {
    let change = verified_change(&state, &session, &body, "primary").await?;
    let (code, stored) = otp::new_code(&state)?;
    if !state
        .store()
        .advance_email_change(&change.id, &stored)
        .await?
    {
        return Err(ApiError::Unauthorized(otp::INVALID_CODE));
    }
    let why = "Enter it in the app to confirm this new email address.";
    state
        .mailer()
        .send(
            Outgoing::code(&change.new_email, &code, why),
            state.now_ms(),
        )
        .await?;
    Ok(Json(EmailUpdatePrimaryReply {
        action: UpdateEmailAction::VerifySecondaryOtp,
    }))
}

/// Checks the code sent to the new address and makes it the user's email.
pub(super) async fn secondary(
    State(state): State<AppState>,
    AuthedJson(session, body): AuthedJson<CodeRequest>,
) -> Result<Json<EmailUpdateSecondaryReply>, ApiError> {
    let change = verified_change(&state, &session, &body, "secondary").await?;
    match state.store().finish_email_change(&change).await? {
        EmailChangeOutcome::Changed => {
            tracing::info!(user = %session.user_id, "email changed");
            Ok(Json(EmailUpdateSecondaryReply {
                email: change.new_email,
            }))
        }
        EmailChangeOutcome::EmailTaken => Err(ApiError::Conflict(EMAIL_IN_USE)),
        EmailChangeOutcome::Gone => Err(ApiError::Unauthorized(otp::INVALID_CODE)),
    }
}
