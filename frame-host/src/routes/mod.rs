//! The HTTP API, one module per part, and [`app`], which puts them together. A part's router
//! takes the sub-states its handlers need from [`AppState`] (axum's `FromRef`), and says what
//! it asks of the shared layers (its [`Routes`]).
//!
//! A new endpoint touches its part's module, the part's router (a `.route` line), and a test.

mod account;
mod admin;
mod analytics;
mod auth;
mod bundler;
mod farcaster;
mod frame;
mod frame_assets;
mod health;
mod metrics;
mod names;
mod onramp;
mod openapi;
mod projects;
mod registry;
mod rpc;
mod siwx;
mod social;
mod swap;
mod wallet;

pub use metrics::metrics_app;

use axum::{
    http::{header, HeaderValue, Request},
    middleware, Router,
};
use tower_http::{
    set_header::SetResponseHeaderLayer,
    trace::{DefaultOnResponse, TraceLayer},
};
use tracing::Level;

use crate::{
    dev,
    error::ApiError,
    http::{
        observe,
        origin::{self, OriginCheck},
    },
    state::AppState,
};

/// One part of the API: its routes, and the paths whose state-changing requests any origin
/// may send (the origin check refuses a browser page of a foreign origin everywhere else).
pub(crate) struct Routes {
    router: Router<AppState>,
    origin_exempt: Vec<&'static str>,
}

impl Routes {
    pub(crate) fn new(router: Router<AppState>) -> Self {
        Self {
            router,
            origin_exempt: Vec::new(),
        }
    }

    /// Exempts `paths` from the origin check: an entry ending in `/` is a prefix, any other
    /// is a path with everything under it. Only for routes that other origins must reach and
    /// that carry their own proof (a login's `state`, a channel token).
    pub(crate) fn origin_exempt(mut self, paths: &[&'static str]) -> Self {
        self.origin_exempt.extend_from_slice(paths);
        self
    }
}

impl From<Router<AppState>> for Routes {
    fn from(router: Router<AppState>) -> Self {
        Self::new(router)
    }
}

/// The frame-host HTTP service: every part's routes (see `API.md` for the list), and in dev
/// mode the dev-only routes; anything else is 404.
///
/// Serve it with `into_make_service_with_connect_info::<SocketAddr>()` so the per-IP limit
/// sees client addresses.
pub fn app(state: AppState) -> Router {
    let projects = &state.projects;
    let mut parts: Vec<Routes> = vec![
        health::router().into(),
        openapi::router().into(),
        projects::router().into(),
        frame::router(&state.frame_source).into(),
        auth::router().into(),
        social::routes(),
        wallet::router().into(),
        registry::router(projects).into(),
        account::router(projects).into(),
        rpc::router(projects).into(),
        swap::router(projects).into(),
        names::router(projects).into(),
        bundler::router().into(),
        onramp::router(projects).into(),
        analytics::router(projects).into(),
        siwx::router(projects).into(),
        farcaster::routes(),
    ];
    if state.dev_mode {
        parts.push(dev::router(&state.devnet, projects).into());
    }
    if let Some(token) = state.admin_token.clone() {
        parts.push(admin::router(token).into());
    }
    let mut router = Router::new();
    let mut exempt = Vec::new();
    for part in parts {
        router = router.merge(part.router);
        exempt.extend(part.origin_exempt);
    }
    let check = OriginCheck::new(state.projects.clone(), exempt);
    // HSTS where browsers reach frame-host over https in production.
    let hsts = (!state.dev_mode && state.https).then(|| {
        SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=63072000"),
        )
    });
    router
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(check, origin::check))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(tower::util::option_layer(hsts))
        .layer(middleware::from_fn(observe::record))
        .layer(
            TraceLayer::new_for_http()
                // The path only: query strings can hold secrets (approval tokens).
                .make_span_with(|req: &Request<_>| {
                    let id = req.headers().get(observe::REQUEST_ID);
                    let id = id.and_then(|v| v.to_str().ok()).unwrap_or("");
                    tracing::info_span!(
                        "request",
                        id,
                        method = %req.method(),
                        path = %req.uri().path()
                    )
                })
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .layer(middleware::from_fn(observe::request_id))
        .with_state(state)
}

async fn not_found() -> ApiError {
    ApiError::NotFound("not found")
}
