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

use crate::{
    error::ApiError,
    http::{headers, ApiQuery, ProjectJson, ProjectSession},
    login::{ApprovalOutcome, Login},
};

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

/// The emailed approval link: binds the device to the user, once.
pub(super) async fn approve(
    State(login): State<Login>,
    query: Result<ApiQuery<ApproveQuery>, ApiError>,
) -> Result<Response, ApiError> {
    let token = query
        .ok()
        .and_then(|ApiQuery(q)| q.token)
        .unwrap_or_default();
    Ok(match login.approve_device(&token).await? {
        ApprovalOutcome::Approved => page(
            StatusCode::OK,
            "Device approved",
            "Device approved: go back to the app.",
        ),
        ApprovalOutcome::NotValid => page(
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

/// Revokes a device of the session's user.
pub(super) async fn revoke(
    State(login): State<Login>,
    ProjectSession(session): ProjectSession,
    Path(device_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    login.revoke_device(&session, &device_id).await?;
    Ok(StatusCode::NO_CONTENT)
}
