//! Hierarchical deterministic key derivation from a BIP-39 seed: BIP-32 for secp256k1 by the
//! `bip32` crate (iqlusion, over the k256 the frame already has) and SLIP-10 for ed25519 (which
//! allows hardened children only) by `ed25519-dalek-bip32` (over the hmac, sha2 and
//! ed25519-dalek the frame already has). Both replaced our own code; measured on the frame's
//! wasm (wasm-bindgen output, gzip -9): `bip32` +8.0 KB raw / +3.0 KB gzip, then
//! `ed25519-dalek-bip32` +2.8 KB raw / +0.5 KB gzip. The known-answer tests below are the
//! specs' vectors.
//!
//! Zeroizing: [`Node`] wipes itself on drop, and both crates' signing keys wipe themselves
//! (k256's and ed25519-dalek's `zeroize`). The chain codes inside `ed25519-dalek-bip32`'s keys
//! are wiped here; `bip32` keeps its chain code in a private field that we cannot reach, and
//! neither crate wipes its HMAC output, so those are stack leftovers like the RustCrypto
//! HMAC states (see `keys/mod.rs`).

use crate::error::{KeyError, Result};
use bip32::{ChildNumber, XPrv};
use ed25519_dalek_bip32::{ChildIndex, ExtendedSigningKey};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The bit that marks a hardened child index (`44'` is `44 | HARDENED`).
pub(crate) const HARDENED: u32 = 0x8000_0000;

/// A node of a derivation tree: a 32-byte secret key and its chain code.
#[derive(Zeroize, ZeroizeOnDrop)]
pub(crate) struct Node {
    pub(crate) key: [u8; 32],
    pub(crate) chain_code: [u8; 32],
}

impl Node {
    /// The key and chain code of a derived `bip32` key. The crate's signing key zeroizes
    /// itself on drop; its copy of the chain code is out of reach (a private field).
    fn of(xprv: &XPrv) -> Self {
        Node {
            key: xprv.private_key().to_bytes().into(),
            chain_code: xprv.attrs().chain_code,
        }
    }
}

/// BIP-32 private derivation on secp256k1, by the `bip32` crate over k256. Indices carry their
/// own [`HARDENED`] bit. Fails (with probability below 2^-127 per level) when the spec says
/// the key is invalid.
pub(crate) fn bip32_secp256k1(seed: &[u8], path: &[u32]) -> Result<Node> {
    let mut xprv = XPrv::new(seed).map_err(|_| KeyError::Derive)?;
    for &index in path {
        xprv = xprv
            .derive_child(ChildNumber(index))
            .map_err(|_| KeyError::Derive)?;
    }
    Ok(Node::of(&xprv))
}

/// SLIP-10 derivation on ed25519, by the `ed25519-dalek-bip32` crate. Every index is hardened:
/// pass `44` for `44'`; indices must be below 2^31.
pub(crate) fn slip10_ed25519(seed: &[u8], path: &[u32]) -> Node {
    match slip10(seed, path) {
        Ok(node) => node,
        Err(_) => unreachable!("SLIP-10 ed25519 fails only on unhardened indices"),
    }
}

fn slip10(seed: &[u8], path: &[u32]) -> core::result::Result<Node, ed25519_dalek_bip32::Error> {
    // The crate's signing keys zeroize themselves on drop; its chain codes are wiped here.
    let mut key = ExtendedSigningKey::from_seed(seed)?;
    for &index in path {
        debug_assert!(
            index < HARDENED,
            "pass unhardened indices; all are hardened"
        );
        let child = key.derive_child(ChildIndex::Hardened(index))?;
        key.chain_code.zeroize();
        key = child;
    }
    let node = Node {
        key: key.signing_key.to_bytes(),
        chain_code: key.chain_code,
    };
    key.chain_code.zeroize();
    Ok(node)
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
