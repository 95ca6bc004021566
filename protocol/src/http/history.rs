//! The bodies of `GET /v1/account/{account}/history` (spec §7) and of Oriel's
//! `GET /v1/account/{address}/nfts`, as agreed between frame-host's indexer and the SDK
//! (`HISTORY-WIRE`): camelCase, except the spec's snake_case names (`fungible_info`,
//! `nft_info`, `content_type`, `is_spam`).

use serde::{Deserialize, Serialize};

use super::blockchain::Quantity;

/// Transactions in one history page.
pub const HISTORY_PAGE_SIZE: usize = 20;

/// The most NFTs `GET /v1/account/{address}/nfts` answers.
pub const MAX_NFTS: usize = 200;

/// The query of `GET /v1/account/{account}/history`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HistoryQuery {
    /// One indexed network (CAIP-2); without it, every one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub chain_id: Option<String>,
    /// The `next` of the page before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub cursor: Option<String>,
    /// An on-ramp provider's id: the account's purchases through it instead
    /// ([`super::onramp::OnrampHistoryReply`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub onramp: Option<String>,
}

/// The answer of `GET /v1/account/{account}/history`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HistoryReply {
    /// At most [`HISTORY_PAGE_SIZE`] transactions, newest first.
    #[cfg_attr(feature = "openapi", schema(max_items = 20))]
    pub data: Vec<HistoryTransaction>,
    /// The opaque cursor of the next page; `null` on the last page.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub next: Option<String>,
}

/// One transaction touching the account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HistoryTransaction {
    /// `{hash}-{chain}`.
    pub id: String,
    /// What the transaction was.
    pub metadata: HistoryMetadata,
    /// Its transfers to or from the account, in log order.
    pub transfers: Vec<HistoryTransfer>,
}

/// A transaction's facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HistoryMetadata {
    /// What it did for the account.
    pub operation_type: OperationType,
    /// The transaction hash, `0x` and 64 hex digits.
    pub hash: String,
    /// When its block was mined, RFC 3339 UTC (`2026-11-23T20:00:00Z`).
    pub mined_at: String,
    /// The transaction's sender, checksummed.
    pub sent_from: String,
    /// The transaction's recipient (the created contract for a deployment), checksummed.
    pub sent_to: String,
    /// Always `confirmed`: only mined transactions are indexed.
    pub status: TransactionStatus,
    /// The sender's nonce.
    pub nonce: u64,
    /// The CAIP-2 chain.
    pub chain: String,
}

/// What a transaction did for the account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum OperationType {
    /// Assets left the account (or moved to itself).
    Send,
    /// Assets reached the account.
    Receive,
    /// Assets were created for the account (sent from the zero address).
    Mint,
    /// The account's assets were destroyed (sent to the zero address).
    Burn,
    /// Assets moved both ways.
    Execute,
    /// A swap through the network's exchange: one asset out, another in (the transaction was
    /// sent to the exchange's router).
    Trade,
}

/// A transaction's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum TransactionStatus {
    /// Mined.
    Confirmed,
}

/// Which way a transfer went, seen from the account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// To the account.
    In,
    /// From the account.
    Out,
    /// From the account to itself.
    #[serde(rename = "self")]
    SelfTransfer,
}

/// One transfer of a transaction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HistoryTransfer {
    /// Which way.
    pub direction: Direction,
    /// How much, in whole tokens, exact (`{"numeric":"1","decimals":"0"}` for an ERC-721).
    pub quantity: Quantity,
    /// `quantity × price`; `null` when the price is unknown.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub value: Option<f64>,
    /// The current price of one whole token in USD; `null` when unknown.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub price: Option<f64>,
    /// The native coin or ERC-20; absent for NFTs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub fungible_info: Option<FungibleInfo>,
    /// The ERC-721 or ERC-1155 token; absent for fungibles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub nft_info: Option<NftInfo>,
    /// Why the widget hides this transfer by default (issue 38, L-9: address poisoning);
    /// absent for a transfer it shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub hidden: Option<HiddenReason>,
}

/// Why a transfer is hidden by default: what address poisoning looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum HiddenReason {
    /// It moved nothing (an amount of 0), as a `transferFrom` of 0 anyone may send in the
    /// account's name does.
    ZeroValue,
    /// Its counterparty looks like, but is not, an address the account chose to transact
    /// with: the same first and last 4 hex digits (frame-host's `account::poisoning`).
    LookAlike,
}

/// A fungible asset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FungibleInfo {
    /// Its name (empty when the contract has none).
    pub name: String,
    /// Its symbol (empty when the contract has none).
    pub symbol: String,
    /// Its icon; `null` when none is known.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub icon: Option<Icon>,
    /// The network's own coin, or a token the operator lists (`[[tokens]]`); `false` for any
    /// other contract, which may be a counterfeit (issue 38, L-9: marked "Unverified").
    pub verified: bool,
}

/// An icon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Icon {
    /// Where it is.
    pub url: String,
}

/// An NFT.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NftInfo {
    /// Its name from its metadata, else `{collection} #{id}`.
    pub name: String,
    /// Its picture; `null` when it has none.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub content: Option<NftContent>,
    /// What the operator says about it.
    pub flags: NftFlags,
}

/// An NFT's picture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NftContent {
    /// The picture to show.
    pub preview: NftPreview,
}

/// A picture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NftPreview {
    /// A `data:image/…` or `https://` URL.
    pub url: String,
    /// Its media type, such as `image/svg+xml`.
    pub content_type: String,
}

/// Flags of an NFT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NftFlags {
    /// The operator lists its contract as spam.
    pub is_spam: bool,
}

/// The query of `GET /v1/account/{address}/nfts`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct NftsQuery {
    /// The indexed network (CAIP-2; 400 'Missing chainId' without it).
    #[cfg_attr(feature = "openapi", schema(required, value_type = String))]
    pub chain_id: Option<String>,
}

/// The answer of `GET /v1/account/{address}/nfts`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NftsReply {
    /// At most [`MAX_NFTS`], newest acquired first, spam left out.
    #[cfg_attr(feature = "openapi", schema(max_items = 200))]
    pub nfts: Vec<OwnedNft>,
}

/// An NFT the address owns now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OwnedNft {
    /// The CAIP-2 chain.
    pub chain_id: String,
    /// The contract, checksummed.
    pub contract: String,
    /// The token id, decimal.
    pub token_id: String,
    /// Its name from its metadata, else `{collection} #{id}`.
    pub name: String,
    /// The collection's name (empty when the contract has none).
    pub collection: String,
    /// Its picture; `null` when unknown.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub image_url: Option<String>,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_agreed_shape() {
        let transfer = HistoryTransfer {
            direction: Direction::SelfTransfer,
            quantity: Quantity {
                numeric: "1".into(),
                decimals: "0".into(),
            },
            value: None,
            price: None,
            fungible_info: None,
            nft_info: Some(NftInfo {
                name: "Dev Collection #3".into(),
                content: None,
                flags: NftFlags { is_spam: true },
            }),
            hidden: None,
        };
        assert_eq!(
            serde_json::to_value(&transfer).unwrap(),
            json!({ "direction": "self", "quantity": { "numeric": "1", "decimals": "0" },
                    "value": null, "price": null,
                    "nft_info": { "name": "Dev Collection #3", "content": null, "flags": { "is_spam": true } } })
        );
        let metadata = HistoryMetadata {
            operation_type: OperationType::Receive,
            hash: "0x1".into(),
            mined_at: "2026-11-23T20:00:00Z".into(),
            sent_from: "0xA".into(),
            sent_to: "0xB".into(),
            status: TransactionStatus::Confirmed,
            nonce: 3,
            chain: "eip155:31337".into(),
        };
        assert_eq!(
            serde_json::to_value(&metadata).unwrap(),
            json!({ "operationType": "receive", "hash": "0x1", "minedAt": "2026-11-23T20:00:00Z",
                    "sentFrom": "0xA", "sentTo": "0xB", "status": "confirmed", "nonce": 3,
                    "chain": "eip155:31337" })
        );
        let nft = OwnedNft {
            chain_id: "eip155:1".into(),
            contract: "0xC".into(),
            token_id: "3".into(),
            name: "N".into(),
            collection: "C".into(),
            image_url: None,
        };
        assert_eq!(
            serde_json::to_value(&nft).unwrap(),
            json!({ "chainId": "eip155:1", "contract": "0xC", "tokenId": "3", "name": "N",
                    "collection": "C", "imageUrl": null })
        );
    }
}
