// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The ENS registry of the devnet: EIP-137's registry interface (owner, resolver and TTL per
/// node, subnodes by label hash, operators), as ENS's own ENSRegistry implements it. The
/// deployer owns the root node.
contract DevEnsRegistry {
    struct Record {
        address owner;
        address resolver;
        uint64 ttl;
    }

    mapping(bytes32 => Record) private records;
    mapping(address => mapping(address => bool)) private operators;

    event NewOwner(bytes32 indexed node, bytes32 indexed label, address owner);
    event Transfer(bytes32 indexed node, address owner);
    event NewResolver(bytes32 indexed node, address resolver);
    event NewTTL(bytes32 indexed node, uint64 ttl);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor() {
        records[0x0].owner = msg.sender;
    }

    modifier authorised(bytes32 node) {
        address nodeOwner = records[node].owner;
        require(nodeOwner == msg.sender || operators[nodeOwner][msg.sender], "not the node's owner");
        _;
    }

    function setRecord(bytes32 node, address newOwner, address newResolver, uint64 newTtl) external {
        setOwner(node, newOwner);
        _setResolverAndTTL(node, newResolver, newTtl);
    }

    function setSubnodeRecord(bytes32 node, bytes32 label, address newOwner, address newResolver, uint64 newTtl) external {
        bytes32 subnode = setSubnodeOwner(node, label, newOwner);
        _setResolverAndTTL(subnode, newResolver, newTtl);
    }

    function setOwner(bytes32 node, address newOwner) public authorised(node) {
        records[node].owner = newOwner;
        emit Transfer(node, newOwner);
    }

    function setSubnodeOwner(bytes32 node, bytes32 label, address newOwner) public authorised(node) returns (bytes32) {
        bytes32 subnode = keccak256(abi.encodePacked(node, label));
        records[subnode].owner = newOwner;
        emit NewOwner(node, label, newOwner);
        return subnode;
    }

    function setResolver(bytes32 node, address newResolver) public authorised(node) {
        records[node].resolver = newResolver;
        emit NewResolver(node, newResolver);
    }

    function setTTL(bytes32 node, uint64 newTtl) public authorised(node) {
        records[node].ttl = newTtl;
        emit NewTTL(node, newTtl);
    }

    function setApprovalForAll(address operator, bool approved) external {
        operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function owner(bytes32 node) external view returns (address) {
        return records[node].owner;
    }

    function resolver(bytes32 node) external view returns (address) {
        return records[node].resolver;
    }

    function ttl(bytes32 node) external view returns (uint64) {
        return records[node].ttl;
    }

    function recordExists(bytes32 node) external view returns (bool) {
        return records[node].owner != address(0);
    }

    function isApprovedForAll(address nodeOwner, address operator) external view returns (bool) {
        return operators[nodeOwner][operator];
    }

    function _setResolverAndTTL(bytes32 node, address newResolver, uint64 newTtl) private {
        if (newResolver != records[node].resolver) {
            records[node].resolver = newResolver;
            emit NewResolver(node, newResolver);
        }
        if (newTtl != records[node].ttl) {
            records[node].ttl = newTtl;
            emit NewTTL(node, newTtl);
        }
    }
}
