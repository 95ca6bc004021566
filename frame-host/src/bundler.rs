//! `POST /v1/bundler/{chainId}?projectId=ID`: the frame's pass-through to the ERC-4337 bundler
//! of a network (`bundler_url` of its `[[networks]]` entry). The caller is a signed-in frame of
//! the project (`Authorization: Bearer`); the body is one JSON-RPC call of the five the frame
//! needs for smart accounts, and the answer is the bundler's JSON-RPC answer as it gave it
//! (errors included, such as a refused signature). The bundler's URL never reaches the frame.
//! Calls are limited per user and per client IP (`ratelimit::check_bundler`).

use axum::{
    extract::{DefaultBodyLimit, Path, State},
    routing::post,
    Json, Router,
};
use oriel_rpc::Transport;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::{
    api::{ApiError, ApiJson, ClientIp, ProjectSession},
    ratelimit, AppState,
};

/// The methods passed through: sending and estimating a user operation, reading it back and
/// its receipt, and the EntryPoints the bundler serves.
pub(crate) const METHODS: [&str; 5] = [
    "eth_sendUserOperation",
    "eth_estimateUserOperationGas",
    "eth_getUserOperationReceipt",
    "eth_getUserOperationByHash",
    "eth_supportedEntryPoints",
];

/// The largest request body, in bytes: a user operation with a large batch fits easily.
pub(crate) const MAX_REQUEST_BYTES: usize = 128 * 1024;

/// The most params a call may have (`eth_estimateUserOperationGas` takes three).
const MAX_PARAMS: usize = 3;

/// Routes of this module.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/bundler/{chain_id}", post(relay))
        .layer(DefaultBodyLimit::max(MAX_REQUEST_BYTES))
}

/// One JSON-RPC call.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BundlerCall {
    jsonrpc: String,
    id: Value,
    method: String,
    #[serde(default)]
    params: Vec<Value>,
}

async fn relay(
    State(state): State<AppState>,
    Path(chain_id): Path<String>,
    ProjectSession(session): ProjectSession,
    ClientIp(ip): ClientIp,
    ApiJson(call): ApiJson<BundlerCall>,
) -> Result<Json<Value>, ApiError> {
    if call.jsonrpc != "2.0" {
        return Err(ApiError::invalid("jsonrpc must be \"2.0\""));
    }
    if !(call.id.is_u64() || call.id.as_str().is_some_and(|id| id.len() <= 64)) {
        return Err(ApiError::invalid(
            "id must be a whole number or a string of at most 64 characters",
        ));
    }
    if !METHODS.contains(&call.method.as_str()) {
        return Err(ApiError::InvalidParams(format!(
            "Unsupported bundler method: expected one of {}",
            METHODS.join(", ")
        )));
    }
    if call.params.len() > MAX_PARAMS {
        return Err(ApiError::InvalidParams(format!(
            "Too many params: at most {MAX_PARAMS}"
        )));
    }
    ratelimit::check_bundler(&state, ip, &session.user_id).await?;
    let network = state
        .config()
        .networks
        .iter()
        .find(|n| n.chain_id == chain_id)
        .ok_or_else(|| ApiError::InvalidParams(format!("Unknown network: {chain_id:.64}")))?;
    let url = network.bundler_url.as_deref().ok_or_else(|| {
        ApiError::InvalidParams(format!("{chain_id} has no bundler: smart accounts are off"))
    })?;
    let body = json!({
        "jsonrpc": "2.0",
        "id": call.id,
        "method": call.method,
        "params": call.params,
    });
    let reply = state
        .transport()
        .post(url, &body.to_string())
        .await
        .map_err(|e| {
            tracing::warn!(chain_id, error = %e.0, "the bundler did not answer");
            ApiError::Upstream(format!("The bundler of {chain_id} did not answer"))
        })?;
    if reply.status != 200 {
        return Err(ApiError::Upstream(format!(
            "The bundler of {chain_id} answered HTTP {}",
            reply.status
        )));
    }
    let answer: Value = serde_json::from_str(&reply.body)
        .ok()
        .filter(|v: &Value| {
            v.get("jsonrpc").is_some() && (v.get("result").is_some() || v.get("error").is_some())
        })
        .ok_or_else(|| {
            ApiError::Upstream(format!(
                "The bundler of {chain_id} answered something other than JSON-RPC"
            ))
        })?;
    Ok(Json(answer))
}
