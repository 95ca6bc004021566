//! Hierarchical deterministic key derivation from a BIP-39 seed: BIP-32 for secp256k1 and
//! SLIP-10 for ed25519 (which allows hardened children only).

use super::{Error, Result};
use hmac::{Hmac, Mac};
use k256::elliptic_curve::{ff::PrimeField, sec1::ToEncodedPoint};
use k256::{ProjectivePoint, Scalar};
use sha2::Sha512;
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

type HmacSha512 = Hmac<Sha512>;

/// The bit that marks a hardened child index (`44'` is `44 | HARDENED`).
pub(crate) const HARDENED: u32 = 0x8000_0000;

/// A node of a derivation tree: a 32-byte secret key and its chain code.
#[derive(Zeroize, ZeroizeOnDrop)]
pub(crate) struct Node {
    pub(crate) key: [u8; 32],
    pub(crate) chain_code: [u8; 32],
}

impl Node {
    /// Splits HMAC-SHA512 output into key (left half) and chain code (right half).
    fn from_hmac(mac: HmacSha512) -> Self {
        let mut out = mac.finalize().into_bytes();
        let mut node = Node {
            key: [0; 32],
            chain_code: [0; 32],
        };
        node.key.copy_from_slice(&out[..32]);
        node.chain_code.copy_from_slice(&out[32..]);
        out.as_mut_slice().zeroize();
        node
    }

    fn master(curve_key: &[u8], seed: &[u8]) -> Self {
        let mut mac = hmac(curve_key);
        mac.update(seed);
        Self::from_hmac(mac)
    }

    /// HMAC-SHA512 keyed by the chain code over `0x00 || key || index`: a hardened child's
    /// input on both curves.
    fn hardened_mac(&self, index: u32) -> HmacSha512 {
        let mut mac = hmac(&self.chain_code);
        mac.update(&[0]);
        mac.update(&self.key);
        mac.update(&index.to_be_bytes());
        mac
    }
}

fn hmac(key: &[u8]) -> HmacSha512 {
    match HmacSha512::new_from_slice(key) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC-SHA512 accepts keys of any length"),
    }
}

/// A secp256k1 scalar from 32 big-endian bytes; `None` when not below the group order.
fn scalar(bytes: &[u8; 32]) -> Option<Zeroizing<Scalar>> {
    Option::<Scalar>::from(Scalar::from_repr((*bytes).into())).map(Zeroizing::new)
}

/// BIP-32 private derivation on secp256k1. Indices carry their own [`HARDENED`] bit. Fails
/// (with probability below 2^-127 per level) when the spec says the key is invalid.
pub(crate) fn bip32_secp256k1(seed: &[u8], path: &[u32]) -> Result<Node> {
    let mut node = Node::master(b"Bitcoin seed", seed);
    let mut key = scalar(&node.key)
        .filter(|k| !bool::from(k.is_zero()))
        .ok_or(Error::Derive)?;
    for &index in path {
        let mac = if index & HARDENED != 0 {
            node.hardened_mac(index)
        } else {
            let public = (ProjectivePoint::GENERATOR * *key)
                .to_affine()
                .to_encoded_point(true);
            let mut mac = hmac(&node.chain_code);
            mac.update(public.as_bytes());
            mac.update(&index.to_be_bytes());
            mac
        };
        let child = Node::from_hmac(mac);
        let tweak = scalar(&child.key).ok_or(Error::Derive)?;
        key = Zeroizing::new(*tweak + *key);
        if bool::from(key.is_zero()) {
            return Err(Error::Derive);
        }
        node = child;
        node.key = key.to_repr().into();
    }
    Ok(node)
}

/// SLIP-10 derivation on ed25519. Every index is hardened: pass `44` for `44'`; indices must
/// be below 2^31.
pub(crate) fn slip10_ed25519(seed: &[u8], path: &[u32]) -> Node {
    let mut node = Node::master(b"ed25519 seed", seed);
    for &index in path {
        debug_assert!(
            index < HARDENED,
            "pass unhardened indices; all are hardened"
        );
        node = Node::from_hmac(node.hardened_mac(index | HARDENED));
    }
    node
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::SigningKey;

    const SEED_1: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// SLIP-10 "Test vector 1 for ed25519": path, chain code, private key, public key (the
    /// spec prints public keys with a leading 00 byte, left out here).
    #[test]
    fn slip10_ed25519_test_vector_1() {
        let vectors: [(&[u32], &str, &str, &str); 6] = [
            (
                &[],
                "90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb",
                "2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7",
                "a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed",
            ),
            (
                &[0],
                "8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69",
                "68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3",
                "8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c",
            ),
            (
                &[0, 1],
                "a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14",
                "b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2",
                "1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187",
            ),
            (
                &[0, 1, 2],
                "2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c",
                "92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9",
                "ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1",
            ),
            (
                &[0, 1, 2, 2],
                "8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc",
                "30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662",
                "8abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c",
            ),
            (
                &[0, 1, 2, 2, 1_000_000_000],
                "68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230",
                "8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793",
                "3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a",
            ),
        ];
        for (path, chain_code, private, public) in vectors {
            let node = slip10_ed25519(&SEED_1, path);
            assert_eq!(hex(&node.chain_code), chain_code, "chain code at {path:?}");
            assert_eq!(hex(&node.key), private, "private key at {path:?}");
            let key = SigningKey::from_bytes(&node.key);
            assert_eq!(
                hex(key.verifying_key().as_bytes()),
                public,
                "public key at {path:?}"
            );
        }
    }

    /// BIP-32 "Test vector 1" (= SLIP-10 "Test vector 1 for secp256k1"), mixing hardened and
    /// normal children: path, chain code, private key.
    #[test]
    fn bip32_secp256k1_test_vector_1() -> Result<()> {
        let h = HARDENED;
        let vectors: [(&[u32], &str, &str); 6] = [
            (
                &[],
                "873dff81c02f525623fd1fe5167eac3a55a049de3d314bb42ee227ffed37d508",
                "e8f32e723decf4051aefac8e2c93c9c5b214313817cdb01a1494b917c8436b35",
            ),
            (
                &[h],
                "47fdacbd0f1097043b78c63c20c34ef4ed9a111d980047ad16282c7ae6236141",
                "edb2e14f9ee77d26dd93b4ecede8d16ed408ce149b6cd80b0715a2d911a0afea",
            ),
            (
                &[h, 1],
                "2a7857631386ba23dacac34180dd1983734e444fdbf774041578e9b6adb37c19",
                "3c6cb8d0f6a264c91ea8b5030fadaa8e538b020f0a387421a12de9319dc93368",
            ),
            (
                &[h, 1, h | 2],
                "04466b9cc8e161e966409ca52986c584f07e9dc81f735db683c3ff6ec7b1503f",
                "cbce0d719ecf7431d88e6a89fa1483e02e35092af60c042b1df2ff59fa424dca",
            ),
            (
                &[h, 1, h | 2, 2],
                "cfb71883f01676f587d023cc53a35bc7f88f724b1f8c2892ac1275ac822a3edd",
                "0f479245fb19a38a1954c5c7c0ebab2f9bdfd96a17563ef28a6a4b1a2a764ef4",
            ),
            (
                &[h, 1, h | 2, 2, 1_000_000_000],
                "c783e67b921d2beb8f6b389cc646d7263b4145701dadd2161548a8b078e65e9e",
                "471b76e389e528d6de6d816857e012c5455051cad6660850e58372a6c3e6e7c8",
            ),
        ];
        for (path, chain_code, private) in vectors {
            let node = bip32_secp256k1(&SEED_1, path)?;
            assert_eq!(hex(&node.chain_code), chain_code, "chain code at {path:?}");
            assert_eq!(hex(&node.key), private, "private key at {path:?}");
        }
        Ok(())
    }
}
