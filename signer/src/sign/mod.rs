//! Signing for the embedded wallet, as one pipeline of plain functions the request handler
//! and the approval screen call:
//!
//! 1. [`parse`] checks an approval method's params and types them as a [`SignRequest`]
//!    (the spec §5 transaction, batched-call and preflight-commitment checks happen here);
//! 2. [`prepare`] fills a transaction from the chain, once: nonce, gas and fees become a
//!    [`FilledTx`], so the screen shows the fees the user signs;
//! 3. [`lookups`] says what the screen needs from the chain and frame-host (the balance, the
//!    tokens a request moves, prices: [`Facts`], read with [`chain_calls`] / [`read_chain`]
//!    and [`price_ids`] / [`read_prices`]), and [`describe`] gives the approval screen what to
//!    show in those terms;
//! 4. once the user approves in the frame, [`execute`] signs (and, for sending methods,
//!    broadcasts through a [`ChainReader`]) and answers the JSON-RPC result; when that fails,
//!    [`failure`] says what happened in plain words for the screen.
//!
//! EVM: `personal_sign` (EIP-191), `eth_signTypedData_v4` (EIP-712, our own small encoder),
//! `eth_sendTransaction` (EIP-1559, EIP-2718 bytes), ERC-5792 calls for an EOA. Solana:
//! ed25519 over the wire-format message, legacy and v0. Errors are [`SignError`]s, which
//! become [`oriel_protocol::ErrorReply`]s with the EIP-1193 / JSON-RPC / ERC-5792 code.

mod calldata;
mod calls;
mod chain;
mod codec;
mod codes;
mod describe;
mod eip712;
mod evm;
mod facts;
mod failure;
mod format;
mod network;
mod parse;
mod send;
pub mod smart;
pub mod solana;
mod tx;

#[cfg(test)]
mod test_chain;
#[cfg(test)]
mod tests;

pub use crate::error::SignError;
pub use calls::get_capabilities;
pub use calls::{Call, CallsRequest, CallsStore};
pub use chain::ChainReader;
pub use codec::{parse_address, to_hex};
pub use codes::*;
pub use describe::{describe, describe_operation, Row, ShownTx, Summary, Value};
pub use eip712::{Field, TypedData};
pub use evm::{message_hash, personal_sign, sign_typed_data, typed_data_hash};
pub use facts::{
    chain_calls, lookups, price_ids, read_chain, read_prices, Facts, Lookups, Token, MAX_TOKENS,
};
pub use failure::{failure, plain_words, Failure};
pub use network::{parse_add_chain, parse_switch_chain, AddChain, AddChainCurrency};
pub use parse::{parse, SignRequest};
pub use send::{fill, send_transaction, sign_transaction};
pub use tx::{FilledTx, TxRequest};

use crate::keys::UnlockedWallet;
use serde_json::json;

/// The eip155 chain id of a CAIP-2 network id such as `eip155:31337`.
pub fn eip155_chain_id(caip2: &str) -> Option<u64> {
    caip2
        .strip_prefix("eip155:")
        .and_then(|id| id.parse().ok())
        .filter(|id| *id > 0)
}

/// Readies a parsed request for the approval screen and for [`execute`] on network `chain`
/// (CAIP-2): an `eth_sendTransaction` is filled through `rpc` ([`fill`]); every other request
/// stays as it is.
pub async fn prepare<R: ChainReader>(
    req: SignRequest,
    chain: &str,
    rpc: &R,
) -> Result<SignRequest<FilledTx>, SignError> {
    let tx = match req.split_tx() {
        parse::Split::Tx(tx) => tx,
        parse::Split::Other(other) => return Ok(other),
    };
    let chain_id = eip155_chain_id(chain).ok_or_else(|| SignError::ChainMismatch {
        requested: "eip155".to_owned(),
        active: chain.to_owned(),
    })?;
    Ok(SignRequest::SendTransaction(
        fill(&tx, chain_id, rpc).await?,
    ))
}

/// Runs an approved, prepared request on the active network `chain` (CAIP-2) and answers the
/// JSON-RPC result: a 0x signature for `personal_sign` and `eth_signTypedData_v4`, the transaction hash
/// for `eth_sendTransaction`, `{ id }` for `wallet_sendCalls`, and WalletConnect's Solana
/// result objects. `rpc` is the active network's chain RPC; `calls` keeps `wallet_sendCalls`
/// bundles for `wallet_getCallsStatus`. Call it only after the user approved in the frame.
pub async fn execute<R: ChainReader>(
    req: &SignRequest<FilledTx>,
    wallet: &UnlockedWallet,
    chain: &str,
    rpc: &R,
    calls: &mut CallsStore,
) -> Result<serde_json::Value, SignError> {
    let namespace_mismatch = || SignError::ChainMismatch {
        requested: if req.is_solana() { "solana" } else { "eip155" }.to_owned(),
        active: chain.to_owned(),
    };
    if req.is_solana() {
        if !chain.starts_with("solana:") {
            return Err(namespace_mismatch());
        }
        let key = wallet.solana_signing_key();
        return match req {
            SignRequest::SolanaSignMessage { message } => Ok(solana::sign_message(key, message)),
            SignRequest::SolanaSignTransaction { tx } => solana::sign_transaction_reply(key, tx),
            SignRequest::SolanaSignAllTransactions { txs } => {
                solana::sign_all_transactions_reply(key, txs)
            }
            SignRequest::SolanaSignAndSendTransaction { tx, options } => {
                solana::sign_and_send_transaction(key, tx, options, rpc).await
            }
            _ => Err(namespace_mismatch()),
        };
    }
    let chain_id = eip155_chain_id(chain).ok_or_else(namespace_mismatch)?;
    let signer = wallet.eip155_signer();
    match req {
        SignRequest::PersonalSign { message } => Ok(json!(personal_sign(signer, message)?)),
        SignRequest::TypedData(data) => Ok(json!(sign_typed_data(signer, data, chain_id)?)),
        SignRequest::SendTransaction(tx) => {
            if tx.chain_id != chain_id {
                return Err(SignError::ChainMismatch {
                    requested: format!("eip155:{}", tx.chain_id),
                    active: chain.to_owned(),
                });
            }
            let hash = send_transaction(signer, tx, rpc).await?;
            Ok(json!(codec::to_hex(hash.as_slice())))
        }
        SignRequest::SendCalls(request) => calls.send_calls(signer, request, chain_id, rpc).await,
        _ => Err(namespace_mismatch()),
    }
}
