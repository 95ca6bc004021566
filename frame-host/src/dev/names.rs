//! Dev mode with `devnet_contracts`: points the devnet's ENS at frame-host's names, so they
//! resolve on chain with no other setup. The devnet deployer (hardhat's unlocked account #0,
//! `eth_sendTransaction`, as the faucet) owns the registry's root and the name resolver
//! (`OffchainNameResolver`, deployed by `devnet/deploy.mjs`). When the suffix's node does not
//! already use that resolver with this frame-host's gateway URL and signer, it takes each label
//! of the suffix, sets the node's resolver, and sets the resolver's gateway.

use alloy_primitives::{hex, keccak256, Address, B256};
use alloy_sol_types::{sol, SolCall};
use serde_json::{json, Value};

use super::devnet::DevnetContracts;
use crate::{
    chain::{ens::namehash, ChainClient, Chains},
    error::Error,
    names::Names,
};

sol! {
    interface IEnsRegistry {
        function resolver(bytes32 node) external view returns (address);
        function setSubnodeOwner(bytes32 node, bytes32 label, address owner) external returns (bytes32);
        function setResolver(bytes32 node, address resolver) external;
    }
    interface IOffchainNameResolver {
        function url() external view returns (string);
        function signers(address signer) external view returns (bool);
        function setGateway(string url, address[] signers) external;
    }
}

/// Points the devnet's suffix node at the name resolver and the resolver at this gateway;
/// `Ok(false)` when there is nothing to do (no devnet name resolver, or set already).
pub(crate) async fn point_devnet_names(
    devnet: &DevnetContracts,
    chains: &Chains,
    names: &Names,
) -> Result<bool, Error> {
    let Some((registry, resolver)) = devnet
        .ens
        .as_ref()
        .and_then(|e| Some((e.registry.as_str(), e.name_resolver.as_deref()?)))
    else {
        return Ok(false);
    };
    let chain = devnet.caip2();
    let client = chains.get(&chain).ok_or_else(|| Error::RpcResult {
        method: "devnet names",
        result: format!("no client for {chain}"),
    })?;
    let registry = address(registry)?;
    let resolver = address(resolver)?;
    let deployer = address(&devnet.deployer)?;
    let suffix = names.suffix();
    let node = B256::from(namehash(suffix));
    let url = names.gateway_url();
    let signer = names.name_gateway().address();

    let current =
        call::<IEnsRegistry::resolverCall>(&client, registry, IEnsRegistry::resolverCall { node })
            .await?;
    let current_url = call(&client, resolver, IOffchainNameResolver::urlCall {}).await?;
    let trusted = call(
        &client,
        resolver,
        IOffchainNameResolver::signersCall { signer },
    )
    .await?;
    if current == resolver && current_url == url && trusted {
        return Ok(false);
    }
    let mut parent = B256::ZERO;
    for label in suffix.rsplit('.') {
        let label = keccak256(label.as_bytes());
        let take = IEnsRegistry::setSubnodeOwnerCall {
            node: parent,
            label,
            owner: deployer,
        };
        send(&client, deployer, registry, take.abi_encode()).await?;
        parent = keccak256([parent.as_slice(), label.as_slice()].concat());
    }
    send(
        &client,
        deployer,
        registry,
        IEnsRegistry::setResolverCall { node, resolver }.abi_encode(),
    )
    .await?;
    let gateway = IOffchainNameResolver::setGatewayCall {
        url,
        signers: vec![signer],
    };
    send(&client, deployer, resolver, gateway.abi_encode()).await?;
    Ok(true)
}

fn address(text: &str) -> Result<Address, Error> {
    text.parse().map_err(|_| Error::RpcResult {
        method: "devnet names",
        result: format!("not an address: {text}"),
    })
}

/// `eth_call` of `c` on `to`, decoded.
async fn call<C: SolCall>(client: &ChainClient, to: Address, c: C) -> Result<C::Return, Error> {
    let data = hex::encode_prefixed(c.abi_encode());
    let answer = client
        .request(
            "eth_call",
            json!([{ "to": to.to_string(), "data": data }, "latest"]),
        )
        .await?;
    answer
        .as_str()
        .and_then(|a| hex::decode(a).ok())
        .and_then(|bytes| C::abi_decode_returns(&bytes).ok())
        .ok_or_else(|| unexpected("eth_call", &answer))
}

/// Sends `data` to `to` from `from` and checks that it was mined and did not revert.
async fn send(
    client: &ChainClient,
    from: Address,
    to: Address,
    data: Vec<u8>,
) -> Result<(), Error> {
    let tx = json!([{ "from": from.to_string(), "to": to.to_string(), "data": hex::encode_prefixed(data) }]);
    let hash = client.request("eth_sendTransaction", tx).await?;
    let receipt = client
        .request("eth_getTransactionReceipt", json!([hash]))
        .await?;
    if receipt["status"] != "0x1" {
        return Err(unexpected("eth_getTransactionReceipt", &receipt));
    }
    Ok(())
}

fn unexpected(method: &'static str, answer: &Value) -> Error {
    Error::RpcResult {
        method,
        result: answer.to_string().chars().take(200).collect(),
    }
}
