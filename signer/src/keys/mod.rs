//! Key custody: the wallet's seed, its keys and how they are stored encrypted.
//!
//! - The seed is 16 bytes of entropy from the platform's CSPRNG, shown to users as a 12-word
//!   BIP-39 English recovery phrase.
//! - eip155: BIP-39 seed, BIP-32 `m/44'/60'/0'/0/0`, secp256k1, EIP-55 address (alloy).
//!   solana: SLIP-10 ed25519 `m/44'/501'/0'/0'` from the same seed, base58 address.
//! - Stored form ([`WalletBlob`]): the entropy under AES-256-GCM with a random data key, and
//!   that data key wrapped twice: for this device (HKDF of the device secret and the pepper
//!   frame-host holds) and under the user's recovery key. Associated data binds the version,
//!   user id, wallet id and, for a device wrap, the device id. See `seal.rs` for the bytes.
//!
//! Everything secret that this module holds (entropy, data key, wrap keys, phrase, seed,
//! derived key bytes) is zeroized on drop. Best effort only for what is out of reach: the
//! internal states of the RustCrypto HMAC/HKDF/PBKDF2/SHA-2 code, the HMAC outputs and the
//! `bip32` crate's chain codes inside the derivation crates (see `hd.rs`), and stack
//! temporaries made while computing are not wiped.
//!
//! ```
//! use oriel_signer::keys::{create_wallet, open_with_device, open_with_recovery, Device};
//!
//! let device = Device { device_id: "d1", secret: &[1; 32], pepper: &[2; 32] };
//! let recovery_key = [3; 32];
//! let (blob, wallet) = create_wallet("user-1", &device, &recovery_key)?;
//! let again = open_with_device(&blob, "user-1", &device)?;
//! assert_eq!(again.addresses(), wallet.addresses());
//! let recovered = open_with_recovery(&blob, "user-1", &recovery_key)?;
//! assert_eq!(*recovered.recovery_phrase(), *wallet.recovery_phrase());
//! # Ok::<(), oriel_signer::KeyError>(())
//! ```

mod blob;
mod derive;
mod hd;
mod mnemonic;
mod seal;
mod wallet;

pub use blob::{WalletBlob, WALLET_VERSION};
pub use derive::Addresses;
pub use wallet::{
    create_wallet, open_with_device, open_with_recovery, wrap_for_device, Device, UnlockedWallet,
};
