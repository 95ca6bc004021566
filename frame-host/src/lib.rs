#![doc = include_str!("../README.md")]

mod config;
mod error;
mod frame;
mod headers;
mod health;
mod projects;

use std::{collections::HashMap, sync::Arc};

use axum::{
    http::{header, HeaderValue},
    Router,
};
use oriel_protocol::origin::AllowList;
use tower_http::{
    set_header::SetResponseHeaderLayer,
    trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer},
};
use tracing::Level;

pub use config::{Config, MailConfig, Mode, ProjectConfig, DEFAULT_CONFIG};
pub use error::{AppError, Error, Result};

/// The version reported by `/healthz` and embedded in the frame as `buildId`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Shared state of the handlers: the config and each project's parsed allow-list.
#[derive(Debug, Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    config: Config,
    projects: HashMap<String, AllowList>,
}

impl AppState {
    /// Validates `config` and builds the state from it.
    pub fn new(config: Config) -> Result<Self> {
        config.validate()?;
        let projects = config
            .projects
            .iter()
            .map(|p| Ok((p.id.clone(), p.allow_list()?)))
            .collect::<Result<_>>()?;
        Ok(Self {
            inner: Arc::new(Inner { config, projects }),
        })
    }

    /// The config the state was built from.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The allowed origins of project `id`, if it exists.
    pub(crate) fn allow_list(&self, id: &str) -> Option<&AllowList> {
        self.inner.projects.get(id)
    }
}

/// The frame-host HTTP service: `/healthz`, `/projects/v1/origins`, `/frame` and
/// `/frame/assets/*`; anything else is 404.
pub fn app(state: AppState) -> Router {
    Router::new()
        .merge(health::router())
        .merge(projects::router())
        .merge(frame::router(&state.config().frame_dir))
        .fallback(not_found)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .with_state(state)
}

async fn not_found() -> AppError {
    AppError::NotFound("not found")
}
