//! Email change: `POST /auth/v1/email/update/start` (a code to the current address),
//! `…/primary` (its code; a code goes to the new address) and `…/secondary` (that code; the
//! new email is the user's).

use axum::{extract::State, Json};
use oriel_protocol::http::{
    CodeRequest, EmailUpdatePrimaryReply, EmailUpdateSecondaryReply, EmailUpdateStartReply,
    EmailUpdateStartRequest,
};

use crate::{
    error::ApiError,
    http::{AuthedJson, ClientIp},
    login::Login,
};

pub(super) async fn start(
    State(login): State<Login>,
    ClientIp(ip): ClientIp,
    AuthedJson(session, body): AuthedJson<EmailUpdateStartRequest>,
) -> Result<Json<EmailUpdateStartReply>, ApiError> {
    Ok(Json(login.start_email_change(ip, &session, &body).await?))
}

pub(super) async fn primary(
    State(login): State<Login>,
    AuthedJson(session, body): AuthedJson<CodeRequest>,
) -> Result<Json<EmailUpdatePrimaryReply>, ApiError> {
    Ok(Json(login.confirm_current_email(&session, &body).await?))
}

pub(super) async fn secondary(
    State(login): State<Login>,
    AuthedJson(session, body): AuthedJson<CodeRequest>,
) -> Result<Json<EmailUpdateSecondaryReply>, ApiError> {
    Ok(Json(login.confirm_new_email(&session, &body).await?))
}
