//! EVM message signing: `personal_sign` (EIP-191) and `eth_signTypedData_v4` (EIP-712).
//! Signatures are 65 bytes, `r || s || v` with `v` 27 or 28, as 0x hex.

use alloy_primitives::{eip191_hash_message, B256};
use alloy_signer::SignerSync;
use alloy_signer_local::PrivateKeySigner;

use super::codec::to_hex;
use super::eip712::TypedData;
use super::parse::SignRequest;
use super::SignError;

fn sign_hash(signer: &PrivateKeySigner, hash: &B256) -> Result<String, SignError> {
    let signature = signer
        .sign_hash_sync(hash)
        .map_err(|e| SignError::Signing(e.to_string()))?;
    Ok(to_hex(&signature.as_bytes()))
}

/// EIP-191 version 0x45: signs `"\x19Ethereum Signed Message:\n" + len + message`.
pub fn personal_sign(signer: &PrivateKeySigner, message: &[u8]) -> Result<String, SignError> {
    sign_hash(signer, &eip191_hash_message(message))
}

/// The EIP-712 signing hash of `data`, or why it cannot be hashed.
pub fn typed_data_hash(data: &TypedData) -> Result<B256, SignError> {
    data.signing_hash()
}

/// Signs EIP-712 typed data. When the domain names a chain id it must be `chain_id`, the
/// active chain (EIP-712: the user agent should refuse signing for another chain).
pub fn sign_typed_data(
    signer: &PrivateKeySigner,
    data: &TypedData,
    chain_id: u64,
) -> Result<String, SignError> {
    sign_hash(signer, &checked_typed_data_hash(data, chain_id)?)
}

/// The hash a message request signs: EIP-191's of `personal_sign`, EIP-712's of typed data
/// (for `chain_id` only, as [`sign_typed_data`] checks); `None` for other requests.
pub fn message_hash<Tx>(request: &SignRequest<Tx>, chain_id: u64) -> Result<B256, SignError> {
    match request {
        SignRequest::PersonalSign { message } => Ok(eip191_hash_message(message)),
        SignRequest::TypedData(data) => checked_typed_data_hash(data, chain_id),
        _ => Err(SignError::UnsupportedMethod("not a message".into())),
    }
}

/// The EIP-712 hash of `data`, whose domain may name `chain_id` only.
fn checked_typed_data_hash(data: &TypedData, chain_id: u64) -> Result<B256, SignError> {
    if let Some(domain_chain) = data.domain_chain_id()? {
        if domain_chain != alloy_primitives::U256::from(chain_id) {
            return Err(SignError::ChainMismatch {
                requested: format!("eip155:{domain_chain}"),
                active: format!("eip155:{chain_id}"),
            });
        }
    }
    typed_data_hash(data)
}

#[cfg(test)]
mod tests {
    use super::super::eip712::tests::mail;
    use super::*;
    use alloy_primitives::{Address, Signature};

    fn signer() -> PrivateKeySigner {
        // keccak256("cow"): the EIP-712 example's signer.
        "c85ef7d79691fe79573b1a7064c19c1a9819ebdbd1faaab1a8ec92344438aaf4"
            .parse()
            .unwrap()
    }

    #[test]
    fn personal_sign_matches_alloy_and_recovers() {
        let signer = signer();
        let signature = personal_sign(&signer, b"hello oriel").unwrap();
        assert_eq!(signature.len(), 2 + 130);
        let expected = signer.sign_message_sync(b"hello oriel").unwrap();
        assert_eq!(signature, to_hex(&expected.as_bytes()));
        let bytes = super::super::codec::hex_bytes(&signature, "sig").unwrap();
        assert!(bytes[64] == 27 || bytes[64] == 28);
        let parsed = Signature::from_raw(&bytes).unwrap();
        assert_eq!(
            parsed.recover_address_from_msg(b"hello oriel").unwrap(),
            signer.address()
        );
    }

    /// The published example of EIP-712: hash and signature (v 28, r, s) from the EIP.
    #[test]
    fn eip712_mail_example_matches_the_published_vector() {
        let data = TypedData::from_json(&mail()).unwrap();
        let signer = signer();
        assert_eq!(
            signer.address(),
            "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"
                .parse::<Address>()
                .unwrap()
        );
        assert_eq!(
            to_hex(typed_data_hash(&data).unwrap().as_slice()),
            "0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2"
        );
        let signature = sign_typed_data(&signer, &data, 1).unwrap();
        assert_eq!(
            signature,
            concat!(
                "0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d",
                "07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b91562",
                "1c"
            )
        );
        // The same JSON as a string param, as most dapps send it.
        let as_string =
            TypedData::from_json(&serde_json::Value::String(mail().to_string())).unwrap();
        assert_eq!(sign_typed_data(&signer, &as_string, 1).unwrap(), signature);
    }

    #[test]
    fn typed_data_for_another_chain_is_refused() {
        let data = TypedData::from_json(&mail()).unwrap();
        assert_eq!(
            sign_typed_data(&signer(), &data, 31337),
            Err(SignError::ChainMismatch {
                requested: "eip155:1".into(),
                active: "eip155:31337".into()
            })
        );
    }
}
