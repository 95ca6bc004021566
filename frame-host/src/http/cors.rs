//! CORS for project-scoped APIs the widget calls from the dapp's page: a request whose
//! `Origin` is on the allow-list of the project it names (`projectId` in the query) gets
//! `Access-Control-Allow-Origin` set to exactly that origin. Other origins get no CORS
//! header, so browsers keep the answer from their pages.
//!
//! The wallet-list service ([`project_origins`]) has only simple GETs, so no preflight. The
//! Blockchain API ([`project_api`]) has a JSON POST, so it also answers preflights (`OPTIONS`)
//! for the project's origins, and refuses every other origin with 403.

use axum::{
    extract::{Query, Request, State},
    http::{header, HeaderValue, Method, StatusCode},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    Router,
};

use super::extract::ProjectQuery;
use crate::{
    error::ApiError,
    projects::{Projects, ORIGIN_NOT_ALLOWED},
};

/// How long a browser may keep a preflight's answer, in seconds.
const PREFLIGHT_MAX_AGE_SECS: u32 = 600;

/// `routes` behind [`project_api`].
pub(crate) fn with_project_api<S: Clone + Send + Sync + 'static>(
    routes: Router<S>,
    projects: &Projects,
) -> Router<S> {
    routes.layer(middleware::from_fn_with_state(
        projects.clone(),
        project_api,
    ))
}

/// `routes` behind [`project_origins`].
pub(crate) fn with_project_origins<S: Clone + Send + Sync + 'static>(
    routes: Router<S>,
    projects: &Projects,
) -> Router<S> {
    routes.layer(middleware::from_fn_with_state(
        projects.clone(),
        project_origins,
    ))
}

/// Middleware (for `axum::middleware::from_fn_with_state`) that adds the CORS headers.
async fn project_origins(
    State(projects): State<Projects>,
    request: Request,
    next: Next,
) -> Response {
    let allowed = request
        .headers()
        .get(header::ORIGIN)
        .filter(|origin| {
            project_id(&request).is_some_and(|id| project_allows(&projects, &id, origin))
        })
        .cloned();
    let mut response = next.run(request).await;
    add_headers(&mut response, allowed);
    response
}

/// [`project_origins`] for the Blockchain API, which also answers preflights: `204` with the
/// allowed methods and headers (`content-type`, and `authorization` for a sign-in token) for
/// an origin of the project, else the project's error (400 'missing projectId', 404 'unknown
/// project id') or 403 'Origin not allowed'. The routes'
/// own 403 for a foreign origin is [`check_origin`], run by their extractor.
async fn project_api(projects: State<Projects>, request: Request, next: Next) -> Response {
    if request.method() != Method::OPTIONS {
        return project_origins(projects, request, next).await;
    }
    let State(projects) = projects;
    let id = project_id(&request).unwrap_or_default();
    let origin = request.headers().get(header::ORIGIN).cloned();
    let checked = projects.check(&id).and_then(|()| {
        let origin = origin.filter(|o| project_allows(&projects, &id, o));
        origin.ok_or(ApiError::Forbidden(ORIGIN_NOT_ALLOWED))
    });
    match checked {
        Ok(origin) => {
            let mut response = StatusCode::NO_CONTENT.into_response();
            let headers = response.headers_mut();
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_METHODS,
                HeaderValue::from_static("GET, POST"),
            );
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_HEADERS,
                HeaderValue::from_static("content-type, authorization"),
            );
            headers.insert(
                header::ACCESS_CONTROL_MAX_AGE,
                HeaderValue::from(PREFLIGHT_MAX_AGE_SECS),
            );
            add_headers(&mut response, Some(origin));
            response
        }
        Err(e) => {
            let mut response = e.into_response();
            add_headers(&mut response, None);
            response
        }
    }
}

/// The Blockchain API's origin rule: a request without `Origin` (a program, or a same-origin
/// GET) passes, and so does one from frame-host's own origin (the frame) or from the
/// project's allow-list; any other is 403 'Origin not allowed' (the SDK then shows its
/// allow-list alert).
pub(crate) fn check_origin(
    projects: &Projects,
    project_id: &str,
    origin: Option<&HeaderValue>,
) -> Result<(), ApiError> {
    let Some(origin) = origin else {
        return Ok(());
    };
    let own = origin.to_str().is_ok_and(|o| projects.is_own_origin(o));
    if own || project_allows(projects, project_id, origin) {
        Ok(())
    } else {
        Err(ApiError::Forbidden(ORIGIN_NOT_ALLOWED))
    }
}

fn project_id(request: &Request) -> Option<String> {
    ProjectQuery::id(Query::<ProjectQuery>::try_from_uri(request.uri()))
}

fn project_allows(projects: &Projects, project_id: &str, origin: &HeaderValue) -> bool {
    origin
        .to_str()
        .is_ok_and(|origin| projects.allows(project_id, origin))
}

fn add_headers(response: &mut Response, allowed: Option<HeaderValue>) {
    let headers = response.headers_mut();
    // The answer depends on the Origin header: caches must not serve one origin's to another.
    headers.append(header::VARY, HeaderValue::from_static("Origin"));
    if let Some(origin) = allowed {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    }
}
