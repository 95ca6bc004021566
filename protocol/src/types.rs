//! Values carried inside requests, replies and events.

use serde::{Deserialize, Serialize};

#[cfg(feature = "ts")]
use ts_rs::TS;

/// What the frame needs next to finish an email login (spec §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EmailAction {
    /// This browser is new for the user: approve it from the emailed link.
    VerifyDevice,
    /// A one-time code was emailed: enter it.
    VerifyOtp,
    /// Nothing left to prove: the session is live.
    Connect,
}

/// The step an email change is at (spec §4, email update).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum UpdateEmailAction {
    /// A code was sent to the current address.
    VerifyPrimaryOtp,
    /// A code was sent to the new address.
    VerifySecondaryOtp,
}

/// Account kinds (spec §3). `Payment` applies to bip122 only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
#[serde(rename_all = "camelCase")]
pub enum AccountType {
    /// An externally owned account: a plain key.
    Eoa,
    /// A contract account controlled by the user's key.
    SmartAccount,
    /// A bitcoin payment address.
    Payment,
}

/// One address the user holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
#[serde(rename_all = "camelCase")]
pub struct Account {
    /// The address, in its chain family's usual text form.
    pub address: String,
    /// What kind of account it is.
    #[serde(rename = "type")]
    pub account_type: AccountType,
}

/// The embedded-wallet user (spec §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
#[serde(rename_all = "camelCase")]
pub struct User {
    /// The login email, when the user came in by email.
    pub email: Option<String>,
    /// The active address.
    pub address: String,
    /// The active network, as a CAIP-2 id such as `eip155:1`.
    pub chain_id: String,
    /// Every address of the user on the active chain family.
    pub accounts: Vec<Account>,
    /// A social or Farcaster user name, when known.
    pub user_name: Option<String>,
    /// Whether the smart account has been deployed.
    pub smart_account_deployed: bool,
    /// The account type the user prefers on this chain family.
    pub preferred_account_type: AccountType,
}

/// Social login providers (spec §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
#[serde(rename_all = "lowercase")]
pub enum SocialProvider {
    /// Google.
    Google,
    /// GitHub.
    Github,
    /// Apple.
    Apple,
    /// Facebook.
    Facebook,
    /// X.
    X,
    /// Discord.
    Discord,
}

impl SocialProvider {
    /// Every provider, in the spec's order of the socials list (§9).
    pub const ALL: [Self; 6] = [
        Self::Google,
        Self::X,
        Self::Discord,
        Self::Github,
        Self::Apple,
        Self::Facebook,
    ];

    /// The name on the wire, such as `github`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Google => "google",
            Self::Github => "github",
            Self::Apple => "apple",
            Self::Facebook => "facebook",
            Self::X => "x",
            Self::Discord => "discord",
        }
    }

    /// The provider's name for people, such as `GitHub`.
    pub fn title(self) -> &'static str {
        match self {
            Self::Google => "Google",
            Self::Github => "GitHub",
            Self::Apple => "Apple",
            Self::Facebook => "Facebook",
            Self::X => "X",
            Self::Discord => "Discord",
        }
    }

    /// The provider named `name` on the wire.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.as_str() == name)
    }
}

/// Light or dark (spec §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
#[serde(rename_all = "lowercase")]
pub enum ThemeMode {
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// One theme variable the frame mirrors, such as `--oriel-accent`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
pub struct ThemeVariable {
    /// The variable's name.
    pub name: String,
    /// Its CSS value.
    pub value: String,
}

/// What the dapp says about itself, shown by the frame on approval screens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
pub struct DappMetadata {
    /// The dapp's name.
    pub name: String,
    /// One line about the dapp.
    pub description: String,
    /// The dapp's URL.
    pub url: String,
    /// Icon URLs.
    pub icons: Vec<String>,
}
