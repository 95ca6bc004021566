// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Checks that `signer` signed `hash`, in the order ERC-6492's verifier side gives: a signature
/// ending in ERC-6492's magic suffix first (deploying or preparing the account with the factory
/// call it wraps, then ERC-1271), then ERC-1271 when the account has code, else ecrecover.
///
/// It is never deployed: frame-host sends its creation code with the constructor's arguments as
/// an `eth_call` without `to` (a "deployless" call). The constructor does the check and returns
/// one byte instead of code: 0x01 when the signature is valid, 0x00 when not. The factory call
/// happens only inside that `eth_call`, so nothing changes on chain.
///
/// Compiled by `compile.mjs` into `frame-host/src/siwx/signature_check.hex`.
contract SignatureCheck {
    bytes32 private constant ERC6492_SUFFIX = 0x6492649264926492649264926492649264926492649264926492649264926492;
    bytes4 private constant ERC1271_VALID = 0x1626ba7e;

    constructor(address signer, bytes32 hash, bytes memory signature) {
        bool valid = check(signer, hash, signature);
        assembly {
            mstore(0, valid)
            return(31, 1)
        }
    }

    function check(address signer, bytes32 hash, bytes memory signature) private returns (bool) {
        if (!hasSuffix(signature)) {
            return signer.code.length > 0 ? isValid1271(signer, hash, signature) : recovers(signer, hash, signature);
        }
        // Drop the suffix in place, then read (factory, factory call data, the account's signature).
        assembly {
            mstore(signature, sub(mload(signature), 32))
        }
        (address factory, bytes memory factoryCall, bytes memory inner) = abi.decode(signature, (address, bytes, bytes));
        if (signer.code.length > 0 && isValid1271(signer, hash, inner)) {
            return true;
        }
        // Not deployed yet, or deployed but not ready to check: the wrapped call deploys or prepares it.
        (bool called, ) = factory.call(factoryCall);
        return called && signer.code.length > 0 && isValid1271(signer, hash, inner);
    }

    function hasSuffix(bytes memory signature) private pure returns (bool found) {
        uint256 length = signature.length;
        if (length < 32) {
            return false;
        }
        bytes32 last;
        assembly {
            last := mload(add(signature, length))
        }
        return last == ERC6492_SUFFIX;
    }

    /// ERC-1271: `isValidSignature(bytes32,bytes)` answers its selector, 0x1626ba7e.
    function isValid1271(address account, bytes32 hash, bytes memory signature) private view returns (bool) {
        (bool ok, bytes memory answer) =
            account.staticcall(abi.encodeWithSelector(ERC1271_VALID, hash, signature));
        return ok && answer.length >= 32 && bytes4(answer) == ERC1271_VALID;
    }

    /// A 65-byte `r || s || v` signature whose ecrecover is `signer`.
    function recovers(address signer, bytes32 hash, bytes memory signature) private pure returns (bool) {
        if (signature.length != 65 || signer == address(0)) {
            return false;
        }
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(signature, 32))
            s := mload(add(signature, 64))
            v := byte(0, mload(add(signature, 96)))
        }
        if (v < 27) {
            v += 27;
        }
        return (v == 27 || v == 28) && ecrecover(hash, v, r, s) == signer;
    }
}
