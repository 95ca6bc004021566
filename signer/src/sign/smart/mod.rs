//! The embedded wallet's ERC-4337 smart account (EntryPoint v0.7): one account per key, a
//! Safe with the 4337 module ([`safe`]). Its address is known before it exists (CREATE2 from
//! the factory's proxy code); the first user operation deploys it through the factory. A
//! dapp's `eth_sendTransaction` or `wallet_sendCalls` becomes one user operation whose calls
//! run atomically, prepared before the approval screen (so it shows the fee the user signs),
//! signed by the key and sent to the bundler frame-host passes calls to. Its message
//! signatures are ERC-1271 ones, wrapped for ERC-6492 while it is not deployed, so a verifier
//! (frame-host's sign-in, viem's `verifyMessage`) checks them before and after.

mod abi;
pub mod safe;
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
use crate::keys::UnlockedWallet;
use abi::{word_address, word_usize};
pub use safe::Contracts;
pub use user_op::UserOperation;

/// `EntryPoint.getNonce(address sender, uint192 key)`.
const GET_NONCE: [u8; 4] = [0x35, 0x56, 0x7e, 0x1a];
/// The most bytes of proxy creation code the factory may answer (Safe's is 467).
const MAX_PROXY_CODE_BYTES: usize = 24_576;

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

/// Whether `account` is deployed now: it may have been since the session looked.
async fn deployed_now<R: ChainReader>(rpc: &R, account: &SmartAccount) -> Result<bool, SignError> {
    Ok(account.deployed || is_deployed(rpc, &account.address).await?)
}

/// The smart account of `owner` on a network with `contracts`, from its factory's proxy
/// code, and whether it is deployed.
pub async fn account_of<R: ChainReader>(
    rpc: &R,
    contracts: &Contracts,
    owner: &Address,
) -> Result<SmartAccount, SignError> {
    let answer = eth_call(rpc, &contracts.proxy_factory, &safe::PROXY_CREATION_CODE).await?;
    let code = abi_bytes(&answer)
        .filter(|code| !code.is_empty() && code.len() <= MAX_PROXY_CODE_BYTES)
        .ok_or_else(|| bad_answer("eth_call", "proxyCreationCode did not answer code"))?;
    let address = safe::address(contracts, owner, code);
    Ok(SmartAccount {
        address,
        deployed: is_deployed(rpc, &address).await?,
    })
}

/// The `bytes` an ABI-encoded answer holds: an offset of 32, a length, the bytes.
fn abi_bytes(answer: &[u8]) -> Option<&[u8]> {
    let word = |at: usize| -> Option<usize> {
        let word = U256::from_be_slice(answer.get(at..at + 32)?);
        usize::try_from(word).ok()
    };
    if word(0)? != 32 {
        return None;
    }
    let length = word(32)?;
    answer.get(64..64usize.checked_add(length)?)
}

/// `EntryPoint.getNonce(sender, 0)`.
fn get_nonce_call(sender: &Address) -> Vec<u8> {
    [&GET_NONCE[..], &word_address(sender), &word_usize(0)].concat()
}

/// A user operation ready for the approval screen: everything but the signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedOperation {
    /// The operation (with the dummy signature).
    pub op: UserOperation,
    /// Its network's chain id.
    pub chain_id: u64,
    /// The contracts of its account.
    pub contracts: Contracts,
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
    let factory = (!deployed_now(rpc, account).await?).then(|| {
        (
            contracts.proxy_factory,
            Bytes::from(safe::factory_data(contracts, owner)),
        )
    });
    let (max_fee_per_gas, max_priority_fee_per_gas) = fees(None, None, rpc).await?;
    let mut op = UserOperation {
        sender: account.address,
        nonce,
        factory,
        call_data: safe::call_data(contracts, &calls).into(),
        call_gas_limit: 0,
        verification_gas_limit: 0,
        pre_verification_gas: U256::ZERO,
        max_fee_per_gas,
        max_priority_fee_per_gas,
        signature: user_op::dummy_signature(),
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
        contracts: *contracts,
        calls,
    })
}

/// Signs the prepared operation with `wallet`'s eip155 key (the account's owner) and sends it
/// with `eth_sendUserOperation`; answers the operation's hash the bundler returned. Call it
/// only after the user approved the operation in the frame.
pub async fn send<B: ChainReader>(
    wallet: &UnlockedWallet,
    prepared: &PreparedOperation,
    bundler: &B,
) -> Result<B256, SignError> {
    let signer = wallet.eip155_signer();
    let mut op = prepared.op.clone();
    let entry_point = prepared.contracts.entry_point;
    let signed = safe::operation_hash(&op, &prepared.contracts, prepared.chain_id);
    op.signature = safe::operation_signature(&key_signature(signer, &signed)?).into();
    let hash = op.hash(&entry_point, prepared.chain_id);
    let answer = bundler
        .call(
            "eth_sendUserOperation",
            json!([op.to_json(), entry_point.to_checksum(None)]),
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

/// The key's 65-byte signature of `hash` (`r ++ s ++ v`, `v` 27 or 28), as the Safe checks
/// an owner's.
fn key_signature(signer: &PrivateKeySigner, hash: &B256) -> Result<[u8; 65], SignError> {
    signer
        .sign_hash_sync(hash)
        .map(|signature| signature.as_bytes())
        .map_err(|e| SignError::Signing(e.to_string()))
}

/// The account's signature of message `hash` (the EIP-191 or EIP-712 hash of what the user
/// approved): the key's signature of the Safe message, which the account's
/// `isValidSignature(hash, signature)` accepts; while the account is not deployed, wrapped for
/// ERC-6492 with the factory call that deploys it. `wallet`'s eip155 key is the account's
/// owner. Call it only after the user approved the message in the frame.
pub async fn sign_message<R: ChainReader>(
    wallet: &UnlockedWallet,
    contracts: &Contracts,
    account: &SmartAccount,
    chain_id: u64,
    hash: &B256,
    rpc: &R,
) -> Result<Bytes, SignError> {
    let signer = wallet.eip155_signer();
    let signature = key_signature(
        signer,
        &safe::message_hash(&account.address, chain_id, hash),
    )?;
    if deployed_now(rpc, account).await? {
        return Ok(Bytes::copy_from_slice(&signature));
    }
    let owner = signer.address();
    let factory_data = safe::factory_data(contracts, &owner);
    Ok(safe::erc6492(&contracts.proxy_factory, &factory_data, &signature).into())
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
