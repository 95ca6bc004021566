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
//! ([`SdkClient`](crate::http::SdkClient)) and CORS for the project's origins.

mod error;
pub(crate) mod evm;
mod message;
mod parse;
pub(crate) mod sign_in;
mod syntax;
pub(crate) mod time;
pub(crate) mod token;
mod verify;

pub(crate) use error::SiwxError;
pub(crate) use evm::verify as verify_personal_sign;

#[cfg(test)]
mod tests;

use std::sync::Arc;

pub(crate) use oriel_protocol::http::siwx::SiwxSession as SessionBody;
use oriel_protocol::origin::AllowList;

use crate::{
    chain::Chains,
    clock::{rfc3339, Clock},
    error::{ApiError, Error},
    keys::JwtKeys,
    limits::{Limit, Limits},
    projects::Projects,
    store::{SiwxSession, Store},
};

pub(crate) use error::MessageError;
pub(crate) use message::Namespace as MessageNamespace;
pub(crate) use message::{Message, Namespace};
pub(crate) use time::Timestamp;
pub(crate) use verify::Verification;

/// How long a nonce can be used after it is issued, milliseconds: long enough to approve the
/// message in a phone wallet, short enough that an unused one soon means nothing.
pub(crate) const NONCE_TTL_MS: i64 = 10 * 60_000;

/// Sign-in nonces one client IP may take per 10 minutes.
const NONCE_LIMIT: i64 = 30;
/// Sign-ins and session revocations one client IP may send per 10 minutes.
const SIGN_IN_LIMIT: i64 = 30;

/// What sign-in with a wallet uses. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Siwx {
    store: Store,
    clock: Clock,
    /// The sign-in tokens' own key (never the access tokens').
    jwt: Arc<JwtKeys>,
    projects: Projects,
    chains: Chains,
    limits: Limits,
}

impl Siwx {
    pub(crate) fn new(
        store: Store,
        clock: Clock,
        jwt: Arc<JwtKeys>,
        projects: Projects,
        chains: Chains,
    ) -> Self {
        Self {
            limits: Limits::new(store.clone(), clock.clone()),
            store,
            clock,
            jwt,
            projects,
            chains,
        }
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// The key that signs sign-in tokens.
    pub(crate) fn jwt(&self) -> &JwtKeys {
        &self.jwt
    }

    pub(crate) fn chains(&self) -> &Chains {
        &self.chains
    }

    pub(crate) fn allow_list(&self, project_id: &str) -> Option<&AllowList> {
        self.projects.allow_list(project_id)
    }

    pub(crate) fn is_own_origin(&self, origin: &str) -> bool {
        self.projects.is_own_origin(origin)
    }

    /// 403 'SIWX is not enabled' unless the project has sign-in on.
    pub(crate) fn enabled(&self, project_id: &str) -> Result<(), ApiError> {
        if self.projects.siwx(project_id) {
            Ok(())
        } else {
            Err(SiwxError::NotEnabled.into())
        }
    }

    /// A sign-in nonce for a client at `ip`: at most [`NONCE_LIMIT`] per 10 minutes.
    pub(crate) async fn check_nonce_limit(&self, ip: std::net::IpAddr) -> Result<(), ApiError> {
        let per_ip = Limit::per_ip_window(format!("siwx-nonce:{ip}"), NONCE_LIMIT);
        self.limits.hit(&[per_ip]).await
    }

    /// A sign-in or revocation from `ip`: at most [`SIGN_IN_LIMIT`] per 10 minutes.
    pub(crate) async fn check_sign_in_limit(&self, ip: std::net::IpAddr) -> Result<(), ApiError> {
        let per_ip = Limit::per_ip_window(format!("siwx:{ip}"), SIGN_IN_LIMIT);
        self.limits.hit(&[per_ip]).await
    }
}

/// A stored session, whose message is `message`, as the API shows it.
pub(crate) fn session_body(stored: &SiwxSession, message: &Message) -> Result<SessionBody, Error> {
    let verification = match stored.kind.as_str() {
        "eoa" => Verification::Eoa,
        "erc1271" => Verification::Erc1271,
        "erc6492" => Verification::Erc6492,
        "ed25519" => Verification::Ed25519,
        other => {
            let why = format!("session {}: unknown verification {other:?}", stored.id);
            return Err(Error::StoredSession(why));
        }
    };
    Ok(SessionBody {
        id: stored.id.clone(),
        chain_id: stored.chain_id.clone(),
        address: message.address.clone(),
        verification,
        data: message.data(),
        message: stored.message.clone(),
        signature: stored.signature.clone(),
        created_at: rfc3339(stored.created_at),
        expires_at: rfc3339(stored.expires_at),
    })
}
