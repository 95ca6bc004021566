//! The frame's pass-through to the ERC-4337 bundler of a network (`bundler_url` of its
//! `[[networks]]` entry): one JSON-RPC call of the five the frame needs for smart accounts,
//! answered as the bundler gave it (errors included, such as a refused signature). The
//! bundler's URL never reaches the frame. Calls are limited per user and per client IP.

use std::{collections::HashMap, net::IpAddr, sync::Arc};

use oriel_rpc::Transport;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::{
    chain::{HttpTransport, NetworkConfig},
    error::ApiError,
    limits::{Limit, Limits},
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

/// Bundler calls per signed-in user per 10 minutes.
const USER_LIMIT: i64 = 1_200;
/// Bundler calls per client IP per 10 minutes.
const IP_LIMIT: i64 = 3_000;

/// One JSON-RPC call.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BundlerCall {
    jsonrpc: String,
    id: Value,
    method: String,
    #[serde(default)]
    params: Vec<Value>,
}

/// Each network's bundler URL, if it has one, and the transport to reach it. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Bundler {
    urls: Arc<HashMap<String, Option<String>>>,
    transport: HttpTransport,
    limits: Limits,
}

impl Bundler {
    pub(crate) fn new(
        networks: &[NetworkConfig],
        transport: HttpTransport,
        limits: Limits,
    ) -> Self {
        let urls = networks
            .iter()
            .map(|n| (n.chain_id.clone(), n.bundler_url.clone()))
            .collect();
        Self {
            urls: Arc::new(urls),
            transport,
            limits,
        }
    }

    /// Passes `call` of `user_id` at `ip` to the bundler of `chain_id`: 400 for a call out
    /// of bounds or a network without a bundler, 429 past a limit, 502 when the bundler does
    /// not answer JSON-RPC.
    pub(crate) async fn relay(
        &self,
        chain_id: &str,
        user_id: &str,
        ip: IpAddr,
        call: BundlerCall,
    ) -> Result<Value, ApiError> {
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
        let limits = [
            Limit::per_ip_window(format!("bundler-user:{user_id}"), USER_LIMIT),
            Limit::per_ip_window(format!("bundler-ip:{ip}"), IP_LIMIT),
        ];
        self.limits.hit(&limits).await?;
        let url = self
            .urls
            .get(chain_id)
            .ok_or_else(|| ApiError::InvalidParams(format!("Unknown network: {chain_id:.64}")))?;
        let url = url.as_deref().ok_or_else(|| {
            ApiError::InvalidParams(format!("{chain_id} has no bundler: smart accounts are off"))
        })?;
        let body = json!({
            "jsonrpc": "2.0",
            "id": call.id,
            "method": call.method,
            "params": call.params,
        });
        let reply = self
            .transport
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
                v.get("jsonrpc").is_some()
                    && (v.get("result").is_some() || v.get("error").is_some())
            })
            .ok_or_else(|| {
                ApiError::Upstream(format!(
                    "The bundler of {chain_id} answered something other than JSON-RPC"
                ))
            })?;
        Ok(answer)
    }
}
