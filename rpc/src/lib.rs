//! Oriel's chain JSON-RPC client (spec §7 "Chain RPC", §9), shared by the wallet frame (over
//! the browser's `fetch`) and frame-host (over its HTTP client).
//!
//! [`RpcClient`] talks JSON-RPC 2.0 to one network's endpoints: single calls and batches (at
//! most [`BATCH_SIZE`] calls per POST). Every attempt is bounded by [`TIMEOUT_MS`]; network
//! errors and the statuses in [`RETRY_STATUSES`] are retried up to [`ATTEMPTS`] times per URL,
//! [`BASE_DELAY_MS`] apart and doubling, or as long as the endpoint's `Retry-After` asks (at
//! most [`TIMEOUT_MS`]; a longer ask moves on at once). A URL that keeps failing hands over to
//! the next one, and URLs are tried best first by the ranking in `rank` (latency and
//! stability over the last [`SAMPLES`] attempts). A timeout is not retried on the same URL
//! but does move to the next one.
//!
//! The network itself is reached through a [`Transport`], so all of this runs natively in
//! tests and in any runtime: the frame's is `FetchTransport` (`frame-wasm/src/web/fetch.rs`,
//! wasm32 only), frame-host's is in `frame-host/src/chain/rpc.rs`. The crate has no async
//! runtime of its own: a timeout is a race against [`Transport::sleep`] ([`race`], public for
//! the frame's other bounded waits, with [`join`] and [`join_all`]).

mod client;
mod error;
mod race;
mod rank;
mod retry;

pub use client::RpcClient;
pub use error::{RpcError, TIMEOUT_MESSAGE};
pub use race::{join, join_all, race, Either};
pub use rank::{LATENCY_WEIGHT, SAMPLES, STABILITY_WEIGHT};
pub use retry::{ATTEMPTS, BASE_DELAY_MS, RETRY_STATUSES};

/// How long one attempt may take before it is abandoned (spec §9).
pub const TIMEOUT_MS: u32 = 10_000;

/// The most calls sent in one batch POST (spec §9); larger batches are split.
pub const BATCH_SIZE: usize = 1000;

/// An HTTP answer from an RPC endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransportReply {
    /// The status code.
    pub status: u16,
    /// The `Retry-After` header, if the endpoint sent one (and, cross-origin, exposed it).
    pub retry_after: Option<String>,
    /// The body text.
    pub body: String,
}

/// A POST that got no HTTP answer at all: connection refused, DNS, CORS, aborted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TransportError(pub String);

/// How the client reaches the network and the clock.
///
/// The trait does not require its futures to be `Send`: the frame is single-threaded. A
/// transport whose futures are `Send` (frame-host's) makes [`RpcClient`]'s futures `Send` too.
#[allow(async_fn_in_trait)]
pub trait Transport {
    /// POSTs `body` (JSON) to `url` with `content-type: application/json`. When the returned
    /// future is dropped before it finishes, the request should be abandoned.
    async fn post(&self, url: &str, body: &str) -> Result<TransportReply, TransportError>;

    /// Waits.
    async fn sleep(&self, ms: u32);

    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64;
}

/// Whether `url` is an `http(s)://` URL with a host, no credentials (fetch refuses them) and
/// only printable ASCII.
pub fn is_http_url(url: &str) -> bool {
    let Some(rest) = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
    else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    !authority.is_empty()
        && !authority.starts_with(':')
        && !authority.contains('@')
        && url.chars().all(|c| c.is_ascii_graphic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_urls() {
        for good in [
            "http://127.0.0.1:8545",
            "https://rpc.example.com/v1/?chainId=eip155:1&projectId=abc",
            "https://[::1]:8545/",
        ] {
            assert!(is_http_url(good), "{good}");
        }
        for bad in [
            "",
            "127.0.0.1:8545",
            "ws://127.0.0.1:8545",
            "http://",
            "http:///path",
            "http://:8545",
            "https://user:key@rpc.example.com",
            "https://rpc.example.com/a b",
            "HTTPS://rpc.example.com",
        ] {
            assert!(!is_http_url(bad), "{bad}");
        }
    }
}
