//! The stored form of a wallet: what frame-host keeps (see `frame-host/API.md`, "Wallet").
//! Everything in it is public or encrypted.

use super::derive::Addresses;
use super::seal::NONCE_LEN;
use serde::{Deserialize, Serialize};

/// The format version this frame writes and reads.
pub const WALLET_VERSION: u8 = 1;

/// A wallet as frame-host stores it. JSON field names are camelCase and binary fields are
/// standard padded base64, as in frame-host's API; `deviceWrap` is `null` when this device has
/// no wrap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WalletBlob {
    /// Random id of the wallet, 32 hex digits; bound into every ciphertext.
    pub wallet_id: String,
    /// Format version, [`WALLET_VERSION`].
    pub version: u8,
    /// The entropy encrypted with AES-256-GCM under the data key, with its tag.
    #[serde(with = "b64")]
    pub ciphertext: Vec<u8>,
    /// The ciphertext's nonce.
    #[serde(with = "b64_nonce")]
    pub nonce: [u8; NONCE_LEN],
    /// The data key wrapped under the user's recovery key: `nonce || ciphertext || tag`.
    #[serde(with = "b64")]
    pub recovery_wrap: Vec<u8>,
    /// The data key wrapped for one device: `nonce || ciphertext || tag`.
    #[serde(default, with = "b64_option")]
    pub device_wrap: Option<Vec<u8>>,
    /// The wallet's addresses, for display before it is unlocked. Checked against the keys
    /// whenever the wallet is opened.
    pub addresses: Addresses,
}

mod b64 {
    use base64::{engine::general_purpose::STANDARD, Engine};
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&STANDARD.encode(bytes))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        STANDARD
            .decode(text)
            .map_err(|_| D::Error::custom("invalid base64"))
    }
}

mod b64_nonce {
    use super::NONCE_LEN;
    use serde::{de::Error, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(
        nonce: &[u8; NONCE_LEN],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        super::b64::serialize(nonce, s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<[u8; NONCE_LEN], D::Error> {
        let bytes = super::b64::deserialize(d)?;
        bytes
            .as_slice()
            .try_into()
            .map_err(|_| D::Error::custom("a nonce is 12 bytes"))
    }
}

mod b64_option {
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(
        bytes: &Option<Vec<u8>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match bytes {
            Some(bytes) => super::b64::serialize(bytes, s),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Vec<u8>>, D::Error> {
        #[derive(Deserialize)]
        struct Wrapped(#[serde(with = "super::b64")] Vec<u8>);
        Ok(Option::<Wrapped>::deserialize(d)?.map(|Wrapped(bytes)| bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blob(device_wrap: Option<Vec<u8>>) -> WalletBlob {
        WalletBlob {
            wallet_id: "00112233445566778899aabbccddeeff".into(),
            version: WALLET_VERSION,
            ciphertext: vec![1, 2, 3],
            nonce: [9; 12],
            recovery_wrap: vec![0xff; 4],
            device_wrap,
            addresses: Addresses {
                eip155: "0xabc".into(),
                solana: "Sol".into(),
            },
        }
    }

    #[test]
    fn json_matches_frame_host_api() -> serde_json::Result<()> {
        let json = serde_json::to_value(blob(Some(vec![0xfb, 0xff])))?;
        assert_eq!(
            json,
            serde_json::json!({
                "walletId": "00112233445566778899aabbccddeeff",
                "version": 1,
                "ciphertext": "AQID",
                "nonce": "CQkJCQkJCQkJCQkJ",
                "recoveryWrap": "/////w==",
                "deviceWrap": "+/8=",
                "addresses": { "eip155": "0xabc", "solana": "Sol" },
            })
        );
        assert_eq!(
            serde_json::from_value::<WalletBlob>(json)?,
            blob(Some(vec![0xfb, 0xff]))
        );
        Ok(())
    }

    #[test]
    fn missing_device_wrap_is_null() -> serde_json::Result<()> {
        let json = serde_json::to_value(blob(None))?;
        assert_eq!(json["deviceWrap"], serde_json::Value::Null);
        assert_eq!(serde_json::from_value::<WalletBlob>(json)?, blob(None));
        Ok(())
    }

    #[test]
    fn bad_base64_or_nonce_length_is_rejected() {
        let mut json = serde_json::to_value(blob(None)).unwrap_or_default();
        json["nonce"] = "AQID".into();
        assert!(serde_json::from_value::<WalletBlob>(json.clone()).is_err());
        json["nonce"] = "not base64!".into();
        assert!(serde_json::from_value::<WalletBlob>(json).is_err());
    }
}
