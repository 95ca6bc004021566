//! Reading JSON-RPC values: hex bytes, quantities and addresses, each with a clear error.

use alloy_primitives::{Address, U256};
use serde_json::Value;

use super::SignError;

/// Decodes `0x`-prefixed hex (an empty `0x` is no bytes).
pub(crate) fn hex_bytes(text: &str, what: &str) -> Result<Vec<u8>, SignError> {
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .ok_or_else(|| SignError::params(format!("{what} must be 0x-prefixed hex")))?;
    decode_hex(digits).ok_or_else(|| SignError::params(format!("{what} is not valid hex")))
}

/// Decodes hex digits without a prefix; `None` when odd-length or not hex.
pub(crate) fn decode_hex(digits: &str) -> Option<Vec<u8>> {
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    digits
        .as_bytes()
        .chunks(2)
        .map(|pair| {
            let high = (pair[0] as char).to_digit(16)?;
            let low = (pair[1] as char).to_digit(16)?;
            Some((high * 16 + low) as u8)
        })
        .collect()
}

/// `0x` and lowercase hex.
pub fn to_hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(2 + bytes.len() * 2);
    out.push_str("0x");
    for byte in bytes {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

/// A JSON-RPC quantity: a `0x` hex string (as the spec of `eth_*` says) or, leniently, a JSON
/// integer or a decimal string.
pub(crate) fn quantity(value: &Value, what: &str) -> Result<U256, SignError> {
    let bad = || SignError::params(format!("{what} is not a valid quantity"));
    match value {
        Value::String(text) => {
            if let Some(digits) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
                if digits.is_empty() || digits.len() > 64 {
                    return Err(bad());
                }
                U256::from_str_radix(digits, 16).map_err(|_| bad())
            } else if !text.is_empty()
                && text.len() <= 78
                && text.bytes().all(|b| b.is_ascii_digit())
            {
                U256::from_str_radix(text, 10).map_err(|_| bad())
            } else {
                Err(bad())
            }
        }
        Value::Number(number) => number.as_u64().map(U256::from).ok_or_else(bad),
        _ => Err(bad()),
    }
}

/// A quantity that must fit in a `u64` (nonce, gas, chain id).
pub(crate) fn quantity_u64(value: &Value, what: &str) -> Result<u64, SignError> {
    let number = quantity(value, what)?;
    u64::try_from(number).map_err(|_| SignError::params(format!("{what} is too large")))
}

/// A quantity that must fit in a `u128` (fees per gas).
pub(crate) fn quantity_u128(value: &Value, what: &str) -> Result<u128, SignError> {
    let number = quantity(value, what)?;
    u128::try_from(number).map_err(|_| SignError::params(format!("{what} is too large")))
}

/// Spec §5 address rule: optional `0x` and 40 hex digits; mixed case must pass the EIP-55
/// checksum (all-lowercase and all-uppercase carry no checksum).
pub fn parse_address(text: &str) -> Result<Address, SignError> {
    let invalid = || SignError::InvalidAddress(text.to_owned());
    let digits = text.strip_prefix("0x").unwrap_or(text);
    if digits.len() != 40 {
        return Err(invalid());
    }
    let bytes = decode_hex(digits).ok_or_else(invalid)?;
    let address = Address::from_slice(&bytes);
    let has_lower = digits.bytes().any(|b| b.is_ascii_lowercase());
    let has_upper = digits.bytes().any(|b| b.is_ascii_uppercase());
    if has_lower && has_upper && address.to_checksum(None)[2..] != *digits {
        return Err(invalid());
    }
    Ok(address)
}

/// An address in a JSON value.
pub(crate) fn address_value(value: &Value, what: &str) -> Result<Address, SignError> {
    match value.as_str() {
        Some(text) => parse_address(text),
        None => Err(SignError::params(format!(
            "{what} must be an address string"
        ))),
    }
}

/// A `0x` quantity string, as JSON-RPC results and params write numbers.
pub(crate) fn to_quantity(number: impl Into<U256>) -> String {
    format!("{:#x}", number.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hex_round_trip_and_errors() {
        assert_eq!(hex_bytes("0x", "d").unwrap(), Vec::<u8>::new());
        assert_eq!(hex_bytes("0x00ff10", "d").unwrap(), vec![0, 255, 16]);
        assert_eq!(to_hex(&[0, 255, 16]), "0x00ff10");
        for bad in ["00ff", "0x0", "0xzz", "0x 1"] {
            assert!(
                matches!(hex_bytes(bad, "data"), Err(SignError::InvalidParams(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn quantities() {
        assert_eq!(quantity(&json!("0x10"), "q").unwrap(), U256::from(16));
        assert_eq!(quantity(&json!("16"), "q").unwrap(), U256::from(16));
        assert_eq!(quantity(&json!(16), "q").unwrap(), U256::from(16));
        for bad in [
            json!("0x"),
            json!("-1"),
            json!(1.5),
            json!(null),
            json!("0xg"),
        ] {
            assert!(quantity(&bad, "q").is_err(), "{bad}");
        }
        assert!(quantity_u64(&json!("0x10000000000000000"), "nonce").is_err());
        assert_eq!(to_quantity(U256::from(255)), "0xff");
        assert_eq!(to_quantity(U256::ZERO), "0x0");
    }

    #[test]
    fn addresses_follow_the_spec_rule() {
        let checksummed = "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826";
        let address = parse_address(checksummed).unwrap();
        assert_eq!(parse_address(&checksummed.to_lowercase()).unwrap(), address);
        assert_eq!(
            parse_address("0xCD2A3D9F938E13CD947EC05ABC7FE734DF8DD826").unwrap(),
            address
        );
        assert_eq!(parse_address(&checksummed[2..]).unwrap(), address);
        for bad in [
            "0xcD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826", // checksum broken
            "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD82",  // 39 digits
            "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD8266",
            "0xZD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826",
            "",
        ] {
            assert_eq!(
                parse_address(bad),
                Err(SignError::InvalidAddress(bad.into())),
                "{bad}"
            );
        }
    }
}
