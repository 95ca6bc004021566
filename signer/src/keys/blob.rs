//! The stored form of a wallet: what frame-host keeps (see `frame-host/API.md`, "Wallet").
//! Everything in it is public or encrypted.

use super::derive::Addresses;

/// The format version this frame writes and reads.
pub const WALLET_VERSION: u8 = 1;

/// A wallet as frame-host stores it: the protocol crate's [`oriel_protocol::http::WalletBlob`],
/// the one type frame-host and the frame both read and write, with the frame's own
/// [`Addresses`]. JSON field names are camelCase and binary fields are standard padded
/// base64, as in frame-host's API; `deviceWrap` is `null` when this device has no wrap.
pub type WalletBlob = oriel_protocol::http::WalletBlob<Addresses>;

// The frame's AES-GCM nonce is the stored one.
const _: () = assert!(super::seal::NONCE_LEN == oriel_protocol::http::NONCE_LEN);

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
