//! CORS for project-scoped APIs the widget calls from the dapp's page: a request whose
//! `Origin` is on the allow-list of the project it names (`projectId` in the query) gets
//! `Access-Control-Allow-Origin` set to exactly that origin. Other origins get no CORS
//! header, so browsers keep the answer from their pages. Only simple GET requests are
//! used, so there is no preflight.

use axum::{
    extract::{Query, Request, State},
    http::{header, HeaderValue},
    middleware::Next,
    response::Response,
};

use crate::{api::ProjectQuery, AppState};

/// Middleware (for `axum::middleware::from_fn_with_state`) that adds the CORS headers.
pub(crate) async fn project_origins(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let allowed = request
        .headers()
        .get(header::ORIGIN)
        .filter(|origin| {
            let project = Query::<ProjectQuery>::try_from_uri(request.uri())
                .ok()
                .and_then(|Query(q)| q.project_id);
            match (origin.to_str(), project) {
                (Ok(origin), Some(id)) => state
                    .allow_list(&id)
                    .is_some_and(|list| list.allows(origin)),
                _ => false,
            }
        })
        .cloned();
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    // The answer depends on the Origin header: caches must not serve one origin's to another.
    headers.append(header::VARY, HeaderValue::from_static("Origin"));
    if let Some(origin) = allowed {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    }
    response
}
