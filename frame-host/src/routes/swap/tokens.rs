//! `GET /v1/convert/tokens`: the tokens a swap network trades: its native coin, then the
//! operator's `[[tokens]]` of that network (the devnet's tokens with `devnet_contracts`)
//! that have a pool against the wrapped native coin, in configuration order.

use alloy_primitives::Address;
use axum::{extract::State, Json};
use url::Url;

use super::ConvertClient;
use crate::swap::{
    body::{ConvertChainQuery, SwapToken, SwapTokensReply},
    error::ConvertError,
    params::{self, Asset},
    Swap,
};
use crate::{chain::tokens::tokens_of, error::ApiError, http::ApiQuery};

/// The route.
pub(super) async fn tokens(
    State(state): State<Swap>,
    client: ConvertClient,
    ApiQuery(q): ApiQuery<ConvertChainQuery>,
) -> Result<Json<SwapTokensReply>, ApiError> {
    let chain_id = params::required("chainId", &q.chain_id)?;
    let chain_id = params::network(chain_id, ConvertError::SwapsNotSupported)?;
    let exchange = state.exchanges().get(&chain_id)?;
    let weth = exchange.weth().await?;
    let listed = tokens_of(state.tokens(), &chain_id);
    let mut assets = Vec::with_capacity(listed.len());
    for token in &listed {
        let asset = match token.address.as_deref() {
            None => Asset::Native,
            Some(address) => Asset::Erc20(
                address
                    .parse::<Address>()
                    .map_err(|_| ConvertError::invalid("token", address.to_owned()))?,
            ),
        };
        assets.push(asset);
    }
    let erc20s: Vec<(Address, Address)> = assets
        .iter()
        .filter_map(|a| match a {
            Asset::Erc20(address) if *address != weth => Some((*address, weth)),
            _ => None,
        })
        .collect();
    let mut pools = exchange.pairs(&erc20s).await?.into_iter();
    let base = Url::parse(state.public_url()).map_err(|_| {
        ConvertError::Chain(crate::error::Error::InvalidValue(format!(
            "public_url {:?} is not a URL",
            state.public_url()
        )))
    })?;
    let mut tokens = Vec::new();
    for (token, asset) in listed.iter().zip(assets) {
        let traded = match asset {
            Asset::Native => true,
            Asset::Erc20(address) if address == weth => false,
            Asset::Erc20(_) => pools.next().flatten().is_some(),
        };
        if traded {
            tokens.push(SwapToken {
                name: token.name.clone(),
                symbol: token.symbol.clone(),
                address: params::caip10_of(&chain_id, asset),
                decimals: token.decimals,
                logo_uri: token
                    .icon_url
                    .clone()
                    .unwrap_or_else(|| token_image(&base, &token.symbol, &client.project_id)),
            });
        }
    }
    Ok(Json(SwapTokensReply { tokens }))
}

/// frame-host's own mark of `symbol`: `{public_url}/public/getTokenImage/{symbol}?projectId=…`
/// (a symbol without a mark answers 404 there, and the widget shows its placeholder).
fn token_image(base: &Url, symbol: &str, project_id: &str) -> String {
    let mut url = base.clone();
    if let Ok(mut path) = url.path_segments_mut() {
        path.pop_if_empty()
            .extend(["public", "getTokenImage", symbol]);
    }
    url.query_pairs_mut().append_pair("projectId", project_id);
    url.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_images_are_frame_hosts_own() {
        let base = Url::parse("https://wallet.test").unwrap();
        assert_eq!(
            token_image(&base, "dUSD", "demo"),
            "https://wallet.test/public/getTokenImage/dUSD?projectId=demo"
        );
        assert_eq!(
            token_image(&base, "a/b?c", "p q"),
            "https://wallet.test/public/getTokenImage/a%2Fb%3Fc?projectId=p+q"
        );
    }
}
