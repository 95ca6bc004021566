//! The wallet's keys, derived from its entropy by standard paths so that the recovery phrase
//! imports into any wallet: BIP-32 secp256k1 at `m/44'/60'/0'/0/0` for eip155 (the key is held
//! by alloy's `PrivateKeySigner`), SLIP-10 ed25519 at `m/44'/501'/0'/0'` for solana.
//!
//! BIP-32 and SLIP-10 are done in `hd.rs` (the `bip32` and `ed25519-dalek-bip32` crates) rather
//! than by alloy's `MnemonicBuilder`, which tests use as the reference: the builder's
//! dependencies (coins-bip39/bip32, bitvec, ripemd, pkcs8) cost the frame's wasm module about
//! 17 KB gzip, and it runs PBKDF2 a second time.

use super::hd::{self, HARDENED};
use super::mnemonic::{self, ENTROPY_LEN};
use crate::error::{KeyError, Result};
use alloy_signer_local::PrivateKeySigner;
use ed25519_dalek::SigningKey;
use serde::{Deserialize, Serialize};

/// The eip155 derivation path `m/44'/60'/0'/0/0` (the first account of MetaMask and most EVM
/// wallets).
pub(crate) const EIP155_PATH: [u32; 5] = [44 | HARDENED, 60 | HARDENED, HARDENED, 0, 0];
/// The solana derivation path `m/44'/501'/0'/0'` (Phantom's and Solflare's first account);
/// SLIP-10 ed25519 hardens every index.
pub(crate) const SOLANA_PATH: [u32; 4] = [44, 501, 0, 0];

/// A wallet's public addresses, one per chain namespace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Addresses {
    /// The EVM address, `0x` and 40 hex digits with the EIP-55 checksum casing.
    pub eip155: String,
    /// The Solana address: the ed25519 public key in base58.
    pub solana: String,
}

/// The keys derived from a wallet's entropy. Both signing keys zeroize themselves on drop.
pub(crate) struct Keys {
    pub(crate) eip155: PrivateKeySigner,
    pub(crate) solana: SigningKey,
    pub(crate) addresses: Addresses,
}

/// Derives the wallet's keys from its entropy.
pub(crate) fn derive(entropy: &[u8; ENTROPY_LEN]) -> Result<Keys> {
    let seed = mnemonic::seed(&mnemonic::phrase(entropy));
    let eip155_node = hd::bip32_secp256k1(&seed[..], &EIP155_PATH)?;
    let eip155 = PrivateKeySigner::from_slice(&eip155_node.key).map_err(|_| KeyError::Derive)?;
    let solana = SigningKey::from_bytes(&hd::slip10_ed25519(&seed[..], &SOLANA_PATH).key);
    let addresses = Addresses {
        eip155: eip155.address().to_checksum(None),
        solana: bs58::encode(solana.verifying_key().as_bytes()).into_string(),
    };
    Ok(Keys {
        eip155,
        solana,
        addresses,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_signer::SignerSync;
    use alloy_signer_local::coins_bip39::English;
    use alloy_signer_local::MnemonicBuilder;
    use ed25519_dalek::{Signer, Verifier, VerifyingKey};

    /// Entropy of "abandon abandon … about".
    const ABANDON: [u8; 16] = [0; 16];

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn abandon_phrase_gives_known_eip155_address() -> Result<()> {
        let keys = derive(&ABANDON)?;
        assert_eq!(
            keys.addresses.eip155,
            "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
        );
        // The signer is the key behind that address.
        let signature = keys
            .eip155
            .sign_message_sync(b"oriel")
            .map_err(|_| KeyError::Derive)?;
        let recovered = signature
            .recover_address_from_msg(b"oriel")
            .map_err(|_| KeyError::Derive)?;
        assert_eq!(recovered.to_checksum(None), keys.addresses.eip155);
        Ok(())
    }

    /// The address is the one Phantom and Solflare show for this phrase; the secret key was
    /// also computed with an independent implementation (Python: hashlib PBKDF2 + hmac SLIP-10 +
    /// pyca/cryptography ed25519).
    #[test]
    fn abandon_phrase_gives_known_solana_address() -> Result<()> {
        let keys = derive(&ABANDON)?;
        assert_eq!(
            keys.addresses.solana,
            "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk"
        );
        assert_eq!(
            hex(keys.solana.as_bytes()),
            "37df573b3ac4ad5b522e064e25b63ea16bcbe79d449e81a0268d1047948bb445"
        );
        // The address decodes to a public key that re-derives from the secret and verifies a
        // signature made with it.
        let decoded = bs58::decode(&keys.addresses.solana)
            .into_vec()
            .map_err(|_| KeyError::Derive)?;
        let public: [u8; 32] = decoded
            .as_slice()
            .try_into()
            .map_err(|_| KeyError::Derive)?;
        let rederived = SigningKey::from_bytes(keys.solana.as_bytes()).verifying_key();
        assert_eq!(rederived.to_bytes(), public);
        let verifying = VerifyingKey::from_bytes(&public).map_err(|_| KeyError::Derive)?;
        let signature = keys.solana.sign(b"oriel");
        assert!(verifying.verify(b"oriel", &signature).is_ok());
        Ok(())
    }

    /// Cross-check of the eip155 key with alloy's own mnemonic derivation (a test-only
    /// dependency) over several phrases.
    #[test]
    fn eip155_key_agrees_with_alloy_mnemonic_builder() -> Result<()> {
        for n in 0u8..8 {
            let entropy: [u8; 16] =
                core::array::from_fn(|i| n.wrapping_mul(89).wrapping_add(i as u8 * 7));
            let keys = derive(&entropy)?;
            let reference = MnemonicBuilder::<English>::default()
                .phrase(mnemonic::phrase(&entropy).as_str())
                .derivation_path("m/44'/60'/0'/0/0")
                .and_then(|builder| builder.build())
                .map_err(|_| KeyError::Derive)?;
            assert_eq!(keys.eip155.to_bytes(), reference.to_bytes());
            assert_eq!(keys.eip155.address(), reference.address());
        }
        Ok(())
    }

    #[test]
    fn different_entropy_gives_different_keys() -> Result<()> {
        let a = derive(&ABANDON)?;
        let b = derive(&[0xff; 16])?;
        assert_ne!(a.addresses.eip155, b.addresses.eip155);
        assert_ne!(a.addresses.solana, b.addresses.solana);
        Ok(())
    }
}
