//! frame-host's chain RPC: [`HttpTransport`], the `oriel-rpc` [`Transport`] over `reqwest`
//! (rustls, no redirects, bodies capped at [`MAX_BODY`]), and [`Chains`], one shared
//! [`RpcClient`] per configured network.

use std::{
    collections::HashMap,
    sync::Arc,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use oriel_rpc::{RpcClient, RpcError, Transport, TransportError, TransportReply, TIMEOUT_MS};

use super::NetworkConfig;

/// The largest RPC answer read; a longer one is a transport error.
pub(crate) const MAX_BODY: usize = 10 * 1024 * 1024;

/// How long connecting to an endpoint may take (the whole attempt is bounded by the client's
/// [`TIMEOUT_MS`]).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// JSON-RPC over HTTP(S) with `reqwest`. Cloning shares the connection pool.
#[derive(Debug, Clone)]
pub struct HttpTransport {
    http: reqwest::Client,
    /// The network whose calls this transport carries, for the metrics (`""` when shared).
    chain: Arc<str>,
}

impl HttpTransport {
    /// A transport with its own connection pool: no redirects, a connect timeout, rustls with
    /// the webpki roots.
    pub fn new() -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(Duration::from_millis(TIMEOUT_MS.into()))
            .build()?;
        Ok(Self {
            http,
            chain: Arc::from(""),
        })
    }

    /// This transport (sharing its connection pool) counting its calls under `chain`.
    fn for_chain(&self, chain: &str) -> Self {
        Self {
            http: self.http.clone(),
            chain: Arc::from(chain),
        }
    }

    /// Counts one call by its outcome: ok, http_error (an answer with an error status) or
    /// failed (no answer).
    fn count(&self, outcome: &'static str) {
        let chain = self.chain.to_string();
        metrics::counter!(crate::metrics::RPC_CALLS, "chain" => chain, "outcome" => outcome)
            .increment(1);
    }
}

impl Transport for HttpTransport {
    async fn post(&self, url: &str, body: &str) -> Result<TransportReply, TransportError> {
        let reply = self.send(url, body).await;
        self.count(match &reply {
            Ok(r) if (200..300).contains(&r.status) => "ok",
            Ok(_) => "http_error",
            Err(_) => "failed",
        });
        reply
    }

    async fn sleep(&self, ms: u32) {
        tokio::time::sleep(Duration::from_millis(ms.into())).await;
    }

    fn now_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }
}

impl HttpTransport {
    /// One POST of `body` to `url`, its answer read up to [`MAX_BODY`].
    async fn send(&self, url: &str, body: &str) -> Result<TransportReply, TransportError> {
        let failed = |e: reqwest::Error| TransportError(e.to_string());
        let mut response = self
            .http
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.to_owned())
            .send()
            .await
            .map_err(failed)?;
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let mut bytes = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(failed)? {
            if bytes.len() + chunk.len() > MAX_BODY {
                return Err(TransportError(format!(
                    "the answer is larger than {MAX_BODY} bytes"
                )));
            }
            bytes.extend_from_slice(&chunk);
        }
        let body = String::from_utf8(bytes)
            .map_err(|_| TransportError("the answer is not UTF-8".into()))?;
        Ok(TransportReply {
            status,
            retry_after,
            body,
        })
    }
}

/// frame-host's RPC client of one network.
pub type ChainClient = RpcClient<HttpTransport>;

/// One [`ChainClient`] per configured network, by CAIP-2 id. Cheap to clone.
#[derive(Default, Clone)]
pub(crate) struct Chains {
    clients: Arc<HashMap<String, Arc<ChainClient>>>,
}

impl std::fmt::Debug for Chains {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chains")
            .field("networks", &self.clients.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Chains {
    /// A client per network in `networks`, sharing one transport.
    pub(crate) fn new(
        networks: &[NetworkConfig],
        transport: &HttpTransport,
    ) -> Result<Self, RpcError> {
        let clients = networks
            .iter()
            .map(|n| {
                let transport = transport.for_chain(&n.chain_id);
                let client = RpcClient::new(n.rpc_urls.clone(), transport)?;
                Ok((n.chain_id.clone(), Arc::new(client)))
            })
            .collect::<Result<_, RpcError>>()?;
        Ok(Self {
            clients: Arc::new(clients),
        })
    }

    /// The client of network `chain_id`, if it is configured.
    pub(crate) fn get(&self, chain_id: &str) -> Option<Arc<ChainClient>> {
        self.clients.get(chain_id).cloned()
    }
}
