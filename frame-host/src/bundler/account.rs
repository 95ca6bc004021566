//! Whose user operations the pass-through accepts (issue 38, L-3): only the session's own smart
//! account. frame-host derives it as the frame does (`oriel_signer`'s Safe address): the
//! wallet's eip155 address (stored with its blob) as the owner, the network's smart-account
//! contracts, and the proxy creation code its `SafeProxyFactory` answers (read once per
//! network; a deployed factory's code never changes).

use std::{collections::HashMap, sync::Arc};

use alloy_primitives::Address;
use oriel_signer::sign::smart::{safe, Contracts};
use serde_json::{json, Value};
use tokio::sync::Mutex;

use crate::{
    chain::{Chains, NetworkConfig},
    error::ApiError,
    store::Store,
};

/// `SafeProxyFactory.proxyCreationCode()`.
const PROXY_CREATION_CODE: &str = "0x53e5d935";
/// The most bytes of proxy creation code accepted from a factory (Safe's is 467).
const MAX_PROXY_CODE_BYTES: usize = 24_576;

/// 403 text: a user operation for another account.
pub(crate) const NOT_YOUR_ACCOUNT: &str =
    "User operation refused: its sender is not this wallet's smart account";
/// 403 text: a session without a wallet has no smart account.
pub(crate) const NO_WALLET: &str = "User operation refused: this session has no wallet";

/// The smart accounts of the sessions' wallets, per network. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Accounts {
    contracts: Arc<HashMap<String, Contracts>>,
    chains: Chains,
    store: Store,
    /// Each network's proxy creation code, once read.
    codes: Arc<Mutex<HashMap<String, Arc<Vec<u8>>>>>,
}

impl Accounts {
    pub(crate) fn new(networks: &[NetworkConfig], chains: Chains, store: Store) -> Self {
        let contracts = networks
            .iter()
            .filter_map(|n| Some((n.chain_id.clone(), contracts(n)?)))
            .collect();
        Self {
            contracts: Arc::new(contracts),
            chains,
            store,
            codes: Arc::default(),
        }
    }

    /// The EntryPoint of `chain_id`'s smart accounts.
    pub(crate) fn entry_point(&self, chain_id: &str) -> Option<Address> {
        self.contracts.get(chain_id).map(|c| c.entry_point)
    }

    /// The smart account of `user_id`'s wallet on `chain_id`: 403 [`NO_WALLET`] without a
    /// wallet; 502 when the factory's code cannot be read.
    pub(crate) async fn of(&self, chain_id: &str, user_id: &str) -> Result<Address, ApiError> {
        let contracts = self
            .contracts
            .get(chain_id)
            .ok_or_else(|| ApiError::InvalidParams(format!("{chain_id} has no smart accounts")))?;
        let wallet = self
            .store
            .wallet(user_id, "")
            .await?
            .ok_or_else(|| ApiError::Forbidden(NO_WALLET))?;
        let addresses: Value = serde_json::from_str(&wallet.addresses).unwrap_or_default();
        let owner: Address = addresses["eip155"]
            .as_str()
            .and_then(|a| a.parse().ok())
            .ok_or_else(|| ApiError::Forbidden(NO_WALLET))?;
        let code = self.proxy_code(chain_id, contracts).await?;
        Ok(safe::address(contracts, &owner, &code))
    }

    async fn proxy_code(
        &self,
        chain_id: &str,
        contracts: &Contracts,
    ) -> Result<Arc<Vec<u8>>, ApiError> {
        let mut codes = self.codes.lock().await;
        if let Some(code) = codes.get(chain_id) {
            return Ok(Arc::clone(code));
        }
        let unreadable = || {
            ApiError::Upstream(format!(
                "The smart-account factory of {chain_id} could not be read"
            ))
        };
        let chain = self.chains.get(chain_id).ok_or_else(unreadable)?;
        let tx = json!({ "to": contracts.proxy_factory.to_string(), "data": PROXY_CREATION_CODE });
        let answer = chain
            .request("eth_call", json!([tx, "latest"]))
            .await
            .map_err(|e| {
                tracing::warn!(chain_id, error = %e, "proxyCreationCode failed");
                unreadable()
            })?;
        let code = answer
            .as_str()
            .and_then(|hex| alloy_primitives::hex::decode(hex.strip_prefix("0x")?).ok())
            .and_then(|bytes| abi_bytes(&bytes).map(<[u8]>::to_vec))
            .filter(|code| !code.is_empty() && code.len() <= MAX_PROXY_CODE_BYTES)
            .ok_or_else(unreadable)?;
        let code = Arc::new(code);
        codes.insert(chain_id.to_owned(), Arc::clone(&code));
        Ok(code)
    }
}

/// The network's smart-account contracts, parsed, when it has a bundler.
fn contracts(network: &NetworkConfig) -> Option<Contracts> {
    let c = network.smart_account_contracts()?;
    Some(Contracts {
        entry_point: c.entry_point.parse().ok()?,
        singleton: c.safe_singleton.parse().ok()?,
        proxy_factory: c.safe_proxy_factory.parse().ok()?,
        module: c.safe_4337_module.parse().ok()?,
        module_setup: c.safe_module_setup.parse().ok()?,
        multi_send: c.multi_send_call_only.parse().ok()?,
    })
}

/// The `bytes` an ABI-encoded answer holds: an offset of 32, a length, the bytes.
fn abi_bytes(answer: &[u8]) -> Option<&[u8]> {
    let word = |at: usize| -> Option<usize> {
        let w = answer.get(at..at + 32)?;
        if w[..24].iter().any(|b| *b != 0) {
            return None;
        }
        usize::try_from(u64::from_be_bytes(w[24..].try_into().ok()?)).ok()
    };
    if word(0)? != 32 {
        return None;
    }
    let length = word(32)?;
    answer.get(64..64usize.checked_add(length)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abi_bytes_reads_one_dynamic_bytes_value() {
        let mut answer = vec![0u8; 64];
        answer[31] = 32;
        answer[63] = 3;
        answer.extend_from_slice(&[0xaa, 0xbb, 0xcc]);
        answer.resize(96, 0);
        assert_eq!(abi_bytes(&answer), Some(&[0xaa, 0xbb, 0xcc][..]));
        answer[31] = 64;
        assert_eq!(abi_bytes(&answer), None);
        assert_eq!(abi_bytes(&[0; 10]), None);
    }
}
