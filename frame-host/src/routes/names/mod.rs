//! Names (`API.md`, "Names"): registering (`register`), the lookups and the CCIP-read
//! gateway (`lookup`), and the identity of an address (`identity`), over [`Names`].
//!
//! The `/v1/profile/account*`, `reverse` and `suggestions` routes and `/v1/identity` are
//! Blockchain API routes: `projectId`, `st`, `sv` in the query ([`SdkClient`]) and CORS for
//! the project's origins. The gateway's routes answer anyone
//! (`Access-Control-Allow-Origin: *`).
//!
//! [`Names`]: crate::names::Names
//! [`SdkClient`]: crate::http::SdkClient

mod identity;
mod lookup;
mod register;

use axum::{
    extract::DefaultBodyLimit,
    http::{header, HeaderValue},
    routing::{get, post},
    Router,
};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::{http::cors, projects::Projects, state::AppState};

/// The largest request body of these routes, bytes.
const MAX_BODY: usize = 16 * 1024;

/// The routes of this module.
pub(crate) fn router(projects: &Projects) -> Router<AppState> {
    let api = Router::new()
        .route("/v1/profile/account", post(register::register))
        .route("/v1/profile/account/{name}", get(lookup::account))
        .route("/v1/profile/reverse/{address}", get(lookup::reverse))
        .route("/v1/profile/suggestions/{name}", get(lookup::suggestions))
        .route("/v1/identity/{address}", get(identity::identity))
        .layer(DefaultBodyLimit::max(MAX_BODY));
    let gateway = Router::new()
        .route("/v1/profile/gateway", get(lookup::gateway_info))
        .route("/v1/profile/ccip/{sender}/{data}", get(lookup::ccip))
        .layer(SetResponseHeaderLayer::overriding(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        ));
    cors::with_project_api(api, projects).merge(gateway)
}
