//! Whether a sign-in message's signature is its address's: [`Signed::parse`] checks the
//! encoding (before anything is looked up), [`Signed::verify`] the signature itself.

use ed25519_dalek::{Signature as Ed25519Signature, VerifyingKey};

use super::{error::SiwxError, evm, message::Namespace, Message};
use crate::chain::ChainClient;

pub(crate) use oriel_protocol::http::siwx::Verification;

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

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::chain::HttpTransport;

    /// `fixtures/siwx/signatures/{name}`.
    fn vector(name: &str) -> Value {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures/siwx/signatures")
            .join(name);
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    /// A client of a URL nothing listens on: the checks below must not need the chain.
    fn no_chain() -> ChainClient {
        ChainClient::new(
            vec!["http://127.0.0.1:9".into()],
            HttpTransport::new().unwrap(),
        )
        .unwrap()
    }

    async fn check(
        namespace: Namespace,
        text: &str,
        signature: &str,
    ) -> Result<Verification, SiwxError> {
        let message = Message::parse(text).unwrap();
        assert_eq!(message.namespace, namespace);
        Signed::parse(namespace, signature)?
            .verify(&message, text, &no_chain())
            .await
    }

    #[tokio::test]
    async fn an_eoa_signature_by_viem_recovers_to_its_address() {
        let v = vector("eoa.json");
        let (text, signature) = (
            v["message"].as_str().unwrap(),
            v["signature"].as_str().unwrap(),
        );
        assert_eq!(
            check(Namespace::Eip155, text, signature).await.unwrap(),
            Verification::Eoa
        );
        // v as 0/1 instead of 27/28 is the same signature.
        let last = signature.len() - 2;
        let v01 = format!(
            "{}{:02x}",
            &signature[..last],
            u8::from_str_radix(&signature[last..], 16).unwrap() - 27
        );
        assert_eq!(
            check(Namespace::Eip155, text, &v01).await.unwrap(),
            Verification::Eoa
        );
    }

    #[tokio::test]
    async fn a_solana_signature_by_solana_kit_verifies_and_nothing_else_does() {
        let v = vector("solana.json");
        let (text, signature) = (
            v["message"].as_str().unwrap(),
            v["signature"].as_str().unwrap(),
        );
        assert_eq!(
            check(Namespace::Solana, text, signature).await.unwrap(),
            Verification::Ed25519
        );
        let other = text.replace("Sign in to the Oriel demo.", "Sign in to the Oriel demo!");
        assert!(matches!(
            check(Namespace::Solana, &other, signature).await,
            Err(SiwxError::BadSignature)
        ));
        let mut bytes = bs58::decode(signature).into_vec().unwrap();
        bytes[0] ^= 1;
        let flipped = bs58::encode(bytes).into_string();
        assert!(matches!(
            check(Namespace::Solana, text, &flipped).await,
            Err(SiwxError::BadSignature)
        ));
    }

    #[test]
    fn signatures_in_the_wrong_encoding_are_refused_before_any_check() {
        let hex65 = format!("0x{}", "ab".repeat(65));
        assert!(matches!(
            Signed::parse(Namespace::Solana, &hex65),
            Err(SiwxError::SignatureFormat(_))
        ));
        assert!(matches!(
            Signed::parse(Namespace::Solana, &bs58::encode([7u8; 63]).into_string()),
            Err(SiwxError::SignatureFormat(_))
        ));
        assert!(matches!(
            Signed::parse(Namespace::Eip155, &bs58::encode([7u8; 65]).into_string()),
            Err(SiwxError::SignatureFormat(_))
        ));
    }
}
