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
