//! frame-host's auth and wallet API (`frame-host/API.md`): the JSON bodies the frame sends and
//! frame-host answers, and the error body of every frame-host error. frame-host deserializes
//! the requests and serializes the replies; the frame does the opposite, with these same
//! types. Field names are camelCase; binary values are standard padded base64.
//!
//! The routes the SDK calls from the dapp's page have their bodies (and queries) in the
//! submodules: the Blockchain API in [`blockchain`], [`history`] and [`identity`], the swaps in
//! [`convert`], the card on-ramp in [`onramp`], names in [`names`], sign-in sessions in
//! [`siwx`], the wallet list and the project's origins in [`wallets`], analytics in
//! [`analytics`]. Sign In With Farcaster's relay and login bodies are in [`farcaster`].
//! With the `openapi` feature every one of them derives `utoipa::ToSchema`: frame-host's
//! OpenAPI document and the SDK's generated types and validators (`tests/http_contract.rs`)
//! come from these derives.
//!
//! Behind the `http` feature, so the frame's message types alone do not carry them.

use serde::{Deserialize, Serialize};

use crate::types::{EmailAction, UpdateEmailAction};

pub mod analytics;
pub mod blockchain;
#[cfg(feature = "openapi")]
pub mod contract;
pub mod convert;
pub mod farcaster;
pub mod history;
pub mod identity;
pub mod names;
pub mod onramp;
pub mod siwx;
pub mod social;
pub mod wallets;

/// `POST /auth/v1/email/start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailStartRequest {
    /// The project.
    pub project_id: String,
    /// The login email, as typed (frame-host trims and lowercases it).
    pub email: String,
    /// This browser's device id.
    pub device_id: String,
}

/// The answer of `POST /auth/v1/email/start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailStartReply {
    /// Names the login attempt in later calls.
    pub attempt_id: String,
    /// `VERIFY_OTP` or `VERIFY_DEVICE`.
    pub action: EmailAction,
}

/// `POST /auth/v1/device/status`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeviceStatusRequest {
    /// The project.
    pub project_id: String,
    /// The login attempt.
    pub attempt_id: String,
    /// The device that started it.
    pub device_id: String,
}

/// The answer of `POST /auth/v1/device/status`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceStatusReply {
    /// Whether the device is approved (the code is mailed the first time it is).
    pub approved: bool,
}

/// `POST /auth/v1/email/verify`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerifyRequest {
    /// The project.
    pub project_id: String,
    /// The login attempt.
    pub attempt_id: String,
    /// The device that started it.
    pub device_id: String,
    /// The emailed code.
    pub otp: String,
}

/// `POST /auth/v1/session/refresh`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefreshRequest {
    /// The project.
    pub project_id: String,
    /// The current refresh token (it stops working).
    pub refresh_token: String,
    /// The device it is bound to.
    pub device_id: String,
}

/// A session: the answer of every login (an email code's `verify`, a social login's and a
/// Farcaster login's `redeem`) and of `refresh`. A social or Farcaster login also names the
/// account it signed in with.
///
/// The frame reads only the session; the accounts are written by frame-host for the record of
/// the login and skipped when read (so the frame's wasm carries no reader of them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionReply {
    /// The short-lived JWT.
    pub access_token: String,
    /// The device-bound refresh token.
    pub refresh_token: String,
    /// Seconds until the access token expires.
    pub expires_in: u64,
    /// Who logged in.
    pub user: UserReply,
    /// The provider account of a social login.
    #[serde(skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub social: Option<social::SocialAccount>,
    /// The Farcaster account of a Farcaster login.
    #[serde(skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub farcaster: Option<farcaster::FarcasterAccount>,
}

/// The user of a session; also the answer of `GET /auth/v1/user`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserReply {
    /// frame-host's user id.
    pub user_id: String,
    /// The login email; empty (and absent from the JSON) for a user who came in by a social
    /// login without a provider-verified email.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub email: String,
}

/// A body that names only the project: `POST /auth/v1/export/start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectRequest {
    /// The project.
    pub project_id: String,
}

/// `POST /auth/v1/email/update/start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailUpdateStartRequest {
    /// The project.
    pub project_id: String,
    /// The new email.
    pub email: String,
}

/// The answer of `POST /auth/v1/email/update/start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailUpdateStartReply {
    /// Names the email change in later calls.
    pub attempt_id: String,
    /// `VERIFY_PRIMARY_OTP`: a code went to the current address.
    pub action: UpdateEmailAction,
}

/// A code for an attempt: `POST /auth/v1/email/update/{primary,secondary}` and
/// `POST /auth/v1/export/verify`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeRequest {
    /// The project.
    pub project_id: String,
    /// The email change or export attempt.
    pub attempt_id: String,
    /// The emailed code.
    pub otp: String,
}

/// The answer of `POST /auth/v1/email/update/primary`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailUpdatePrimaryReply {
    /// `VERIFY_SECONDARY_OTP`: a code went to the new address.
    pub action: UpdateEmailAction,
}

/// The answer of `POST /auth/v1/email/update/secondary`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailUpdateSecondaryReply {
    /// The user's login email from now on.
    pub email: String,
}

/// The answer of `POST /auth/v1/export/start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportStartReply {
    /// Names the export attempt in `export/verify`.
    pub attempt_id: String,
}

/// The length of a wallet ciphertext's AES-GCM nonce, bytes.
pub const NONCE_LEN: usize = 12;

/// A wallet's public addresses, one per chain namespace, as frame-host keeps them (`null`
/// or absent when not given).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WalletAddresses {
    /// The EVM address.
    pub eip155: Option<String>,
    /// The Solana address.
    pub solana: Option<String>,
}

/// A wallet as frame-host stores it: everything in it is public or encrypted. `A` is the
/// addresses' type: frame-host takes [`WalletAddresses`]; the frame, which always has both,
/// uses its own type with the same fields as plain strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WalletBlob<A = WalletAddresses> {
    /// Random id of the wallet, 32 hex digits; bound into every ciphertext.
    pub wallet_id: String,
    /// Format version (the frame's `WALLET_VERSION`).
    pub version: u8,
    /// The entropy encrypted with AES-256-GCM under the data key, with its tag.
    #[serde(with = "b64")]
    pub ciphertext: Vec<u8>,
    /// The ciphertext's nonce.
    #[serde(with = "b64_nonce")]
    pub nonce: [u8; NONCE_LEN],
    /// The data key wrapped under the user's recovery key: `nonce || ciphertext || tag`.
    #[serde(with = "b64")]
    pub recovery_wrap: Vec<u8>,
    /// The data key wrapped for one device: `nonce || ciphertext || tag`; `null` when the
    /// device has none.
    #[serde(default, with = "b64_option")]
    pub device_wrap: Option<Vec<u8>>,
    /// The wallet's addresses, for display before it is unlocked.
    pub addresses: A,
}

/// The answer of `GET /wallet/v1`: this user's wallet with this device's wrap, if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WalletReply<A = WalletAddresses> {
    /// The wallet, or `null` when the user has none yet.
    pub wallet: Option<WalletBlob<A>>,
}

/// `POST /wallet/v1`: the wallet (with this device's wrap, required here) and the project.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateWalletRequest<A = WalletAddresses> {
    /// The project.
    pub project_id: String,
    /// The wallet.
    #[serde(flatten)]
    pub wallet: WalletBlob<A>,
}

/// `PUT /wallet/v1/device-wrap`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeviceWrapRequest {
    /// The project.
    pub project_id: String,
    /// The wallet.
    pub wallet_id: String,
    /// This device's wrap, base64.
    pub device_wrap: String,
}

/// The answer of `GET /wallet/v1/pepper`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PepperReply {
    /// This device's 32-byte pepper, base64.
    pub pepper: String,
}

/// The answer of `GET /wallet/v1/recovery-key`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryKeyReply {
    /// The user's 32-byte recovery key, base64.
    pub recovery_key: String,
}

/// The body of every frame-host error: `{ "error": { "code", "message" } }`, with the HTTP
/// status of its [`HttpErrorCode`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HttpErrorBody {
    /// The error.
    pub error: HttpError,
}

/// A frame-host error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HttpError {
    /// What kind of failure.
    pub code: HttpErrorCode,
    /// The text for people, in the spec's words where it has some (see [`crate::text`]).
    pub message: String,
}

/// The kinds of frame-host errors, each with its HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum HttpErrorCode {
    /// 400: a missing, malformed or out-of-range parameter.
    InvalidParams,
    /// 401: no session, a rejected one, or a wrong code.
    Unauthorized,
    /// 403: not allowed yet (a device not approved).
    Forbidden,
    /// 404: no such project, attempt, device, wallet or route.
    NotFound,
    /// 409: already exists.
    Conflict,
    /// 423: too many wrong codes.
    CodeLocked,
    /// 429: too many requests; the answer says when to try again.
    Throttled,
    /// 500: frame-host failed; the details are in its log.
    Internal,
    /// 502: a service frame-host relies on (a social login provider) failed or could not be
    /// reached.
    Upstream,
}

impl HttpErrorCode {
    /// The HTTP status that carries this code.
    pub fn status(self) -> u16 {
        match self {
            Self::InvalidParams => 400,
            Self::Unauthorized => 401,
            Self::Forbidden => 403,
            Self::NotFound => 404,
            Self::Conflict => 409,
            Self::CodeLocked => 423,
            Self::Throttled => 429,
            Self::Internal => 500,
            Self::Upstream => 502,
        }
    }

    /// The code as written on the wire, such as `invalid_params`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InvalidParams => "invalid_params",
            Self::Unauthorized => "unauthorized",
            Self::Forbidden => "forbidden",
            Self::NotFound => "not_found",
            Self::Conflict => "conflict",
            Self::CodeLocked => "code_locked",
            Self::Throttled => "throttled",
            Self::Internal => "internal",
            Self::Upstream => "upstream",
        }
    }
}

mod b64 {
    use base64::{engine::general_purpose::STANDARD, Engine};
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&STANDARD.encode(bytes))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        STANDARD
            .decode(text)
            .map_err(|_| D::Error::custom("invalid base64"))
    }
}

mod b64_nonce {
    use super::NONCE_LEN;
    use serde::{de::Error, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(
        nonce: &[u8; NONCE_LEN],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        super::b64::serialize(nonce, s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<[u8; NONCE_LEN], D::Error> {
        let bytes = super::b64::deserialize(d)?;
        bytes
            .as_slice()
            .try_into()
            .map_err(|_| D::Error::custom("a nonce is 12 bytes"))
    }
}

mod b64_option {
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(
        bytes: &Option<Vec<u8>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match bytes {
            Some(bytes) => super::b64::serialize(bytes, s),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Vec<u8>>, D::Error> {
        #[derive(Deserialize)]
        struct Wrapped(#[serde(with = "super::b64")] Vec<u8>);
        Ok(Option::<Wrapped>::deserialize(d)?.map(|Wrapped(bytes)| bytes))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn error_codes_and_statuses() {
        let body = HttpErrorBody {
            error: HttpError {
                code: HttpErrorCode::CodeLocked,
                message: crate::text::CODE_LOCKED.into(),
            },
        };
        assert_eq!(
            serde_json::to_value(&body).unwrap(),
            json!({ "error": { "code": "code_locked", "message": "Too many wrong codes: request a new code" } })
        );
        for code in [
            HttpErrorCode::InvalidParams,
            HttpErrorCode::Unauthorized,
            HttpErrorCode::Forbidden,
            HttpErrorCode::NotFound,
            HttpErrorCode::Conflict,
            HttpErrorCode::CodeLocked,
            HttpErrorCode::Throttled,
            HttpErrorCode::Internal,
            HttpErrorCode::Upstream,
        ] {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
        }
        assert_eq!(HttpErrorCode::Throttled.status(), 429);
    }

    #[test]
    fn create_wallet_is_the_blob_and_the_project() {
        let request: CreateWalletRequest = serde_json::from_value(json!({
            "projectId": "shop", "walletId": "w-1", "version": 2, "ciphertext": "AA==",
            "nonce": "AAAAAAAAAAAAAAAA", "recoveryWrap": "AQ==", "deviceWrap": "Ag==",
            "addresses": { "eip155": "0x1", "solana": null },
        }))
        .unwrap();
        assert_eq!(request.project_id, "shop");
        assert_eq!(request.wallet.nonce, [0; NONCE_LEN]);
        assert_eq!(request.wallet.device_wrap.as_deref(), Some(&[2][..]));
        assert_eq!(request.wallet.addresses.solana, None);
        let reply = WalletReply::<WalletAddresses> { wallet: None };
        assert_eq!(
            serde_json::to_value(reply).unwrap(),
            json!({ "wallet": null })
        );
    }
}
