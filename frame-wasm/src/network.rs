//! The active network and the chain RPC clients of the networks the operator configured.

use oriel_protocol::{caip::ChainIdError, ErrorCode, ErrorReply};
use oriel_signer::sign::ChainReader;
use serde_json::Value;

use crate::{
    error::{Error, Result},
    rpc::{Chains, RpcClient, Transport},
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

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_signer_local::PrivateKeySigner;
    use oriel_signer::keys::Addresses;
    use oriel_signer::sign::{self, fill, send_transaction, SignError, SignRequest};
    use serde_json::json;

    /// Hardhat's first account: a well-known test key, never for real funds.
    const KEY: &str = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    const ADDRESS: &str = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    const BOB: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

    /// A node behind the frame's real `RpcClient`: answers JSON-RPC bodies by method.
    struct Node {
        methods: std::rc::Rc<std::cell::RefCell<Vec<String>>>,
    }

    impl Transport for Node {
        async fn post(
            &self,
            _url: &str,
            body: &str,
        ) -> std::result::Result<crate::rpc::TransportReply, crate::rpc::TransportError> {
            let call: Value = serde_json::from_str(body).unwrap();
            let method = call["method"].as_str().unwrap().to_owned();
            self.methods.borrow_mut().push(method.clone());
            let outcome = match method.as_str() {
                "eth_getTransactionCount" => json!({ "result": "0x3" }),
                "eth_estimateGas" => json!({ "result": "0x5208" }),
                "eth_maxPriorityFeePerGas" => json!({ "result": "0x1" }),
                "eth_getBlockByNumber" => json!({ "result": { "baseFeePerGas": "0x7" } }),
                _ => json!({ "error": { "code": -32000, "message": "nonce too low" } }),
            };
            let mut reply = json!({ "jsonrpc": "2.0", "id": call["id"] });
            reply
                .as_object_mut()
                .unwrap()
                .extend(outcome.as_object().unwrap().clone());
            Ok(crate::rpc::TransportReply {
                status: 200,
                retry_after: None,
                body: reply.to_string(),
            })
        }

        async fn sleep(&self, _ms: u32) {}

        fn now_ms(&self) -> u64 {
            0
        }
    }

    #[test]
    fn the_rpc_client_is_a_chain_reader() {
        let node = Node {
            methods: Default::default(),
        };
        let client = RpcClient::new(vec!["http://127.0.0.1:1".into()], node).unwrap();
        let chain = ChainRpc(Ok(&client));
        let addresses = Addresses {
            eip155: ADDRESS.into(),
            solana: String::new(),
        };
        let params = json!([{ "from": ADDRESS, "to": BOB }]);
        let Ok(SignRequest::SendTransaction(request)) =
            sign::parse("eth_sendTransaction", &params, &addresses)
        else {
            panic!("not a transaction");
        };
        let signer: PrivateKeySigner = KEY.parse().unwrap();
        let result = pollster::block_on(async {
            let filled = fill(&request, 31337, &chain).await?;
            send_transaction(&signer, &filled, &chain).await
        });
        // The node's own error comes back with its code and message.
        assert_eq!(
            result,
            Err(SignError::Chain(ErrorReply::new(
                ErrorCode::Rpc(-32000),
                "nonce too low"
            )))
        );
        assert_eq!(
            ErrorReply::from(result.unwrap_err()).code,
            ErrorCode::Rpc(-32000)
        );
    }
}
