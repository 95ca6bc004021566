//! An EVM transaction request (`eth_sendTransaction`'s object) and the spec §5 checks.

use alloy_eips::eip2930::{AccessList, AccessListItem};
use alloy_primitives::{Address, Bytes, B256, U256};
use serde_json::{Map, Value};

use super::codec::{address_value, hex_bytes, quantity, quantity_u128, quantity_u64};
use super::SignError;

/// The cap on `maxFeePerGas` (spec §5 "the max fee is capped"): 100000 gwei. That is several
/// hundred times the highest fees mainnet or the big L2s have seen; a request above it is
/// almost surely a unit mistake (wei given as gwei) that would cost the user a fortune.
pub(crate) const MAX_FEE_PER_GAS_CAP: u128 = 100_000 * GWEI;

/// One gwei in wei.
pub(crate) const GWEI: u128 = 1_000_000_000;

/// The most blob data one transaction carries (spec §5, §9): 761855 bytes.
pub(crate) const MAX_BLOB_DATA_BYTES: usize = 761_855;

/// A transaction as the dapp asked for it: fields it left out are filled from the chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TxRequest {
    /// The sender: always this wallet's address.
    pub from: Address,
    /// The recipient; `None` deploys a contract.
    pub to: Option<Address>,
    /// Wei sent.
    pub value: U256,
    /// Calldata (`data` or `input`).
    pub data: Bytes,
    /// Gas limit (`gas` or `gasLimit`).
    pub gas: Option<u64>,
    /// Nonce.
    pub nonce: Option<u64>,
    /// EIP-1559 max fee per gas, in wei. A legacy `gasPrice` sets both fees.
    pub max_fee_per_gas: Option<u128>,
    /// EIP-1559 max priority fee per gas, in wei.
    pub max_priority_fee_per_gas: Option<u128>,
    /// The chain id the dapp expects, when it says.
    pub chain_id: Option<u64>,
    /// EIP-2930 access list.
    pub access_list: AccessList,
}

/// A transaction with every field set, ready to sign (EIP-1559).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilledTx {
    /// The sender.
    pub from: Address,
    /// The chain id (EIP-155 replay protection).
    pub chain_id: u64,
    /// Nonce.
    pub nonce: u64,
    /// Gas limit.
    pub gas_limit: u64,
    /// Max fee per gas, in wei.
    pub max_fee_per_gas: u128,
    /// Max priority fee per gas, in wei.
    pub max_priority_fee_per_gas: u128,
    /// Recipient; `None` deploys a contract.
    pub to: Option<Address>,
    /// Wei sent.
    pub value: U256,
    /// Calldata.
    pub data: Bytes,
    /// EIP-2930 access list.
    pub access_list: AccessList,
}

/// Spec §5 fee checks: the priority fee is not above the max fee, and the max fee is capped.
pub(crate) fn check_fees(max_fee: Option<u128>, priority: Option<u128>) -> Result<(), SignError> {
    if let Some(max) = max_fee {
        if max > MAX_FEE_PER_GAS_CAP {
            return Err(SignError::FeeCapTooHigh(max));
        }
        if let Some(priority) = priority {
            if priority > max {
                return Err(SignError::TipAboveFeeCap { priority, max });
            }
        }
    }
    Ok(())
}

impl FilledTx {
    /// Applies the spec §5 checks to the filled values.
    pub fn check(&self) -> Result<(), SignError> {
        check_fees(
            Some(self.max_fee_per_gas),
            Some(self.max_priority_fee_per_gas),
        )
    }
}

fn field<'a>(tx: &'a Map<String, Value>, names: &[&str]) -> Option<&'a Value> {
    names
        .iter()
        .find_map(|name| tx.get(*name))
        .filter(|value| !value.is_null())
}

/// Reads an `eth_sendTransaction` object. `from`, when given, must be `wallet`
/// ([`SignError::Unauthorized`] otherwise); every spec §5 check applies to what is given.
pub(crate) fn parse_tx(value: &Value, wallet: Address) -> Result<TxRequest, SignError> {
    let tx = value
        .as_object()
        .ok_or_else(|| SignError::params("the transaction must be an object"))?;
    let from = match field(tx, &["from"]) {
        Some(from) => {
            let from = address_value(from, "from")?;
            if from != wallet {
                return Err(SignError::Unauthorized(from.to_checksum(None)));
            }
            from
        }
        None => wallet,
    };
    let to = field(tx, &["to"])
        .map(|to| address_value(to, "to"))
        .transpose()?;
    let value_wei = field(tx, &["value"])
        .map(|v| quantity(v, "value"))
        .transpose()?
        .unwrap_or_default();
    let data = match field(tx, &["data", "input"]) {
        Some(Value::String(text)) => Bytes::from(hex_bytes(text, "data")?),
        Some(_) => return Err(SignError::params("data must be a hex string")),
        None => Bytes::new(),
    };
    let kind = field(tx, &["type"])
        .map(|t| quantity_u64(t, "type"))
        .transpose()?;
    check_blobs(tx)?;
    match kind {
        None | Some(0..=2) => {}
        Some(other) => return Err(SignError::UnsupportedTransactionType(format!("{other:#x}"))),
    }
    if field(tx, &["authorizationList"]).is_some() {
        return Err(SignError::UnsupportedTransactionType("0x4".into()));
    }
    let gas_price = field(tx, &["gasPrice"])
        .map(|v| quantity_u128(v, "gasPrice"))
        .transpose()?;
    let mut max_fee_per_gas = field(tx, &["maxFeePerGas"])
        .map(|v| quantity_u128(v, "maxFeePerGas"))
        .transpose()?;
    let mut max_priority_fee_per_gas = field(tx, &["maxPriorityFeePerGas"])
        .map(|v| quantity_u128(v, "maxPriorityFeePerGas"))
        .transpose()?;
    if let Some(price) = gas_price {
        if max_fee_per_gas.is_some() || max_priority_fee_per_gas.is_some() {
            return Err(SignError::params(
                "gasPrice cannot be given together with EIP-1559 fees",
            ));
        }
        // A legacy price pays at most that per gas, all of it as priority fee.
        max_fee_per_gas = Some(price);
        max_priority_fee_per_gas = Some(price);
    }
    check_fees(max_fee_per_gas, max_priority_fee_per_gas)?;
    Ok(TxRequest {
        from,
        to,
        value: value_wei,
        data,
        gas: field(tx, &["gas", "gasLimit"])
            .map(|v| quantity_u64(v, "gas"))
            .transpose()?,
        nonce: field(tx, &["nonce"])
            .map(|v| quantity_u64(v, "nonce"))
            .transpose()?,
        max_fee_per_gas,
        max_priority_fee_per_gas,
        chain_id: field(tx, &["chainId"])
            .map(|v| quantity_u64(v, "chainId"))
            .transpose()?,
        access_list: field(tx, &["accessList"])
            .map(parse_access_list)
            .transpose()?
            .unwrap_or_default(),
    })
}

/// Spec §5: blob data is at most 761855 bytes. Blob transactions themselves are not signed by
/// the embedded wallet, so a request within the limit is refused as an unsupported type.
fn check_blobs(tx: &Map<String, Value>) -> Result<(), SignError> {
    let Some(blobs) = field(tx, &["blobs"]) else {
        if field(tx, &["blobVersionedHashes", "maxFeePerBlobGas"]).is_some() {
            return Err(SignError::UnsupportedTransactionType("0x3".into()));
        }
        return Ok(());
    };
    let blobs = blobs
        .as_array()
        .ok_or_else(|| SignError::params("blobs must be an array of hex strings"))?;
    let mut total = 0usize;
    for blob in blobs {
        let text = blob
            .as_str()
            .ok_or_else(|| SignError::params("blobs must be an array of hex strings"))?;
        total += hex_bytes(text, "blob")?.len();
    }
    if total > MAX_BLOB_DATA_BYTES {
        return Err(SignError::BlobDataTooLarge(total));
    }
    Err(SignError::UnsupportedTransactionType("0x3".into()))
}

/// An EIP-2930 access list: addresses must be valid and storage keys 32 bytes (spec §5).
pub(crate) fn parse_access_list(value: &Value) -> Result<AccessList, SignError> {
    let items = value
        .as_array()
        .ok_or_else(|| SignError::params("accessList must be an array"))?;
    let mut list = Vec::with_capacity(items.len());
    for item in items {
        let address = item
            .get("address")
            .ok_or_else(|| SignError::params("accessList entries need an address"))
            .and_then(|a| address_value(a, "accessList address"))?;
        let keys = match item.get("storageKeys") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(keys)) => keys
                .iter()
                .map(storage_key)
                .collect::<Result<Vec<_>, _>>()?,
            Some(_) => return Err(SignError::params("storageKeys must be an array")),
        };
        list.push(AccessListItem {
            address,
            storage_keys: keys,
        });
    }
    Ok(AccessList(list))
}

fn storage_key(value: &Value) -> Result<B256, SignError> {
    let text = value.as_str().unwrap_or_default();
    let invalid = || SignError::InvalidStorageKey(value.to_string());
    let bytes = hex_bytes(text, "storage key").map_err(|_| invalid())?;
    if bytes.len() != 32 {
        return Err(invalid());
    }
    Ok(B256::from_slice(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const WALLET: &str = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94";

    fn wallet() -> Address {
        WALLET.parse().unwrap()
    }

    #[test]
    fn reads_a_full_request() {
        let tx = parse_tx(
            &json!({
                "from": WALLET,
                "to": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                "value": "0xde0b6b3a7640000",
                "data": "0xa9059cbb",
                "gas": "0x5208",
                "nonce": "0x7",
                "maxFeePerGas": "0x77359400",
                "maxPriorityFeePerGas": "0x3b9aca00",
                "chainId": "0x7a69",
                "accessList": [{
                    "address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                    "storageKeys": ["0x0000000000000000000000000000000000000000000000000000000000000001"]
                }]
            }),
            wallet(),
        )
        .unwrap();
        assert_eq!(tx.value, U256::from(10).pow(U256::from(18)));
        assert_eq!(tx.data.as_ref(), &[0xa9, 0x05, 0x9c, 0xbb]);
        assert_eq!(
            (tx.gas, tx.nonce, tx.chain_id),
            (Some(21000), Some(7), Some(31337))
        );
        assert_eq!(tx.max_fee_per_gas, Some(2 * GWEI));
        assert_eq!(tx.max_priority_fee_per_gas, Some(GWEI));
        assert_eq!(tx.access_list.0[0].storage_keys.len(), 1);
    }

    #[test]
    fn from_must_be_the_wallet_and_defaults_to_it() {
        let other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
        assert_eq!(
            parse_tx(&json!({ "from": other }), wallet()),
            Err(SignError::Unauthorized(other.into()))
        );
        assert_eq!(
            parse_tx(&json!({ "to": other }), wallet()).unwrap().from,
            wallet()
        );
        // The same address in lowercase is the same account.
        let lower = WALLET.to_lowercase();
        assert!(parse_tx(&json!({ "from": lower }), wallet()).is_ok());
    }

    #[test]
    fn spec_transaction_checks() {
        let w = wallet();
        assert_eq!(
            parse_tx(
                &json!({ "maxFeePerGas": "0x1", "maxPriorityFeePerGas": "0x2" }),
                w
            ),
            Err(SignError::TipAboveFeeCap {
                priority: 2,
                max: 1
            })
        );
        let above_cap = MAX_FEE_PER_GAS_CAP + 1;
        assert_eq!(
            parse_tx(&json!({ "maxFeePerGas": format!("{above_cap:#x}") }), w),
            Err(SignError::FeeCapTooHigh(above_cap))
        );
        assert_eq!(
            parse_tx(&json!({ "gasPrice": format!("{above_cap:#x}") }), w),
            Err(SignError::FeeCapTooHigh(above_cap))
        );
        assert!(parse_tx(
            &json!({ "maxFeePerGas": format!("{MAX_FEE_PER_GAS_CAP:#x}") }),
            w
        )
        .is_ok());
        assert_eq!(
            parse_tx(&json!({ "to": "0x1234" }), w),
            Err(SignError::InvalidAddress("0x1234".into()))
        );
        let short_key = json!([{ "address": WALLET, "storageKeys": ["0x01"] }]);
        assert_eq!(
            parse_tx(&json!({ "accessList": short_key }), w),
            Err(SignError::InvalidStorageKey("\"0x01\"".into()))
        );
        let bad_entry = json!([{ "address": "0xnope", "storageKeys": [] }]);
        assert_eq!(
            parse_tx(&json!({ "accessList": bad_entry }), w),
            Err(SignError::InvalidAddress("0xnope".into()))
        );
    }

    #[test]
    fn blob_data_is_limited_and_blob_transactions_are_refused() {
        let w = wallet();
        let big = format!("0x{}", "00".repeat(MAX_BLOB_DATA_BYTES + 1));
        assert_eq!(
            parse_tx(&json!({ "blobs": [big] }), w),
            Err(SignError::BlobDataTooLarge(MAX_BLOB_DATA_BYTES + 1))
        );
        let half = format!("0x{}", "00".repeat(MAX_BLOB_DATA_BYTES / 2 + 1));
        assert_eq!(
            parse_tx(&json!({ "blobs": [half.clone(), half] }), w),
            Err(SignError::BlobDataTooLarge(MAX_BLOB_DATA_BYTES + 1))
        );
        let fits = format!("0x{}", "00".repeat(MAX_BLOB_DATA_BYTES));
        assert_eq!(
            parse_tx(&json!({ "blobs": [fits] }), w),
            Err(SignError::UnsupportedTransactionType("0x3".into()))
        );
        assert_eq!(
            parse_tx(&json!({ "type": "0x4" }), w),
            Err(SignError::UnsupportedTransactionType("0x4".into()))
        );
    }

    #[test]
    fn legacy_gas_price_sets_both_fees() {
        let tx = parse_tx(
            &json!({ "gasPrice": "0x3b9aca00", "type": "0x0" }),
            wallet(),
        )
        .unwrap();
        assert_eq!(
            (tx.max_fee_per_gas, tx.max_priority_fee_per_gas),
            (Some(GWEI), Some(GWEI))
        );
        assert!(parse_tx(
            &json!({ "gasPrice": "0x1", "maxFeePerGas": "0x1" }),
            wallet()
        )
        .is_err());
    }
}
