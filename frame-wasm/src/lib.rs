#![doc = include_str!("../README.md")]

mod account_type;
pub mod api;
pub mod config;
mod email_update;
pub mod env;
mod export;
pub mod handler;
pub mod handshake;
pub mod keys;
mod log;
mod login;
pub mod policy;
pub mod rpc;
pub mod screen;
pub mod sign;
mod storage_access;
pub mod store;
mod wallet_rpc;

#[cfg(test)]
mod test_env;

#[cfg(target_arch = "wasm32")]
mod web;

/// This frame build's id, reported in the `Ready` event. Set `ORIEL_BUILD_ID` at build time to
/// stamp a release; otherwise it is the crate version.
pub const BUILD_ID: &str = match option_env!("ORIEL_BUILD_ID") {
    Some(id) => id,
    None => env!("CARGO_PKG_VERSION"),
};
