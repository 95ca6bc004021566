//! What signing needs from a chain: one JSON-RPC call at a time, the crate's one seam to the
//! outside. oriel-frame implements it with its RPC client for the active network
//! (`frame-wasm/src/network.rs`, `ChainRpc`) and with frame-host's bundler route
//! (`frame-wasm/src/bundler.rs`); tests implement it with a scripted chain.

use oriel_protocol::ErrorReply;
use serde_json::Value;

/// Calls a chain's JSON-RPC endpoint (EVM or Solana).
#[allow(async_fn_in_trait)] // the frame is single-threaded: its futures need not be Send
pub trait ChainReader {
    /// Sends `method` with `params` and answers the JSON-RPC `result`, or the error the chain
    /// (or the transport) gave, as the reply the dapp should see.
    async fn call(&self, method: &str, params: Value) -> Result<Value, ErrorReply>;
}
