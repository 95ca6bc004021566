//! The embedded wallet's ERC-4337 smart account (EntryPoint v0.7): one account per key, the
//! reference `SimpleAccount` its network's factory deploys (salt 0). Its address is known
//! before it exists (the factory's `getAddress`); the first user operation deploys it through
//! the factory. A dapp's `eth_sendTransaction` or `wallet_sendCalls` becomes one user operation
//! whose calls run atomically (`execute`, `executeBatch`), prepared before the approval screen
//! (so it shows the fee the user signs), signed by the key (EIP-191 over the operation's hash,
//! as `SimpleAccount` checks) and sent to the bundler frame-host passes calls to.

mod user_op;

use alloy_primitives::{Address, Bytes, B256, U256};
use alloy_signer::SignerSync;
use alloy_signer_local::PrivateKeySigner;
use serde_json::{json, Value};

use super::calls::Call;
use super::chain::ChainReader;
use super::codec::{decode_hex, hex_bytes, quantity, quantity_u128, to_hex};
use super::send::fees;
use super::SignError;
pub use user_op::UserOperation;
use user_op::{account_call_data, factory_call, get_nonce_call, CREATE_ACCOUNT, GET_ADDRESS};

/// The contracts a network's smart accounts live by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contracts {
    /// The EntryPoint v0.7.
    pub entry_point: Address,
    /// The account factory.
    pub factory: Address,
}

/// A key's smart account on one network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmartAccount {
    /// Its address (counterfactual until deployed).
    pub address: Address,
    /// Whether its code is on the chain.
    pub deployed: bool,
}

fn bad_answer(method: &'static str, detail: &str) -> SignError {
    SignError::BadChainAnswer {
        method,
        detail: detail.into(),
    }
}

async fn eth_call<R: ChainReader>(
    rpc: &R,
    to: &Address,
    data: &[u8],
) -> Result<Vec<u8>, SignError> {
    let call = json!([{ "to": to.to_checksum(None), "data": to_hex(data) }, "latest"]);
    let answer = rpc.call("eth_call", call).await.map_err(SignError::Chain)?;
    answer
        .as_str()
        .and_then(|text| text.strip_prefix("0x"))
        .and_then(decode_hex)
        .ok_or_else(|| bad_answer("eth_call", "not 0x bytes"))
}

/// Whether `address` has code.
pub async fn is_deployed<R: ChainReader>(rpc: &R, address: &Address) -> Result<bool, SignError> {
    let code = rpc
        .call("eth_getCode", json!([address.to_checksum(None), "latest"]))
        .await
        .map_err(SignError::Chain)?;
    match code.as_str() {
        Some(text) if text.starts_with("0x") => Ok(text.len() > 2),
        _ => Err(bad_answer("eth_getCode", "not 0x bytes")),
    }
}

/// The smart account of `owner` on a network with `contracts`, from its factory, and whether
/// it is deployed.
pub async fn account_of<R: ChainReader>(
    rpc: &R,
    contracts: &Contracts,
    owner: &Address,
) -> Result<SmartAccount, SignError> {
    let answer = eth_call(rpc, &contracts.factory, &factory_call(GET_ADDRESS, owner)).await?;
    let word: [u8; 32] = answer
        .get(..32)
        .and_then(|w| w.try_into().ok())
        .filter(|w: &[u8; 32]| w[..12].iter().all(|b| *b == 0))
        .ok_or_else(|| bad_answer("eth_call", "getAddress did not answer an address"))?;
    let address = Address::from_slice(&word[12..]);
    if address == Address::ZERO {
        return Err(bad_answer(
            "eth_call",
            "getAddress answered the zero address",
        ));
    }
    Ok(SmartAccount {
        address,
        deployed: is_deployed(rpc, &address).await?,
    })
}

/// A user operation ready for the approval screen: everything but the signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedOperation {
    /// The operation (with the dummy signature).
    pub op: UserOperation,
    /// Its network's chain id.
    pub chain_id: u64,
    /// The EntryPoint it is for.
    pub entry_point: Address,
    /// The calls it runs, in order.
    pub calls: Vec<Call>,
}

/// Builds the operation running `calls` from `account` (owned by `owner`) on `chain_id`: the
/// nonce from the EntryPoint, the factory while the account is not deployed, the fees from the
/// chain, and the gas from the bundler's `eth_estimateUserOperationGas`.
pub async fn prepare<R: ChainReader, B: ChainReader>(
    contracts: &Contracts,
    owner: &Address,
    account: &SmartAccount,
    calls: Vec<Call>,
    chain_id: u64,
    rpc: &R,
    bundler: &B,
) -> Result<PreparedOperation, SignError> {
    let nonce = eth_call(
        rpc,
        &contracts.entry_point,
        &get_nonce_call(&account.address),
    )
    .await?;
    let nonce = nonce
        .get(..32)
        .map(U256::from_be_slice)
        .ok_or_else(|| bad_answer("eth_call", "getNonce did not answer a number"))?;
    // Checked again here: the account may have been deployed since the session looked.
    let deployed = account.deployed || is_deployed(rpc, &account.address).await?;
    let factory = (!deployed).then(|| {
        (
            contracts.factory,
            Bytes::from(factory_call(CREATE_ACCOUNT, owner)),
        )
    });
    let (max_fee_per_gas, max_priority_fee_per_gas) = fees(None, None, rpc).await?;
    let mut op = UserOperation {
        sender: account.address,
        nonce,
        factory,
        call_data: account_call_data(&calls).into(),
        call_gas_limit: 0,
        verification_gas_limit: 0,
        pre_verification_gas: U256::ZERO,
        max_fee_per_gas,
        max_priority_fee_per_gas,
        signature: Bytes::copy_from_slice(&user_op::DUMMY_SIGNATURE),
    };
    let entry_point = contracts.entry_point.to_checksum(None);
    let gas = bundler
        .call(
            "eth_estimateUserOperationGas",
            json!([op.to_json(), entry_point]),
        )
        .await
        .map_err(SignError::Chain)?;
    let limit = |name: &'static str| -> Result<U256, SignError> {
        let value = gas
            .get(name)
            .ok_or_else(|| bad_answer("eth_estimateUserOperationGas", name))?;
        quantity(value, name).map_err(|_| bad_answer("eth_estimateUserOperationGas", name))
    };
    let small = |name: &'static str| -> Result<u128, SignError> {
        let value = gas
            .get(name)
            .ok_or_else(|| bad_answer("eth_estimateUserOperationGas", name))?;
        quantity_u128(value, name).map_err(|_| bad_answer("eth_estimateUserOperationGas", name))
    };
    op.pre_verification_gas = limit("preVerificationGas")?;
    op.verification_gas_limit = small("verificationGasLimit")?;
    op.call_gas_limit = small("callGasLimit")?;
    Ok(PreparedOperation {
        op,
        chain_id,
        entry_point: contracts.entry_point,
        calls,
    })
}

/// Signs the prepared operation with the owner's key and sends it with
/// `eth_sendUserOperation`; answers the operation's hash the bundler returned.
pub async fn send<B: ChainReader>(
    signer: &PrivateKeySigner,
    prepared: &PreparedOperation,
    bundler: &B,
) -> Result<B256, SignError> {
    let mut op = prepared.op.clone();
    let hash = op.hash(&prepared.entry_point, prepared.chain_id);
    let signature = signer
        .sign_message_sync(hash.as_slice())
        .map_err(|e| SignError::Signing(e.to_string()))?;
    op.signature = Bytes::from(signature.as_bytes().to_vec());
    let answer = bundler
        .call(
            "eth_sendUserOperation",
            json!([op.to_json(), prepared.entry_point.to_checksum(None)]),
        )
        .await
        .map_err(SignError::Chain)?;
    let sent = hash_in(&answer)
        .ok_or_else(|| bad_answer("eth_sendUserOperation", "expected a 32-byte hash"))?;
    if sent != hash {
        return Err(bad_answer(
            "eth_sendUserOperation",
            "the bundler answered another operation's hash",
        ));
    }
    Ok(sent)
}

/// A 32-byte hash in a JSON answer (`0x` and 64 hex digits), if it is one.
fn hash_in(value: &Value) -> Option<B256> {
    let bytes = hex_bytes(value.as_str()?, "hash").ok()?;
    (bytes.len() == 32).then(|| B256::from_slice(&bytes))
}

/// The receipt of operation `hash` (`eth_getUserOperationReceipt`), `None` while it is not
/// in a block.
pub async fn receipt<B: ChainReader>(bundler: &B, hash: &B256) -> Result<Option<Value>, SignError> {
    let answer = bundler
        .call(
            "eth_getUserOperationReceipt",
            json!([to_hex(hash.as_slice())]),
        )
        .await
        .map_err(SignError::Chain)?;
    Ok((!answer.is_null()).then_some(answer))
}

/// The transaction that carried an operation, from its receipt.
pub fn transaction_hash(receipt: &Value) -> Result<B256, SignError> {
    hash_in(&receipt["receipt"]["transactionHash"])
        .ok_or_else(|| bad_answer("eth_getUserOperationReceipt", "no transactionHash"))
}
