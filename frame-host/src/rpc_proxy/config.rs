//! The chain RPC endpoint's section of the config, `[rpc]`: its budgets.

use serde::Deserialize;

use crate::error::{Error, Result};

/// `[rpc]`: how much of the operator's nodes a visitor and a dapp may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RpcConfig {
    /// Requests (a batch counts once) one client IP may send per project per 10 minutes. The
    /// default, 1,200, is a page polling the newest block every 4 s with a few reads besides,
    /// in one tab, with room for a second.
    pub requests_per_ip: u32,
    /// Requests one project's visitors may send together per 10 minutes: the operator's bound
    /// on what one dapp costs its nodes. Default 60,000 (100 a second on average).
    pub requests_per_project: u32,
}

impl Default for RpcConfig {
    fn default() -> Self {
        Self {
            requests_per_ip: 1_200,
            requests_per_project: 60_000,
        }
    }
}

impl RpcConfig {
    pub(crate) fn validate(&self) -> Result<()> {
        if self.requests_per_ip == 0 || self.requests_per_project == 0 {
            return Err(Error::InvalidValue(
                "rpc.requests_per_ip and rpc.requests_per_project must be at least 1".into(),
            ));
        }
        Ok(())
    }
}
