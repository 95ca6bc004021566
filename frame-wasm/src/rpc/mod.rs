//! The frame's chain RPC: the shared client of the `oriel-rpc` crate (fallback across URLs,
//! retries, timeout, batches; see its docs), re-exported here, and [`Chains`], the frame's
//! one client per configured network. The browser's [`Transport`] is `web::fetch`'s
//! `FetchTransport` (wasm32 only).

mod chains;

pub(crate) use chains::Chains;
pub use oriel_rpc::*;
