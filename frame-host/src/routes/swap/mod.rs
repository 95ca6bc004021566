//! The convert API (spec §7, `/v1/convert/*`; `API.md`, "Convert"): `GET tokens`, `quotes`,
//! `allowance`, `gas-price`, `build-approve` and `POST build-transaction`, over [`Swap`].
//! Every route is a Blockchain API route (project, `st`/`sv`, origin and CORS) and counts
//! against the client IP's convert limit (`convert_requests_per_ip` per 10 minutes).

mod build;
mod fees;
mod quote;
mod tokens;

use std::net::IpAddr;

use axum::{
    extract::DefaultBodyLimit,
    routing::{get, post},
    Router,
};

use crate::{
    error::ApiError,
    http::{cors, Budgeted, ClientBudget},
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

/// The caller of a convert route, within the client IP's convert budget.
type ConvertClient = Budgeted<Swap>;

impl ClientBudget for Swap {
    async fn spend(&self, ip: IpAddr, project_id: &str) -> Result<(), ApiError> {
        self.check_limit(ip, project_id).await
    }
}
