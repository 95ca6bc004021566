//! Device verification: `POST /auth/v1/device/status`, the emailed link's page (`GET
//! /auth/v1/device/approve`) and its decision (`POST /auth/v1/device/approve`, issue 38 H-1),
//! approving a device from another (`POST /auth/v1/devices/{deviceId}/approve`) and revoking
//! one (`DELETE /auth/v1/devices/{deviceId}`).

use axum::{
    extract::{Path, State},
    http::{header, HeaderMap, StatusCode},
    response::Response,
    Form, Json,
};
use oriel_protocol::http::{DeviceStatusReply, DeviceStatusRequest};
use serde::Deserialize;

use super::approval_page::{self, COOKIE};
use crate::{
    error::ApiError,
    http::{ApiQuery, AuthedJson, ProjectJson, ProjectSession},
    login::{
        approval::{Decided, DecisionForm},
        Login,
    },
    store::{ApprovalKind, Decision},
};
use oriel_protocol::http::ProjectRequest;

/// Whether the attempt's device is approved; the first time it is, the code is emailed.
pub(super) async fn status(
    State(login): State<Login>,
    ProjectJson(body): ProjectJson<DeviceStatusRequest>,
) -> Result<Json<DeviceStatusReply>, ApiError> {
    Ok(Json(login.device_status(&body).await?))
}

#[derive(Deserialize)]
pub(super) struct ApproveQuery {
    token: Option<String>,
}

const NOT_VALID: (&str, &str) = (
    "Link not valid",
    "This approval link is unknown, already used or expired. Start again in the app.",
);

/// The emailed link: a page that shows what asks and lets the owner decide. Approves nothing.
pub(super) async fn page(
    State(login): State<Login>,
    query: Result<ApiQuery<ApproveQuery>, ApiError>,
) -> Result<Response, ApiError> {
    let token = query
        .ok()
        .and_then(|ApiQuery(q)| q.token)
        .unwrap_or_default();
    let approvals = login.approvals();
    Ok(match approvals.page(&token).await? {
        Some(page) => approval_page::approval(&page, approvals.secure_cookie()),
        None => approval_page::message(StatusCode::BAD_REQUEST, NOT_VALID.0, NOT_VALID.1),
    })
}

/// The approval page's form.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct DecisionFields {
    #[serde(default)]
    token: String,
    #[serde(default)]
    nonce: String,
    #[serde(default)]
    page_token: String,
    #[serde(default)]
    decision: String,
}

/// The approval page's POST: "Approve" or "This wasn't me", checked against the page's token,
/// its cookie and the request's `Origin`.
pub(super) async fn decide(
    State(login): State<Login>,
    headers: HeaderMap,
    Form(fields): Form<DecisionFields>,
) -> Result<Response, ApiError> {
    let decision = match fields.decision.as_str() {
        "approve" => Decision::Approved,
        "refuse" => Decision::Refused,
        _ => return Err(ApiError::invalid("decision: approve or refuse")),
    };
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    let cookie_nonce = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(COOKIE)?.strip_prefix('='));
    let form = DecisionForm {
        token: &fields.token,
        nonce: &fields.nonce,
        page_token: &fields.page_token,
        cookie_nonce,
        origin,
        decision,
    };
    let (title, text) = match login.approvals().decide(&form).await? {
        Decided::Done(ApprovalKind::Device, Decision::Approved) => {
            ("Device approved", "Device approved: go back to the app.")
        }
        Decided::Done(ApprovalKind::Signup, Decision::Approved) => {
            ("Email confirmed", "Email confirmed: go back to the app.")
        }
        Decided::Done(_, Decision::Refused) => (
            "Sign-in refused",
            "This sign-in was refused: that device gets no access. We emailed you a note of it.",
        ),
        Decided::NotValid => {
            return Ok(approval_page::message(
                StatusCode::BAD_REQUEST,
                NOT_VALID.0,
                NOT_VALID.1,
            ))
        }
    };
    Ok(approval_page::message(StatusCode::OK, title, text))
}

/// Approves, from a device approved for the account, another of its devices that has only a
/// session (a social or Farcaster login, issue 38 M-3).
pub(super) async fn approve_from_device(
    State(login): State<Login>,
    Path(device_id): Path<String>,
    AuthedJson(session, _): AuthedJson<ProjectRequest>,
) -> Result<StatusCode, ApiError> {
    login.approve_from_device(&session, &device_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Revokes a device of the session's user.
pub(super) async fn revoke(
    State(login): State<Login>,
    ProjectSession(session): ProjectSession,
    Path(device_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    login.revoke_device(&session, &device_id).await?;
    Ok(StatusCode::NO_CONTENT)
}
