//! Sign-in with a wallet signature (SIWX; spec §3, §4, §7): frame-host issues nonces, checks
//! signed EIP-4361 / CAIP-122 messages (EOA, ERC-1271 and ERC-6492 accounts over the chain
//! RPC, Solana ed25519) and keeps one session per project, chain and address, handed out as
//! a token a dapp's backend verifies with the published key.
//!
//! - `GET /v1/sessions/nonce`: a nonce, single use, for [`NONCE_TTL_MS`].
//! - `POST /v1/sessions`: `{message, signature}` → `{session, token}` (see `sign_in`).
//! - `GET /v1/sessions/{address}`: the session of the `Authorization: Bearer` token.
//! - `POST /v1/sessions/{address}/revoke`: `{pci, signature}` → `{revoked}`.
//! - `GET /.well-known/jwks.json`: the key that verifies the tokens.
//!
//! The `/v1/sessions*` routes are Blockchain API routes: `projectId`, `st`, `sv` in the query
//! ([`SdkClient`](crate::api::SdkClient)) and CORS for the project's origins.

mod error;
mod evm;
mod message;
mod parse;
mod routes;
mod sign_in;
mod syntax;
pub(crate) mod time;
mod token;
mod verify;

pub(crate) use error::SiwxError;
pub(crate) use evm::verify as verify_personal_sign;

#[cfg(test)]
mod tests;

use axum::{
    extract::DefaultBodyLimit,
    routing::{get, post},
    Router,
};
use serde::Serialize;

use crate::{clock::rfc3339, cors, store::SiwxSession, AppState};

pub(crate) use error::MessageError;
use message::MessageData;
pub(crate) use message::{Message, Namespace};
pub(crate) use time::Timestamp;
pub(crate) use verify::Verification;

/// How long a nonce can be used after it is issued, milliseconds: long enough to approve the
/// message in a phone wallet, short enough that an unused one soon means nothing.
pub(crate) const NONCE_TTL_MS: i64 = 10 * 60_000;

/// The largest request body of these routes, bytes (a message and an ERC-6492 signature fit).
const MAX_BODY: usize = 32 * 1024;

/// The routes of this module.
pub(crate) fn router(state: &AppState) -> Router<AppState> {
    let api = Router::new()
        .route("/v1/sessions", post(routes::create))
        .route("/v1/sessions/nonce", get(routes::nonce))
        .route("/v1/sessions/{address}", get(routes::sessions))
        .route("/v1/sessions/{address}/revoke", post(routes::revoke))
        .layer(DefaultBodyLimit::max(MAX_BODY));
    cors::with_project_api(api, state).route("/.well-known/jwks.json", get(routes::jwks))
}

/// A session as the API shows it: `id` (the revoke route's `pci`), `chainId` (CAIP-2),
/// `address` (as signed), `verification` (`eoa`, `erc1271`, `erc6492` or `ed25519`), `data`
/// (the message's fields), `message` and `signature` (as signed), `createdAt` and `expiresAt`
/// (RFC 3339).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SiwxReplySession {
    id: String,
    chain_id: String,
    address: String,
    verification: String,
    data: MessageData,
    message: String,
    signature: String,
    created_at: String,
    expires_at: String,
}

impl SiwxReplySession {
    /// The view of `stored`, whose message is `message`.
    pub(crate) fn new(stored: &SiwxSession, message: &Message) -> Self {
        Self {
            id: stored.id.clone(),
            chain_id: stored.chain_id.clone(),
            address: message.address.clone(),
            verification: stored.kind.clone(),
            data: message.data(),
            message: stored.message.clone(),
            signature: stored.signature.clone(),
            created_at: rfc3339(stored.created_at),
            expires_at: rfc3339(stored.expires_at),
        }
    }
}
