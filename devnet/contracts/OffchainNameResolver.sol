// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// The resolver of frame-host's name suffix (such as `oriel.id`): an ENSIP-10 wildcard resolver
/// that answers every name under the suffix with EIP-3668 CCIP-read. `resolve(name, data)`
/// reverts with `OffchainLookup`, sending the client to frame-host's gateway
/// (`GET {public_url}/v1/profile/ccip/{sender}/{data}.json`); the client hands the gateway's
/// answer to `resolveWithProof`, which returns the record only when one of the trusted signers
/// signed it and it has not expired. The signed hash is ENS's OffchainResolver scheme (EIP-191
/// version 0x00, "data with intended validator"):
/// `keccak256(0x1900 ‖ resolver ‖ uint64 expires ‖ keccak256(request) ‖ keccak256(result))`,
/// `request` being the `resolve` call data the gateway received.
contract OffchainNameResolver {
    /// EIP-3668.
    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
    /// The gateway's answer is past its `expires` (Unix seconds).
    error ResponseExpired(uint64 expires);
    /// The gateway's answer is signed by an address that is not a trusted signer.
    error UnknownSigner(address signer);
    /// Only the owner sets the gateway.
    error NotOwner();

    event GatewayChanged(string url, address[] signers);

    /// Who may change the gateway and its signers.
    address public immutable owner;
    /// The gateway URL template (EIP-3668: `{sender}` and `{data}` are filled in by the client).
    string public url;
    /// Whether an address signs the gateway's answers.
    mapping(address => bool) public signers;
    address[] private signerList;

    constructor(address owner_, string memory url_, address[] memory signers_) {
        owner = owner_;
        _setGateway(url_, signers_);
    }

    /// Points the resolver at a gateway and the keys that sign its answers (replacing the old ones).
    function setGateway(string calldata url_, address[] calldata signers_) external {
        if (msg.sender != owner) revert NotOwner();
        _setGateway(url_, signers_);
    }

    /// The trusted signers.
    function gatewaySigners() external view returns (address[] memory) {
        return signerList;
    }

    /// ENSIP-10: any record of any name, answered by the gateway.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory callData = abi.encodeWithSelector(this.resolve.selector, name, data);
        string[] memory urls = new string[](1);
        urls[0] = url;
        revert OffchainLookup(address(this), urls, callData, this.resolveWithProof.selector, callData);
    }

    /// EIP-3668's callback: `response` is the gateway's `abi.encode(bytes result, uint64 expires,
    /// bytes signature)`, `extraData` the request it answered. Returns `result`.
    function resolveWithProof(bytes calldata response, bytes calldata extraData) external view returns (bytes memory) {
        (bytes memory result, uint64 expires, bytes memory signature) = abi.decode(response, (bytes, uint64, bytes));
        if (expires < block.timestamp) revert ResponseExpired(expires);
        address signer = ECDSA.recover(signatureHash(expires, extraData, result), signature);
        if (!signers[signer]) revert UnknownSigner(signer);
        return result;
    }

    /// The hash the gateway signs for an answer `result` to `request`, valid until `expires`.
    function signatureHash(uint64 expires, bytes memory request, bytes memory result) public view returns (bytes32) {
        return keccak256(abi.encodePacked(hex"1900", address(this), expires, keccak256(request), keccak256(result)));
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // EIP-165
            || interfaceId == 0x9061b923; // ENSIP-10 resolve(bytes,bytes)
    }

    function _setGateway(string memory url_, address[] memory signers_) private {
        for (uint256 i = 0; i < signerList.length; i++) {
            signers[signerList[i]] = false;
        }
        delete signerList;
        for (uint256 i = 0; i < signers_.length; i++) {
            signers[signers_[i]] = true;
            signerList.push(signers_[i]);
        }
        url = url_;
        emit GatewayChanged(url_, signers_);
    }
}
