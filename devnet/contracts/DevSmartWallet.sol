// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {Create2} from "@openzeppelin/contracts/utils/Create2.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// The devnet's contract wallet, for sign-in tests: one owner key, and ERC-1271 signatures that
/// are the owner's ECDSA signature of the hash as given.
contract DevSmartWallet is IERC1271 {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError error,) = ECDSA.tryRecover(hash, signature);
        if (error == ECDSA.RecoverError.NoError && signer == owner) {
            return IERC1271.isValidSignature.selector;
        }
        return 0xffffffff;
    }
}

/// Deploys [`DevSmartWallet`]s with CREATE2, so a wallet's address is known before it exists
/// (the counterfactual wallets of ERC-6492).
contract DevSmartWalletFactory {
    event WalletDeployed(address indexed wallet, address indexed owner, bytes32 salt);

    /// Deploys the wallet of `owner` and `salt`, or returns it when it is already there.
    function deploy(address owner, bytes32 salt) external returns (address wallet) {
        wallet = walletAddress(owner, salt);
        if (wallet.code.length == 0) {
            new DevSmartWallet{salt: salt}(owner);
            emit WalletDeployed(wallet, owner, salt);
        }
    }

    /// The address `deploy(owner, salt)` deploys to.
    function walletAddress(address owner, bytes32 salt) public view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(DevSmartWallet).creationCode, abi.encode(owner)));
        return Create2.computeAddress(salt, codeHash);
    }
}
