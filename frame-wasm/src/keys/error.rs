//! Errors of the key-custody module.

/// What can go wrong while creating, opening or re-wrapping a wallet.
///
/// Messages are safe to show: none names a key, a secret or which check failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A wrap or the ciphertext did not open: a wrong key, a wrong user, wallet or device id, or
    /// tampered data. Deliberately one variant for all of them. Not retryable with the same
    /// inputs: a device whose wrap fails goes through recovery instead.
    #[error("the wallet could not be opened: wrong key or tampered data")]
    Open,
    /// The blob's format version is not one this frame reads. Not retryable: it needs a newer
    /// frame.
    #[error("unsupported wallet version {0}")]
    UnsupportedVersion(u8),
    /// The blob carries no wrap for this device. Recover with the recovery key, then store a
    /// wrap for this device.
    #[error("this device has no key to the wallet: recover it first")]
    NoDeviceWrap,
    /// The blob belongs to another wallet than the unlocked one.
    #[error("the wallet blob belongs to another wallet")]
    WalletMismatch,
    /// The platform's secure random source failed. Retryable.
    #[error("no secure random numbers are available")]
    Random,
    /// Keys could not be derived from the seed. Not expected; not retryable.
    #[error("the wallet keys could not be derived")]
    Derive,
    /// Encryption failed. Not expected; not retryable.
    #[error("the wallet could not be encrypted")]
    Seal,
}

/// The result type of the key-custody module.
pub type Result<T, E = Error> = core::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_lowercase_and_name_no_part() {
        let open = Error::Open.to_string();
        assert_eq!(
            open,
            "the wallet could not be opened: wrong key or tampered data"
        );
        for e in [
            Error::Open,
            Error::NoDeviceWrap,
            Error::Random,
            Error::UnsupportedVersion(2),
        ] {
            let text = e.to_string();
            assert!(text.starts_with(char::is_lowercase), "{text}");
        }
    }
}
