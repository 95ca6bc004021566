//! The CCIP-read gateway (EIP-3668) of the on-chain resolver `OffchainNameResolver`
//! (`devnet/contracts/OffchainNameResolver.sol`): a client whose call to the resolver's
//! ENSIP-10 `resolve(name, data)` reverted with `OffchainLookup` asks
//! `GET /v1/profile/ccip/{sender}/{data}.json`, `data` being that `resolve` call. The gateway
//! answers the record from the names database, signed with frame-host's gateway key, as
//! `{ "data": abi.encode(bytes result, uint64 expires, bytes signature) }`; the resolver's
//! `resolveWithProof` checks the signature and returns `result`.
//!
//! Records: `addr(node)` (Ether's address, coin type 60), `addr(node, coinType)` (the address
//! for 60 and the coin type the name was registered for, else empty) and `text(node, key)`
//! (the name's attributes, `avatar` and `bio`). A name that is not registered answers the
//! zero address and empty values, as ENS does for a name without records.

use alloy_primitives::{keccak256, Address, Bytes, U256};
use alloy_sol_types::{sol, SolCall, SolValue};
use k256::ecdsa::SigningKey;
use std::collections::BTreeMap;

use super::{error::NameError, rules::ETH_COIN_TYPE};
use crate::{chain::ens::namehash, store::StoredName};

/// How long a signed answer is good for, seconds.
pub(crate) const ANSWER_TTL_SECS: u64 = 300;
/// The largest `resolve` call accepted, bytes.
pub(crate) const MAX_REQUEST_BYTES: usize = 2048;
/// The longest DNS-encoded name read, bytes (DNS's limit).
const MAX_DNS_NAME: usize = 255;

sol! {
    interface IExtendedResolver {
        function resolve(bytes name, bytes data) external view returns (bytes);
    }
    interface IAddrResolver {
        function addr(bytes32 node) external view returns (address);
    }
    interface IAddressResolver {
        function addr(bytes32 node, uint256 coinType) external view returns (bytes);
    }
    interface ITextResolver {
        function text(bytes32 node, string key) external view returns (string);
    }
}

/// frame-host's gateway key: signs answers the on-chain resolver trusts.
#[derive(Clone)]
pub(crate) struct GatewaySigner {
    key: SigningKey,
    address: Address,
}

impl std::fmt::Debug for GatewaySigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GatewaySigner({})", self.address)
    }
}

impl GatewaySigner {
    /// The signer of the secret `keys` derive (`Keys::name_gateway_secret`).
    pub(crate) fn new(keys: &crate::keys::Keys) -> Self {
        let secret = keys.name_gateway_secret(|s| SigningKey::from_slice(s).is_ok());
        let key = SigningKey::from_slice(secret.as_ref()).expect("accepted as a valid scalar");
        let address = Address::from_public_key(key.verifying_key());
        Self { key, address }
    }

    /// The address the resolver must trust.
    pub(crate) fn address(&self) -> Address {
        self.address
    }

    /// The resolver's `signatureHash(expires, request, result)` for `sender`, signed:
    /// 65 bytes `r ‖ s ‖ v`, `v` 27 or 28, `s` low.
    fn sign(&self, sender: Address, expires: u64, request: &[u8], result: &[u8]) -> [u8; 65] {
        let mut packed = Vec::with_capacity(2 + 20 + 8 + 64);
        packed.extend_from_slice(&[0x19, 0x00]);
        packed.extend_from_slice(sender.as_slice());
        packed.extend_from_slice(&expires.to_be_bytes());
        packed.extend_from_slice(keccak256(request).as_slice());
        packed.extend_from_slice(keccak256(result).as_slice());
        let hash = keccak256(&packed);
        let (signature, recovery) = self
            .key
            .sign_prehash_recoverable(hash.as_slice())
            .expect("a 32-byte prehash is signable");
        let mut out = [0u8; 65];
        out[..64].copy_from_slice(&signature.to_bytes());
        out[64] = 27 + recovery.to_byte();
        out
    }
}

/// A record a `resolve` call asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Record {
    /// `addr(node)`.
    Addr,
    /// `addr(node, coinType)`.
    AddrOf(U256),
    /// `text(node, key)`.
    Text(String),
}

/// A gateway request: the resolver that asked, the `resolve` call data, the name and record.
#[derive(Debug)]
pub(crate) struct Lookup {
    sender: Address,
    request: Vec<u8>,
    /// The name, as the client encoded it (ENS clients normalize names to lowercase).
    pub(crate) name: String,
    record: Record,
}

impl Lookup {
    /// Reads the route's `{sender}` (`0x` and 40 hex digits) and `{data}.json` (`0x` hex of a
    /// `resolve(bytes name, bytes data)` call, whose `data` is one of the records above for
    /// the namehash of `name`).
    pub(crate) fn parse(sender: &str, file: &str) -> Result<Self, NameError> {
        let sender: Address = sender
            .strip_prefix("0x")
            .filter(|h| h.len() == 40)
            .and_then(|_| sender.parse().ok())
            .ok_or(NameError::Gateway("sender: expected 0x and 40 hex digits"))?;
        let hex = file
            .strip_suffix(".json")
            .and_then(|d| d.strip_prefix("0x"))
            .ok_or(NameError::Gateway(
                "data: expected 0x, hex digits and .json",
            ))?;
        if hex.len() > 2 * MAX_REQUEST_BYTES {
            return Err(NameError::Gateway("data: too long"));
        }
        let request = alloy_primitives::hex::decode(hex)
            .map_err(|_| NameError::Gateway("data: expected 0x, hex digits and .json"))?;
        let call = IExtendedResolver::resolveCall::abi_decode(&request)
            .map_err(|_| NameError::Gateway("data: expected a resolve(bytes,bytes) call"))?;
        let name =
            dns_name(&call.name).ok_or(NameError::Gateway("name: not a DNS-encoded name"))?;
        let node = namehash(&name);
        let data = call.data.as_ref();
        let (asked, record) = if let Ok(c) = IAddrResolver::addrCall::abi_decode(data) {
            (c.node, Record::Addr)
        } else if let Ok(c) = IAddressResolver::addrCall::abi_decode(data) {
            (c.node, Record::AddrOf(c.coinType))
        } else if let Ok(c) = ITextResolver::textCall::abi_decode(data) {
            (c.node, Record::Text(c.key))
        } else {
            return Err(NameError::Gateway(
                "unsupported record: expected addr(bytes32), addr(bytes32,uint256) or text(bytes32,string)",
            ));
        };
        if asked.0 != node {
            return Err(NameError::Gateway(
                "the record's node is not the name's namehash",
            ));
        }
        Ok(Self {
            sender,
            request,
            name,
            record,
        })
    }

    /// The signed answer (`abi.encode(result, expires, signature)`) for the name's row, if it
    /// is registered, valid until `now_secs` + [`ANSWER_TTL_SECS`].
    pub(crate) fn answer(
        &self,
        signer: &GatewaySigner,
        row: Option<&StoredName>,
        now_secs: u64,
    ) -> Vec<u8> {
        let address: Option<Address> = row.and_then(|r| r.address.parse().ok());
        let result = match &self.record {
            Record::Addr => {
                IAddrResolver::addrCall::abi_encode_returns(&address.unwrap_or_default())
            }
            Record::AddrOf(coin) => {
                let known = row.is_some_and(|r| {
                    *coin == U256::from(ETH_COIN_TYPE)
                        || u64::try_from(r.coin_type).is_ok_and(|c| *coin == U256::from(c))
                });
                let bytes = match address {
                    Some(a) if known => Bytes::copy_from_slice(a.as_slice()),
                    _ => Bytes::new(),
                };
                IAddressResolver::addrCall::abi_encode_returns(&bytes)
            }
            Record::Text(key) => {
                let value = row
                    .and_then(|r| {
                        serde_json::from_str::<BTreeMap<String, String>>(&r.attributes).ok()
                    })
                    .and_then(|mut a| a.remove(key))
                    .unwrap_or_default();
                ITextResolver::textCall::abi_encode_returns(&value)
            }
        };
        let expires = now_secs + ANSWER_TTL_SECS;
        let signature = signer.sign(self.sender, expires, &self.request, &result);
        (
            Bytes::from(result),
            expires,
            Bytes::copy_from_slice(&signature),
        )
            .abi_encode_params()
    }
}

/// A DNS wire-format name (length-prefixed labels, then 0) as dotted text; `None` unless every
/// label is non-empty UTF-8 without dots and the encoding ends exactly.
pub(crate) fn dns_name(bytes: &[u8]) -> Option<String> {
    if bytes.len() > MAX_DNS_NAME {
        return None;
    }
    let mut labels = Vec::new();
    let mut at = 0;
    loop {
        let len = usize::from(*bytes.get(at)?);
        if len == 0 {
            break;
        }
        let label = std::str::from_utf8(bytes.get(at + 1..at + 1 + len)?).ok()?;
        if label.contains('.') {
            return None;
        }
        labels.push(label);
        at += 1 + len;
    }
    (at + 1 == bytes.len()).then(|| labels.join("."))
}

#[cfg(test)]
mod tests;
