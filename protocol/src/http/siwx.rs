//! The bodies of frame-host's sign-in routes (`/v1/sessions*`, spec §3, §4, §7,
//! `frame-host/API.md` "Sign-in with a wallet (SIWX)"): a nonce, a signed EIP-4361 (or Solana)
//! message turned into a session and its token, the token's sessions, and a revocation.

use serde::{Deserialize, Serialize};

/// The answer of `GET /v1/sessions/nonce`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct NonceReply {
    /// 32 lowercase hex characters, usable once, for this project.
    pub nonce: String,
    /// When it stops being accepted, RFC 3339 (10 minutes on).
    pub expires_at: String,
}

/// `POST /v1/sessions` (unknown fields refused).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct SignInRequest {
    /// The text the wallet signed: EIP-4361 exactly (or its Solana form).
    pub message: String,
    /// The signature: `0x` hex for `eip155`, base58 for `solana`.
    pub signature: String,
}

/// The answer of `POST /v1/sessions`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SignInReply {
    /// The session.
    pub session: SiwxSession,
    /// frame-host's EdDSA JWT for the dapp's backend (`sub` the CAIP-10 account, `sid` the
    /// session id).
    pub token: String,
}

/// A session as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SiwxSession {
    /// The session id (the revoke route's `pci`).
    pub id: String,
    /// The network, CAIP-2.
    pub chain_id: String,
    /// The address, as in the message.
    pub address: String,
    /// How the signature was checked.
    pub verification: Verification,
    /// The message's fields.
    pub data: SiwxMessageData,
    /// The message, as signed.
    pub message: String,
    /// The signature, as sent.
    pub signature: String,
    /// When it was made, RFC 3339.
    pub created_at: String,
    /// When it ends, RFC 3339.
    pub expires_at: String,
}

/// How a sign-in signature was checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Verification {
    /// An externally owned account's `personal_sign` (EIP-191).
    Eoa,
    /// A deployed contract account's ERC-1271 `isValidSignature`.
    Erc1271,
    /// A contract account's ERC-6492 wrapped signature.
    Erc6492,
    /// A Solana account's ed25519 signature over the message bytes.
    Ed25519,
}

impl Verification {
    /// The name in the API's answers and the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Eoa => "eoa",
            Self::Erc1271 => "erc1271",
            Self::Erc6492 => "erc6492",
            Self::Ed25519 => "ed25519",
        }
    }
}

/// A sign-in message's fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SiwxMessageData {
    /// The signing address.
    pub account_address: String,
    /// The network, CAIP-2.
    pub chain_id: String,
    /// The URI scheme of the origin, when the message names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub scheme: Option<String>,
    /// The domain asking for the sign-in.
    pub domain: String,
    /// The URI the sign-in is for.
    pub uri: String,
    /// The message's version, `1`.
    pub version: String,
    /// The nonce.
    pub nonce: String,
    /// When it was issued, RFC 3339.
    pub issued_at: String,
    /// The statement, when the message has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub statement: Option<String>,
    /// When it expires, RFC 3339.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub expiration_time: Option<String>,
    /// When it becomes valid, RFC 3339.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub not_before: Option<String>,
    /// The request id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub request_id: Option<String>,
    /// The resources (URIs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub resources: Option<Vec<String>>,
}

/// The query of `GET /v1/sessions/{address}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SessionsQuery {
    /// Only a session on this network (CAIP-2).
    #[serde(rename = "chainId", default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub chain_id: Option<String>,
}

/// The answer of `GET /v1/sessions/{address}` (with `Authorization: Bearer {token}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SessionsReply {
    /// The token's session when it is live, else none.
    pub sessions: Vec<SiwxSession>,
}

/// `POST /v1/sessions/{address}/revoke` (unknown fields refused).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct RevokeRequest {
    /// The session id, 1 to 64 characters.
    pub pci: String,
    /// The signature of the session's message, as the session holds it.
    pub signature: String,
}

/// The answer of `POST /v1/sessions/{address}/revoke`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RevokeReply {
    /// Whether there was such a session (it has ended now).
    pub revoked: bool,
}
