//! `POST /v1/?chainId={caip2}&projectId={id}` (spec §7 "Chain RPC"; `API.md`, "Chain RPC"):
//! the dapp's JSON-RPC to the operator's nodes, over [`RpcProxy`]. Behind the Blockchain API's
//! CORS and origin rules; every refusal, the project's and the limits' included, is a JSON-RPC
//! error object.

use axum::{
    body::Bytes,
    extract::{rejection::BytesRejection, DefaultBodyLimit, State},
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    routing::post,
    Json, Router,
};
use oriel_protocol::http::HttpErrorCode;
use serde::Deserialize;
use serde_json::Value;

use crate::{
    error::ApiError,
    http::{cors, ApiQuery, ClientIp, SdkClient},
    projects::Projects,
    rpc_proxy::{wire, RpcProxy},
    state::AppState,
};

/// The largest body read, bytes: a batch of signed transactions fits.
const MAX_BODY: usize = 1024 * 1024;

/// The routes, behind the Blockchain API's CORS and origin rules.
pub(crate) fn router(projects: &Projects) -> Router<AppState> {
    let routes = Router::new()
        .route("/v1/", post(call))
        .route("/v1", post(call))
        .layer(DefaultBodyLimit::max(MAX_BODY));
    cors::with_project_api(routes, projects)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChainQuery {
    chain_id: Option<String>,
}

async fn call(
    State(proxy): State<RpcProxy>,
    client: Result<SdkClient, ApiError>,
    ClientIp(ip): ClientIp,
    query: Result<ApiQuery<ChainQuery>, ApiError>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let client = match client {
        Ok(client) => client,
        Err(e) => return refused(e),
    };
    let chain_id = match query {
        Ok(ApiQuery(q)) => q.chain_id.unwrap_or_default(),
        Err(e) => return refused(e),
    };
    let network = match proxy.network(&chain_id) {
        Ok(network) => network,
        Err(e) => return refused(e),
    };
    let body = match body {
        Ok(body) => body,
        Err(e) => {
            let answer = wire::error(
                Value::Null,
                wire::INVALID_REQUEST,
                &format!("Invalid request: {}", e.body_text()),
            );
            return (e.status(), Json(answer)).into_response();
        }
    };
    let body = match wire::parse(&body) {
        Ok(body) => body,
        Err(answer) => return (StatusCode::BAD_REQUEST, Json(answer)).into_response(),
    };
    if let Err(e) = proxy.spend(ip, &client.project_id).await {
        return refused(e);
    }
    Json(proxy.answer(&network, body).await).into_response()
}

/// A refusal before any call ran, as a JSON-RPC error with the refusal's status.
fn refused(e: ApiError) -> Response {
    let (status, code, message, retry_after) = e.told();
    let rpc_code = match code {
        HttpErrorCode::Throttled => wire::LIMIT_EXCEEDED,
        HttpErrorCode::InvalidParams => wire::INVALID_PARAMS,
        HttpErrorCode::Internal | HttpErrorCode::Upstream => wire::INTERNAL_ERROR,
        _ => wire::INVALID_REQUEST,
    };
    let mut response = (status, Json(wire::error(Value::Null, rpc_code, &message))).into_response();
    if let Some(n) = retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(n));
    }
    response
}
