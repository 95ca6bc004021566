#![doc = include_str!("../README.md")]

// Public: the modules the browser glue (`web`, wasm32 only) builds on; key custody and
// signing are the `oriel-signer` crate (`signer/`).
// Everything else is crate-private, so `unreachable_pub` flags a stray `pub`.
mod account_type;
// The frame-host API types are moving to `oriel-protocol` (issue 10 §3); until then they
// keep their `pub` in this private module.
#[allow(unreachable_pub)]
mod api;
mod bundler;
pub mod config;
mod context;
pub mod env;
mod error;
mod flow;
mod frame;
mod handlers;
pub mod handshake;
mod host;
mod log;
mod network;
mod policy;
pub mod rpc;
pub mod screen;
mod session;
mod store;
pub mod theme;

#[cfg(test)]
mod test_env;
#[cfg(test)]
mod tests;

#[cfg(target_arch = "wasm32")]
mod web;

pub use frame::{Frame, Incoming};

/// This frame build's id, reported in the `Ready` event. Set `ORIEL_BUILD_ID` at build time to
/// stamp a release; otherwise it is the crate version.
pub const BUILD_ID: &str = match option_env!("ORIEL_BUILD_ID") {
    Some(id) => id,
    None => env!("CARGO_PKG_VERSION"),
};
