//! The `Origin` check of state-changing requests (CSRF defence): a POST, PUT, PATCH or
//! DELETE that a browser sends from a page on another origin is refused with 403 unless that
//! origin is frame-host's own (the wallet frame) or on a project's allow-list. Requests
//! without `Origin` come from programs, not from a browser page, and pass: this check stops
//! other sites from using a visitor's browser, not scripts (the API's tokens do that). The
//! social login callback is exempt: providers post to it from their own origin; so is
//! Farcaster's relay, which Farcaster clients and apps call from theirs.

use axum::{
    extract::{Request, State},
    http::{header, Method},
    middleware::Next,
    response::{IntoResponse, Response},
};

use crate::{api::ApiError, AppState};

/// 403 text for a state-changing request from an origin that is not allowed.
pub(crate) const ORIGIN_NOT_ALLOWED: &str = "Origin not allowed";

/// Middleware (for `axum::middleware::from_fn_with_state`) that refuses state-changing
/// requests from origins that are not allowed.
pub(crate) async fn state_changing(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) || is_social_callback(request.uri().path())
        || is_farcaster_relay(request.uri().path());
    let refused = !safe
        && request
            .headers()
            .get(header::ORIGIN)
            .is_some_and(|origin| !allowed(&state, origin.to_str().unwrap_or_default()));
    if refused {
        return ApiError::Forbidden(ORIGIN_NOT_ALLOWED).into_response();
    }
    next.run(request).await
}

/// The social login callback, which a provider's page posts to (`form_post`, from the
/// provider's origin): its `state` ties it to a login, not its origin.
fn is_social_callback(path: &str) -> bool {
    path.starts_with(crate::auth::SOCIAL_CALLBACK_PATH)
}

/// Farcaster's relay (`/v1/channel*`), which apps and Farcaster clients on any origin call:
/// each call carries its channel token, never a cookie (see `farcaster`).
fn is_farcaster_relay(path: &str) -> bool {
    path == crate::farcaster::RELAY_PATH
        || path.starts_with(&format!("{}/", crate::farcaster::RELAY_PATH))
}

fn allowed(state: &AppState, origin: &str) -> bool {
    is_own_origin(state, origin) || state.any_project_allows(origin)
}

/// Whether `origin` is frame-host's own (the wallet frame's).
pub(crate) fn is_own_origin(state: &AppState, origin: &str) -> bool {
    origin == own_origin(&state.config().public_url)
}

/// `scheme://host[:port]` of `url` (the public URL, validated at start, has no path).
pub(crate) fn own_origin(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    url[after_scheme..]
        .find('/')
        .map_or(url, |end| &url[..after_scheme + end])
}

#[cfg(test)]
mod tests {
    use super::own_origin;

    #[test]
    fn own_origin_drops_any_path() {
        assert_eq!(own_origin("https://w.example"), "https://w.example");
        assert_eq!(own_origin("https://w.example/"), "https://w.example");
        assert_eq!(
            own_origin("http://127.0.0.1:8787/x"),
            "http://127.0.0.1:8787"
        );
    }
}
