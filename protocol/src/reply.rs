//! Replies from the frame: one success reply per request, or an error reply.

use serde::{Deserialize, Serialize};

use crate::types::{AccountType, EmailAction, UpdateEmailAction, User};

#[cfg(feature = "ts")]
use ts_rs::TS;

/// The success reply to the [`Request`](crate::Request) of the same name.
///
/// Variant order is part of the wire format: add new variants at the end, in a new version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
#[serde(rename_all_fields = "camelCase")]
pub enum Reply {
    /// The network now active.
    SwitchNetwork {
        /// CAIP-2 id.
        chain_id: String,
    },
    /// What the login needs next.
    ConnectEmail {
        /// The next step.
        action: EmailAction,
    },
    /// The device is approved.
    ConnectDevice,
    /// The code was right; the session is live and this is its user (version 2; the reply
    /// was empty in version 1, and the host asked `GetUser` next).
    ConnectOtp(User),
    /// The social login finished.
    ConnectSocial(User),
    /// The Farcaster login finished.
    ConnectFarcaster {
        /// The Farcaster username (the fid as `!{fid}` when the account has none).
        user_name: String,
        /// The account's profile picture URL, when its Farcaster client gave one.
        avatar: Option<String>,
    },
    /// The Farcaster sign-in URI.
    GetFarcasterUri {
        /// The URI to show as a QR code.
        url: String,
    },
    /// The logged-in user.
    GetUser(User),
    /// Where a social login starts.
    GetSocialRedirectUri {
        /// The provider URL.
        uri: String,
    },
    /// The session has ended.
    SignOut,
    /// Whether a session is live.
    IsConnected {
        /// True when logged in.
        is_connected: bool,
    },
    /// The active network.
    GetChainId {
        /// CAIP-2 id.
        chain_id: String,
    },
    /// Networks with smart accounts enabled.
    GetSmartAccountEnabledNetworks {
        /// CAIP-2 ids.
        networks: Vec<String>,
    },
    /// The smart account.
    InitSmartAccount {
        /// Its address.
        address: String,
        /// Whether it is deployed.
        is_deployed: bool,
    },
    /// The account type now active.
    SetPreferredAccount {
        /// The type.
        account_type: AccountType,
        /// The active address.
        address: String,
    },
    /// The JSON-RPC result.
    RpcRequest {
        /// The result, as JSON text.
        result: String,
    },
    /// The request in flight was aborted.
    RpcAbort,
    /// A code was sent for the email change.
    UpdateEmail {
        /// The next step.
        action: UpdateEmailAction,
    },
    /// The current address is confirmed.
    UpdateEmailPrimaryOtp,
    /// The email has changed.
    UpdateEmailSecondaryOtp {
        /// The new login email.
        new_email: String,
    },
    /// The theme is applied.
    SyncTheme,
    /// The dapp data is stored.
    SyncDappData,
    /// The frame reloaded its state.
    Reload,
    /// A code was emailed for the export.
    StartExport,
    /// The user closed the recovery phrase in the frame.
    RevealRecoveryPhrase,
    /// The storage access request is over (granted, declined or not possible).
    RequestStorageAccess {
        /// Whether the frame's storage now outlives the page.
        persistent: bool,
    },
}

impl Reply {
    /// The name of the request this reply answers.
    pub fn name(&self) -> &'static str {
        match self {
            Self::SwitchNetwork { .. } => "SwitchNetwork",
            Self::ConnectEmail { .. } => "ConnectEmail",
            Self::ConnectDevice => "ConnectDevice",
            Self::ConnectOtp(_) => "ConnectOtp",
            Self::ConnectSocial(_) => "ConnectSocial",
            Self::ConnectFarcaster { .. } => "ConnectFarcaster",
            Self::GetFarcasterUri { .. } => "GetFarcasterUri",
            Self::GetUser(_) => "GetUser",
            Self::GetSocialRedirectUri { .. } => "GetSocialRedirectUri",
            Self::SignOut => "SignOut",
            Self::IsConnected { .. } => "IsConnected",
            Self::GetChainId { .. } => "GetChainId",
            Self::GetSmartAccountEnabledNetworks { .. } => "GetSmartAccountEnabledNetworks",
            Self::InitSmartAccount { .. } => "InitSmartAccount",
            Self::SetPreferredAccount { .. } => "SetPreferredAccount",
            Self::RpcRequest { .. } => "RpcRequest",
            Self::RpcAbort => "RpcAbort",
            Self::UpdateEmail { .. } => "UpdateEmail",
            Self::UpdateEmailPrimaryOtp => "UpdateEmailPrimaryOtp",
            Self::UpdateEmailSecondaryOtp { .. } => "UpdateEmailSecondaryOtp",
            Self::SyncTheme => "SyncTheme",
            Self::SyncDappData => "SyncDappData",
            Self::Reload => "Reload",
            Self::StartExport => "StartExport",
            Self::RevealRecoveryPhrase => "RevealRecoveryPhrase",
            Self::RequestStorageAccess { .. } => "RequestStorageAccess",
        }
    }
}

/// Why a request failed. Hosts map these to the spec's messages and alerts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
pub enum ErrorCode {
    /// The bytes were not a message of a supported version.
    BadMessage,
    /// The envelope's version is not one the frame speaks.
    UnsupportedVersion,
    /// The request needs a logged-in session and there is none.
    NotConnected,
    /// A parameter is missing or malformed.
    InvalidParams,
    /// The RPC method is refused by the frame's policy.
    NotAllowed,
    /// The request was aborted.
    Aborted,
    /// Too many attempts; try again later.
    Throttled,
    /// The session or origin is not authorised.
    Unauthorized,
    /// This frame-host does not offer the capability.
    Unavailable,
    /// A JSON-RPC or EIP-1193 error with its numeric code (4001: user rejected).
    Rpc(i32),
    /// Something failed inside the frame or frame-host.
    Internal,
}

/// The error reply to any request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
pub struct ErrorReply {
    /// What kind of failure.
    pub code: ErrorCode,
    /// A message for people, in the spec's words where it has some.
    pub message: String,
}

impl ErrorReply {
    /// An error reply.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }
}
