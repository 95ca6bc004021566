//! `GET /v1/identity/{address}` (spec §7): the address's name and avatar, cached for
//! [`CACHE_MS`] per address. In this order:
//!
//! 1. its primary ENS name, read on the first configured network that names an ENS registry
//!    (`ens_registry`): the reverse record's name (`<address>.addr.reverse`), kept only when
//!    the name's own resolver points it back at the address (ENS's forward check), with that
//!    name's `avatar` text record;
//! 2. else the name it registered with frame-host's name service (`names`), with its `avatar`
//!    attribute.
//!
//! An address with neither has neither.

use std::{
    collections::HashMap,
    sync::{Mutex, PoisonError},
};

use oriel_protocol::http::identity::IdentityReply;
use serde_json::json;

use super::{primary_name, Names};
use crate::{
    chain::{
        ens::{self, MAX_AVATAR_LEN, MAX_NAME_LEN},
        ChainClient,
    },
    error::Error,
};

/// How long an address's identity is reused (spec §9: identity 5 min).
pub(crate) const CACHE_MS: i64 = 5 * 60_000;

/// Cached entries kept at most; past that the expired ones go, then all.
const CACHE_ENTRIES: usize = 10_000;

/// The identity cache, by lowercased address: when read, and what.
#[derive(Debug, Default)]
pub(crate) struct IdentityCache {
    entries: Mutex<HashMap<String, (i64, IdentityReply)>>,
}

impl IdentityCache {
    fn get(&self, address: &str, now_ms: i64) -> Option<IdentityReply> {
        let entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries
            .get(address)
            .filter(|(at, _)| now_ms - at < CACHE_MS)
            .map(|(_, reply)| reply.clone())
    }

    /// Drops `address`'s entry (its name changed on this instance).
    pub(crate) fn forget(&self, address: &str) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.remove(address);
    }

    fn put(&self, address: String, now_ms: i64, reply: IdentityReply) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        if entries.len() >= CACHE_ENTRIES {
            entries.retain(|_, (at, _)| now_ms - *at < CACHE_MS);
            if entries.len() >= CACHE_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(address, (now_ms, reply));
    }
}

impl Names {
    /// The identity of `address` (lowercase `0x` hex), cached for [`CACHE_MS`].
    pub(crate) async fn identity(&self, address: String) -> Result<IdentityReply, Error> {
        let state = self;
        let now = state.now_ms();
        if let Some(cached) = state.identity_cache().get(&address, now) {
            return Ok(cached);
        }
        let registry = state
            .ens
            .as_deref()
            .map(|e| (e.chain_id.as_str(), e.address.as_str()));
        let ens = match registry {
            None => IdentityReply {
                name: None,
                avatar: None,
            },
            Some((chain_id, registry)) => {
                let client = state
                    .chains()
                    .get(chain_id)
                    .ok_or_else(|| Error::RpcResult {
                        method: "ENS",
                        result: format!("no client for {chain_id}"),
                    })?;
                Resolver {
                    client: &client,
                    registry,
                }
                .identity(&address)
                .await?
            }
        };
        let reply = match ens.name {
            Some(_) => ens,
            None => match primary_name(state, &address).await? {
                Some(record) => IdentityReply {
                    name: Some(record.name.clone()),
                    avatar: record.attributes.get("avatar").cloned(),
                },
                None => ens,
            },
        };
        state.identity_cache().put(address, now, reply.clone());
        Ok(reply)
    }
}

/// ENS resolution over one network's RPC.
struct Resolver<'a> {
    client: &'a ChainClient,
    registry: &'a str,
}

impl Resolver<'_> {
    async fn identity(&self, address: &str) -> Result<IdentityReply, Error> {
        let none = IdentityReply {
            name: None,
            avatar: None,
        };
        let reverse = ens::reverse_node(address);
        let Some(resolver) = self.resolver_of(&reverse).await? else {
            return Ok(none);
        };
        let name = self
            .call(&resolver, ens::call_node("name(bytes32)", &reverse))
            .await?
            .and_then(|r| ens::decode_string(&r, MAX_NAME_LEN))
            .filter(|name| is_name(name));
        let Some(name) = name else {
            return Ok(none);
        };
        let node = ens::namehash(&name);
        let Some(forward) = self.resolver_of(&node).await? else {
            return Ok(none);
        };
        let points_back = self
            .call(&forward, ens::call_node("addr(bytes32)", &node))
            .await?
            .and_then(|r| ens::decode_address(&r))
            .is_some_and(|a| a == address);
        if !points_back {
            return Ok(none);
        }
        let avatar = self
            .call(&forward, ens::call_text(&node, "avatar"))
            .await?
            .and_then(|r| ens::decode_string(&r, MAX_AVATAR_LEN))
            .filter(|a| !a.is_empty());
        Ok(IdentityReply {
            name: Some(name),
            avatar,
        })
    }

    /// The resolver the registry names for `node`; `None` for the zero address.
    async fn resolver_of(&self, node: &[u8; 32]) -> Result<Option<String>, Error> {
        let result = self
            .call(self.registry, ens::call_node("resolver(bytes32)", node))
            .await?;
        let resolver = result
            .as_deref()
            .and_then(ens::decode_address)
            .ok_or_else(|| Error::RpcResult {
                method: "ENS registry resolver(bytes32)",
                result: result.unwrap_or_default().chars().take(100).collect(),
            })?;
        Ok(Some(resolver).filter(|r| r.bytes().skip(2).any(|b| b != b'0')))
    }

    /// `eth_call` of `data` on `to` at the latest block: the `0x` answer, or `None` when the
    /// call reverts (a resolver without that record type).
    async fn call(&self, to: &str, data: String) -> Result<Option<String>, Error> {
        let params = json!([{ "to": to, "data": data }, "latest"]);
        match self.client.request("eth_call", params).await {
            Ok(value) => {
                value
                    .as_str()
                    .map(|s| Some(s.to_owned()))
                    .ok_or_else(|| Error::RpcResult {
                        method: "eth_call",
                        result: value.to_string().chars().take(100).collect(),
                    })
            }
            Err(oriel_rpc::RpcError::Rpc { message, .. }) if is_revert(&message) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }
}

/// Whether a node's error message is a revert.
fn is_revert(message: &str) -> bool {
    message.to_ascii_lowercase().contains("revert")
}

/// Whether a reverse record's name can be a name: non-empty labels of visible characters.
fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name.split('.').all(|label| {
            !label.is_empty() && !label.chars().any(|c| c.is_whitespace() || c.is_control())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(is_name("alice.eth"));
        assert!(is_name("ünï.oriel"));
        for bad in ["", ".eth", "alice..eth", "alice.", "a b.eth", "a\u{0}.eth"] {
            assert!(!is_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn the_cache_keeps_an_identity_five_minutes() {
        let cache = IdentityCache::default();
        let reply = IdentityReply {
            name: Some("alice.eth".into()),
            avatar: None,
        };
        cache.put("0xab".into(), 1_000, reply.clone());
        assert_eq!(cache.get("0xab", 1_000 + CACHE_MS - 1), Some(reply));
        assert_eq!(cache.get("0xab", 1_000 + CACHE_MS), None);
    }
}
