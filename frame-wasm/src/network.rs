//! The active network and the chain RPC clients of the networks the operator configured.

use oriel_protocol::{caip::ChainIdError, ErrorCode, ErrorReply};
use serde_json::Value;

use crate::{
    error::{Error, Result},
    rpc::{Chains, RpcClient, Transport},
    sign::ChainReader,
};

/// The embedded wallet's chain families (spec §9).
const CHAIN_FAMILIES: &[&str] = &["eip155", "solana"];

/// EIP-1193: the provider is not connected to the requested chain.
const CHAIN_DISCONNECTED: i32 = 4901;

/// Which network is active, and how the frame reaches each configured one.
pub(crate) struct Network<T: Transport> {
    /// The active network (CAIP-2).
    pub(crate) active: String,
    /// The chain RPC client of each network the operator configured.
    pub(crate) chains: Chains<T>,
}

impl<T: Transport> Network<T> {
    /// The RPC client of network `chain` as signing sees it; see [`ChainRpc`].
    pub(crate) fn rpc(&self, chain: &str) -> ChainRpc<'_, T> {
        ChainRpc(self.chains.get(chain))
    }

    /// Makes `chain` active if the frame has RPC endpoints for it; 4902 otherwise. Whether
    /// the active network changed.
    pub(crate) fn switch_to_configured(&mut self, chain: &str) -> Result<bool> {
        if self.chains.get(chain).is_err() {
            return Err(Error::UnrecognizedChain(chain.to_owned()));
        }
        let changed = self.active != chain;
        self.active = chain.to_owned();
        Ok(changed)
    }
}

/// A network's RPC client or, for a network without RPC endpoints, the error that every
/// chain read gets (signing itself still works). One type for both, so that the signing code
/// is compiled once.
pub(crate) struct ChainRpc<'a, T: Transport>(pub(crate) Result<&'a RpcClient<T>, ErrorReply>);

impl<T: Transport> ChainReader for ChainRpc<'_, T> {
    async fn call(&self, method: &str, params: Value) -> Result<Value, ErrorReply> {
        match &self.0 {
            Ok(rpc) => rpc.request(method, params).await.map_err(ErrorReply::from),
            Err(e) => Err(ErrorReply::new(
                ErrorCode::Rpc(CHAIN_DISCONNECTED),
                e.message.clone(),
            )),
        }
    }
}

/// Spec §5: a CAIP-2 id of a chain family the embedded wallet serves (eip155, solana); the
/// check is the protocol crate's ([`oriel_protocol::caip::check_chain_id`]).
pub(crate) fn check_chain_id(id: &str) -> Result<()> {
    oriel_protocol::caip::check_chain_id(id, CHAIN_FAMILIES).map_err(|e| match e {
        ChainIdError::Unsupported(_) => Error::ChainNotSupported,
        _ => Error::InvalidChainId(id.to_owned()),
    })
}
