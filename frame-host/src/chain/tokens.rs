//! The tokens the operator lists per network (`[[tokens]]`, its section of the config), as
//! balances and swaps show them.

use serde::Deserialize;

/// A token of the operator's list, read by the balance route.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenConfig {
    /// The network, one of `networks`' CAIP-2 ids (`eip155:` or `solana:`).
    pub chain_id: String,
    /// The ERC-20 contract (`0x` and 40 hex digits); absent for the native coin.
    #[serde(default)]
    pub address: Option<String>,
    /// Its symbol, such as `USDC`.
    pub symbol: String,
    /// Its name, such as `USD Coin`.
    pub name: String,
    /// Its decimals (at most 77, so one whole token fits a `uint256`). Tokens with 0 decimals
    /// are never listed (spec §5).
    pub decimals: u8,
    /// Its icon, shown by the widget.
    #[serde(default)]
    pub icon_url: Option<String>,
}

/// A token as the route lists it: the native coin (no address) or a configured ERC-20.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) address: Option<String>,
    pub(crate) symbol: String,
    pub(crate) name: String,
    pub(crate) decimals: u8,
    pub(crate) icon_url: Option<String>,
}

impl Token {
    /// The default native coin of an `eip155` network without a configured one.
    pub(crate) fn ether() -> Self {
        Self {
            address: None,
            symbol: "ETH".into(),
            name: "Ether".into(),
            decimals: 18,
            icon_url: None,
        }
    }

    /// The default native coin of a `solana` network without a configured one.
    pub(crate) fn sol() -> Self {
        Self {
            address: None,
            symbol: "SOL".into(),
            name: "Solana".into(),
            decimals: 9,
            icon_url: None,
        }
    }

    /// An `eip155` token address lowercased; a Solana mint as written (base58 is case-sensitive).
    fn from_config(token: &TokenConfig) -> Self {
        let solana = token.chain_id.starts_with("solana:");
        Self {
            address: token.address.as_deref().map(|a| {
                if solana {
                    a.to_owned()
                } else {
                    a.to_ascii_lowercase()
                }
            }),
            symbol: token.symbol.clone(),
            name: token.name.clone(),
            decimals: token.decimals,
            icon_url: token.icon_url.clone(),
        }
    }
}

/// The tokens read on one network: its native coin first, then the listed tokens in
/// configuration order; 0-decimal tokens left out (spec §5).
pub(crate) fn tokens_of(configured: &[TokenConfig], chain_id: &str) -> Vec<Token> {
    let listed: Vec<Token> = configured
        .iter()
        .filter(|t| t.chain_id == chain_id)
        .map(Token::from_config)
        .collect();
    let native = listed
        .iter()
        .find(|t| t.address.is_none())
        .cloned()
        .unwrap_or_else(|| {
            if chain_id.starts_with("solana:") {
                Token::sol()
            } else {
                Token::ether()
            }
        });
    std::iter::once(native)
        .chain(listed.into_iter().filter(|t| t.address.is_some()))
        .filter(|t| t.decimals > 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_decimal_tokens_are_left_out_and_native_comes_first() {
        let token = |address: Option<&str>, symbol: &str, decimals| TokenConfig {
            chain_id: "eip155:1".into(),
            address: address.map(Into::into),
            symbol: symbol.into(),
            name: symbol.into(),
            decimals,
            icon_url: None,
        };
        let configured = [
            token(Some("0x00000000000000000000000000000000000000AA"), "NFT", 0),
            token(
                Some("0x00000000000000000000000000000000000000bb"),
                "USDC",
                6,
            ),
            token(None, "POL", 18),
        ];
        let symbols: Vec<String> = tokens_of(&configured, "eip155:1")
            .into_iter()
            .map(|t| t.symbol)
            .collect();
        assert_eq!(symbols, ["POL", "USDC"]);
        assert_eq!(tokens_of(&configured, "eip155:2")[0], Token::ether());
    }
}
