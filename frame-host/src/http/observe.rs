//! What every request leaves behind for the operator: a request id (in the logs' span and in
//! the `x-request-id` answer header) and the request metrics (count and latency by route).

use std::time::Instant;

use axum::{
    extract::{MatchedPath, Request},
    http::{HeaderName, HeaderValue, StatusCode},
    middleware::Next,
    response::Response,
};

use crate::{metrics, secrets};

/// The header that carries a request's id, both ways.
pub(crate) const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Gives the request a fresh id (16 random bytes, hex), replacing any id the client sent:
/// the logs' id is always frame-host's own, so a client cannot forge or collide with one.
/// The trace span reads it from the request's headers; the answer carries it too.
pub(crate) async fn request_id(mut req: Request, next: Next) -> Response {
    let id = secrets::id()
        .ok()
        .and_then(|id| HeaderValue::from_str(&id).ok());
    match id {
        Some(id) => {
            req.headers_mut().insert(REQUEST_ID, id.clone());
            let mut res = next.run(req).await;
            res.headers_mut().insert(REQUEST_ID, id);
            res
        }
        None => {
            // No randomness: the request is still served, without an id.
            tracing::error!("no random request id available");
            req.headers_mut().remove(REQUEST_ID);
            next.run(req).await
        }
    }
}

/// Counts the request by method, route template and status, and times it to its response
/// head. A path no route matched counts as `unmatched`, so labels stay a fixed set.
pub(crate) async fn record(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(req.method());
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |p| p.as_str().to_owned());
    let res = next.run(req).await;
    count_login(&route, res.status());
    let status = res.status().as_u16().to_string();
    ::metrics::counter!(
        metrics::HTTP_REQUESTS,
        "method" => method, "route" => route.clone(), "status" => status
    )
    .increment(1);
    ::metrics::histogram!(metrics::HTTP_SECONDS, "method" => method, "route" => route)
        .record(started.elapsed().as_secs_f64());
    res
}

/// The login and session steps, by route template: the login method and the step a success
/// is, or the session event. A test (`tests/it/metrics.rs`) logs in and out through them.
const LOGIN_ROUTES: &[(&str, &str, &str)] = &[
    ("/auth/v1/email/start", "email", "started"),
    ("/auth/v1/email/verify", "email", "completed"),
    ("/auth/v1/social/start", "social", "started"),
    ("/auth/v1/social/redeem", "social", "completed"),
    ("/auth/v1/farcaster/start", "farcaster", "started"),
    ("/auth/v1/farcaster/redeem", "farcaster", "completed"),
];

/// Counts a login step (a refusal with its reason, the error code its status carries) and
/// the session events: issued by a completed login, refreshed, revoked by a sign-out.
fn count_login(route: &str, status: StatusCode) {
    if status.is_success() {
        match route {
            "/auth/v1/session/refresh" => metrics::session("refreshed"),
            "/auth/v1/signout" => metrics::session("revoked"),
            _ => {}
        }
    }
    let Some((_, method, step)) = LOGIN_ROUTES.iter().find(|(r, ..)| *r == route) else {
        return;
    };
    if status.is_success() {
        metrics::login(method, step, None);
        if *step == "completed" {
            metrics::session("issued");
        }
    } else {
        metrics::login(method, "refused", Some(reason(status)));
    }
}

/// The API error code a refusal's status carries (see `HttpErrorCode`).
fn reason(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "invalid_params",
        401 => "unauthorized",
        403 => "forbidden",
        404 => "not_found",
        409 => "conflict",
        423 => "code_locked",
        429 => "throttled",
        502 => "upstream",
        _ => "internal",
    }
}

/// The method as a label: the standard ones by name, any other as `other`.
fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::OPTIONS => "OPTIONS",
        Method::HEAD => "HEAD",
        _ => "other",
    }
}
