//! Names and native coins of well-known networks, for the networks whose config names neither:
//! the wallet's approval screen says "Ethereum" and "ETH", not `eip155:1`.

/// A network's name and its native coin's symbol and decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KnownNetwork {
    /// The name for people.
    pub(crate) name: &'static str,
    /// The native coin's symbol.
    pub(crate) symbol: &'static str,
    /// The native coin's decimals.
    pub(crate) decimals: u8,
}

const fn evm(name: &'static str, symbol: &'static str) -> KnownNetwork {
    KnownNetwork {
        name,
        symbol,
        decimals: 18,
    }
}

/// The well-known networks, by CAIP-2 id.
const KNOWN: [(&str, KnownNetwork); 15] = [
    ("eip155:1", evm("Ethereum", "ETH")),
    ("eip155:10", evm("OP Mainnet", "ETH")),
    ("eip155:56", evm("BNB Smart Chain", "BNB")),
    ("eip155:100", evm("Gnosis", "xDAI")),
    ("eip155:137", evm("Polygon", "POL")),
    ("eip155:324", evm("ZKsync Era", "ETH")),
    ("eip155:8453", evm("Base", "ETH")),
    ("eip155:42161", evm("Arbitrum One", "ETH")),
    ("eip155:43114", evm("Avalanche", "AVAX")),
    ("eip155:59144", evm("Linea", "ETH")),
    ("eip155:84532", evm("Base Sepolia", "ETH")),
    ("eip155:11155111", evm("Sepolia", "ETH")),
    // The devnet `make demo` and the browser tests run; the SDK calls it the same.
    ("eip155:31337", evm("Local Devnet", "ETH")),
    (
        "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        KnownNetwork {
            name: "Solana",
            symbol: "SOL",
            decimals: 9,
        },
    ),
    // The local Solana cluster `make demo` and the browser tests run (devnet/solana).
    (
        "solana:Ay2AEajzuAs9MiB6D6ug4qGQ4Yzt6NZo",
        KnownNetwork {
            name: "Local Solana",
            symbol: "SOL",
            decimals: 9,
        },
    ),
];

/// The well-known network `chain_id` (CAIP-2), if it is one.
pub(crate) fn known_network(chain_id: &str) -> Option<KnownNetwork> {
    KNOWN
        .iter()
        .find(|(id, _)| *id == chain_id)
        .map(|(_, network)| *network)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_well_known_networks_only() {
        assert_eq!(known_network("eip155:1").map(|n| n.name), Some("Ethereum"));
        assert_eq!(known_network("eip155:137").map(|n| n.symbol), Some("POL"));
        assert_eq!(
            known_network("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp").map(|n| n.decimals),
            Some(9)
        );
        assert_eq!(known_network("eip155:999999"), None);
    }
}
