//! The auth API (`API.md`, "Auth"): email login with device verification and one-time codes,
//! sessions (access tokens, rotating refresh tokens), devices, email changes and export codes.

mod approval_page;
mod device;
mod email;
mod email_update;
mod export;
mod session;

use axum::{
    routing::{delete, get, post},
    Router,
};

use crate::state::AppState;

/// Routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/v1/email/start", post(email::start))
        .route("/auth/v1/email/verify", post(email::verify))
        .route("/auth/v1/device/status", post(device::status))
        .route(
            "/auth/v1/device/approve",
            get(device::page).post(device::decide),
        )
        .route("/auth/v1/devices/{device_id}", delete(device::revoke))
        .route(
            "/auth/v1/devices/{device_id}/approve",
            post(device::approve_from_device),
        )
        .route("/auth/v1/session/refresh", post(session::refresh))
        .route("/auth/v1/signout", post(session::signout))
        .route("/auth/v1/user", get(session::user))
        .route("/auth/v1/email/update/start", post(email_update::start))
        .route("/auth/v1/email/update/primary", post(email_update::primary))
        .route(
            "/auth/v1/email/update/secondary",
            post(email_update::secondary),
        )
        .route("/auth/v1/export/start", post(export::start))
        .route("/auth/v1/export/verify", post(export::verify))
}
