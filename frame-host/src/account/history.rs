//! `GET /v1/account/{account}/history` (spec §7, wire in `oriel_protocol::http::history`):
//! pages of 20 transactions of the account, newest first, from the [`HistorySource`]
//! (`chainId` one indexed network, or every one), with an opaque `next` cursor. Each
//! transaction lists its transfers to or from the account, priced at today's price, its
//! fungibles marked verified only when the operator lists them, and the transfers address
//! poisoning makes marked hidden ([`super::poisoning`]).

use oriel_protocol::http::{
    blockchain::Quantity,
    history::{
        Direction, FungibleInfo, HiddenReason, HistoryMetadata, HistoryReply, HistoryTransaction,
        HistoryTransfer, Icon, NftContent, NftFlags, NftInfo, NftPreview, OperationType,
        TransactionStatus,
    },
    onramp::OnrampHistoryReply,
};

use super::{
    balance::{to_decimal_units, truncate},
    poisoning::Counterparties,
    Account, AccountSettings,
};
use crate::{
    chain::{
        tokens::{tokens_of, Token},
        AssetKey,
    },
    clock::rfc3339_seconds,
    error::ApiError,
    indexer::{image_type, HistorySource},
    store::HistoryRow,
    types::{checksummed, is_evm_address},
};

/// The zero address: transfers from it mint, transfers to it burn.
const ZERO: &str = "0x0000000000000000000000000000000000000000";

/// `address` lowercased; 400 when it is not an EVM address.
pub(crate) fn account(address: &str) -> Result<String, ApiError> {
    if !is_evm_address(address) {
        return Err(ApiError::invalid(
            "Invalid address: expected 0x and 40 hex digits",
        ));
    }
    Ok(address.to_ascii_lowercase())
}

/// `chain_id` if it is a configured network the source covers, else 400.
pub(super) fn indexed_chain(
    config: &AccountSettings,
    source: &dyn HistorySource,
    chain_id: &str,
) -> Result<String, ApiError> {
    let known = chain_id.starts_with("eip155:")
        && config.networks.iter().any(|n| n.chain_id == chain_id)
        && source.covers(chain_id);
    if !known {
        return Err(ApiError::InvalidParams(format!(
            "Unsupported chainId: {}",
            truncate(chain_id)
        )));
    }
    Ok(chain_id.to_owned())
}

/// Whether the operator lists `contract` of `chain_id` as spam.
pub(super) fn is_spam(config: &AccountSettings, chain_id: &str, contract: &str) -> bool {
    config
        .indexer
        .iter()
        .filter(|i| i.chain_id == chain_id)
        .flat_map(|i| &i.spam_nft_contracts)
        .any(|c| c.eq_ignore_ascii_case(contract))
}

/// An NFT's name: its own, else `{collection} #{id}`.
pub(super) fn nft_name(name: Option<&str>, collection: Option<&str>, token_id: &str) -> String {
    match (name, collection) {
        (Some(name), _) => name.to_owned(),
        (None, Some(collection)) => format!("{collection} #{token_id}"),
        (None, None) => format!("#{token_id}"),
    }
}

impl Account {
    /// The account's purchases through on-ramp provider `provider`, within the on-ramp budget,
    /// never cached.
    pub(crate) async fn purchases(
        &self,
        ip: std::net::IpAddr,
        project_id: &str,
        account: &str,
        provider: &str,
        cursor: Option<&str>,
    ) -> Result<OnrampHistoryReply, ApiError> {
        self.onramp.check_limit(ip, project_id).await?;
        self.onramp
            .purchases(project_id, account, provider, cursor)
            .await
    }

    /// The account's transactions.
    pub(crate) async fn transactions(
        &self,
        address: &str,
        chain_id: Option<&str>,
        cursor: Option<&str>,
    ) -> Result<HistoryReply, ApiError> {
        let state = self;
        let address = account(address)?;
        let config = state.config();
        let source = state.history();
        let chains = match chain_id {
            Some(chain_id) => vec![indexed_chain(config, source, chain_id)?],
            None => config
                .networks
                .iter()
                .map(|n| n.chain_id.clone())
                .filter(|c| c.starts_with("eip155:") && source.covers(c))
                .collect(),
        };
        let page = source.history(&address, &chains, cursor).await?;
        let known = if page.rows.is_empty() {
            Counterparties::default()
        } else {
            Counterparties::new(&address, source.counterparties(&address, &chains).await?)
        };
        let mut keys: Vec<AssetKey> = page
            .rows
            .iter()
            .filter_map(|row| AssetKey::parse(&price_key(row)?))
            .collect();
        keys.sort_unstable_by(|a, b| a.as_str().cmp(b.as_str()));
        keys.dedup();
        let prices = state.prices().lookup(&keys, state.now_ms()).await?;
        let price_of = |key: String| AssetKey::parse(&key).and_then(|k| prices.get(&k).copied());
        let mut data: Vec<HistoryTransaction> = Vec::new();
        let mut rows = page.rows.iter().peekable();
        while let Some(first) = rows.next() {
            let mut group = vec![first];
            while let Some(row) =
                rows.next_if(|r| r.tx_hash == first.tx_hash && r.chain_id == first.chain_id)
            {
                group.push(row);
            }
            let transfers: Vec<HistoryTransfer> = group
                .iter()
                .map(|row| {
                    let hidden = known.hidden(row, &address);
                    transfer(config, row, &address, &price_of, hidden)
                })
                .collect();
            data.push(HistoryTransaction {
                id: format!("{}-{}", first.tx_hash, first.chain_id),
                metadata: HistoryMetadata {
                    operation_type: operation(&group, &address, is_router(config, first)),
                    hash: first.tx_hash.clone(),
                    mined_at: rfc3339_seconds(first.block_time),
                    sent_from: checksummed(&first.tx_from),
                    sent_to: checksummed(&first.tx_to),
                    status: TransactionStatus::Confirmed,
                    nonce: u64::try_from(first.nonce).unwrap_or_default(),
                    chain: first.chain_id.clone(),
                },
                transfers,
            });
        }
        Ok(HistoryReply {
            data,
            next: page.next,
        })
    }
}

fn direction(row: &HistoryRow, address: &str) -> Direction {
    match (row.from_addr == address, row.to_addr == address) {
        (true, true) => Direction::SelfTransfer,
        (true, false) => Direction::Out,
        _ => Direction::In,
    }
}

/// Whether `row`'s transaction was sent to its chain's swap router (`[[exchanges]]`, or the
/// devnet's).
fn is_router(config: &AccountSettings, row: &HistoryRow) -> bool {
    config
        .exchanges
        .iter()
        .any(|e| e.chain_id == row.chain_id && e.router.eq_ignore_ascii_case(&row.tx_to))
}

/// What a transaction did for `address`, from its transfers touching it; `to_router`: it was
/// sent to the chain's swap router.
fn operation(rows: &[&HistoryRow], address: &str, to_router: bool) -> OperationType {
    let all = |f: &dyn Fn(&HistoryRow) -> bool| rows.iter().all(|r| f(r));
    let any = |f: &dyn Fn(&HistoryRow) -> bool| rows.iter().any(|r| f(r));
    let dir = |r: &HistoryRow| direction(r, address);
    let fungible = |r: &HistoryRow| matches!(r.kind.as_str(), "native" | "erc20");
    if to_router
        && any(&|r| fungible(r) && dir(r) == Direction::Out)
        && any(&|r| fungible(r) && dir(r) == Direction::In)
    {
        OperationType::Trade
    } else if all(&|r| dir(r) == Direction::In && r.from_addr == ZERO) {
        OperationType::Mint
    } else if all(&|r| dir(r) == Direction::Out && r.to_addr == ZERO) {
        OperationType::Burn
    } else if all(&|r| dir(r) == Direction::In) {
        OperationType::Receive
    } else if all(&|r| dir(r) != Direction::In) {
        OperationType::Send
    } else {
        OperationType::Execute
    }
}

/// The asset id a fungible transfer's price is kept under; `None` for NFTs.
fn price_key(row: &HistoryRow) -> Option<String> {
    match row.kind.as_str() {
        "native" => Some(format!("{}/slip44:60", row.chain_id)),
        "erc20" => Some(format!("{}:{}", row.chain_id, row.contract)),
        _ => None,
    }
}

fn transfer(
    config: &AccountSettings,
    row: &HistoryRow,
    address: &str,
    price_of: &dyn Fn(String) -> Option<f64>,
    hidden: Option<HiddenReason>,
) -> HistoryTransfer {
    let chain = row.chain_id.as_str();
    let configured = tokens_of(&config.tokens, chain);
    let fungible = |token: Token, decimals: Option<u8>, verified: bool| {
        let decimals = decimals.unwrap_or(token.decimals);
        let numeric = to_decimal_units(&row.amount, decimals);
        let price = price_key(row).and_then(price_of);
        let value = price.and_then(|p| numeric.parse::<f64>().ok().map(|n| n * p));
        (
            Quantity {
                decimals: decimals.to_string(),
                numeric,
            },
            value,
            price,
            Some(FungibleInfo {
                name: token.name,
                symbol: token.symbol,
                icon: token.icon_url.map(|url| Icon { url }),
                verified,
            }),
        )
    };
    let (quantity, value, price, fungible_info) = match row.kind.as_str() {
        "native" => fungible(configured[0].clone(), None, true),
        "erc20" => {
            let listed = configured
                .iter()
                .find(|t| t.address.as_deref() == Some(row.contract.as_str()));
            let decimals = row.token_decimals.and_then(|d| u8::try_from(d).ok());
            let token = Token {
                address: Some(row.contract.clone()),
                name: row
                    .token_name
                    .clone()
                    .or_else(|| listed.map(|t| t.name.clone()))
                    .unwrap_or_default(),
                symbol: row
                    .token_symbol
                    .clone()
                    .or_else(|| listed.map(|t| t.symbol.clone()))
                    .unwrap_or_default(),
                // Unless the contract told its decimals: the operator's, else base units.
                decimals: listed.map_or(0, |t| t.decimals),
                icon_url: listed.and_then(|t| t.icon_url.clone()),
            };
            // Only the operator's list vouches for a contract: any other may be a counterfeit
            // of a listed token, with its name and symbol.
            fungible(token, decimals, listed.is_some())
        }
        _ => (
            Quantity {
                decimals: "0".into(),
                numeric: row.amount.clone(),
            },
            None,
            None,
            None,
        ),
    };
    let nft_info = fungible_info.is_none().then(|| NftInfo {
        name: nft_name(
            row.nft_name.as_deref(),
            row.token_name.as_deref(),
            &row.token_id,
        ),
        content: row.nft_image.as_ref().and_then(|url| {
            Some(NftContent {
                preview: NftPreview {
                    content_type: image_type(url)?,
                    url: url.clone(),
                },
            })
        }),
        flags: NftFlags {
            is_spam: is_spam(config, chain, &row.contract),
        },
    });
    HistoryTransfer {
        direction: direction(row, address),
        quantity,
        value,
        price,
        fungible_info,
        nft_info,
        hidden,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ME: &str = "0x00000000000000000000000000000000000000aa";
    const YOU: &str = "0x00000000000000000000000000000000000000bb";

    fn row(from: &str, to: &str) -> HistoryRow {
        HistoryRow {
            chain_id: "eip155:1".into(),
            block_number: 1,
            block_time: 0,
            tx_hash: "0x1".into(),
            tx_index: 0,
            tx_from: from.into(),
            tx_to: to.into(),
            nonce: 0,
            from_addr: from.into(),
            to_addr: to.into(),
            kind: "erc20".into(),
            contract: YOU.into(),
            token_id: String::new(),
            amount: "1".into(),
            token_name: None,
            token_symbol: None,
            token_decimals: None,
            nft_name: None,
            nft_image: None,
        }
    }

    #[test]
    fn operation_types() {
        let op = |rows: &[HistoryRow]| operation(&rows.iter().collect::<Vec<_>>(), ME, false);
        assert_eq!(op(&[row(ZERO, ME)]), OperationType::Mint);
        assert_eq!(op(&[row(ME, ZERO)]), OperationType::Burn);
        assert_eq!(op(&[row(YOU, ME)]), OperationType::Receive);
        assert_eq!(op(&[row(ME, YOU)]), OperationType::Send);
        assert_eq!(op(&[row(ME, ME)]), OperationType::Send);
        assert_eq!(op(&[row(ME, YOU), row(YOU, ME)]), OperationType::Execute);
        let swap = [row(ME, YOU), row(YOU, ME)];
        let swap: Vec<&HistoryRow> = swap.iter().collect();
        assert_eq!(operation(&swap, ME, true), OperationType::Trade);
        let one_way = [row(YOU, ME)];
        assert_eq!(
            operation(&one_way.iter().collect::<Vec<_>>(), ME, true),
            OperationType::Receive
        );
        assert_eq!(direction(&row(ME, ME), ME), Direction::SelfTransfer);
        assert_eq!(direction(&row(YOU, ME), ME), Direction::In);
    }

    #[test]
    fn nft_names() {
        assert_eq!(nft_name(Some("Ape"), Some("Apes"), "3"), "Ape");
        assert_eq!(nft_name(None, Some("Apes"), "3"), "Apes #3");
        assert_eq!(nft_name(None, None, "3"), "#3");
    }
}
