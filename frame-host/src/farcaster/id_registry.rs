//! Farcaster's IdRegistry, read over the configured chain's RPC: `idOf(address)`, the fid a
//! custody address owns (0 for none). Farcaster's registry on Optimism and the devnet's
//! `DevIdRegistry` answer the same call.

use alloy_primitives::{hex, Address, U256};
use alloy_sol_types::{sol, SolCall};
use serde_json::json;

use super::{FarcasterError, Setup};
use crate::chain::Chains;

sol! {
    /// The read of Farcaster's IdRegistry that sign-in needs.
    interface IIdRegistry {
        function idOf(address owner) external view returns (uint256 fid);
    }
}

/// The fid `custody` owns in the IdRegistry (0: none).
pub(crate) async fn fid_of(
    chains: &Chains,
    setup: &Setup,
    custody: Address,
) -> Result<U256, FarcasterError> {
    let client = chains
        .get(&setup.chain_id)
        .ok_or_else(|| FarcasterError::Registry(format!("no client for {}", setup.chain_id)))?;
    let call = IIdRegistry::idOfCall { owner: custody };
    let data = hex::encode_prefixed(call.abi_encode());
    let params = json!([{ "to": setup.id_registry.to_checksum(None), "data": data }, "latest"]);
    let result = client
        .request("eth_call", params)
        .await
        .map_err(|e| FarcasterError::Registry(e.to_string()))?;
    let bytes = result
        .as_str()
        .and_then(|text| hex::decode(text).ok())
        .ok_or_else(|| FarcasterError::Registry(format!("eth_call answered {result}")))?;
    IIdRegistry::idOfCall::abi_decode_returns(&bytes)
        .map_err(|e| FarcasterError::Registry(format!("idOf answered {result}: {e}")))
}

/// Whether `custody` owns `fid`; 401 [`FarcasterError::NotOwner`] when not.
pub(crate) async fn check_owner(
    chains: &Chains,
    setup: &Setup,
    custody: Address,
    fid: u64,
) -> Result<(), FarcasterError> {
    if fid_of(chains, setup, custody).await? == U256::from(fid) {
        Ok(())
    } else {
        Err(FarcasterError::NotOwner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_of_has_farcasters_selector() {
        // keccak256("idOf(address)")[..4], as Farcaster's IdRegistry ABI lists it.
        assert_eq!(
            IIdRegistry::idOfCall::SELECTOR,
            alloy_primitives::hex!("d94fe832")
        );
    }
}
