//! `GET /v1/account/{address}/nfts?chainId=` (Oriel's addition to spec §7, wire in
//! `oriel_protocol::http::history`): the NFTs the address owns now on one indexed network
//! (received minus sent, from the [`HistorySource`](super::indexer::HistorySource)), newest
//! acquired first, at most [`MAX_NFTS`], the operator's spam contracts left out.

use oriel_protocol::http::history::{NftsReply, OwnedNft, MAX_NFTS};

use super::{
    history::{account, indexed_chain, is_spam, nft_name},
    Account,
};
use crate::{error::ApiError, types::checksummed};

impl Account {
    /// The NFTs `address` owns now on `chain_id`.
    pub(crate) async fn nfts(
        &self,
        address: &str,
        chain_id: Option<String>,
    ) -> Result<NftsReply, ApiError> {
        let state = self;
        let address = account(address)?;
        let chain_id = chain_id.ok_or_else(|| ApiError::invalid("Missing chainId"))?;
        let config = state.config();
        let chain_id = indexed_chain(config, state.history(), &chain_id)?;
        let owned = state.history().owned_nfts(&chain_id, &address).await?;
        let nfts = owned
            .into_iter()
            .filter(|nft| !is_spam(config, &chain_id, &nft.contract))
            .take(MAX_NFTS)
            .map(|nft| OwnedNft {
                chain_id: chain_id.clone(),
                contract: checksummed(&nft.contract),
                name: nft_name(
                    nft.name.as_deref(),
                    nft.collection.as_deref(),
                    &nft.token_id,
                ),
                token_id: nft.token_id,
                collection: nft.collection.unwrap_or_default(),
                image_url: nft.image,
            })
            .collect();
        Ok(NftsReply { nfts })
    }
}
