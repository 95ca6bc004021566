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
//! `projectId`, `st`, `sv` in the query ([`SdkClient`](crate::api::SdkClient)) and CORS for the
//! project's origins.

mod devnet;
mod error;
mod gateway;
mod register;
mod routes;
pub(crate) mod rules;
mod suggest;

use std::collections::BTreeMap;

use alloy_primitives::Address;
use axum::{
    extract::DefaultBodyLimit,
    http::{header, HeaderValue},
    routing::{get, post},
    Router,
};
use serde::Serialize;
use tower_http::set_header::SetResponseHeaderLayer;

pub(crate) use devnet::point_devnet_names;
pub(crate) use gateway::GatewaySigner;

use crate::{clock::rfc3339, cors, error::Error, store::StoredName, AppState};

/// The gateway's path under `public_url`, an EIP-3668 URL template.
pub(crate) const GATEWAY_PATH: &str = "/v1/profile/ccip/{sender}/{data}.json";
/// The default `name_suffix`.
pub const DEFAULT_NAME_SUFFIX: &str = "oriel.id";
/// The largest request body of these routes, bytes.
const MAX_BODY: usize = 16 * 1024;

/// The routes of this module.
pub(crate) fn router(state: &AppState) -> Router<AppState> {
    let api = Router::new()
        .route("/v1/profile/account", post(register::register))
        .route("/v1/profile/account/{name}", get(routes::account))
        .route("/v1/profile/reverse/{address}", get(routes::reverse))
        .route("/v1/profile/suggestions/{name}", get(routes::suggestions))
        .layer(DefaultBodyLimit::max(MAX_BODY));
    let gateway = Router::new()
        .route("/v1/profile/gateway", get(routes::gateway_info))
        .route("/v1/profile/ccip/{sender}/{data}", get(routes::ccip))
        .layer(SetResponseHeaderLayer::overriding(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        ));
    cors::with_project_api(api, state).merge(gateway)
}

/// A name as the API shows it: `name`, `registered_at` and `updated_at` (RFC 3339),
/// `addresses` by ENSIP-11 coin type (decimal string keys: `"60"` and the coin type it was
/// registered for), each `{ address (EIP-55), created_at }`, and `attributes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct NameRecord {
    name: String,
    registered_at: String,
    updated_at: String,
    addresses: BTreeMap<String, NameAddress>,
    attributes: BTreeMap<String, String>,
}

/// One address of a name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct NameAddress {
    address: String,
    created_at: String,
}

impl NameRecord {
    /// The view of a stored name.
    pub(crate) fn new(row: &StoredName) -> Result<Self, Error> {
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
        Ok(Self {
            name: row.name.clone(),
            registered_at: rfc3339(row.registered_at),
            updated_at: rfc3339(row.updated_at),
            addresses,
            attributes,
        })
    }

    /// The `avatar` attribute.
    pub(crate) fn avatar(&self) -> Option<&str> {
        self.attributes.get("avatar").map(String::as_str)
    }

    /// The full name.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }
}

/// The registered primary name of `address` (lowercase) under the current suffix, if any: for
/// `/v1/identity/{address}`.
pub(crate) async fn primary_name(
    state: &AppState,
    address: &str,
) -> Result<Option<NameRecord>, Error> {
    let suffix = &state.config().name_suffix;
    state
        .store()
        .name_of_address(address)
        .await?
        .filter(|r| rules::name(&r.name, suffix).is_ok())
        .map(|r| NameRecord::new(&r))
        .transpose()
}
