// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IDevEnsRegistry {
    function owner(bytes32 node) external view returns (address);
    function isApprovedForAll(address nodeOwner, address operator) external view returns (bool);
}

/// The devnet's public resolver: ENS's standard resolver profiles `addr(bytes32)` (EIP-137),
/// `name(bytes32)` (EIP-181, for reverse records) and `text(bytes32,string)` (EIP-634, such as
/// `avatar`), with their setters, each allowed to the node's owner in the registry (or its
/// operator), and EIP-165 `supportsInterface`.
contract DevEnsResolver {
    IDevEnsRegistry public immutable ens;

    mapping(bytes32 => address) private addresses;
    mapping(bytes32 => string) private names;
    mapping(bytes32 => mapping(string => string)) private texts;

    event AddrChanged(bytes32 indexed node, address a);
    event NameChanged(bytes32 indexed node, string name);
    event TextChanged(bytes32 indexed node, string indexed indexedKey, string key, string value);

    constructor(IDevEnsRegistry registry) {
        ens = registry;
    }

    modifier authorised(bytes32 node) {
        address nodeOwner = ens.owner(node);
        require(nodeOwner == msg.sender || ens.isApprovedForAll(nodeOwner, msg.sender), "not the node's owner");
        _;
    }

    function setAddr(bytes32 node, address a) external authorised(node) {
        addresses[node] = a;
        emit AddrChanged(node, a);
    }

    function addr(bytes32 node) external view returns (address payable) {
        return payable(addresses[node]);
    }

    function setName(bytes32 node, string calldata newName) external authorised(node) {
        names[node] = newName;
        emit NameChanged(node, newName);
    }

    function name(bytes32 node) external view returns (string memory) {
        return names[node];
    }

    function setText(bytes32 node, string calldata key, string calldata value) external authorised(node) {
        texts[node][key] = value;
        emit TextChanged(node, key, key, value);
    }

    function text(bytes32 node, string calldata key) external view returns (string memory) {
        return texts[node][key];
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // EIP-165
            || interfaceId == 0x3b3b57de // addr(bytes32)
            || interfaceId == 0x691f3431 // name(bytes32)
            || interfaceId == 0x59d1d43c; // text(bytes32,string)
    }
}
