//! Solana signing: ed25519 over message bytes, placed at this key's signer index, with the
//! request and result shapes of WalletConnect's Solana JSON-RPC reference (messages base58,
//! transactions base64, signatures base58).

mod instruction;
mod wire;

pub use instruction::{decode_instruction, DecodeError, Decoded};
pub use wire::{write_compact_u16, Instruction, MessageVersion, SolanaTx, PACKET_DATA_SIZE};

use base64::Engine as _;
use ed25519_dalek::{Signer as _, SigningKey};
use serde_json::{json, Map, Value};

use super::chain::ChainReader;
use super::SignError;

/// Spec §5: the preflight commitments `sendTransaction` accepts.
pub const PREFLIGHT_COMMITMENTS: [&str; 8] = [
    "processed",
    "confirmed",
    "finalized",
    "recent",
    "single",
    "singleGossip",
    "root",
    "max",
];

/// `solana_signAndSendTransaction`'s `sendOptions`, checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SendOptions {
    /// Skip the node's preflight simulation.
    pub skip_preflight: Option<bool>,
    /// The commitment the preflight simulates at, one of [`PREFLIGHT_COMMITMENTS`].
    pub preflight_commitment: Option<String>,
    /// How often the node retries sending.
    pub max_retries: Option<u64>,
    /// The lowest slot the node may answer from.
    pub min_context_slot: Option<u64>,
}

impl SendOptions {
    /// Reads `sendOptions` (absent or `null` is all defaults).
    pub fn parse(value: Option<&Value>) -> Result<Self, SignError> {
        let Some(value) = value.filter(|v| !v.is_null()) else {
            return Ok(Self::default());
        };
        let options = value
            .as_object()
            .ok_or_else(|| SignError::params("sendOptions must be an object"))?;
        let flag = |name: &str| -> Result<Option<bool>, SignError> {
            match options.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::Bool(b)) => Ok(Some(*b)),
                Some(_) => Err(SignError::params(format!("{name} must be a boolean"))),
            }
        };
        let number = |name: &str| -> Result<Option<u64>, SignError> {
            match options.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => v
                    .as_u64()
                    .map(Some)
                    .ok_or_else(|| SignError::params(format!("{name} must be a whole number"))),
            }
        };
        let preflight_commitment = match options.get("preflightCommitment") {
            None | Some(Value::Null) => None,
            Some(Value::String(c)) if PREFLIGHT_COMMITMENTS.contains(&c.as_str()) => {
                Some(c.clone())
            }
            Some(Value::String(c)) => return Err(SignError::InvalidPreflightCommitment(c.clone())),
            Some(other) => return Err(SignError::InvalidPreflightCommitment(other.to_string())),
        };
        Ok(Self {
            skip_preflight: flag("skipPreflight")?,
            preflight_commitment,
            max_retries: number("maxRetries")?,
            min_context_slot: number("minContextSlot")?,
        })
    }

    /// The `sendTransaction` config object: base64 encoding plus the options given.
    pub fn to_config(&self) -> Value {
        let mut config = Map::new();
        config.insert("encoding".into(), json!("base64"));
        if let Some(skip) = self.skip_preflight {
            config.insert("skipPreflight".into(), json!(skip));
        }
        if let Some(commitment) = &self.preflight_commitment {
            config.insert("preflightCommitment".into(), json!(commitment));
        }
        if let Some(retries) = self.max_retries {
            config.insert("maxRetries".into(), json!(retries));
        }
        if let Some(slot) = self.min_context_slot {
            config.insert("minContextSlot".into(), json!(slot));
        }
        Value::Object(config)
    }
}

/// base58, as Solana writes keys, hashes and signatures.
pub fn base58(bytes: &[u8]) -> String {
    bs58::encode(bytes).into_string()
}

/// Decodes a base64 transaction (standard alphabet, padded).
pub fn decode_transaction(text: &str) -> Result<SolanaTx, SignError> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(|_| SignError::params("the transaction must be base64"))?;
    SolanaTx::parse(&bytes)
}

/// base64 of a transaction's wire bytes.
pub fn encode_transaction(tx: &SolanaTx) -> String {
    base64::engine::general_purpose::STANDARD.encode(tx.serialize())
}

/// `solana_signMessage`: ed25519 over the message bytes. Answers `{ signature }` (base58).
pub fn sign_message(key: &SigningKey, message: &[u8]) -> Value {
    json!({ "signature": base58(&key.sign(message).to_bytes()) })
}

/// Signs the transaction's message with `key` and puts the signature at the key's index among
/// the required signers; other signatures are kept as they came.
pub fn sign_transaction(key: &SigningKey, tx: &SolanaTx) -> Result<SolanaTx, SignError> {
    let public = key.verifying_key().to_bytes();
    let index = tx
        .signer_index(&public)
        .ok_or_else(|| SignError::NotASigner(base58(&public)))?;
    let mut signed = tx.clone();
    signed.signatures[index] = key.sign(&tx.message).to_bytes();
    Ok(signed)
}

/// `solana_signTransaction`'s answer: this key's signature (base58) and the signed
/// transaction (base64).
pub fn sign_transaction_reply(key: &SigningKey, tx: &SolanaTx) -> Result<Value, SignError> {
    let signed = sign_transaction(key, tx)?;
    let index = signed
        .signer_index(&key.verifying_key().to_bytes())
        .unwrap_or_default();
    Ok(json!({
        "signature": base58(&signed.signatures[index]),
        "transaction": encode_transaction(&signed),
    }))
}

/// `solana_signAllTransactions`' answer: `{ transactions }`, each signed, base64, in order.
pub fn sign_all_transactions_reply(key: &SigningKey, txs: &[SolanaTx]) -> Result<Value, SignError> {
    let signed = txs
        .iter()
        .map(|tx| sign_transaction(key, tx).map(|s| encode_transaction(&s)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(json!({ "transactions": signed }))
}

/// `solana_signAndSendTransaction`: signs, sends with `sendTransaction` (base64 and the
/// options) through the active Solana network's RPC, and answers `{ signature }`: the
/// transaction's id as the node reports it.
pub async fn sign_and_send_transaction<R: ChainReader>(
    key: &SigningKey,
    tx: &SolanaTx,
    options: &SendOptions,
    rpc: &R,
) -> Result<Value, SignError> {
    let signed = sign_transaction(key, tx)?;
    let answer = rpc
        .call(
            "sendTransaction",
            json!([encode_transaction(&signed), options.to_config()]),
        )
        .await
        .map_err(SignError::Chain)?;
    let signature = answer.as_str().ok_or_else(|| SignError::BadChainAnswer {
        method: "sendTransaction",
        detail: "expected a base58 signature".into(),
    })?;
    Ok(json!({ "signature": signature }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::{Signature, Verifier as _};
    use serde_json::json;

    #[test]
    fn preflight_commitment_must_be_a_known_level() {
        for level in PREFLIGHT_COMMITMENTS {
            let options =
                SendOptions::parse(Some(&json!({ "preflightCommitment": level }))).unwrap();
            assert_eq!(options.preflight_commitment.as_deref(), Some(level));
        }
        for bad in ["Finalized", "singlegossip", "latest", ""] {
            assert_eq!(
                SendOptions::parse(Some(&json!({ "preflightCommitment": bad }))),
                Err(SignError::InvalidPreflightCommitment(bad.into()))
            );
        }
        assert!(SendOptions::parse(Some(&json!({ "preflightCommitment": 1 }))).is_err());
        assert_eq!(SendOptions::parse(None).unwrap(), SendOptions::default());
    }

    #[test]
    fn send_config_carries_encoding_and_options() {
        let options = SendOptions::parse(Some(&json!({
            "skipPreflight": true,
            "preflightCommitment": "confirmed",
            "maxRetries": 3,
            "minContextSlot": 10
        })))
        .unwrap();
        assert_eq!(
            options.to_config(),
            json!({
                "encoding": "base64",
                "skipPreflight": true,
                "preflightCommitment": "confirmed",
                "maxRetries": 3,
                "minContextSlot": 10
            })
        );
        assert!(SendOptions::parse(Some(&json!({ "maxRetries": -1 }))).is_err());
        assert!(SendOptions::parse(Some(&json!({ "skipPreflight": "yes" }))).is_err());
    }

    #[test]
    fn signs_at_its_own_index_and_keeps_other_signatures() {
        let ours = SigningKey::from_bytes(&[1; 32]);
        let theirs = SigningKey::from_bytes(&[2; 32]);
        // Two signers: theirs pays the fee, ours signs second.
        let mut bytes = vec![2];
        bytes.extend_from_slice(&[0xee; 64]);
        bytes.extend_from_slice(&[0; 64]);
        let message_start = bytes.len();
        bytes.extend_from_slice(&[2, 0, 1, 3]);
        bytes.extend_from_slice(&theirs.verifying_key().to_bytes());
        bytes.extend_from_slice(&ours.verifying_key().to_bytes());
        bytes.extend_from_slice(&[0; 32]);
        bytes.extend_from_slice(&[5; 32]);
        bytes.extend_from_slice(&[1, 2, 2, 0, 1, 0]);
        let tx = SolanaTx::parse(&bytes).unwrap();
        let signed = sign_transaction(&ours, &tx).unwrap();
        assert_eq!(signed.signatures[0], [0xee; 64]);
        let signature = Signature::from_bytes(&signed.signatures[1]);
        ours.verifying_key()
            .verify(&bytes[message_start..], &signature)
            .unwrap();
        assert_eq!(signed.message, tx.message);

        let stranger = SigningKey::from_bytes(&[3; 32]);
        assert_eq!(
            sign_transaction(&stranger, &tx),
            Err(SignError::NotASigner(base58(
                &stranger.verifying_key().to_bytes()
            )))
        );
        let reply = sign_transaction_reply(&ours, &tx).unwrap();
        assert_eq!(reply["signature"], base58(&signed.signatures[1]));
        let back = decode_transaction(reply["transaction"].as_str().unwrap()).unwrap();
        assert_eq!(back, signed);
    }

    #[test]
    fn message_signature_verifies() {
        let key = SigningKey::from_bytes(&[1; 32]);
        let reply = sign_message(&key, b"hello");
        let bytes = bs58::decode(reply["signature"].as_str().unwrap())
            .into_vec()
            .unwrap();
        let signature = Signature::from_slice(&bytes).unwrap();
        key.verifying_key().verify(b"hello", &signature).unwrap();
    }

    #[test]
    fn decode_refuses_non_base64() {
        assert!(matches!(
            decode_transaction("not base64!"),
            Err(SignError::InvalidParams(_))
        ));
    }
}
