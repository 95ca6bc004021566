// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title An ERC-721 collection for the local devnet whose metadata and images live on chain.
/// @notice `tokenURI` is a `data:application/json;base64` document whose `image` is a
/// `data:image/svg+xml;base64` picture, so wallets show it without any network.
contract DevCollection is ERC721, Ownable {
    using Strings for uint256;

    /// @notice The id the next `mint` gives; ids start at 1.
    uint256 public nextTokenId = 1;

    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) Ownable(msg.sender) {}

    /// @notice Mints the next token to `to` (owner only) and returns its id.
    function mint(address to) external onlyOwner returns (uint256 tokenId) {
        tokenId = nextTokenId++;
        _safeMint(to, tokenId);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory id = tokenId.toString();
        string memory json = string.concat(
            '{"name":"', name(), " #", id,
            '","description":"A token of the Oriel devnet collection.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(_svg(tokenId))),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }

    /// @dev A square in a hue picked from the id, with the id written on it.
    function _svg(uint256 tokenId) private pure returns (string memory) {
        string memory hue = ((tokenId * 47) % 360).toString();
        return string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256">',
            '<rect width="256" height="256" fill="hsl(', hue, ',70%,55%)"/>',
            '<circle cx="128" cy="112" r="56" fill="hsl(', hue, ',70%,85%)"/>',
            '<text x="128" y="220" font-family="sans-serif" font-size="36" text-anchor="middle" fill="#fff">#',
            tokenId.toString(),
            "</text></svg>"
        );
    }
}
