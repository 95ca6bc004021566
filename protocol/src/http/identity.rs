//! The body of frame-host's `GET /v1/identity/{address}` (spec section 7): an address's name
//! and avatar, resolved on chain.

use serde::{Deserialize, Serialize};

/// The query of `GET /v1/identity/{address}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct IdentityQuery {
    /// The asking account (optional), checked and not used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub sender: Option<String>,
}

/// The answer of `GET /v1/identity/{address}`: the address's primary name and its avatar
/// record, each `null` when there is none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct IdentityReply {
    /// The name the address's reverse record names, only when that name resolves back to
    /// the address.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub name: Option<String>,
    /// The name's `avatar` text record, when it has one.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub avatar: Option<String>,
}
