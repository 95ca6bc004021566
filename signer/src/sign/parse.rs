//! Reading an approval method's params into a typed [`SignRequest`], in the shapes the
//! ecosystem sends: `personal_sign [message, address]`, `eth_signTypedData_v4 [address,
//! typedData]`, `eth_sendTransaction [tx]`, `wallet_sendCalls [calls]` (ERC-5792), and the
//! `solana_*` objects of WalletConnect's Solana reference.

use alloy_primitives::Address;
use serde_json::Value;

use super::calls::{parse_calls, CallsRequest};
use super::codec::{address_value, decode_hex};
use super::eip712::TypedData;
use super::solana::{decode_transaction, SendOptions, SolanaTx};
#[cfg(doc)]
use super::tx::FilledTx;
use super::tx::{parse_tx, TxRequest};
use super::SignError;
use crate::keys::Addresses;

/// An approval request, checked and typed: what the approval screen shows and what runs once
/// the user approves. `Tx` is the transaction of `eth_sendTransaction`: a [`TxRequest`] as
/// [`parse`] reads it, a [`FilledTx`] once [`prepare`](super::prepare) filled it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignRequest<Tx = TxRequest> {
    /// `personal_sign` (EIP-191).
    PersonalSign {
        /// The message bytes.
        message: Vec<u8>,
    },
    /// `eth_signTypedData_v4` (EIP-712).
    TypedData(Box<TypedData>),
    /// `eth_sendTransaction`.
    SendTransaction(Tx),
    /// `wallet_sendCalls` (ERC-5792).
    SendCalls(CallsRequest),
    /// `solana_signMessage`.
    SolanaSignMessage {
        /// The message bytes.
        message: Vec<u8>,
    },
    /// `solana_signTransaction`.
    SolanaSignTransaction {
        /// The transaction.
        tx: SolanaTx,
    },
    /// `solana_signAllTransactions`.
    SolanaSignAllTransactions {
        /// The transactions, in order.
        txs: Vec<SolanaTx>,
    },
    /// `solana_signAndSendTransaction`.
    SolanaSignAndSendTransaction {
        /// The transaction.
        tx: SolanaTx,
        /// How to send it.
        options: SendOptions,
    },
}

impl<Tx> SignRequest<Tx> {
    /// The transaction of `eth_sendTransaction`, or the request as it is: it has none, so it
    /// is the same request whatever its transaction type.
    pub(crate) fn split_tx<U>(self) -> Split<Tx, U> {
        Split::Other(match self {
            Self::SendTransaction(tx) => return Split::Tx(tx),
            Self::PersonalSign { message } => SignRequest::PersonalSign { message },
            Self::TypedData(data) => SignRequest::TypedData(data),
            Self::SendCalls(calls) => SignRequest::SendCalls(calls),
            Self::SolanaSignMessage { message } => SignRequest::SolanaSignMessage { message },
            Self::SolanaSignTransaction { tx } => SignRequest::SolanaSignTransaction { tx },
            Self::SolanaSignAllTransactions { txs } => {
                SignRequest::SolanaSignAllTransactions { txs }
            }
            Self::SolanaSignAndSendTransaction { tx, options } => {
                SignRequest::SolanaSignAndSendTransaction { tx, options }
            }
        })
    }

    /// Whether this request signs with the solana key (otherwise the eip155 key).
    pub fn is_solana(&self) -> bool {
        matches!(
            self,
            Self::SolanaSignMessage { .. }
                | Self::SolanaSignTransaction { .. }
                | Self::SolanaSignAllTransactions { .. }
                | Self::SolanaSignAndSendTransaction { .. }
        )
    }
}

/// A request split by [`SignRequest::split_tx`]; matched at once, never stored, so its size
/// does not matter.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Split<Tx, U> {
    /// The transaction of an `eth_sendTransaction`.
    Tx(Tx),
    /// Any other request, which has no transaction.
    Other(SignRequest<U>),
}

/// The most transactions one `solana_signAllTransactions` takes.
pub(crate) const MAX_SOLANA_TRANSACTIONS: usize = 100;

fn positional<'a>(params: &'a Value, index: usize, what: &str) -> Result<&'a Value, SignError> {
    params
        .as_array()
        .and_then(|items| items.get(index))
        .ok_or_else(|| SignError::params(format!("{what} is missing")))
}

fn first_object(params: &Value) -> &Value {
    // Some dapps wrap the object in an array.
    match params {
        Value::Array(items) if items.len() == 1 => &items[0],
        other => other,
    }
}

fn eip155_wallet(addresses: &Addresses) -> Result<Address, SignError> {
    addresses
        .eip155
        .parse()
        .map_err(|_| SignError::Signing("the wallet's eip155 address is invalid".into()))
}

fn check_account(value: &Value, wallet: Address) -> Result<(), SignError> {
    let address = address_value(value, "address")?;
    if address != wallet {
        return Err(SignError::Unauthorized(address.to_checksum(None)));
    }
    Ok(())
}

fn check_pubkey(params: &Value, addresses: &Addresses, required: bool) -> Result<(), SignError> {
    match params.get("pubkey") {
        Some(Value::String(pubkey)) if *pubkey == addresses.solana => Ok(()),
        Some(Value::String(pubkey)) => Err(SignError::Unauthorized(pubkey.clone())),
        None | Some(Value::Null) if !required => Ok(()),
        _ => Err(SignError::params(
            "pubkey must be the signer's base58 public key",
        )),
    }
}

fn string_field<'a>(params: &'a Value, name: &str) -> Result<&'a str, SignError> {
    params
        .get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| SignError::params(format!("{name} must be a string")))
}

/// personal_sign's message: 0x hex is decoded (MetaMask's rule); any other string is signed
/// as its UTF-8 bytes.
fn personal_message(value: &Value) -> Result<Vec<u8>, SignError> {
    let text = value
        .as_str()
        .ok_or_else(|| SignError::params("the message must be a string"))?;
    match text.strip_prefix("0x").and_then(decode_hex) {
        Some(bytes) => Ok(bytes),
        None => Ok(text.as_bytes().to_vec()),
    }
}

/// Checks and types an approval method's params. `wallet_addresses` are the open wallet's;
/// an account param naming another address is [`SignError::Unauthorized`] (4100).
/// `wallet_grantPermissions`, `wallet_revokePermissions` and `eth_sendUserOperation` are
/// [`SignError::UnsupportedMethod`] (4200); any other method is [`SignError::NotAllowed`].
pub fn parse(
    method: &str,
    params: &Value,
    wallet_addresses: &Addresses,
) -> Result<SignRequest, SignError> {
    match method {
        "personal_sign" => {
            let message = personal_message(positional(params, 0, "the message")?)?;
            check_account(
                positional(params, 1, "the address")?,
                eip155_wallet(wallet_addresses)?,
            )?;
            Ok(SignRequest::PersonalSign { message })
        }
        "eth_signTypedData_v4" => {
            check_account(
                positional(params, 0, "the address")?,
                eip155_wallet(wallet_addresses)?,
            )?;
            let data = TypedData::from_json(positional(params, 1, "the typed data")?)?;
            // Hash once now so a request that cannot be signed is refused before approval.
            super::evm::typed_data_hash(&data)?;
            Ok(SignRequest::TypedData(Box::new(data)))
        }
        "eth_sendTransaction" => Ok(SignRequest::SendTransaction(parse_tx(
            positional(params, 0, "the transaction")?,
            eip155_wallet(wallet_addresses)?,
        )?)),
        "wallet_sendCalls" => Ok(SignRequest::SendCalls(parse_calls(
            positional(params, 0, "the calls")?,
            eip155_wallet(wallet_addresses)?,
        )?)),
        "solana_signMessage" => {
            let params = first_object(params);
            check_pubkey(params, wallet_addresses, true)?;
            let message = bs58::decode(string_field(params, "message")?)
                .into_vec()
                .map_err(|_| SignError::params("the message must be base58"))?;
            Ok(SignRequest::SolanaSignMessage { message })
        }
        "solana_signTransaction" => {
            let params = first_object(params);
            check_pubkey(params, wallet_addresses, false)?;
            let tx = decode_transaction(string_field(params, "transaction")?)?;
            Ok(SignRequest::SolanaSignTransaction { tx })
        }
        "solana_signAllTransactions" => {
            let params = first_object(params);
            check_pubkey(params, wallet_addresses, false)?;
            let txs = params
                .get("transactions")
                .and_then(Value::as_array)
                .ok_or_else(|| SignError::params("transactions must be an array"))?;
            if txs.is_empty() || txs.len() > MAX_SOLANA_TRANSACTIONS {
                return Err(SignError::params(
                    "transactions must hold 1 to 100 transactions",
                ));
            }
            let txs = txs
                .iter()
                .map(|tx| {
                    tx.as_str()
                        .ok_or_else(|| SignError::params("each transaction must be a string"))
                        .and_then(decode_transaction)
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(SignRequest::SolanaSignAllTransactions { txs })
        }
        "solana_signAndSendTransaction" => {
            let params = first_object(params);
            check_pubkey(params, wallet_addresses, false)?;
            let tx = decode_transaction(string_field(params, "transaction")?)?;
            let options = SendOptions::parse(params.get("sendOptions").or(params.get("options")))?;
            Ok(SignRequest::SolanaSignAndSendTransaction { tx, options })
        }
        "wallet_grantPermissions" | "wallet_revokePermissions" | "eth_sendUserOperation" => {
            Err(SignError::UnsupportedMethod(method.to_owned()))
        }
        _ => Err(SignError::NotAllowed),
    }
}
