//! frame-host's chain RPC endpoint for dapps (spec §7 "Chain RPC":
//! `{rpc host}/v1/?chainId={caip2}&projectId={id}`): JSON-RPC calls, one or a batch, to the
//! operator's nodes of each configured `eip155` network through the shared `oriel-rpc` client
//! (its fallback across the network's URLs, ranked by latency and stability). Only the
//! methods of [`methods`] pass; `eth_chainId` and `net_version` are answered from the config,
//! the newest block and gas prices are reused for a second ([`cache`]); every request counts
//! against a per-IP and a per-project budget. The nodes' URLs, which may carry the operator's
//! API keys, never appear in an answer or a log line.

mod cache;
mod config;
pub(crate) mod methods;
pub(crate) mod wire;

use std::{collections::HashMap, net::IpAddr, sync::Arc};

use serde_json::{json, Value};

pub use self::config::RpcConfig;
use self::{
    cache::Recent,
    wire::{Body, Call},
};
use crate::{
    chain::{ChainClient, Chains, NetworkConfig},
    clock::Clock,
    error::ApiError,
    limits::{Limit, Limits},
};
use oriel_rpc::RpcError;

/// What the endpoint uses. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct RpcProxy {
    /// The `eip155` networks served, by CAIP-2 id: their chain id.
    networks: Arc<HashMap<String, u64>>,
    chains: Chains,
    recent: Arc<Recent>,
    limits: Limits,
    clock: Clock,
    budgets: RpcConfig,
}

/// The node did not answer in a way a caller can use.
const NODES_DOWN: &str = "The network's nodes did not answer: try again later";

impl RpcProxy {
    pub(crate) fn new(
        networks: &[NetworkConfig],
        chains: Chains,
        limits: Limits,
        clock: Clock,
        budgets: RpcConfig,
    ) -> Self {
        let networks = networks
            .iter()
            .filter_map(|n| {
                let id = n.chain_id.strip_prefix("eip155:")?.parse().ok()?;
                Some((n.chain_id.clone(), id))
            })
            .collect();
        Self {
            networks: Arc::new(networks),
            chains,
            recent: Arc::default(),
            limits,
            clock,
            budgets,
        }
    }

    /// The network `chain_id` as served: its chain id and its client; 400 'Unsupported
    /// chainId: …' for any other.
    pub(crate) fn network(&self, chain_id: &str) -> Result<Network, ApiError> {
        let unsupported = || {
            let shown: String = chain_id.chars().take(64).collect();
            ApiError::InvalidParams(format!("Unsupported chainId: {shown}"))
        };
        let id = *self.networks.get(chain_id).ok_or_else(unsupported)?;
        let client = self.chains.get(chain_id).ok_or_else(unsupported)?;
        Ok(Network {
            chain_id: chain_id.to_owned(),
            id,
            client,
        })
    }

    /// Spends one request of `ip` in `project_id`: 429 when a budget is spent.
    pub(crate) async fn spend(&self, ip: IpAddr, project_id: &str) -> Result<(), ApiError> {
        self.limits
            .hit(&[
                Limit::per_ip_window(
                    format!("rpc-ip:{project_id}:{ip}"),
                    self.budgets.requests_per_ip.into(),
                ),
                Limit::per_ip_window(
                    format!("rpc-project:{project_id}"),
                    self.budgets.requests_per_project.into(),
                ),
            ])
            .await
    }

    /// The answer to `body` on `network`: one answer, or one per call of a batch, in order.
    pub(crate) async fn answer(&self, network: &Network, body: Body) -> Value {
        match body {
            Body::Single(call) => {
                let mut answers = self.answer_all(network, vec![call]).await;
                answers.pop().unwrap_or(Value::Null)
            }
            Body::Batch(calls) => Value::Array(self.answer_all(network, calls).await),
        }
    }

    /// Answers `calls` in order: refused and local ones at once, the rest in one batch to the
    /// nodes (a single call as a single request).
    async fn answer_all(&self, network: &Network, calls: Vec<Result<Call, Value>>) -> Vec<Value> {
        let now = self.clock.now_ms();
        let mut answers: Vec<Option<Value>> = Vec::with_capacity(calls.len());
        let mut forward: Vec<(usize, Call)> = Vec::new();
        for call in calls {
            let slot = answers.len();
            match call {
                Err(answer) => answers.push(Some(answer)),
                Ok(call) => match self.local(network, &call, now).await {
                    Some(answer) => answers.push(Some(answer)),
                    None => {
                        answers.push(None);
                        forward.push((slot, call));
                    }
                },
            }
        }
        for (slot, answer) in self.forward(network, forward, now).await {
            answers[slot] = Some(answer);
        }
        answers.into_iter().map(Option::unwrap_or_default).collect()
    }

    /// The answer to `call` without the nodes' help, if it has one: a refusal, the chain id,
    /// or a recent answer.
    async fn local(&self, network: &Network, call: &Call, now: i64) -> Option<Value> {
        let id = call.id.clone();
        let method = call.method.as_str();
        if !methods::allowed(method) {
            return Some(wire::error(
                id,
                wire::METHOD_NOT_SUPPORTED,
                &format!("Method not supported on this endpoint: {method}"),
            ));
        }
        match method {
            "eth_chainId" => return Some(wire::result(id, json!(format!("{:#x}", network.id)))),
            "net_version" => return Some(wire::result(id, json!(network.id.to_string()))),
            _ => {}
        }
        if methods::cacheable(method) && call.params.as_array().is_none_or(Vec::is_empty) {
            let recent = self.recent.get(&network.chain_id, method, now)?;
            return Some(wire::result(id, recent));
        }
        if method == "eth_getLogs" {
            let head = match methods::logs_need_head(&call.params) {
                true => self.head(network, now).await,
                false => None,
            };
            if let Err(why) = methods::check_logs(&call.params, head) {
                return Some(wire::error(id, wire::INVALID_PARAMS, &why));
            }
        }
        None
    }

    /// The newest block number, reused for a second.
    async fn head(&self, network: &Network, now: i64) -> Option<u64> {
        let value = match self.recent.get(&network.chain_id, "eth_blockNumber", now) {
            Some(value) => value,
            None => {
                let value = network
                    .client
                    .request("eth_blockNumber", Value::Null)
                    .await
                    .ok()?;
                self.recent
                    .put(&network.chain_id, "eth_blockNumber", now, value.clone());
                value
            }
        };
        u64::from_str_radix(value.as_str()?.strip_prefix("0x")?, 16).ok()
    }

    /// Sends `calls` to the nodes, one request for one call, one batch for several; each
    /// answer goes back to its slot.
    async fn forward(
        &self,
        network: &Network,
        calls: Vec<(usize, Call)>,
        now: i64,
    ) -> Vec<(usize, Value)> {
        let outcomes = match calls.as_slice() {
            [] => return Vec::new(),
            [(_, call)] => vec![
                network
                    .client
                    .request(&call.method, call.params.clone())
                    .await,
            ],
            _ => {
                let list: Vec<(String, Value)> = calls
                    .iter()
                    .map(|(_, c)| (c.method.clone(), c.params.clone()))
                    .collect();
                match network.client.batch(&list).await {
                    Ok(outcomes) => outcomes,
                    Err(e) => vec![Err(e); calls.len()],
                }
            }
        };
        calls
            .into_iter()
            .zip(outcomes)
            .map(|((slot, call), outcome)| {
                let answer = match outcome {
                    Ok(value) => {
                        if methods::cacheable(&call.method) {
                            self.recent
                                .put(&network.chain_id, &call.method, now, value.clone());
                        }
                        wire::result(call.id, value)
                    }
                    Err(RpcError::Rpc {
                        code,
                        message,
                        data,
                    }) => wire::node_error(call.id, code, &message, data),
                    Err(other) => {
                        // The error's kind only: its text may name a node's URL, and with it
                        // the operator's key.
                        tracing::warn!(
                            chain = %network.chain_id,
                            method = %call.method,
                            kind = failure_kind(&other),
                            "no node answered"
                        );
                        wire::error(call.id, wire::INTERNAL_ERROR, NODES_DOWN)
                    }
                };
                (slot, answer)
            })
            .collect()
    }
}

/// A served network.
pub(crate) struct Network {
    chain_id: String,
    id: u64,
    client: Arc<ChainClient>,
}

/// What went wrong, without the error's text.
fn failure_kind(error: &RpcError) -> &'static str {
    match error {
        RpcError::Timeout => "timeout",
        RpcError::Network(_) => "unreachable",
        RpcError::Http { .. } => "http status",
        RpcError::InvalidResponse(_) | RpcError::MissingResponse { .. } => "invalid answer",
        _ => "other",
    }
}
