//! The JSON-RPC 2.0 client of one network: fallback across URLs, retries, timeout, batches.

use std::sync::{
    atomic::{AtomicU64, Ordering},
    Mutex, MutexGuard, PoisonError,
};

use serde_json::{json, Value};

use crate::{
    is_http_url,
    race::{race, Either},
    rank::{rank, Health},
    retry::{backoff_ms, is_retryable, retry_after_ms, ATTEMPTS},
    RpcError, Transport, BATCH_SIZE, TIMEOUT_MS,
};

/// A JSON-RPC 2.0 client for one network's endpoints. Its methods take `&self`; it keeps its
/// ranking samples behind a `Mutex` (never held across an await) and its next id in an atomic,
/// so it is `Send + Sync` when its transport is, and can be shared between requests.
pub struct RpcClient<T: Transport> {
    urls: Vec<String>,
    transport: T,
    health: Mutex<Vec<Health>>,
    next_id: AtomicU64,
}

impl<T: Transport> RpcClient<T> {
    /// A client for `urls`, in preference order until measurements say otherwise. Needs at
    /// least one URL, each `http(s)://` with a host and no credentials.
    pub fn new(urls: Vec<String>, transport: T) -> Result<Self, RpcError> {
        if urls.is_empty() {
            return Err(RpcError::NoUrls);
        }
        if let Some(bad) = urls.iter().find(|u| !is_http_url(u)) {
            return Err(RpcError::InvalidUrl(bad.clone()));
        }
        Ok(Self {
            health: Mutex::new(vec![Health::default(); urls.len()]),
            urls,
            transport,
            next_id: AtomicU64::new(1),
        })
    }

    /// The URLs as configured.
    pub fn urls(&self) -> &[String] {
        &self.urls
    }

    /// The URLs in the order the next request tries them, best first.
    pub fn ranked_urls(&self) -> Vec<&str> {
        rank(&self.health())
            .into_iter()
            .map(|i| self.urls[i].as_str())
            .collect()
    }

    /// Calls `method` with `params` (`Value::Null` sends no params) and returns its result.
    /// A JSON-RPC error object is `RpcError::Rpc` with the node's code, message and data.
    pub async fn request(&self, method: &str, params: Value) -> Result<Value, RpcError> {
        let id = self.take_ids(1);
        let text = self.post(&call(id, method, params).to_string()).await?;
        outcome(parse(&text)?)
    }

    /// Sends `calls` (method, params) as JSON-RPC batches of at most [`BATCH_SIZE`], one
    /// after another, and returns each call's outcome in call order, matched by id. The
    /// outer error is a batch POST that failed as a whole; inner errors are per call.
    pub async fn batch(
        &self,
        calls: &[(String, Value)],
    ) -> Result<Vec<Result<Value, RpcError>>, RpcError> {
        let mut out = Vec::with_capacity(calls.len());
        for chunk in calls.chunks(BATCH_SIZE) {
            let first = self.take_ids(chunk.len() as u64);
            let body: Vec<Value> = (first..)
                .zip(chunk)
                .map(|(id, (method, params))| call(id, method, params.clone()))
                .collect();
            let text = self.post(&Value::Array(body).to_string()).await?;
            let responses = match parse(&text)? {
                Value::Array(responses) => responses,
                // A node may refuse a whole batch with one error object.
                single => {
                    return Err(match outcome(single) {
                        Err(e) => e,
                        Ok(_) => RpcError::InvalidResponse(
                            "a batch was answered with a single result".into(),
                        ),
                    })
                }
            };
            let mut slots: Vec<Option<Result<Value, RpcError>>> = vec![None; chunk.len()];
            for response in responses {
                let slot = response
                    .get("id")
                    .and_then(Value::as_u64)
                    .and_then(|id| id.checked_sub(first))
                    .and_then(|i| slots.get_mut(usize::try_from(i).ok()?));
                if let Some(slot @ None) = slot {
                    *slot = Some(outcome(response));
                }
            }
            out.extend(
                (first..)
                    .zip(slots)
                    .map(|(id, slot)| slot.unwrap_or(Err(RpcError::MissingResponse { id }))),
            );
        }
        Ok(out)
    }

    /// Reserves `n` consecutive ids and returns the first.
    fn take_ids(&self, n: u64) -> u64 {
        // fetch_add wraps on overflow, like the ids themselves.
        self.next_id.fetch_add(n, Ordering::Relaxed)
    }

    /// The ranking samples. A panic while they were locked can at worst lose one sample, so a
    /// poisoned lock is used as is.
    fn health(&self) -> MutexGuard<'_, Vec<Health>> {
        self.health.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// POSTs `body` to the URLs best first until one answers; returns the 2xx body.
    async fn post(&self, body: &str) -> Result<String, RpcError> {
        let order = rank(&self.health());
        let mut last = RpcError::NoUrls;
        for i in order {
            match self.post_to(i, body).await {
                Ok(text) => return Ok(text),
                Err(e) if e.tries_next_url() => last = e,
                Err(e) => return Err(e),
            }
        }
        Err(last)
    }

    /// Up to [`ATTEMPTS`] attempts on URL `i`, each bounded by [`TIMEOUT_MS`].
    async fn post_to(&self, i: usize, body: &str) -> Result<String, RpcError> {
        let url = &self.urls[i];
        let mut attempt = 0;
        loop {
            let started = self.transport.now_ms();
            let answer = race(
                self.transport.post(url, body),
                self.transport.sleep(TIMEOUT_MS),
            )
            .await;
            let latency = self.transport.now_ms().saturating_sub(started);
            let (error, retry_after) = match answer {
                Either::First(Ok(reply)) if !is_retryable(reply.status) => {
                    self.health()[i].success(latency);
                    if (200..300).contains(&reply.status) {
                        return Ok(reply.body);
                    }
                    // Some nodes send their JSON-RPC error with a 4xx or 5xx status.
                    let error = parse(&reply.body)
                        .and_then(outcome)
                        .err()
                        .filter(|e| matches!(e, RpcError::Rpc { .. }));
                    return Err(error.unwrap_or(RpcError::Http {
                        status: reply.status,
                    }));
                }
                Either::First(Ok(reply)) => {
                    let wait = reply
                        .retry_after
                        .as_deref()
                        .and_then(|v| retry_after_ms(v, self.transport.now_ms()));
                    (
                        RpcError::Http {
                            status: reply.status,
                        },
                        wait,
                    )
                }
                Either::First(Err(e)) => (RpcError::Network(e.0), None),
                Either::Second(()) => {
                    self.health()[i].failure();
                    return Err(RpcError::Timeout);
                }
            };
            self.health()[i].failure();
            attempt += 1;
            if attempt == ATTEMPTS {
                return Err(error);
            }
            let wait = retry_after.unwrap_or_else(|| backoff_ms(attempt - 1));
            if wait > u64::from(TIMEOUT_MS) {
                // Waiting that long would outlast the caller; let another URL answer.
                return Err(error);
            }
            if wait > 0 {
                self.transport.sleep(wait as u32).await;
            }
        }
    }
}

/// One JSON-RPC 2.0 call object.
fn call(id: u64, method: &str, params: Value) -> Value {
    if params.is_null() {
        json!({ "jsonrpc": "2.0", "id": id, "method": method })
    } else {
        json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params })
    }
}

fn parse(text: &str) -> Result<Value, RpcError> {
    serde_json::from_str(text).map_err(|e| RpcError::InvalidResponse(format!("not JSON ({e})")))
}

/// A response object's result, or its error. A `null` result is a result.
fn outcome(response: Value) -> Result<Value, RpcError> {
    let Value::Object(mut response) = response else {
        return Err(RpcError::InvalidResponse("expected a JSON object".into()));
    };
    if let Some(error) = response.remove("error").filter(|e| !e.is_null()) {
        let Some(code) = error.get("code").and_then(Value::as_i64) else {
            return Err(RpcError::InvalidResponse(format!(
                "an error without a numeric code: {error}"
            )));
        };
        return Err(RpcError::Rpc {
            code,
            message: error
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
            data: error.get("data").cloned(),
        });
    }
    response
        .remove("result")
        .ok_or_else(|| RpcError::InvalidResponse("neither result nor error".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn call_objects() {
        assert_eq!(
            call(7, "eth_chainId", Value::Null),
            json!({ "jsonrpc": "2.0", "id": 7, "method": "eth_chainId" })
        );
        assert_eq!(
            call(8, "eth_getBalance", json!(["0x00", "latest"])),
            json!({ "jsonrpc": "2.0", "id": 8, "method": "eth_getBalance", "params": ["0x00", "latest"] })
        );
    }

    #[test]
    fn outcomes() {
        assert_eq!(
            outcome(json!({ "id": 1, "result": "0x1" })),
            Ok(json!("0x1"))
        );
        assert_eq!(outcome(json!({ "id": 1, "result": null })), Ok(Value::Null));
        assert_eq!(
            outcome(
                json!({ "id": 1, "error": { "code": 3, "message": "execution reverted", "data": "0xdead" } })
            ),
            Err(RpcError::Rpc {
                code: 3,
                message: "execution reverted".into(),
                data: Some(json!("0xdead")),
            })
        );
        assert!(matches!(
            outcome(json!({ "id": 1, "error": { "message": "no code" } })),
            Err(RpcError::InvalidResponse(_))
        ));
        assert!(matches!(
            outcome(json!({ "id": 1 })),
            Err(RpcError::InvalidResponse(_))
        ));
        assert!(matches!(
            outcome(json!([1])),
            Err(RpcError::InvalidResponse(_))
        ));
        assert!(matches!(parse("<html>"), Err(RpcError::InvalidResponse(_))));
    }
}
