//! Whether a sign-in message's signature is its address's: [`Signed::parse`] checks the
//! encoding (before anything is looked up), [`Signed::verify`] the signature itself.

use ed25519_dalek::{Signature as Ed25519Signature, VerifyingKey};

use super::{error::SiwxError, evm, message::Namespace, Message};
use crate::blockchain::ChainClient;

/// How a signature was found valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verification {
    /// An externally owned account's `personal_sign` (EIP-191).
    Eoa,
    /// A deployed contract account's ERC-1271 `isValidSignature`.
    Erc1271,
    /// A contract account's ERC-6492 wrapped signature (counterfactual or not yet ready).
    Erc6492,
    /// A Solana account's ed25519 signature over the message bytes.
    Ed25519,
}

impl Verification {
    /// The name in the API's answers and the database.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Eoa => "eoa",
            Self::Erc1271 => "erc1271",
            Self::Erc6492 => "erc6492",
            Self::Ed25519 => "ed25519",
        }
    }
}

/// A signature in its namespace's encoding: `0x` hex for `eip155`, base58 for `solana`.
#[derive(Debug, Clone)]
pub(crate) enum Signed {
    /// The signature bytes of an EVM account.
    Evm(Vec<u8>),
    /// An ed25519 signature.
    Solana(Ed25519Signature),
}

impl Signed {
    /// Decodes `signature` for `namespace`; 400 'Invalid signature: …' when it is not in the
    /// namespace's encoding.
    pub(crate) fn parse(namespace: Namespace, signature: &str) -> Result<Self, SiwxError> {
        match namespace {
            Namespace::Eip155 => evm::signature_bytes(signature).map(Self::Evm),
            Namespace::Solana => {
                let bytes: [u8; 64] = (signature.len() <= 100)
                    .then(|| bs58::decode(signature).into_vec().ok())
                    .flatten()
                    .and_then(|b| b.try_into().ok())
                    .ok_or(SiwxError::SignatureFormat("expected 64 bytes in base58"))?;
                Ok(Self::Solana(Ed25519Signature::from_bytes(&bytes)))
            }
        }
    }

    /// Checks the signature of `message`, whose text is `text`. `chain` is the message's
    /// network (an EVM contract account is asked there).
    pub(crate) async fn verify(
        &self,
        message: &Message,
        text: &str,
        chain: &ChainClient,
    ) -> Result<Verification, SiwxError> {
        match self {
            Self::Evm(bytes) => evm::verify(chain, &message.address, text, bytes).await,
            Self::Solana(signature) => {
                let key: [u8; 32] = bs58::decode(&message.address)
                    .into_vec()
                    .ok()
                    .and_then(|b| b.try_into().ok())
                    .ok_or(SiwxError::BadSignature)?;
                let key = VerifyingKey::from_bytes(&key).map_err(|_| SiwxError::BadSignature)?;
                key.verify_strict(text.as_bytes(), signature)
                    .map(|()| Verification::Ed25519)
                    .map_err(|_| SiwxError::BadSignature)
            }
        }
    }
}
