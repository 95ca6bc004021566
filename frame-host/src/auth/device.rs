//! Device verification: `POST /auth/v1/device/status`, `GET /auth/v1/device/approve` (the
//! emailed link) and `DELETE /auth/v1/devices/{deviceId}` (revoke).

use axum::{
    extract::{Path, State},
    http::{header, HeaderValue, StatusCode},
    response::{Html, IntoResponse, Response},
    Json,
};
use oriel_protocol::http::{DeviceStatusReply, DeviceStatusRequest};
use serde::Deserialize;

use super::{email::LOGIN_CODE_REASON, otp};
use crate::{
    api::{ApiError, ApiQuery, ProjectJson, ProjectSession},
    headers,
    mail::Outgoing,
    secrets, AppState,
};

/// Whether the attempt's device is approved; the first time it is, the code is emailed.
pub(super) async fn status(
    State(state): State<AppState>,
    ProjectJson(body): ProjectJson<DeviceStatusRequest>,
) -> Result<Json<DeviceStatusReply>, ApiError> {
    let store = state.store();
    let attempt = store
        .login_attempt(&body.attempt_id)
        .await?
        .filter(|a| a.project_id == body.project_id && a.device_id == body.device_id)
        .ok_or(ApiError::NotFound("Unknown login attempt"))?;
    let approved = match &attempt.user_id {
        // A new user's first device needs no approval: it gets a code at start.
        None => true,
        Some(user_id) => store.device_approved(user_id, &attempt.device_id).await?,
    };
    if approved && attempt.code.hash.is_none() && !attempt.code.used {
        let (code, stored) = otp::new_code(&state)?;
        if store.set_first_code(&attempt.id, &stored).await? {
            state
                .mailer()
                .send(
                    Outgoing::code(&attempt.email, &code, LOGIN_CODE_REASON),
                    state.now_ms(),
                )
                .await?;
            tracing::info!(attempt = %attempt.id, "device approved: code sent");
        }
    }
    Ok(Json(DeviceStatusReply { approved }))
}

#[derive(Deserialize)]
pub(super) struct ApproveQuery {
    token: Option<String>,
}

/// The emailed approval link: binds the device to the user, once.
pub(super) async fn approve(
    State(state): State<AppState>,
    query: Result<ApiQuery<ApproveQuery>, ApiError>,
) -> Result<Response, ApiError> {
    let token = query
        .ok()
        .and_then(|ApiQuery(q)| q.token)
        .unwrap_or_default();
    let approved = if token.is_empty() {
        None
    } else {
        state
            .store()
            .approve_device_link(&secrets::token_hash(&token), state.now_ms())
            .await?
    };
    Ok(match approved {
        Some((user_id, _)) => {
            tracing::info!(user = %user_id, "device approved by link");
            page(
                StatusCode::OK,
                "Device approved",
                "Device approved: go back to the app.",
            )
        }
        None => page(
            StatusCode::BAD_REQUEST,
            "Link not valid",
            "This approval link is unknown, already used or expired. Start again in the app.",
        ),
    })
}

fn page(status: StatusCode, title: &str, text: &str) -> Response {
    let html = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title></head><body><h1>{title}</h1><p>{text}</p></body></html>\n"
    );
    let mut res = (status, Html(html)).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(headers::ERROR_PAGE_CSP),
    );
    // The URL holds the token: never send it on as a referrer, never cache the page.
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// Revokes a device of the session's user: its refresh tokens and pepper are deleted, so
/// its device wrap can no longer be opened.
pub(super) async fn revoke(
    State(state): State<AppState>,
    ProjectSession(session): ProjectSession,
    Path(device_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    if !state
        .store()
        .revoke_device(&session.user_id, &device_id, state.now_ms())
        .await?
    {
        return Err(ApiError::NotFound("Device not found"));
    }
    tracing::info!(user = %session.user_id, "device revoked");
    Ok(StatusCode::NO_CONTENT)
}
