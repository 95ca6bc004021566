//! One RPC client per configured network.

use oriel_protocol::{ErrorCode, ErrorReply};

use super::{RpcClient, RpcError, Transport};
use crate::error::NETWORK_NOT_FOUND;

/// EIP-1193's "chain disconnected": the provider cannot reach the requested chain.
const CHAIN_DISCONNECTED: i32 = 4901;

/// The RPC clients of the networks in the frame's config, by CAIP-2 id.
pub(crate) struct Chains<T: Transport> {
    networks: Vec<(String, RpcClient<T>)>,
}

impl<T: Transport + Clone> Chains<T> {
    /// A client per network, given as its CAIP-2 id and RPC URLs, each with its own copy of
    /// `transport`. Fails like [`RpcClient::new`] when a network has no URL or a URL that is
    /// not http(s).
    pub(crate) fn new(
        networks: impl IntoIterator<Item = (String, Vec<String>)>,
        transport: T,
    ) -> Result<Self, RpcError> {
        let networks = networks
            .into_iter()
            .map(|(chain_id, urls)| Ok((chain_id, RpcClient::new(urls, transport.clone())?)))
            .collect::<Result<_, RpcError>>()?;
        Ok(Self { networks })
    }
}

impl<T: Transport> Default for Chains<T> {
    /// No networks: every chain call is 'Network not found'.
    fn default() -> Self {
        Self {
            networks: Vec::new(),
        }
    }
}

impl<T: Transport> Chains<T> {
    /// The client of network `caip2` (such as `eip155:1`). An unconfigured network is
    /// `ErrorCode::Rpc(4901)` (EIP-1193 chain disconnected) with 'Network not found'.
    pub(crate) fn get(&self, caip2: &str) -> Result<&RpcClient<T>, ErrorReply> {
        self.networks
            .iter()
            .find(|(id, _)| id == caip2)
            .map(|(_, client)| client)
            .ok_or_else(|| ErrorReply::new(ErrorCode::Rpc(CHAIN_DISCONNECTED), NETWORK_NOT_FOUND))
    }

    /// The configured networks' CAIP-2 ids, in config order.
    #[cfg(test)]
    pub(crate) fn chain_ids(&self) -> impl Iterator<Item = &str> {
        self.networks.iter().map(|(id, _)| id.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rpc::{TransportError, TransportReply};

    #[derive(Clone)]
    struct Offline;

    impl Transport for Offline {
        async fn post(&self, _: &str, _: &str) -> Result<TransportReply, TransportError> {
            Err(TransportError("offline".into()))
        }
        async fn sleep(&self, _: u32) {}
        fn now_ms(&self) -> u64 {
            0
        }
    }

    fn network(id: &str, urls: &[&str]) -> (String, Vec<String>) {
        (id.into(), urls.iter().map(|u| u.to_string()).collect())
    }

    #[test]
    fn finds_each_configured_network() {
        let chains = Chains::new(
            [
                network("eip155:31337", &["http://127.0.0.1:8545"]),
                network("eip155:1", &["https://a.example", "https://b.example"]),
            ],
            Offline,
        )
        .unwrap();
        assert_eq!(
            chains.chain_ids().collect::<Vec<_>>(),
            ["eip155:31337", "eip155:1"]
        );
        assert_eq!(
            chains.get("eip155:1").unwrap().urls(),
            ["https://a.example", "https://b.example"]
        );
        assert_eq!(
            chains.get("eip155:31337").unwrap().urls(),
            ["http://127.0.0.1:8545"]
        );
    }

    #[test]
    fn an_unknown_network_is_not_found() {
        let chains = Chains::new([network("eip155:1", &["https://a.example"])], Offline).unwrap();
        let Err(e) = chains.get("eip155:10") else {
            panic!("found a network that is not configured");
        };
        assert_eq!(
            e,
            ErrorReply::new(ErrorCode::Rpc(4901), "Network not found")
        );
    }

    #[test]
    fn a_network_without_usable_urls_is_refused() {
        assert!(matches!(
            Chains::new([network("eip155:1", &[])], Offline),
            Err(RpcError::NoUrls)
        ));
        assert!(matches!(
            Chains::new([network("eip155:1", &["ftp://x"])], Offline),
            Err(RpcError::InvalidUrl(u)) if u == "ftp://x"
        ));
    }
}
