//! `GET /v1/identity/{address}` (spec §7): the address's name and avatar
//! ([`Names::identity`]).

use axum::{
    extract::{rejection::PathRejection, Path, State},
    Json,
};
use oriel_protocol::http::identity::{IdentityQuery, IdentityReply};

use crate::{
    error::ApiError,
    http::{ApiQuery, ClientIp, SdkClient},
    names::Names,
    types::is_evm_address,
};

/// Within the client's budget of name lookups (issue 38, L-6: an identity is a reverse and a
/// forward ENS lookup and an avatar record, over the chain RPC).
pub(super) async fn identity(
    State(names): State<Names>,
    _client: SdkClient,
    ClientIp(ip): ClientIp,
    address: Result<Path<String>, PathRejection>,
    ApiQuery(query): ApiQuery<IdentityQuery>,
) -> Result<Json<IdentityReply>, ApiError> {
    names.check_lookup_limit(ip).await?;
    let Path(address) = address.map_err(|e| ApiError::InvalidParams(e.body_text()))?;
    if !is_evm_address(&address) {
        return Err(ApiError::invalid(
            "Invalid address: expected 0x and 40 hex digits",
        ));
    }
    if query.sender.as_deref().is_some_and(|s| !is_evm_address(s)) {
        return Err(ApiError::invalid(
            "Invalid sender: expected 0x and 40 hex digits",
        ));
    }
    let reply = names.identity(address.to_ascii_lowercase()).await?;
    Ok(Json(reply))
}
