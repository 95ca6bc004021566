//! The multi-step flows a host drives one request at a time. The frame runs at most one: a
//! flow starts with its first request and a new one (or signing out) replaces it.

/// The flow in progress between its requests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Flow {
    /// An email login between `ConnectEmail` and `ConnectOtp` (or `ConnectDevice`).
    Login {
        /// frame-host's name for the login attempt.
        attempt_id: String,
    },
    /// An email change between `UpdateEmail` and `UpdateEmailSecondaryOtp`.
    EmailUpdate {
        /// Whose session started it: another login drops it.
        user_id: String,
        /// frame-host's name for the change.
        attempt_id: String,
        /// Whether the current address has been confirmed.
        primary_verified: bool,
    },
    /// A recovery-phrase export between `StartExport` and `RevealRecoveryPhrase`.
    Export {
        /// Whose session asked: another login drops it.
        user_id: String,
        /// frame-host's name for the export.
        attempt_id: String,
    },
    /// A social login between `GetSocialRedirectUri` and `ConnectSocial`.
    Social(SocialLogin),
    /// A Farcaster login between `GetFarcasterUri` and `ConnectFarcaster`.
    Farcaster {
        /// The relay channel's token (its status's Bearer).
        channel_token: String,
        /// The verifier whose S256 bound the channel to this frame; only it redeems it.
        verifier: String,
        /// When the channel expires (ms since the epoch).
        expires_at: u64,
    },
}

/// A social login the frame started: what its result must name, and the verifier that alone
/// redeems it (it never leaves the frame except to frame-host's redeem).
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct SocialLogin {
    /// frame-host's name for the login.
    pub(crate) login_id: String,
    /// The provider it signs in with.
    pub(crate) provider: oriel_protocol::SocialProvider,
    /// The provider URL the host opens; `ConnectSocial` names the login by it.
    pub(crate) uri: String,
    /// The PKCE-style verifier whose S256 hash frame-host holds.
    pub(crate) verifier: String,
}

impl std::fmt::Debug for SocialLogin {
    /// Everything but the verifier.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SocialLogin")
            .field("login_id", &self.login_id)
            .field("provider", &self.provider)
            .finish_non_exhaustive()
    }
}
