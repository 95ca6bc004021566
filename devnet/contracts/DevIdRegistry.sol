// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Farcaster's IdRegistry as Sign In With Farcaster reads it, for the devnet: every fid (a
/// Farcaster account number, counted from 1) has one custody address and an address may hold at
/// most one fid. The reads and the `Register` event have the signatures of Farcaster's IdRegistry
/// on Optimism (`idOf`, `custodyOf`, `recoveryOf`, `idCounter`), so frame-host checks a sign-in
/// against either with the same calls. Registering is the owner's alone (the role of Farcaster's
/// IdGateway, which there takes a storage rent and an EIP-712 signature instead).
contract DevIdRegistry {
    /// The address already holds a fid.
    error HasId();
    /// Only the owner registers.
    error Unauthorized();

    event Register(address indexed to, uint256 indexed id, address recovery);

    /// Who registers fids (`devnet/deploy.mjs`'s deployer).
    address public immutable owner;
    /// The last fid issued.
    uint256 public idCounter;
    /// The fid of a custody address (0: none).
    mapping(address => uint256) public idOf;
    /// The custody address of a fid (the zero address: none).
    mapping(uint256 => address) public custodyOf;
    /// The recovery address of a fid.
    mapping(uint256 => address) public recoveryOf;

    constructor(address owner_) {
        owner = owner_;
    }

    /// Issues the next fid to `to`, with `recovery` as its recovery address.
    function register(address to, address recovery) external returns (uint256 fid) {
        if (msg.sender != owner) revert Unauthorized();
        if (idOf[to] != 0) revert HasId();
        fid = ++idCounter;
        idOf[to] = fid;
        custodyOf[fid] = to;
        recoveryOf[fid] = recovery;
        emit Register(to, fid, recovery);
    }
}
