//! The bodies of frame-host's name service (`/v1/profile/*`, spec §3, §7, `frame-host/API.md`
//! "Names"): names `{label}.{suffix}` registered for an address by its signature, looked up,
//! suggested and resolved on chain through the CCIP-read gateway. snake_case, as the spec has
//! them.

use std::collections::BTreeMap;

use serde::{de::IgnoredAny, Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// A registered name: `GET /v1/profile/account/{name}`, and each entry of
/// `GET /v1/profile/reverse/{address}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NameRecord {
    /// `{label}.{suffix}`, lowercase.
    pub name: String,
    /// When it was registered, RFC 3339 UTC with milliseconds.
    pub registered_at: String,
    /// When it last changed, RFC 3339 UTC with milliseconds.
    pub updated_at: String,
    /// Its address by ENSIP-11 coin type as a decimal string: `"60"` (Ethereum) and the coin
    /// type it was registered for (such as `"2147514985"` for chain 31337).
    pub addresses: BTreeMap<String, NameAddress>,
    /// Its `avatar` (an http(s) URL) and `bio`, when set.
    pub attributes: BTreeMap<String, String>,
}

/// One address of a name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NameAddress {
    /// The address, EIP-55.
    pub address: String,
    /// When it was set, RFC 3339 UTC with milliseconds.
    pub created_at: String,
}

/// The answer of `GET /v1/profile/account/{name}?apiVersion=2`: the record, or `[]` when the
/// name is free (with `apiVersion=1`, the default, a free name is a 404 instead).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum NameLookupReply {
    /// The name is registered.
    Registered(NameRecord),
    /// The name is free.
    Free(NoRecords),
}

/// `[]`: no record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NoRecords;

impl Serialize for NoRecords {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [(); 0].serialize(s)
    }
}

impl<'de> Deserialize<'de> for NoRecords {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let entries = Vec::<IgnoredAny>::deserialize(d)?;
        if entries.is_empty() {
            Ok(Self)
        } else {
            Err(serde::de::Error::invalid_length(
                entries.len(),
                &"an empty list",
            ))
        }
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for NoRecords {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ArrayBuilder, Schema};
        Schema::Array(
            ArrayBuilder::new()
                .items(utoipa::openapi::Ref::from_schema_name("NameRecord"))
                .max_items(Some(0))
                .description(Some("No record: an empty list."))
                .build(),
        )
        .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for NoRecords {}

/// The answer of `GET /v1/profile/reverse/{address}`: the address's name (at most one: its
/// primary name); with `apiVersion=2`, `[]` when it has none (else a 404).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
pub struct NamesReply(pub Vec<NameRecord>);

/// The query of the lookups `GET /v1/profile/account/{name}` and
/// `GET /v1/profile/reverse/{address}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NameLookupQuery {
    /// `1` (the default: a 404 when there is nothing) or `2` (an empty list instead).
    #[serde(
        rename = "apiVersion",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub api_version: Option<String>,
    /// The asking account (reverse lookups; optional), checked and not used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub sender: Option<String>,
}

/// The query of `GET /v1/profile/suggestions/{name}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SuggestionsQuery {
    /// The suffix the suggestions are for: only frame-host's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub zone: Option<String>,
}

/// The answer of `GET /v1/profile/suggestions/{name}`: the name asked for with `registered`,
/// then up to 4 free alternatives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SuggestionsReply {
    /// The suggestions, in order.
    pub suggestions: Vec<NameSuggestion>,
}

/// A suggestion (spec §3): a full name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NameSuggestion {
    /// `{label}.{suffix}`.
    pub name: String,
    /// Whether it is registered (only ever true for the name asked for).
    pub registered: bool,
}

/// `POST /v1/profile/account` (spec §7; at most 16 KiB, unknown fields refused).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct RegisterNameRequest {
    /// The ENSIP-11 coin type of the chain the address signed on, `0x80000000 | chainId` or
    /// 60: a number or a decimal string.
    #[cfg_attr(feature = "openapi", schema(value_type = super::convert::NumberOrText))]
    pub coin_type: Value,
    /// The address that signed, `0x` and 40 hex digits (mixed case must be EIP-55).
    pub address: String,
    /// The JSON text of a [`RegistrationMessage`], exactly as signed.
    pub message: String,
    /// The `personal_sign` (EIP-191) of `message` by `address`.
    pub signature: String,
}

/// What the registering address signs, as the JSON text
/// `{"name":…,"attributes":{…},"timestamp":…}` (`JSON.stringify({ name, attributes, timestamp })`;
/// at most 4096 bytes, no other keys).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct RegistrationMessage {
    /// The full name, `{label}.{suffix}`.
    pub name: String,
    /// `avatar` and `bio`, optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub attributes: Option<BTreeMap<String, String>>,
    /// When it was made, Unix seconds.
    pub timestamp: i64,
}

/// The answer of `POST /v1/profile/account`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RegisterNameReply {
    /// Always `true`.
    pub success: bool,
    /// The registered name.
    pub account: NameRecord,
}

/// The answer of `GET /v1/profile/gateway`: what an operator's on-chain resolver needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GatewayInfo {
    /// The name suffix, such as `oriel.id`.
    pub suffix: String,
    /// The EIP-3668 URL template (`{public_url}/v1/profile/ccip/{sender}/{data}.json`).
    pub url: String,
    /// The address whose signatures the resolver trusts, EIP-55.
    pub signer: String,
}

/// The answer of `GET /v1/profile/ccip/{sender}/{data}.json`, the EIP-3668 gateway.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GatewayReply {
    /// `abi.encode(bytes result, uint64 expires, bytes signature)`, `0x` hex.
    pub data: String,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_free_name_is_an_empty_list() {
        let free: NameLookupReply = serde_json::from_value(json!([])).unwrap();
        assert_eq!(free, NameLookupReply::Free(NoRecords));
        assert_eq!(serde_json::to_value(free).unwrap(), json!([]));
        assert!(serde_json::from_value::<NameLookupReply>(json!([1])).is_err());
    }
}
