//! frame-host's integration tests, one binary: each module tests one part of the API over
//! `app()` (with `tower::ServiceExt::oneshot`) or the real binary over a socket; the shared
//! helpers are the `*_common` modules and `common` (a test app, its clock and database,
//! and the local stand-ins: a devnet, an OpenID provider, a Solana cluster, an on-ramp
//! sandbox).

// Helpers shared by the test modules.
mod common;
mod convert_common;
mod explorer_fake;
mod indexer_common;
mod names_common;
mod siwx_common;

mod account_limits;
mod analytics;
mod api;
mod approval;
mod assets;
mod auth;
mod balance;
mod blockchain_api;
mod bundler;
mod check_config;
mod connections;
mod contract;
mod convert;
mod convert_api;
mod crash;
mod esplora;
mod farcaster;
mod frame;
mod identity;
mod indexer;
mod indexer_kill;
mod indexer_pg;
mod ipv6_limits;
mod jwt;
mod layers;
mod login_limits;
mod metrics;
mod names;
mod names_gateway;
mod names_refusals;
mod onramp;
mod onramp_api;
mod operator_keys;
mod origin;
mod poisoning;
mod prices_url;
mod public_images;
mod recovery;
mod registry;
mod registry_sync;
mod siwx;
mod siwx_chain;
mod siwx_checks;
mod siwx_refusals;
mod social;
mod solana_balance;
mod swap_history;
mod wallet;
