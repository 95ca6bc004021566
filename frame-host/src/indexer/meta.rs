//! Token and NFT metadata, read once per token over `eth_call` in one batch: `name()`,
//! `symbol()` and (ERC-20) `decimals()` of a contract; an NFT's name and image from its
//! ERC-721 `tokenURI(id)` or ERC-1155 `uri(id)` when that is an on-chain `data:` JSON
//! document (the devnet collection's is). Metadata behind `https://` or `ipfs://` is not
//! fetched: frame-host does not make requests to URLs a contract names (an operator who wants
//! it plugs a hosted indexer behind [`super::HistorySource`]).

use alloy_primitives::U256;
use base64::{engine::general_purpose::STANDARD, Engine};
use oriel_rpc::RpcError;
use serde_json::{json, Value};

use super::abi;
use crate::{
    chain::ChainClient,
    error::Result,
    store::{NftMeta, TokenMeta},
};

const NAME: &str = "0x06fdde03";
const SYMBOL: &str = "0x95d89b41";
const DECIMALS: &str = "0x313ce567";
const TOKEN_URI: &str = "0xc87b56dd";
const URI: &str = "0x0e89341c";

/// The longest name kept, in characters.
const MAX_NAME: usize = 100;
/// The longest symbol kept.
const MAX_SYMBOL: usize = 32;
/// The longest image URL kept (an on-chain SVG as a `data:` URL).
const MAX_IMAGE: usize = 200_000;

/// A token contract whose metadata is wanted: ERC-20s also need their decimals.
pub(super) struct WantedToken {
    pub(super) contract: String,
    pub(super) erc20: bool,
}

/// An NFT whose metadata is wanted.
pub(super) struct WantedNft {
    pub(super) contract: String,
    pub(super) token_id: String,
    pub(super) erc1155: bool,
}

fn call(to: &str, data: String) -> (String, Value) {
    (
        "eth_call".to_owned(),
        json!([{ "to": to, "data": data }, "latest"]),
    )
}

/// The metadata of `tokens` and `nfts`. A call the node answers with an error (a revert: the
/// function does not exist) gives `None`; a failed batch or a missing answer is an error, so
/// nothing is stored and the batch is read again later.
pub(super) async fn fetch(
    client: &ChainClient,
    tokens: &[WantedToken],
    nfts: &[WantedNft],
) -> Result<(Vec<TokenMeta>, Vec<NftMeta>)> {
    let mut calls = Vec::new();
    for t in tokens {
        calls.push(call(&t.contract, NAME.into()));
        calls.push(call(&t.contract, SYMBOL.into()));
        calls.push(call(&t.contract, DECIMALS.into()));
    }
    let mut ids = Vec::new();
    for n in nfts {
        let id = U256::from_str_radix(&n.token_id, 10).unwrap_or_default();
        let selector = if n.erc1155 { URI } else { TOKEN_URI };
        calls.push(call(&n.contract, format!("{selector}{}", abi::id_hex(&id))));
        ids.push(id);
    }
    if calls.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    let mut answers = Vec::with_capacity(calls.len());
    for outcome in client.batch(&calls).await? {
        answers.push(match outcome {
            Ok(Value::String(text)) => Some(text),
            Ok(_) | Err(RpcError::Rpc { .. }) => None,
            Err(e) => return Err(e.into()),
        });
    }
    let mut answers = answers.into_iter();
    let mut next = || answers.next().flatten();
    let token_meta = tokens
        .iter()
        .map(|t| {
            let (name, symbol, decimals) = (next(), next(), next());
            TokenMeta {
                contract: t.contract.clone(),
                name: name.and_then(|a| abi::string(&a, MAX_NAME)),
                symbol: symbol.and_then(|a| abi::string(&a, MAX_SYMBOL)),
                decimals: decimals
                    .filter(|_| t.erc20)
                    .and_then(|a| abi::uint(&a))
                    .filter(|d| *d <= U256::from(77))
                    .map(|d| d.to::<i64>()),
            }
        })
        .collect();
    let nft_meta = nfts
        .iter()
        .zip(ids)
        .map(|(n, id)| {
            let uri = next().and_then(|a| abi::string(&a, MAX_IMAGE * 2));
            let uri = uri.map(|u| u.replace("{id}", &abi::id_hex(&id)));
            let (name, image) = uri.as_deref().map(document).unwrap_or_default();
            NftMeta {
                contract: n.contract.clone(),
                token_id: n.token_id.clone(),
                name,
                image,
            }
        })
        .collect();
    Ok((token_meta, nft_meta))
}

/// The name and image of a `data:application/json` metadata URI (base64 or plain).
fn document(uri: &str) -> (Option<String>, Option<String>) {
    let json = if let Some(b64) = uri.strip_prefix("data:application/json;base64,") {
        STANDARD
            .decode(b64)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
    } else {
        ["data:application/json,", "data:application/json;utf8,"]
            .iter()
            .find_map(|p| uri.strip_prefix(p))
            .map(str::to_owned)
    };
    let Some(doc) = json.and_then(|j| serde_json::from_str::<Value>(&j).ok()) else {
        return (None, None);
    };
    let name = doc["name"]
        .as_str()
        .map(|n| {
            n.chars()
                .filter(|c| !c.is_control())
                .take(MAX_NAME)
                .collect::<String>()
        })
        .filter(|n| !n.trim().is_empty());
    let image = doc["image"]
        .as_str()
        .filter(|i| i.len() <= MAX_IMAGE && image_type(i).is_some())
        .map(str::to_owned);
    (name, image)
}

/// The media type of an image URL frame-host passes on: a `data:image/…` URL's own, or an
/// `https://` URL's by its extension (`image/*` when it has none it knows); `None` for any
/// other URL.
pub(crate) fn image_type(url: &str) -> Option<String> {
    if let Some(rest) = url.strip_prefix("data:image/") {
        let subtype: String = rest
            .chars()
            .take_while(|c| !matches!(c, ';' | ','))
            .collect();
        let plain = !subtype.is_empty()
            && subtype
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        return plain.then(|| format!("image/{subtype}"));
    }
    if !url.starts_with("https://") || url.chars().any(|c| c.is_whitespace() || c == '"') {
        return None;
    }
    let path = url
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let ext = path.rsplit_once('.').map(|(_, e)| e).unwrap_or_default();
    Some(
        match ext {
            "png" => "image/png",
            "jpg" | "jpeg" => "image/jpeg",
            "gif" => "image/gif",
            "svg" => "image/svg+xml",
            "webp" => "image/webp",
            _ => "image/*",
        }
        .to_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_chain_documents() {
        let doc = r#"{"name":"Dev #3","image":"data:image/svg+xml;base64,PHN2Zz4="}"#;
        let uri = format!("data:application/json;base64,{}", STANDARD.encode(doc));
        assert_eq!(
            document(&uri),
            (
                Some("Dev #3".into()),
                Some("data:image/svg+xml;base64,PHN2Zz4=".into())
            )
        );
        let plain = r#"data:application/json,{"name":"X","image":"javascript:alert(1)"}"#;
        assert_eq!(document(plain), (Some("X".into()), None));
        assert_eq!(document("ipfs://Qm/1.json"), (None, None));
        assert_eq!(document("data:application/json;base64,!!"), (None, None));
    }

    #[test]
    fn image_types() {
        assert_eq!(
            image_type("data:image/svg+xml;base64,AA").as_deref(),
            Some("image/svg+xml")
        );
        assert_eq!(
            image_type("https://x.test/a.PNG?v=1").as_deref(),
            Some("image/png")
        );
        assert_eq!(image_type("https://x.test/a").as_deref(), Some("image/*"));
        assert_eq!(image_type("http://x.test/a.png"), None);
        assert_eq!(image_type("data:text/html,<b>"), None);
    }
}
