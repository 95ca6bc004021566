//! What only dev mode has: the devnet's contracts file (`devnet_contracts`, joined into the
//! config at start: its tokens, ENS, exchange and smart-account contracts), the faucet that
//! funds an address on the devnet (`POST /dev/faucet`), the dev mailbox's listing
//! (`GET /dev/mailbox`), and pointing the devnet's ENS at this frame-host's names. Production
//! mode refuses `devnet_contracts` and the dev mailbox (`config::production`), and
//! [`router`] is only merged in dev mode, so none of this is reachable there.

pub(crate) mod devnet;
mod exchange;
mod faucet;
mod mailbox;
pub(crate) mod names;

use std::sync::Arc;

use axum::{
    extract::FromRef,
    routing::{get, post},
    Router,
};

use crate::{
    chain::Chains, http::cors, limits::Limits, net::TrustedProxies, projects::Projects,
    store::Store,
};
use devnet::DevnetContracts;

/// The devnet's contracts, when configured, and what the faucet uses. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Devnet {
    contracts: Option<Arc<DevnetContracts>>,
    chains: Chains,
    limits: Limits,
}

impl Devnet {
    pub(crate) fn new(contracts: Option<DevnetContracts>, chains: Chains, limits: Limits) -> Self {
        Self {
            contracts: contracts.map(Arc::new),
            chains,
            limits,
        }
    }

    /// The devnet's contracts file, if `devnet_contracts` is set.
    pub(crate) fn contracts(&self) -> Option<&DevnetContracts> {
        self.contracts.as_deref()
    }
}

/// The dev-only routes: the mailbox, and with devnet contracts the faucet (a Blockchain API
/// route: CORS and the origin rule of the project's origins).
pub(crate) fn router<S>(devnet: &Devnet, projects: &Projects) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Store: FromRef<S>,
    Devnet: FromRef<S>,
    Projects: FromRef<S>,
    TrustedProxies: FromRef<S>,
{
    let router = Router::new().route("/dev/mailbox", get(mailbox::list));
    if devnet.contracts().is_none() {
        return router;
    }
    let faucet = Router::new().route("/dev/faucet", post(faucet::faucet));
    router.merge(cors::with_project_api(faucet, projects))
}
