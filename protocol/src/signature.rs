//! The signature formats the frame answers and frame-host's sign-in checks, beyond the
//! 65-byte ECDSA signature of a key.

/// ERC-6492's suffix: a signature ending in it is
/// `abi.encode(factory, factoryCalldata, signature) ++ ERC6492_SUFFIX`, the signature of a
/// contract account not deployed yet, which a verifier deploys in a simulation first.
pub const ERC6492_SUFFIX: [u8; 32] = [
    0x64, 0x92, 0x64, 0x92, 0x64, 0x92, 0x64, 0x92, 0x64, 0x92, 0x64, 0x92, 0x64, 0x92, 0x64, 0x92,
    0x64, 0x92, 0x64, 0x92, 0x64, 0x92, 0x64, 0x92, 0x64, 0x92, 0x64, 0x92, 0x64, 0x92, 0x64, 0x92,
];

/// ERC-1271's answer for a valid signature: the selector of `isValidSignature(bytes32,bytes)`.
pub const ERC1271_VALID: [u8; 4] = [0x16, 0x26, 0xba, 0x7e];
