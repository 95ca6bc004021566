#![doc = include_str!("../README.md")]

// The layers, lowest first (a module imports only from layers below it; `tests/it/layers.rs`
// checks that the modules form no import cycle):
// - foundations: errors, the clock, secrets, typed values, network addresses;
mod clock;
mod eip191;
mod error;
mod metrics;
mod net;
mod secrets;
mod types;
mod version;
// - the database;
mod store;
// - services: each owns its part of the work and its part of the config, and knows no HTTP;
mod account;
mod analytics;
mod bundler;
mod chain;
mod farcaster;
mod frame;
mod indexer;
mod keys;
mod limits;
mod login;
mod mail;
mod names;
mod onramp;
mod prices;
mod projects;
mod registry;
mod rpc_proxy;
mod sessions;
mod siwx;
mod social;
mod swap;
mod wallets;
// - the config, made of the services' sections;
mod config;
// - the HTTP plumbing the routes share;
mod http;
// - dev mode's own services and routes;
mod dev;
// - the instance: its services, its routes, its background tasks.
mod routes;
mod state;
pub mod tasks;
// - the command line.
mod cli;

pub use chain::{
    ChainClient, EsploraConfig, HttpTransport, NetworkConfig, TokenConfig, ENTRY_POINT_V07,
    MULTI_SEND_CALL_ONLY_V141, SAFE_4337_MODULE_V030, SAFE_MODULE_SETUP_V030,
    SAFE_PROXY_FACTORY_V141, SAFE_SINGLETON_V141,
};
pub use cli::Cli;
pub use clock::Clock;
pub use config::{Config, Mode, DEFAULT_CONFIG};
pub use dev::devnet::{
    DevnetContracts, DevnetEns, DevnetFarcaster, DevnetFaucet, DevnetNft, DevnetPair, DevnetToken,
    DevnetUniswapV2,
};
pub use error::{Error, KeyMismatch, Result};
pub use farcaster::{
    FarcasterConfig, FARCASTER_CHAIN_ID, FARCASTER_ID_REGISTRY, FARCASTER_URL_BASE,
};
pub use http::{serve, ConnectionLimits};
pub use indexer::{IndexerConfig, Indexers};
pub use keys::{JWT_KEY_FILE, KEK_FILE, SIWX_KEY_FILE};
pub use mail::MailConfig;
pub use metrics::MetricsListen;
pub use names::{NameSuffix, DEFAULT_NAME_SUFFIX};
pub use net::{AddressBuckets, InvalidIpRange, IpRange, DEFAULT_IPV6_PREFIX};
pub use onramp::{OnrampApi, OnrampProviderConfig};
pub use projects::ProjectConfig;
pub use registry::{RegistrySyncReport, WalletConnectRegistryConfig, DEFAULT_EXPLORER_URL};
pub use routes::{app, metrics_app};
pub use rpc_proxy::RpcConfig;
pub use secrets::AdminToken;
pub use social::{SocialConfig, SocialProviderConfig, TokenAuth};
pub use state::AppState;
pub use swap::{ExchangeConfig, DEFAULT_SWAP_NETWORKS};
pub use tasks::Tasks;
pub use types::PublicUrl;
pub use version::VERSION;
