//! Names (spec §3, §4, §5, §7, §9): frame-host is a name service for the operator's suffix
//! (`name_suffix`, default `oriel.id`). An address registers `{label}.{suffix}` by signing a
//! message (first come, one name per address); the Blockchain API looks names up both ways and
//! suggests free ones; `/v1/identity/{address}` answers a registered name when the address
//! has no ENS name; and names resolve on chain through an ENSIP-10 wildcard resolver with
//! EIP-3668 CCIP-read whose gateway is frame-host (see `gateway`).
//!
//! - `POST /v1/profile/account`: register (see `register`).
//! - `GET /v1/profile/account/{name}`, `GET /v1/profile/reverse/{address}`,
//!   `GET /v1/profile/suggestions/{name}`: the lookups (see `routes`, `suggest`).
//! - `GET /v1/profile/gateway`, `GET /v1/profile/ccip/{sender}/{data}.json`: the gateway, for
//!   anyone (`Access-Control-Allow-Origin: *`).
//!
//! The `/v1/profile/account*`, `reverse` and `suggestions` routes are Blockchain API routes:
//! `projectId`, `st`, `sv` in the query ([`SdkClient`](crate::http::SdkClient)) and CORS for the
//! project's origins.

pub(crate) mod error;
pub(crate) mod gateway;
mod identity;
pub(crate) mod rules;
pub(crate) mod suggest;

use std::{collections::BTreeMap, net::IpAddr, str::FromStr, sync::Arc};

use alloy_primitives::Address;
use oriel_protocol::http::names::{NameAddress, NameRecord};
use serde::Deserialize;

pub(crate) use gateway::GatewaySigner;
pub(crate) use identity::IdentityCache;

use crate::{
    chain::Chains,
    clock::{rfc3339, Clock},
    error::{ApiError, Error},
    keys::Keys,
    limits::{Limit, Limits},
    store::{Store, StoredName},
    types::PublicUrl,
};

/// The gateway's path under `public_url`, an EIP-3668 URL template.
pub(crate) const GATEWAY_PATH: &str = "/v1/profile/ccip/{sender}/{data}.json";
/// The default `name_suffix`.
pub const DEFAULT_NAME_SUFFIX: &str = "oriel.id";
/// Name registrations one client IP may send per 10 minutes.
const REGISTRATION_LIMIT: i64 = 20;
/// Names one client IP may register per day (issue 38, L-5): a household registers a name per
/// person, once; bulk squatting from one address stops at the fourth.
const NAMES_PER_IP_PER_DAY: i64 = 3;
/// Registrations one address may send per 10 minutes (issue 38, L-5): a person retries a
/// refused one a few times at most.
const REGISTRATIONS_PER_ADDRESS: i64 = 5;
/// A day, milliseconds.
const DAY_MS: i64 = 24 * 3600 * 1000;
/// Name lookups (account, reverse, suggestions, the CCIP-read gateway) one client IP may make
/// per 10 minutes.
const LOOKUP_LIMIT: i64 = 600;

/// The suffix of the names frame-host registers (`name_suffix`): dot-separated labels of
/// lowercase letters, digits and hyphens, such as `oriel.id`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct NameSuffix(String);

impl NameSuffix {
    /// The suffix.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for NameSuffix {
    fn default() -> Self {
        Self(DEFAULT_NAME_SUFFIX.to_owned())
    }
}

impl FromStr for NameSuffix {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        if rules::is_suffix(text) {
            Ok(Self(text.to_owned()))
        } else {
            Err(format!(
                "name_suffix {text:?} must be dot-separated labels of lowercase letters, digits \
                 and hyphens (such as \"oriel.id\")"
            ))
        }
    }
}

impl TryFrom<String> for NameSuffix {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

impl PartialEq<&str> for NameSuffix {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// The ENS registry identities are read from: the first configured network that names one.
#[derive(Debug, Clone)]
pub(crate) struct EnsRegistry {
    /// Its network.
    pub(crate) chain_id: String,
    /// Its address, lowercase.
    pub(crate) address: String,
}

/// The name service and the identity of addresses. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Names {
    store: Store,
    clock: Clock,
    chains: Chains,
    limits: Limits,
    suffix: Arc<str>,
    public_url: Arc<str>,
    ens: Option<Arc<EnsRegistry>>,
    gateway: Arc<GatewaySigner>,
    identities: Arc<IdentityCache>,
}

/// How names are served: the suffix, frame-host's public URL (the gateway is below it) and
/// where ENS identities are read.
#[derive(Debug, Clone)]
pub(crate) struct NamesSettings {
    pub(crate) suffix: NameSuffix,
    pub(crate) public_url: PublicUrl,
    pub(crate) ens: Option<EnsRegistry>,
}

impl Names {
    pub(crate) fn new(
        store: Store,
        clock: Clock,
        chains: Chains,
        keys: &Keys,
        settings: NamesSettings,
    ) -> Self {
        Self {
            limits: Limits::new(store.clone(), clock.clone()),
            store,
            clock,
            chains,
            suffix: settings.suffix.as_str().into(),
            public_url: settings.public_url.as_str().into(),
            ens: settings.ens.map(Arc::new),
            gateway: Arc::new(GatewaySigner::new(keys)),
            identities: Arc::default(),
        }
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    pub(crate) fn chains(&self) -> &Chains {
        &self.chains
    }

    /// The name suffix (`name_suffix`).
    pub(crate) fn suffix(&self) -> &str {
        &self.suffix
    }

    /// The key that signs the gateway's answers.
    pub(crate) fn name_gateway(&self) -> &GatewaySigner {
        &self.gateway
    }

    /// The identity route's cache.
    pub(crate) fn identity_cache(&self) -> &IdentityCache {
        &self.identities
    }

    /// The gateway URL template the resolver sends clients to.
    pub(crate) fn gateway_url(&self) -> String {
        format!("{}{GATEWAY_PATH}", self.public_url)
    }

    /// A name registration from `ip`: at most [`REGISTRATION_LIMIT`] per 10 minutes.
    pub(crate) async fn check_registration_limit(&self, ip: IpAddr) -> Result<(), ApiError> {
        let per_ip = Limit::per_ip_window(format!("name-register:{ip}"), REGISTRATION_LIMIT);
        self.limits.hit(&[per_ip]).await
    }

    /// A registration for `address` (lowercase hex): at most [`REGISTRATIONS_PER_ADDRESS`] per
    /// 10 minutes.
    pub(crate) async fn check_address_limit(&self, address: &str) -> Result<(), ApiError> {
        let per_address = Limit::per_ip_window(
            format!("name-register-address:{address}"),
            REGISTRATIONS_PER_ADDRESS,
        );
        self.limits.hit(&[per_address]).await
    }

    /// A name about to be stored for `ip`: at most [`NAMES_PER_IP_PER_DAY`] per day.
    pub(crate) async fn count_new_name(&self, ip: IpAddr) -> Result<(), ApiError> {
        let per_ip = Limit::new(format!("names-per-day:{ip}"), NAMES_PER_IP_PER_DAY, DAY_MS);
        self.limits.hit(&[per_ip]).await
    }

    /// A name lookup from `ip`: at most [`LOOKUP_LIMIT`] per 10 minutes.
    pub(crate) async fn check_lookup_limit(&self, ip: IpAddr) -> Result<(), ApiError> {
        let per_ip = Limit::per_ip_window(format!("name-lookup:{ip}"), LOOKUP_LIMIT);
        self.limits.hit(&[per_ip]).await
    }
}

/// A stored name as the API shows it ([`NameRecord`]): `registered_at` and `updated_at`
/// (RFC 3339), `addresses` by ENSIP-11 coin type (decimal string keys: `"60"` and the coin type
/// it was registered for), each `{ address (EIP-55), created_at }`, and `attributes`.
pub(crate) fn name_record(row: &StoredName) -> Result<NameRecord, Error> {
    let unreadable = |field| Error::StoredName {
        name: row.name.clone(),
        field,
    };
    let address: Address = row.address.parse().map_err(|_| unreadable("address"))?;
    let attributes: BTreeMap<String, String> =
        serde_json::from_str(&row.attributes).map_err(|_| unreadable("attributes"))?;
    let entry = NameAddress {
        address: address.to_checksum(None),
        created_at: rfc3339(row.registered_at),
    };
    let addresses = [rules::ETH_COIN_TYPE.to_string(), row.coin_type.to_string()]
        .into_iter()
        .map(|coin| (coin, entry.clone()))
        .collect();
    Ok(NameRecord {
        name: row.name.clone(),
        registered_at: rfc3339(row.registered_at),
        updated_at: rfc3339(row.updated_at),
        addresses,
        attributes,
    })
}

/// The registered primary name of `address` (lowercase) under the current suffix, if any: for
/// `/v1/identity/{address}`.
pub(crate) async fn primary_name(
    state: &Names,
    address: &str,
) -> Result<Option<NameRecord>, Error> {
    let suffix = state.suffix();
    state
        .store()
        .name_of_address(address)
        .await?
        .filter(|r| rules::name(&r.name, suffix).is_ok())
        .map(|r| name_record(&r))
        .transpose()
}
