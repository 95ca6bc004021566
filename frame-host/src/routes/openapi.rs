//! `GET /openapi.json`: the OpenAPI document of the routes the SDK calls, written from the
//! same protocol types frame-host answers with (`oriel_protocol::http::contract`), so an
//! operator's own clients have the contract too. Public, like the API it describes.

use std::sync::LazyLock;

use axum::{
    http::{header, HeaderValue},
    routing::get,
    Json, Router,
};
use oriel_protocol::http::contract;
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::openapi::OpenApi;

use crate::{state::AppState, version::VERSION};

/// The document, written once.
static DOCUMENT: LazyLock<OpenApi> = LazyLock::new(|| contract::openapi(VERSION));

/// Routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/openapi.json", get(|| async { Json(&*DOCUMENT) }))
        .layer(SetResponseHeaderLayer::overriding(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        ))
}
