//! Creating a wallet, opening it with a device or the recovery key, and wrapping it for a new
//! device.

use super::blob::{WalletBlob, WALLET_VERSION};
use super::derive::{self, Addresses, Keys};
use super::mnemonic::{self, ENTROPY_LEN};
use super::seal::{self, SecretKey};
use crate::error::{KeyError, Result};
use alloy_signer_local::PrivateKeySigner;
use core::fmt;
use ed25519_dalek::SigningKey;
use zeroize::Zeroizing;

/// One browser storage partition of the frame, with what it needs to open its device wrap.
#[derive(Clone, Copy)]
pub struct Device<'a> {
    /// The device's id (random, hex), as sent to frame-host.
    pub device_id: &'a str,
    /// The device secret from the frame's own storage; never leaves the frame.
    pub secret: &'a [u8; 32],
    /// The device's pepper from frame-host; deleted when the device is revoked.
    pub pepper: &'a [u8; 32],
}

impl fmt::Debug for Device<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Device")
            .field("device_id", &self.device_id)
            .finish_non_exhaustive()
    }
}

/// An opened wallet: its entropy, its data key and the keys derived from them, all zeroized
/// on drop. It has no `Serialize` and its `Debug` shows only the wallet id and addresses.
pub struct UnlockedWallet {
    wallet_id: String,
    entropy: Zeroizing<[u8; ENTROPY_LEN]>,
    /// Kept to wrap the wallet for another device (after recovery). It opens only the
    /// ciphertext, whose plaintext this struct holds anyway.
    data_key: SecretKey,
    keys: Keys,
}

impl UnlockedWallet {
    fn new(
        wallet_id: String,
        entropy: Zeroizing<[u8; ENTROPY_LEN]>,
        data_key: SecretKey,
    ) -> Result<Self> {
        let keys = derive::derive(&entropy)?;
        Ok(Self {
            wallet_id,
            entropy,
            data_key,
            keys,
        })
    }

    /// The wallet's id.
    pub fn wallet_id(&self) -> &str {
        &self.wallet_id
    }

    /// The wallet's addresses.
    pub fn addresses(&self) -> &Addresses {
        &self.keys.addresses
    }

    /// The 12-word BIP-39 English recovery phrase, for the user to write down or export.
    pub fn recovery_phrase(&self) -> Zeroizing<String> {
        mnemonic::phrase(&self.entropy)
    }

    /// The eip155 signer (secp256k1, `m/44'/60'/0'/0/0`). Crate-private: outside this crate
    /// the key signs only through [`crate::sign`].
    pub(crate) fn eip155_signer(&self) -> &PrivateKeySigner {
        &self.keys.eip155
    }

    /// The solana signing key (ed25519, `m/44'/501'/0'/0'`). Crate-private, as above.
    pub(crate) fn solana_signing_key(&self) -> &SigningKey {
        &self.keys.solana
    }
}

impl fmt::Debug for UnlockedWallet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UnlockedWallet")
            .field("wallet_id", &self.wallet_id)
            .field("addresses", &self.keys.addresses)
            .finish_non_exhaustive()
    }
}

fn check_version(blob: &WalletBlob) -> Result<()> {
    match blob.version {
        WALLET_VERSION => Ok(()),
        other => Err(KeyError::UnsupportedVersion(other)),
    }
}

fn new_wallet_id() -> Result<String> {
    let mut id = [0u8; 16];
    seal::fill_random(&mut id)?;
    Ok(id.iter().map(|b| format!("{b:02x}")).collect())
}

/// Creates a wallet for `user_id` from fresh entropy, with a wrap for `device` and one under
/// the user's recovery key. Store the blob with frame-host (`POST /wallet/v1`).
pub fn create_wallet(
    user_id: &str,
    device: &Device<'_>,
    recovery_key: &[u8; 32],
) -> Result<(WalletBlob, UnlockedWallet)> {
    let mut entropy = Zeroizing::new([0u8; ENTROPY_LEN]);
    seal::fill_random(&mut entropy[..])?;
    let data_key = seal::random_key()?;
    let wallet_id = new_wallet_id()?;

    let aad = seal::wallet_aad(WALLET_VERSION, user_id, &wallet_id);
    let (nonce, ciphertext) = seal::seal(&data_key, &aad, &entropy[..])?;
    let recovery_key = seal::recovery_wrap_key(recovery_key)?;
    let recovery_aad = seal::recovery_wrap_aad(WALLET_VERSION, user_id, &wallet_id);
    let recovery_wrap = seal::wrap(&recovery_key, &recovery_aad, &data_key)?;
    let device_key = seal::device_wrap_key(device.secret, device.pepper)?;
    let device_aad = seal::device_wrap_aad(WALLET_VERSION, user_id, &wallet_id, device.device_id);
    let device_wrap = seal::wrap(&device_key, &device_aad, &data_key)?;

    let wallet = UnlockedWallet::new(wallet_id.clone(), entropy, data_key)?;
    let blob = WalletBlob {
        wallet_id,
        version: WALLET_VERSION,
        ciphertext,
        nonce,
        recovery_wrap,
        device_wrap: Some(device_wrap),
        addresses: wallet.addresses().clone(),
    };
    Ok((blob, wallet))
}

/// Decrypts the blob's ciphertext with `data_key` and checks the stored addresses.
fn open(blob: &WalletBlob, user_id: &str, data_key: SecretKey) -> Result<UnlockedWallet> {
    let aad = seal::wallet_aad(blob.version, user_id, &blob.wallet_id);
    let plain = seal::open(&data_key, &blob.nonce, &aad, &blob.ciphertext)?;
    let entropy: Zeroizing<[u8; ENTROPY_LEN]> =
        Zeroizing::new(plain.as_slice().try_into().map_err(|_| KeyError::Open)?);
    let wallet = UnlockedWallet::new(blob.wallet_id.clone(), entropy, data_key)?;
    // The addresses are not covered by the ciphertext's tag; addresses that do not match the
    // keys mean the stored blob was altered.
    if wallet.addresses() != &blob.addresses {
        return Err(KeyError::Open);
    }
    Ok(wallet)
}

/// Opens the wallet with this device's wrap. Fails with [`KeyError::NoDeviceWrap`] when the blob
/// has none, and with [`KeyError::Open`] when the wrap is for another device, the pepper was
/// replaced (the device was revoked) or anything was altered.
pub fn open_with_device(
    blob: &WalletBlob,
    user_id: &str,
    device: &Device<'_>,
) -> Result<UnlockedWallet> {
    check_version(blob)?;
    let wrapped = blob.device_wrap.as_deref().ok_or(KeyError::NoDeviceWrap)?;
    let wrap_key = seal::device_wrap_key(device.secret, device.pepper)?;
    let aad = seal::device_wrap_aad(blob.version, user_id, &blob.wallet_id, device.device_id);
    let data_key = seal::unwrap(&wrap_key, &aad, wrapped)?;
    open(blob, user_id, data_key)
}

/// Opens the wallet with the user's recovery key (handed by frame-host to a verified
/// session). Follow with [`wrap_for_device`] so this device can open it next time.
pub fn open_with_recovery(
    blob: &WalletBlob,
    user_id: &str,
    recovery_key: &[u8; 32],
) -> Result<UnlockedWallet> {
    check_version(blob)?;
    let wrap_key = seal::recovery_wrap_key(recovery_key)?;
    let aad = seal::recovery_wrap_aad(blob.version, user_id, &blob.wallet_id);
    let data_key = seal::unwrap(&wrap_key, &aad, &blob.recovery_wrap)?;
    open(blob, user_id, data_key)
}

/// A new wrap of `wallet`'s data key for `device`, to store with frame-host
/// (`PUT /wallet/v1/device-wrap`). Checks first that the wallet's data key opens `blob` for
/// `user_id`, so a wrap is never made for a key that does not belong to the stored wallet.
pub fn wrap_for_device(
    wallet: &UnlockedWallet,
    blob: &WalletBlob,
    user_id: &str,
    device: &Device<'_>,
) -> Result<Vec<u8>> {
    check_version(blob)?;
    if blob.wallet_id != wallet.wallet_id {
        return Err(KeyError::WalletMismatch);
    }
    let aad = seal::wallet_aad(blob.version, user_id, &blob.wallet_id);
    seal::open(&wallet.data_key, &blob.nonce, &aad, &blob.ciphertext)?;
    let wrap_key = seal::device_wrap_key(device.secret, device.pepper)?;
    let device_aad =
        seal::device_wrap_aad(blob.version, user_id, &blob.wallet_id, device.device_id);
    seal::wrap(&wrap_key, &device_aad, &wallet.data_key)
}

#[cfg(test)]
mod tests {
    use super::*;

    const USER: &str = "user-1";
    const SECRET: [u8; 32] = [0x11; 32];
    const PEPPER: [u8; 32] = [0x22; 32];
    const RECOVERY_KEY: [u8; 32] = [0x33; 32];

    fn device() -> Device<'static> {
        Device {
            device_id: "device-1",
            secret: &SECRET,
            pepper: &PEPPER,
        }
    }

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn is_open_error<T>(result: Result<T>) -> bool {
        matches!(result, Err(KeyError::Open))
    }

    #[test]
    fn create_then_open_with_device_or_recovery_gives_the_same_wallet() -> Result<()> {
        let (blob, created) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        let phrase = created.recovery_phrase();
        assert_eq!(phrase.split(' ').count(), 12);
        assert_eq!(blob.addresses, *created.addresses());
        assert_eq!(blob.wallet_id, created.wallet_id());
        assert_eq!(blob.wallet_id.len(), 32);
        assert_eq!(blob.version, WALLET_VERSION);
        assert_eq!(blob.ciphertext.len(), ENTROPY_LEN + 16);

        for opened in [
            open_with_device(&blob, USER, &device())?,
            open_with_recovery(&blob, USER, &RECOVERY_KEY)?,
        ] {
            assert_eq!(opened.addresses(), created.addresses());
            assert_eq!(*opened.recovery_phrase(), *phrase);
            assert_eq!(
                opened.eip155_signer().address(),
                created.eip155_signer().address()
            );
            assert_eq!(
                opened.solana_signing_key().as_bytes(),
                created.solana_signing_key().as_bytes()
            );
        }
        Ok(())
    }

    #[test]
    fn blob_survives_json_round_trip() -> Result<()> {
        let (blob, created) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        let json = serde_json::to_string(&blob).map_err(|_| KeyError::Open)?;
        let parsed: WalletBlob = serde_json::from_str(&json).map_err(|_| KeyError::Open)?;
        assert_eq!(
            open_with_device(&parsed, USER, &device())?.addresses(),
            created.addresses()
        );
        Ok(())
    }

    #[test]
    fn blob_of_another_user_does_not_open() -> Result<()> {
        let (blob, _) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        assert!(is_open_error(open_with_device(&blob, "user-2", &device())));
        assert!(is_open_error(open_with_recovery(
            &blob,
            "user-2",
            &RECOVERY_KEY
        )));
        Ok(())
    }

    #[test]
    fn blob_under_another_wallet_id_does_not_open() -> Result<()> {
        let (mut blob, _) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        blob.wallet_id = "00000000000000000000000000000000".into();
        assert!(is_open_error(open_with_device(&blob, USER, &device())));
        assert!(is_open_error(open_with_recovery(
            &blob,
            USER,
            &RECOVERY_KEY
        )));
        Ok(())
    }

    /// Wallet A's ciphertext and nonce moved into wallet B's blob: B's data key does not open it.
    #[test]
    fn ciphertext_moved_to_another_wallet_does_not_open() -> Result<()> {
        let (a, _) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        let (mut b, _) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        b.ciphertext = a.ciphertext.clone();
        b.nonce = a.nonce;
        assert!(is_open_error(open_with_device(&b, USER, &device())));
        assert!(is_open_error(open_with_recovery(&b, USER, &RECOVERY_KEY)));
        // And A's wraps under B's wallet id do not open either.
        let mut moved = a.clone();
        moved.wallet_id = b.wallet_id.clone();
        assert!(is_open_error(open_with_device(&moved, USER, &device())));
        assert!(is_open_error(open_with_recovery(
            &moved,
            USER,
            &RECOVERY_KEY
        )));
        Ok(())
    }

    /// Only version 1 exists, so another version is refused before decryption; `seal.rs` tests
    /// that the version is also bound into the ciphertext's associated data.
    #[test]
    fn changed_version_does_not_open() -> Result<()> {
        let (mut blob, _) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        for version in [0, 2, 255] {
            blob.version = version;
            assert!(
                matches!(open_with_device(&blob, USER, &device()), Err(KeyError::UnsupportedVersion(v)) if v == version)
            );
            assert!(matches!(
                open_with_recovery(&blob, USER, &RECOVERY_KEY),
                Err(KeyError::UnsupportedVersion(_))
            ));
        }
        Ok(())
    }

    #[test]
    fn device_wrap_opens_only_for_its_device() -> Result<()> {
        let (blob, _) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        let other_id = Device {
            device_id: "device-2",
            ..device()
        };
        let revoked = Device {
            pepper: &[0x44; 32],
            ..device()
        };
        let other_secret = Device {
            secret: &[0x55; 32],
            ..device()
        };
        for wrong in [other_id, revoked, other_secret] {
            assert!(
                is_open_error(open_with_device(&blob, USER, &wrong)),
                "{wrong:?}"
            );
        }
        assert!(is_open_error(open_with_recovery(&blob, USER, &[0x34; 32])));
        Ok(())
    }

    #[test]
    fn tampered_blob_does_not_open() -> Result<()> {
        let (blob, _) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        let mut ciphertext = blob.clone();
        ciphertext.ciphertext[0] ^= 1;
        let mut nonce = blob.clone();
        nonce.nonce[0] ^= 1;
        let mut addresses = blob.clone();
        addresses.addresses.eip155 = "0x0000000000000000000000000000000000000000".into();
        for tampered in [ciphertext, nonce, addresses] {
            assert!(is_open_error(open_with_device(&tampered, USER, &device())));
        }
        let mut wraps = blob.clone();
        wraps.recovery_wrap[20] ^= 1;
        wraps.device_wrap = wraps.device_wrap.map(|w| w[..w.len() - 1].to_vec());
        assert!(is_open_error(open_with_device(&wraps, USER, &device())));
        assert!(is_open_error(open_with_recovery(
            &wraps,
            USER,
            &RECOVERY_KEY
        )));
        Ok(())
    }

    #[test]
    fn recovery_then_wrap_for_a_new_device() -> Result<()> {
        let (mut blob, created) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        // A new browser: frame-host returns no wrap for it.
        blob.device_wrap = None;
        let new_device = Device {
            device_id: "device-2",
            secret: &[0x66; 32],
            pepper: &[0x77; 32],
        };
        assert!(matches!(
            open_with_device(&blob, USER, &new_device),
            Err(KeyError::NoDeviceWrap)
        ));

        let recovered = open_with_recovery(&blob, USER, &RECOVERY_KEY)?;
        blob.device_wrap = Some(wrap_for_device(&recovered, &blob, USER, &new_device)?);
        let opened = open_with_device(&blob, USER, &new_device)?;
        assert_eq!(opened.addresses(), created.addresses());
        assert!(is_open_error(open_with_device(&blob, USER, &device())));
        Ok(())
    }

    #[test]
    fn wrap_for_device_refuses_a_foreign_blob() -> Result<()> {
        let (a, wallet_a) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        let (b, _) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        assert!(matches!(
            wrap_for_device(&wallet_a, &b, USER, &device()),
            Err(KeyError::WalletMismatch)
        ));
        assert!(is_open_error(wrap_for_device(
            &wallet_a,
            &a,
            "user-2",
            &device()
        )));
        let mut swapped = b.clone();
        swapped.wallet_id = a.wallet_id.clone();
        assert!(is_open_error(wrap_for_device(
            &wallet_a,
            &swapped,
            USER,
            &device()
        )));
        Ok(())
    }

    #[test]
    fn debug_shows_no_secret() -> Result<()> {
        let (_, wallet) = create_wallet(USER, &device(), &RECOVERY_KEY)?;
        let phrase = wallet.recovery_phrase();
        let secrets = [
            hex(&wallet.entropy[..]),
            hex(&wallet.data_key[..]),
            hex(&wallet.eip155_signer().credential().to_bytes()),
            hex(wallet.solana_signing_key().as_bytes()),
        ];
        for text in [
            format!("{wallet:?}"),
            format!("{wallet:#?}"),
            format!("{:?}", device()),
        ] {
            assert!(!text.contains(phrase.as_str()), "{text}");
            // No run of three phrase words either.
            let words: Vec<&str> = phrase.split(' ').collect();
            for window in words.windows(3) {
                assert!(!text.contains(&window.join(" ")), "{text}");
            }
            for secret in &secrets {
                assert!(!text.to_lowercase().contains(secret.as_str()), "{text}");
            }
            assert!(!text.contains(&hex(&SECRET)) && !text.contains(&hex(&PEPPER)));
        }
        assert!(format!("{wallet:?}").contains(&wallet.addresses().eip155));
        Ok(())
    }

    fn key_from_hex(text: &str) -> [u8; 32] {
        core::array::from_fn(|i| {
            u8::from_str_radix(&text[2 * i..2 * i + 2], 16).unwrap_or_default()
        })
    }

    /// A stored version-1 blob keeps opening, by device and by recovery, to the same wallet.
    #[test]
    fn golden_v1_blob_opens() -> Result<()> {
        let fixture: serde_json::Value =
            serde_json::from_str(include_str!("testdata/valid/wallet-v1-abandon.json"))
                .map_err(|_| KeyError::Open)?;
        let text = |key: &str| fixture[key].as_str().unwrap_or_default().to_owned();
        let blob: WalletBlob =
            serde_json::from_value(fixture["blob"].clone()).map_err(|_| KeyError::Open)?;
        let (secret, pepper) = (
            key_from_hex(&text("deviceSecret")),
            key_from_hex(&text("pepper")),
        );
        let device_id = text("deviceId");
        let device = Device {
            device_id: &device_id,
            secret: &secret,
            pepper: &pepper,
        };
        let user_id = text("userId");

        let by_device = open_with_device(&blob, &user_id, &device)?;
        let by_recovery = open_with_recovery(&blob, &user_id, &key_from_hex(&text("recoveryKey")))?;
        for wallet in [by_device, by_recovery] {
            assert_eq!(*wallet.recovery_phrase(), text("phrase"));
            assert_eq!(wallet.addresses(), &blob.addresses);
            assert_eq!(
                wallet.addresses().eip155,
                "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
            );
        }
        Ok(())
    }
}
