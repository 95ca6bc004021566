// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IDevEnsRegistryResolver {
    function resolver(bytes32 node) external view returns (address);
}

/// ENS's batch gateway protocol (what viem's local batch gateway serves).
interface IBatchGateway {
    struct Query {
        address sender;
        string[] urls;
        bytes data;
    }

    function query(Query[] memory queries) external view returns (bool[] memory failures, bytes[] memory responses);
}

/// The devnet's universal resolver: the entry point viem's ENS actions call
/// (`getEnsAddress`, `getEnsText` call `resolveWithGateways(name, data, gateways)` with the
/// DNS-encoded name and a resolver call). It finds the name's resolver in the registry the
/// ENSIP-10 way (the name's own, else the nearest parent's, which must then be a wildcard
/// resolver), calls it (through `resolve(name, data)` when it is an extended resolver) and
/// returns `(answer, resolver)`. A resolver that reverts with EIP-3668's `OffchainLookup` is
/// answered through a batch gateway, as ENS's UniversalResolver does: this contract reverts with
/// its own `OffchainLookup` to `gateways` (viem passes `x-batch-gateway:true`, which it serves
/// itself) asking `query([(resolver, urls, callData)])`, so the resolver's gateway is asked with
/// the resolver as `{sender}`; `resolveCallback` hands the answer to the resolver's own callback.
/// The errors are those of ENS's UniversalResolver that viem reads as "no record".
contract DevUniversalResolver {
    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
    error DNSDecodingFailed(bytes dns);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);

    bytes4 private constant EXTENDED = 0x9061b923;

    IDevEnsRegistryResolver public immutable registry;

    constructor(IDevEnsRegistryResolver registry_) {
        registry = registry_;
    }

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata gateways)
        external
        view
        returns (bytes memory, address)
    {
        (address resolver, bool wildcard) = findResolver(name);
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        bool extended = _supports(resolver, EXTENDED);
        if (wildcard && !extended) revert ResolverNotFound(name);
        bytes memory call = extended ? abi.encodeWithSelector(EXTENDED, name, data) : data;
        (bool ok, bytes memory answer) = resolver.staticcall(call);
        if (!ok) {
            if (answer.length >= 4 && bytes4(answer) == OffchainLookup.selector) _forward(resolver, answer, gateways);
            revert ResolverError(answer);
        }
        return (extended ? abi.decode(answer, (bytes)) : answer, resolver);
    }

    /// EIP-3668's callback for a forwarded lookup: `response` is the batch gateway's answer to
    /// the one query; its response goes to the resolver's own callback, whose answer is returned
    /// with the resolver. A failed query reverts with the gateway's error.
    function resolveCallback(bytes calldata response, bytes calldata extraData)
        external
        view
        returns (bytes memory, address)
    {
        (address resolver, bytes4 callback, bytes memory resolverExtraData) =
            abi.decode(extraData, (address, bytes4, bytes));
        (bool[] memory failures, bytes[] memory responses) = abi.decode(response, (bool[], bytes[]));
        if (failures.length != 1 || responses.length != 1) revert ResolverError(response);
        if (failures[0]) {
            bytes memory reason = responses[0];
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
        (bool ok, bytes memory answer) =
            resolver.staticcall(abi.encodeWithSelector(callback, responses[0], resolverExtraData));
        if (!ok) revert ResolverError(answer);
        return (abi.decode(answer, (bytes)), resolver);
    }

    /// The resolver of the DNS-encoded `name`, and whether it is a parent's (a wildcard).
    function findResolver(bytes calldata name) public view returns (address, bool) {
        bytes32[] memory nodes = _nodes(name);
        for (uint256 i = 0; i + 1 < nodes.length; i++) {
            address resolver = registry.resolver(nodes[i]);
            if (resolver != address(0)) return (resolver, i != 0);
        }
        return (address(0), false);
    }

    /// Reverts with a lookup of the resolver's lookup through the batch gateways.
    function _forward(address resolver, bytes memory lookup, string[] calldata gateways) private view {
        // The revert data without its 4-byte selector: the error's ABI-encoded arguments.
        assembly {
            let len := mload(lookup)
            lookup := add(lookup, 4)
            mstore(lookup, sub(len, 4))
        }
        (address sender, string[] memory urls, bytes memory callData, bytes4 callback, bytes memory extraData) =
            abi.decode(lookup, (address, string[], bytes, bytes4, bytes));
        if (sender != resolver) revert ResolverError(lookup);
        IBatchGateway.Query[] memory queries = new IBatchGateway.Query[](1);
        queries[0] = IBatchGateway.Query(sender, urls, callData);
        revert OffchainLookup(
            address(this),
            gateways,
            abi.encodeCall(IBatchGateway.query, (queries)),
            this.resolveCallback.selector,
            abi.encode(resolver, callback, extraData)
        );
    }

    /// The namehashes of `name` and each of its parents, longest first, ending with the root (0).
    function _nodes(bytes calldata name) private pure returns (bytes32[] memory nodes) {
        uint256 count;
        uint256 at;
        while (true) {
            if (at >= name.length) revert DNSDecodingFailed(name);
            uint256 len = uint8(name[at]);
            if (len == 0) break;
            at += len + 1;
            count++;
        }
        if (at != name.length - 1) revert DNSDecodingFailed(name);
        uint256[] memory starts = new uint256[](count);
        at = 0;
        for (uint256 i = 0; i < count; i++) {
            starts[i] = at;
            at += uint8(name[at]) + 1;
        }
        nodes = new bytes32[](count + 1);
        for (uint256 i = count; i > 0; i--) {
            uint256 start = starts[i - 1];
            bytes32 label = keccak256(name[start + 1:start + 1 + uint8(name[start])]);
            nodes[i - 1] = keccak256(abi.encodePacked(nodes[i], label));
        }
    }

    function _supports(address target, bytes4 interfaceId) private view returns (bool) {
        (bool ok, bytes memory answer) =
            target.staticcall(abi.encodeWithSignature("supportsInterface(bytes4)", interfaceId));
        return ok && answer.length >= 32 && abi.decode(answer, (bool));
    }
}
