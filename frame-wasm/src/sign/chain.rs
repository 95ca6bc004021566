//! What signing needs from a chain: one JSON-RPC call at a time. The frame's RPC client
//! implements it for the active network (`network::ChainRpc`); tests implement it with a scripted chain.

use oriel_protocol::ErrorReply;
use serde_json::Value;

/// Calls a chain's JSON-RPC endpoint (EVM or Solana).
#[allow(async_fn_in_trait)] // the frame is single-threaded: its futures need not be Send
pub trait ChainReader {
    /// Sends `method` with `params` and answers the JSON-RPC `result`, or the error the chain
    /// (or the transport) gave, as the reply the dapp should see.
    async fn call(&self, method: &str, params: Value) -> Result<Value, ErrorReply>;
}
