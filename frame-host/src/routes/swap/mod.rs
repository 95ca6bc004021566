//! The convert API (spec §7, `/v1/convert/*`; `API.md`, "Convert"): `GET tokens`, `quotes`,
//! `allowance`, `gas-price`, `build-approve` and `POST build-transaction`, over [`Swap`].
//! Every route is a Blockchain API route (project, `st`/`sv`, origin and CORS) and counts
//! against the client IP's convert limit (`convert_requests_per_ip` per 10 minutes).

mod build;
mod fees;
mod quote;
mod tokens;

use axum::{
    extract::{DefaultBodyLimit, FromRef, FromRequestParts},
    http::request::Parts,
    routing::{get, post},
    Router,
};

use crate::{
    error::ApiError,
    http::{cors, ClientIp, SdkClient},
    net::TrustedProxies,
    projects::Projects,
    state::AppState,
    swap::Swap,
};

/// The largest build-transaction body read.
const MAX_BODY: usize = 4096;

/// The routes, behind the Blockchain API's CORS and origin rules.
pub(crate) fn router(projects: &Projects) -> Router<AppState> {
    let routes = Router::new()
        .route("/v1/convert/tokens", get(tokens::tokens))
        .route("/v1/convert/quotes", get(quote::quotes))
        .route("/v1/convert/allowance", get(quote::allowance))
        .route("/v1/convert/gas-price", get(fees::gas_price))
        .route("/v1/convert/build-approve", get(build::build_approve))
        .route(
            "/v1/convert/build-transaction",
            post(build::build_transaction).layer(DefaultBodyLimit::max(MAX_BODY)),
        );
    cors::with_project_api(routes, projects)
}

/// The caller of a convert route: an [`SdkClient`] whose IP has requests left
/// (429 'Please try again after {n} seconds' otherwise).
#[derive(Debug)]
struct ConvertClient {
    project_id: String,
}

impl<S: Send + Sync> FromRequestParts<S> for ConvertClient
where
    Swap: FromRef<S>,
    Projects: FromRef<S>,
    TrustedProxies: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let client = SdkClient::from_request_parts(parts, state).await?;
        let Ok(ClientIp(ip)) = ClientIp::from_request_parts(parts, state).await;
        Swap::from_ref(state)
            .check_limit(ip, &client.project_id)
            .await?;
        Ok(Self {
            project_id: client.project_id,
        })
    }
}
