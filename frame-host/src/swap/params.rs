//! The convert API's parameters: tokens and accounts as CAIP-10 addresses
//! (`eip155:{chain}:{address}`, the native coin [`NATIVE`]), amounts in base units, the
//! slippage, and network ids.

use alloy_primitives::{Address, U256};
use oriel_protocol::caip::is_caip2;
use serde_json::Value;

use super::error::ConvertError;

/// The address that names a network's native coin among tokens (the convention of
/// aggregator APIs and wallets: `0xeeee…`, lowercase).
pub(crate) const NATIVE: &str = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

/// The longest parameter read (longer ones are refused before being echoed).
const MAX_PARAM_LEN: usize = 200;

/// The largest slippage accepted, in percent.
pub(crate) const MAX_SLIPPAGE_PERCENT: u32 = 50;

/// The slippage when a request gives none, in percent (spec §9: 1).
pub(crate) const DEFAULT_SLIPPAGE_PERCENT: u32 = 1;

/// Chain namespaces the spec knows; an address in one of them other than `eip155` is on a
/// network without swaps.
const KNOWN_NAMESPACES: [&str; 5] = ["eip155", "solana", "bip122", "polkadot", "cosmos"];

/// A token of a swap: the network's native coin or an ERC-20 contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Asset {
    /// The native coin ([`NATIVE`]).
    Native,
    /// An ERC-20.
    Erc20(Address),
}

/// An `eip155` address with its network: `chain_id` is CAIP-2 (`eip155:31337`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Located<T> {
    pub(crate) chain_id: String,
    pub(crate) value: T,
}

/// The value of a required parameter, empty counting as absent.
pub(crate) fn required<'a>(
    name: &'static str,
    value: &'a Option<String>,
) -> Result<&'a str, ConvertError> {
    match value.as_deref() {
        None | Some("") => Err(ConvertError::Missing(name)),
        Some(text) if text.len() > MAX_PARAM_LEN => Err(ConvertError::invalid(
            name,
            format!("longer than {MAX_PARAM_LEN} characters"),
        )),
        Some(text) => Ok(text),
    }
}

/// A token as `eip155:{chain}:{address}` ([`NATIVE`] for the native coin).
pub(crate) fn token(name: &'static str, text: &str) -> Result<Located<Asset>, ConvertError> {
    let (chain_id, address) = caip10(name, text)?;
    let value = if address.eq_ignore_ascii_case(NATIVE) {
        Asset::Native
    } else {
        Asset::Erc20(evm_address(name, address)?)
    };
    Ok(Located { chain_id, value })
}

/// An account as `eip155:{chain}:{address}`, or a bare address (then `chain_id` is empty:
/// the request's tokens name the network).
pub(crate) fn account(name: &'static str, text: &str) -> Result<Located<Address>, ConvertError> {
    let (chain_id, address) = if text.contains(':') {
        caip10(name, text)?
    } else {
        (String::new(), text)
    };
    if address.eq_ignore_ascii_case(NATIVE) {
        return Err(ConvertError::invalid(
            name,
            "the native coin's address is not an account",
        ));
    }
    Ok(Located {
        chain_id,
        value: evm_address(name, address)?,
    })
}

/// Checks that `located` is on `chain_id` (a bare account is on every network).
pub(crate) fn same_network<T>(
    name: &'static str,
    located: &Located<T>,
    chain_id: &str,
) -> Result<(), ConvertError> {
    if located.chain_id.is_empty() || located.chain_id == chain_id {
        Ok(())
    } else {
        Err(ConvertError::invalid(
            name,
            format!("not on {chain_id}, the network of the token"),
        ))
    }
}

/// `namespace:reference:address`, exactly three non-empty parts: the CAIP-2 id and the
/// address. A known namespace other than `eip155` is a network without swaps.
fn caip10<'a>(name: &'static str, text: &'a str) -> Result<(String, &'a str), ConvertError> {
    let parts: Vec<&str> = text.split(':').collect();
    let [namespace, reference, address] = parts[..] else {
        return Err(ConvertError::invalid(
            name,
            format!("{text}: expected eip155:{{chain}}:{{address}}"),
        ));
    };
    let chain_id = format!("{namespace}:{reference}");
    if address.is_empty() || !is_caip2(&chain_id) || !KNOWN_NAMESPACES.contains(&namespace) {
        return Err(ConvertError::invalid(
            name,
            format!("{text}: expected eip155:{{chain}}:{{address}}"),
        ));
    }
    if namespace != "eip155" {
        return Err(ConvertError::SwapsNotSupported);
    }
    eip155_reference(&chain_id).map_err(|()| {
        ConvertError::invalid(name, format!("{text}: the chain is not a decimal number"))
    })?;
    Ok((chain_id, address))
}

/// The decimal chain number of an `eip155:` CAIP-2 id.
fn eip155_reference(chain_id: &str) -> Result<u64, ()> {
    let reference = chain_id.strip_prefix("eip155:").ok_or(())?;
    if reference.starts_with('0') || !reference.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    reference.parse().map_err(|_| ())
}

/// A network id (`chainId`) of a route that needs an `eip155` network: the CAIP-2 id, or
/// `unsupported` for a valid id of another namespace. A malformed id is spec §5's
/// 'Invalid CAIP-2 network id: {value}'.
pub(crate) fn network(text: &str, unsupported: ConvertError) -> Result<String, ConvertError> {
    if !is_caip2(text) {
        return Err(ConvertError::InvalidNetwork(text.to_owned()));
    }
    if text.starts_with("eip155:") && eip155_reference(text).is_ok() {
        Ok(text.to_owned())
    } else if text.starts_with("eip155:") {
        Err(ConvertError::InvalidNetwork(text.to_owned()))
    } else {
        Err(unsupported)
    }
}

/// An EVM address (spec §5): an optional `0x`, 40 hex digits, and when the letters are of
/// mixed case, a valid EIP-55 checksum.
pub(crate) fn evm_address(name: &'static str, text: &str) -> Result<Address, ConvertError> {
    let digits = text.strip_prefix("0x").unwrap_or(text);
    if digits.len() != 40 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ConvertError::invalid(
            name,
            format!("{text}: expected 0x and 40 hex digits"),
        ));
    }
    let address: Address = digits.parse().map_err(|_| {
        ConvertError::invalid(name, format!("{text}: expected 0x and 40 hex digits"))
    })?;
    let upper = digits.bytes().any(|b| b.is_ascii_uppercase());
    let lower = digits.bytes().any(|b| b.is_ascii_lowercase());
    if upper && lower && address.to_checksum(None)[2..] != *digits {
        return Err(ConvertError::invalid(
            name,
            format!("{text}: wrong EIP-55 checksum"),
        ));
    }
    Ok(address)
}

/// An amount in base units: a whole decimal number without sign, exponent or leading zeros,
/// at most 2^256 - 1.
pub(crate) fn amount(name: &'static str, text: &str) -> Result<U256, ConvertError> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !plain {
        return Err(ConvertError::invalid(
            name,
            "expected a whole number of base units, such as 1000000",
        ));
    }
    U256::from_str_radix(text, 10).map_err(|_| ConvertError::invalid(name, "above 2^256 - 1"))
}

/// A positive amount in base units (see [`amount`]).
pub(crate) fn positive_amount(name: &'static str, text: &str) -> Result<U256, ConvertError> {
    let value = amount(name, text)?;
    if value.is_zero() {
        return Err(ConvertError::invalid(name, "must be above 0"));
    }
    Ok(value)
}

/// `eip155.slippage`: a percentage from 0 to [`MAX_SLIPPAGE_PERCENT`] with at most two
/// decimals, as a JSON number or string; absent, [`DEFAULT_SLIPPAGE_PERCENT`]. In basis
/// points (1% is 100).
pub(crate) fn slippage_bps(value: Option<&Value>) -> Result<u32, ConvertError> {
    let invalid = || {
        ConvertError::invalid(
            "eip155.slippage",
            format!("expected a percentage from 0 to {MAX_SLIPPAGE_PERCENT} with at most 2 decimals, such as 1 or 0.5"),
        )
    };
    let text = match value {
        None | Some(Value::Null) => return Ok(DEFAULT_SLIPPAGE_PERCENT * 100),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) => return Err(invalid()),
    };
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty()
        || whole.len() > 2
        || !digits(whole)
        || !digits(fraction)
        || fraction.len() > 2
    {
        return Err(invalid());
    }
    let whole: u32 = whole.parse().map_err(|_| invalid())?;
    let fraction: u32 = format!("{fraction:0<2}").parse().map_err(|_| invalid())?;
    let bps = whole * 100 + fraction;
    if bps > MAX_SLIPPAGE_PERCENT * 100 {
        return Err(invalid());
    }
    Ok(bps)
}

/// `address` of `chain_id` as the API writes it: `eip155:{chain}:0x…`, lowercase.
pub(crate) fn caip10_of(chain_id: &str, asset: Asset) -> String {
    match asset {
        Asset::Native => format!("{chain_id}:{NATIVE}"),
        Asset::Erc20(address) => format!("{chain_id}:{address:#x}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DUSD: &str = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

    fn message(e: ConvertError) -> String {
        e.to_string()
    }

    #[test]
    fn tokens_are_caip10_with_the_native_marker() {
        let t = token("from", &format!("eip155:31337:{DUSD}")).unwrap();
        assert_eq!(t.chain_id, "eip155:31337");
        assert_eq!(t.value, Asset::Erc20(DUSD.parse().unwrap()));
        let lower = token("from", &format!("eip155:1:{}", DUSD.to_ascii_lowercase())).unwrap();
        assert_eq!(lower.value, t.value);
        let native = token(
            "to",
            "eip155:8453:0xEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE",
        )
        .unwrap();
        assert_eq!(native.value, Asset::Native);
        assert_eq!(
            caip10_of("eip155:1", t.value),
            format!("eip155:1:{}", DUSD.to_ascii_lowercase())
        );
        assert_eq!(
            caip10_of("eip155:1", Asset::Native),
            format!("eip155:1:{NATIVE}")
        );
    }

    #[test]
    fn bad_tokens_are_named() {
        let bad_checksum = DUSD.replace('E', "e").replacen('e', "E", 1);
        for (text, want) in [
            (DUSD.to_owned(), "Invalid from: 0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512: expected eip155:{chain}:{address}"),
            (format!("eip155:31337:{bad_checksum}"), "wrong EIP-55 checksum"),
            ("eip155:31337:0x12".to_owned(), "expected 0x and 40 hex digits"),
            ("eip155:031337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee".to_owned(), "the chain is not a decimal number"),
            ("nope:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee".to_owned(), "expected eip155:{chain}:{address}"),
            ("eip155:1:".to_owned(), "expected eip155:{chain}:{address}"),
            ("eip155:1:2:3".to_owned(), "expected eip155:{chain}:{address}"),
        ] {
            let e = message(token("from", &text).unwrap_err());
            assert!(e.contains(want), "{text}: {e}");
        }
        assert!(matches!(
            token("from", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112"),
            Err(ConvertError::SwapsNotSupported)
        ));
    }

    #[test]
    fn accounts_may_be_bare_but_not_the_native_marker() {
        let bare = account("userAddress", DUSD).unwrap();
        assert_eq!(bare.chain_id, "");
        assert!(same_network("userAddress", &bare, "eip155:5").is_ok());
        let located = account("userAddress", &format!("eip155:1:{DUSD}")).unwrap();
        let e = message(same_network("userAddress", &located, "eip155:5").unwrap_err());
        assert_eq!(
            e,
            "Invalid userAddress: not on eip155:5, the network of the token"
        );
        assert!(account("userAddress", NATIVE).is_err());
    }

    #[test]
    fn amounts_are_whole_base_units_within_uint256() {
        assert_eq!(amount("amount", "0").unwrap(), U256::ZERO);
        assert_eq!(
            positive_amount("amount", "1000000").unwrap(),
            U256::from(1_000_000)
        );
        let max = U256::MAX.to_string();
        assert_eq!(amount("amount", &max).unwrap(), U256::MAX);
        let over = "115792089237316195423570985008687907853269984665640564039457584007913129639936";
        assert_eq!(
            message(amount("amount", over).unwrap_err()),
            "Invalid amount: above 2^256 - 1"
        );
        for bad in ["", "-1", "1e18", "1.5", "01", " 1", "0x10", "１"] {
            assert!(amount("amount", bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            message(positive_amount("amount", "0").unwrap_err()),
            "Invalid amount: must be above 0"
        );
    }

    #[test]
    fn slippage_is_a_bounded_percentage() {
        assert_eq!(slippage_bps(None).unwrap(), 100, "spec §9: 1");
        for (value, bps) in [
            (serde_json::json!(1), 100),
            (serde_json::json!("0.5"), 50),
            (serde_json::json!(0.25), 25),
            (serde_json::json!("0"), 0),
            (serde_json::json!(50), 5000),
        ] {
            assert_eq!(slippage_bps(Some(&value)).unwrap(), bps, "{value}");
        }
        for bad in [
            serde_json::json!(-1),
            serde_json::json!("50.01"),
            serde_json::json!(51),
            serde_json::json!("0.001"),
            serde_json::json!("abc"),
            serde_json::json!(true),
            serde_json::json!(1e30),
            serde_json::json!(""),
        ] {
            assert!(slippage_bps(Some(&bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn networks() {
        let unsupported = || ConvertError::GasPriceNotSupported;
        assert_eq!(network("eip155:1", unsupported()).unwrap(), "eip155:1");
        assert!(matches!(
            network("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", unsupported()),
            Err(ConvertError::GasPriceNotSupported)
        ));
        for bad in ["1", "eip155", "eip155:x", "eip155:01"] {
            let e = message(network(bad, unsupported()).unwrap_err());
            assert_eq!(e, format!("Invalid CAIP-2 network id: {bad}"));
        }
    }
}
