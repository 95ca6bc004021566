//! What the frame needs from its surroundings. The browser implementation lives in `web`;
//! tests provide their own, so the login and wallet logic runs natively.

use crate::{
    screen::{Outcome, Screen},
    theme::Theme,
};

/// An HTTP response from frame-host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpResponse {
    /// The status code.
    pub status: u16,
    /// The body text.
    pub body: String,
}

/// What the browser lets the frame keep in its origin's storage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StorageStatus {
    /// The storage outlives the page: a session survives a reload and the next visit. When
    /// `false`, values live in memory and the login lasts as long as the page.
    pub persistent: bool,
    /// The browser offers the Storage Access API, which may give the frame its storage after
    /// the user's click in the frame.
    pub can_request: bool,
}

/// A window message on the social-login channel (`oriel:social-result`, posted by frame-host's
/// callback page): who sent it, as the browser reports it, and its data as JSON text. The
/// frame checks both before it believes a word (`handlers::social::accept`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindowMessage {
    /// `event.origin`.
    pub origin: String,
    /// `JSON.stringify(event.data)`.
    pub data: String,
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

    /// What the browser lets the frame keep.
    fn storage_status(&self) -> StorageStatus;

    /// Asks the browser for storage access (the Storage Access API), right after the user's
    /// click in the frame. On success the values kept in memory so far move into the storage.
    /// Returns the storage status afterwards.
    async fn request_storage_access(&self) -> StorageStatus;

    /// Waits.
    async fn sleep(&self, ms: u32);

    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64;

    /// Sends a message the host did not ask for (an event) on the channel.
    fn post(&self, message: Vec<u8>);

    /// Shows `screen` in the frame's own document and waits for the user (or an abort).
    async fn present(&self, screen: Screen<'_>) -> Outcome;

    /// Dresses the frame's screens in `theme` (the host's `SyncTheme`, checked).
    fn apply_theme(&self, theme: &Theme);

    /// The frame page's own origin (frame-host's), such as `https://frame.example.com`.
    fn own_origin(&self) -> String;

    /// The social-login window messages that arrived since the last call, oldest first (a
    /// bounded few; see [`WindowMessage`]).
    fn take_social_messages(&self) -> Vec<WindowMessage>;
}
