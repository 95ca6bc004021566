//! What the frame needs from its surroundings. The browser implementation lives in `web`;
//! tests provide their own, so the login and wallet logic runs natively.

use crate::screen::{Outcome, Screen};

/// An HTTP response from frame-host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpResponse {
    /// The status code.
    pub status: u16,
    /// The body text.
    pub body: String,
}

/// The frame's view of the outside world.
#[allow(async_fn_in_trait)] // the frame is single-threaded: its futures need not be Send
pub trait Env {
    /// How the chain RPC clients reach their endpoints.
    type Rpc: crate::rpc::Transport + Clone;

    /// A transport for the chain RPC clients.
    fn rpc(&self) -> Self::Rpc;

    /// Sends a request to frame-host (same origin). `Err` is a network failure.
    async fn http(
        &self,
        method: &str,
        path: &str,
        body: Option<String>,
        bearer: Option<&str>,
    ) -> Result<HttpResponse, String>;

    /// Reads the frame origin's storage.
    fn load(&self, key: &str) -> Option<String>;

    /// Writes the frame origin's storage.
    fn save(&self, key: &str, value: &str);

    /// Deletes from the frame origin's storage.
    fn delete(&self, key: &str);

    /// Waits.
    async fn sleep(&self, ms: u32);

    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64;

    /// Sends a message the host did not ask for (an event) on the channel.
    fn post(&self, message: Vec<u8>);

    /// Shows `screen` in the frame's own document and waits for the user (or an abort).
    async fn present(&self, screen: Screen<'_>) -> Outcome;
}
