//! Asset ids as the price routes and the prices file write them, and their one canonical
//! form, so `eip155:1:0xABC…`, `eip155:1:0xabc…` and `eip155:1/erc20:0xabc…` name the same
//! token.

use oriel_protocol::caip::is_caip2;

/// The longest asset id accepted (longer ones are refused before being echoed in a message).
pub(crate) const MAX_ASSET_ID_LEN: usize = 200;

/// CAIP-19 asset namespaces whose reference is a token contract or mint address.
const TOKEN_NAMESPACES: [&str; 2] = ["erc20", "token"];

/// The canonical id of an asset: `chain:address` for a token (an `eip155` address
/// lowercased), else the CAIP-19 id `chain/namespace:reference` (such as
/// `eip155:1/slip44:60`, a chain's native coin).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct AssetKey(String);

impl AssetKey {
    /// Reads `text`: `namespace:reference:address` (a CAIP-2 chain and a token address) or a
    /// CAIP-19 asset id `namespace:reference/asset_namespace:asset_reference`. `None` when it
    /// is neither.
    pub(crate) fn parse(text: &str) -> Option<Self> {
        if text.len() > MAX_ASSET_ID_LEN {
            return None;
        }
        if let Some((chain, asset)) = text.split_once('/') {
            let (namespace, reference) = asset.split_once(':')?;
            let namespace_ok = (3..=8).contains(&namespace.len())
                && namespace
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if !is_caip2(chain) || !namespace_ok || !plain(reference) {
                return None;
            }
            return Some(if TOKEN_NAMESPACES.contains(&namespace) {
                Self::token(chain, reference)
            } else {
                Self(format!("{chain}/{namespace}:{reference}"))
            });
        }
        let split = text.match_indices(':').nth(1)?.0;
        let (chain, address) = (&text[..split], &text[split + 1..]);
        (is_caip2(chain) && plain(address)).then(|| Self::token(chain, address))
    }

    fn token(chain: &str, address: &str) -> Self {
        if chain.starts_with("eip155:") {
            Self(format!("{chain}:{}", address.to_ascii_lowercase()))
        } else {
            Self(format!("{chain}:{address}"))
        }
    }

    /// The canonical text.
    /// The canonical id.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }
}

/// A non-empty address or asset reference: ASCII letters, digits, `-`, `_` and `.`.
fn plain(text: &str) -> bool {
    !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

#[cfg(test)]
mod tests {
    use super::AssetKey;

    fn canonical(text: &str) -> Option<String> {
        AssetKey::parse(text).map(|k| k.as_str().to_owned())
    }

    #[test]
    fn tokens_have_one_form() {
        let want = Some("eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48".to_owned());
        assert_eq!(
            canonical("eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"),
            want
        );
        assert_eq!(
            canonical("eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"),
            want
        );
        // Solana addresses are case-sensitive.
        assert_eq!(
            canonical("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
            Some("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v".to_owned())
        );
    }

    #[test]
    fn other_assets_keep_their_caip19_id() {
        assert_eq!(
            canonical("eip155:1/slip44:60"),
            Some("eip155:1/slip44:60".to_owned())
        );
    }

    #[test]
    fn malformed_ids_are_refused() {
        for bad in [
            "",
            "eip155:1",
            "eip155:1:",
            "0xabc",
            "EIP155:1:0xabc",
            "eip155:1:0x abc",
            "eip155:1:a:b",
            "eip155:1/erc20",
            "eip155:1/E:1",
            "eip155:1/erc20:",
        ] {
            assert_eq!(canonical(bad), None, "{bad:?}");
        }
        assert_eq!(canonical(&format!("eip155:1:0x{}", "a".repeat(200))), None);
    }
}
