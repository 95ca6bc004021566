//! The `Origin` check of state-changing requests (CSRF defence): a POST, PUT, PATCH or
//! DELETE that a browser sends from a page on another origin is refused with 403 unless that
//! origin is frame-host's own (the wallet frame) or on a project's allow-list. Requests
//! without `Origin` come from programs, not from a browser page, and pass: this check stops
//! other sites from using a visitor's browser, not scripts (the API's tokens do that).
//!
//! It runs in front of every route. A part of the API that other origins must reach (the
//! social login callback, which providers post to; Farcaster's relay, which Farcaster clients
//! call) declares its paths as exempt in its `Routes` (see `routes`).

use std::sync::Arc;

use axum::{
    extract::{Request, State},
    http::{header, Method},
    middleware::Next,
    response::{IntoResponse, Response},
};

use crate::{
    error::ApiError,
    projects::{Projects, ORIGIN_NOT_ALLOWED},
};

/// The state of [`check`]: the projects, and the exempt paths. An entry ending in `/` is a
/// prefix; any other entry is a path that is exempt with everything under it (`{entry}/…`).
#[derive(Debug, Clone)]
pub(crate) struct OriginCheck {
    projects: Projects,
    exempt: Arc<[&'static str]>,
}

impl OriginCheck {
    pub(crate) fn new(projects: Projects, exempt: Vec<&'static str>) -> Self {
        Self {
            projects,
            exempt: exempt.into(),
        }
    }

    fn exempt(&self, path: &str) -> bool {
        self.exempt.iter().any(|entry| {
            if entry.ends_with('/') {
                path.starts_with(entry)
            } else {
                path.strip_prefix(entry)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
            }
        })
    }

    fn allowed(&self, origin: &str) -> bool {
        self.projects.is_own_origin(origin) || self.projects.any_allows(origin)
    }
}

/// Middleware (for `axum::middleware::from_fn_with_state`) that refuses state-changing
/// requests from origins that are not allowed.
pub(crate) async fn check(
    State(check): State<OriginCheck>,
    request: Request,
    next: Next,
) -> Response {
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) || check.exempt(request.uri().path());
    let refused = !safe
        && request
            .headers()
            .get(header::ORIGIN)
            .is_some_and(|origin| !check.allowed(origin.to_str().unwrap_or_default()));
    if refused {
        return ApiError::Forbidden(ORIGIN_NOT_ALLOWED).into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exempt_paths() {
        let projects = Projects::new(&[], "http://127.0.0.1:8787").unwrap();
        let check = OriginCheck::new(projects, vec!["/a/callback/", "/v1/channel"]);
        for (path, exempt) in [
            ("/a/callback/google", true),
            ("/a/callback", false),
            ("/v1/channel", true),
            ("/v1/channel/status", true),
            ("/v1/channels", false),
            ("/v1/other", false),
        ] {
            assert_eq!(check.exempt(path), exempt, "{path}");
        }
    }
}
