//! Requests from the host page to the frame (spec §7, embedded wallet).

use serde::{Deserialize, Serialize};

use crate::types::{AccountType, DappMetadata, SocialProvider, ThemeMode, ThemeVariable};

#[cfg(feature = "ts")]
use ts_rs::TS;

/// Everything the host can ask of the frame. Each request is answered by a [`Reply`] of the
/// same name or by an [`ErrorReply`], matched by the envelope id.
///
/// Variant order is part of the wire format: add new variants at the end, in a new version.
///
/// [`Reply`]: crate::Reply
/// [`ErrorReply`]: crate::ErrorReply
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
#[serde(rename_all_fields = "camelCase")]
pub enum Request {
    /// Make another network active (CAIP-2 id).
    SwitchNetwork {
        /// The network, such as `eip155:8453`.
        chain_id: String,
    },
    /// Start an email login.
    ConnectEmail {
        /// The address to log in with.
        email: String,
    },
    /// Wait until this device has been approved from the emailed link.
    ConnectDevice,
    /// Finish an email login with the emailed code. The reply is the logged-in user, as
    /// `GetUser` with the same network and account type would answer it (version 2).
    ConnectOtp {
        /// The 6-digit code.
        otp: String,
        /// The network to report the user on (made active), when not the current one.
        chain_id: Option<String>,
        /// The account type to keep for that network's family, as in `GetUser`.
        preferred_account_type: Option<AccountType>,
    },
    /// Finish a social login, once the popup said it ended: the frame redeems the result
    /// frame-host's callback posted to it.
    ConnectSocial {
        /// The URI `GetSocialRedirectUri` answered, which names the login.
        uri: String,
    },
    /// Finish a Farcaster login.
    ConnectFarcaster,
    /// Get the Farcaster sign-in URI to show as a QR code.
    GetFarcasterUri,
    /// Fetch the logged-in user.
    GetUser {
        /// The network to report the user on, when not the current one.
        chain_id: Option<String>,
        /// The account type to make active.
        preferred_account_type: Option<AccountType>,
    },
    /// Get the provider URL a social login starts at.
    GetSocialRedirectUri {
        /// Which provider.
        provider: SocialProvider,
    },
    /// End the session and forget it on this device.
    SignOut,
    /// Whether a session is live.
    IsConnected,
    /// The active network.
    GetChainId,
    /// The networks on which smart accounts are enabled.
    GetSmartAccountEnabledNetworks,
    /// Prepare the smart account for the active network.
    InitSmartAccount,
    /// Make an account type the active one.
    SetPreferredAccount {
        /// The account type.
        account_type: AccountType,
    },
    /// A JSON-RPC request from the dapp, under the frame's method policy.
    RpcRequest {
        /// The JSON-RPC method.
        method: String,
        /// The JSON-RPC params, as JSON text.
        params: String,
        /// The network to run it on, when not the active one.
        chain_id: Option<String>,
    },
    /// Abort the RPC request in flight.
    RpcAbort,
    /// Start changing the login email.
    UpdateEmail {
        /// The new address.
        email: String,
    },
    /// The code sent to the current address.
    UpdateEmailPrimaryOtp {
        /// The 6-digit code.
        otp: String,
    },
    /// The code sent to the new address.
    UpdateEmailSecondaryOtp {
        /// The 6-digit code.
        otp: String,
    },
    /// Mirror the host's theme in the frame's own screens.
    SyncTheme {
        /// Light or dark.
        theme_mode: ThemeMode,
        /// The theme variables.
        theme_variables: Vec<ThemeVariable>,
    },
    /// Tell the frame who the dapp is.
    SyncDappData {
        /// The dapp's metadata.
        metadata: DappMetadata,
        /// The SDK's version.
        sdk_version: String,
        /// The SDK's type.
        sdk_type: String,
        /// The site owner's project id.
        project_id: String,
    },
    /// Reload the frame's state from storage.
    Reload,
    /// Email a fresh code to the user before the recovery phrase can be shown.
    StartExport,
    /// Show the recovery phrase inside the frame, after the fresh code. The frame asks to be
    /// revealed ([`FrameEvent::Reveal`]) and answers once the user closes the phrase there;
    /// the phrase itself never leaves the frame.
    ///
    /// [`FrameEvent::Reveal`]: crate::FrameEvent::Reveal
    RevealRecoveryPhrase {
        /// The 6-digit code.
        otp: String,
    },
    /// Ask the browser to let the frame keep its storage (the Storage Access API), for a
    /// browser that gives a cross-site frame none ([`FrameEvent::Storage`] said so). The frame
    /// asks to be revealed ([`FrameEvent::Reveal`]) so that the user's click, which the browser
    /// requires, lands in the frame's own document; it answers with the storage it then has.
    ///
    /// [`FrameEvent::Storage`]: crate::FrameEvent::Storage
    /// [`FrameEvent::Reveal`]: crate::FrameEvent::Reveal
    RequestStorageAccess,
}

impl Request {
    /// The request's name, which its success reply shares.
    pub fn name(&self) -> &'static str {
        match self {
            Self::SwitchNetwork { .. } => "SwitchNetwork",
            Self::ConnectEmail { .. } => "ConnectEmail",
            Self::ConnectDevice => "ConnectDevice",
            Self::ConnectOtp { .. } => "ConnectOtp",
            Self::ConnectSocial { .. } => "ConnectSocial",
            Self::ConnectFarcaster => "ConnectFarcaster",
            Self::GetFarcasterUri => "GetFarcasterUri",
            Self::GetUser { .. } => "GetUser",
            Self::GetSocialRedirectUri { .. } => "GetSocialRedirectUri",
            Self::SignOut => "SignOut",
            Self::IsConnected => "IsConnected",
            Self::GetChainId => "GetChainId",
            Self::GetSmartAccountEnabledNetworks => "GetSmartAccountEnabledNetworks",
            Self::InitSmartAccount => "InitSmartAccount",
            Self::SetPreferredAccount { .. } => "SetPreferredAccount",
            Self::RpcRequest { .. } => "RpcRequest",
            Self::RpcAbort => "RpcAbort",
            Self::UpdateEmail { .. } => "UpdateEmail",
            Self::UpdateEmailPrimaryOtp { .. } => "UpdateEmailPrimaryOtp",
            Self::UpdateEmailSecondaryOtp { .. } => "UpdateEmailSecondaryOtp",
            Self::SyncTheme { .. } => "SyncTheme",
            Self::SyncDappData { .. } => "SyncDappData",
            Self::Reload => "Reload",
            Self::StartExport => "StartExport",
            Self::RevealRecoveryPhrase { .. } => "RevealRecoveryPhrase",
            Self::RequestStorageAccess => "RequestStorageAccess",
        }
    }
}
