//! The frame's pass-through to the ERC-4337 bundler of a network (`bundler_url` of its
//! `[[networks]]` entry): one JSON-RPC call of the three the frame makes for smart accounts,
//! answered as the bundler gave it (errors included, such as a refused signature). The
//! bundler's URL never reaches the frame. A user operation must be the session's own smart
//! account's, for the network's EntryPoint (`account`). Calls are limited per user and per
//! client IP.

mod account;

use std::{collections::HashMap, net::IpAddr, sync::Arc};

use alloy_primitives::Address;

use oriel_rpc::Transport;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::{
    chain::{Chains, HttpTransport, NetworkConfig},
    error::ApiError,
    limits::{Limit, Limits},
    store::Store,
};
use account::Accounts;

/// The methods passed through, those the frame makes (`oriel_signer::sign::smart`): estimating
/// and sending a user operation, and reading its receipt (issue 38, L-3).
pub(crate) const METHODS: [&str; 3] = [
    "eth_sendUserOperation",
    "eth_estimateUserOperationGas",
    "eth_getUserOperationReceipt",
];

/// The methods whose first param is a user operation, and second the EntryPoint.
const OPERATION_METHODS: [&str; 2] = ["eth_sendUserOperation", "eth_estimateUserOperationGas"];

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
    accounts: Accounts,
}

impl Bundler {
    pub(crate) fn new(
        networks: &[NetworkConfig],
        transport: HttpTransport,
        limits: Limits,
        chains: Chains,
        store: Store,
    ) -> Self {
        let urls = networks
            .iter()
            .map(|n| (n.chain_id.clone(), n.bundler_url.clone()))
            .collect();
        Self {
            urls: Arc::new(urls),
            transport,
            limits,
            accounts: Accounts::new(networks, chains, store),
        }
    }

    /// Passes `call` of `user_id` at `ip` to the bundler of `chain_id`: 400 for a call out
    /// of bounds or a network without a bundler, 403 for a user operation that is not the
    /// user's smart account's, 429 past a limit, 502 when the bundler does not answer
    /// JSON-RPC.
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
        if OPERATION_METHODS.contains(&call.method.as_str()) {
            self.check_operation(chain_id, user_id, &call.params)
                .await?;
        }
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

    /// A user operation's params: `[operation, entryPoint]`, the operation's `sender` the
    /// user's smart account on `chain_id` and the EntryPoint the network's.
    async fn check_operation(
        &self,
        chain_id: &str,
        user_id: &str,
        params: &[Value],
    ) -> Result<(), ApiError> {
        let sender = params
            .first()
            .and_then(|op| op.get("sender"))
            .and_then(Value::as_str)
            .and_then(|s| s.parse::<Address>().ok())
            .ok_or_else(|| {
                ApiError::invalid(
                    "Invalid user operation: expected an object with a sender address",
                )
            })?;
        let expected = self.accounts.entry_point(chain_id);
        let entry_point = params
            .get(1)
            .and_then(Value::as_str)
            .and_then(|s| s.parse::<Address>().ok());
        if let Some(expected) = expected.filter(|e| entry_point != Some(*e)) {
            return Err(ApiError::InvalidParams(format!(
                "Unsupported EntryPoint: expected {expected}"
            )));
        }
        if sender != self.accounts.of(chain_id, user_id).await? {
            return Err(ApiError::Forbidden(account::NOT_YOUR_ACCOUNT));
        }
        Ok(())
    }
}
