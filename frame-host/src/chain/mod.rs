//! Chain access: one JSON-RPC client per configured network over a shared HTTP transport
//! ([`Chains`], through the shared `oriel-rpc` client's fallback and ranking), the Esplora APIs
//! of Bitcoin networks ([`Esplora`]), ENS encodings, asset ids and the listed tokens.

mod asset;
mod config;
pub(crate) mod ens;
pub(crate) mod esplora;
pub(crate) mod known;
mod rpc;
pub(crate) mod tokens;

pub(crate) use asset::{AssetKey, MAX_ASSET_ID_LEN};
pub use config::{
    NetworkConfig, ENTRY_POINT_V07, MULTI_SEND_CALL_ONLY_V141, SAFE_4337_MODULE_V030,
    SAFE_MODULE_SETUP_V030, SAFE_PROXY_FACTORY_V141, SAFE_SINGLETON_V141,
};
pub(crate) use esplora::Esplora;
pub use esplora::EsploraConfig;
pub(crate) use rpc::Chains;
pub use rpc::{ChainClient, HttpTransport};
pub use tokens::TokenConfig;
