//! The body of frame-host's `GET /v1/identity/{address}` (spec section 7): an address's name
//! and avatar, resolved on chain.

use serde::{Deserialize, Serialize};

/// The answer of `GET /v1/identity/{address}`: the address's primary name and its avatar
/// record, each `null` when there is none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdentityReply {
    /// The name the address's reverse record names, only when that name resolves back to
    /// the address.
    pub name: Option<String>,
    /// The name's `avatar` text record, when it has one.
    pub avatar: Option<String>,
}
