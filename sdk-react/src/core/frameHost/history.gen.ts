// Generated from the oriel-protocol crate (http::history) by protocol/tests/http_contract.rs.
// Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract
import { type Check, array, boolean, integer, nullable, number, object, oneOf, string } from './check'
import { checkQuantity, type Quantity } from './balance.gen'

/** The query of `GET /v1/account/{account}/history`. */
export type HistoryQuery = {
  /** One indexed network (CAIP-2); without it, every one. */
  readonly chainId?: string
  /** The `next` of the page before. */
  readonly cursor?: string
  /**
   * An on-ramp provider's id: the account's purchases through it instead
   * (`OnrampHistoryReply`).
   */
  readonly onramp?: string
}

export const checkHistoryQuery: Check<HistoryQuery> = /*#__PURE__*/ object<HistoryQuery>({}, { chainId: string, cursor: string, onramp: string })

/** What a transaction did for the account. */
export type OperationType = 'send' | 'receive' | 'mint' | 'burn' | 'execute' | 'trade'

export const checkOperationType: Check<OperationType> = /*#__PURE__*/ oneOf(['send', 'receive', 'mint', 'burn', 'execute', 'trade'])

/** A transaction's state. */
export type TransactionStatus = 'confirmed'

export const checkTransactionStatus: Check<TransactionStatus> = /*#__PURE__*/ oneOf(['confirmed'])

/** A transaction's facts. */
export type HistoryMetadata = {
  /** What it did for the account. */
  readonly operationType: OperationType
  /** The transaction hash, `0x` and 64 hex digits. */
  readonly hash: string
  /** When its block was mined, RFC 3339 UTC (`2026-11-23T20:00:00Z`). */
  readonly minedAt: string
  /** The transaction's sender, checksummed. */
  readonly sentFrom: string
  /** The transaction's recipient (the created contract for a deployment), checksummed. */
  readonly sentTo: string
  /** Always `confirmed`: only mined transactions are indexed. */
  readonly status: TransactionStatus
  /** The sender's nonce. */
  readonly nonce: number
  /** The CAIP-2 chain. */
  readonly chain: string
}

export const checkHistoryMetadata: Check<HistoryMetadata> = /*#__PURE__*/ object<HistoryMetadata>({ operationType: checkOperationType, hash: string, minedAt: string, sentFrom: string, sentTo: string, status: checkTransactionStatus, nonce: integer(0), chain: string })

/** Which way a transfer went, seen from the account. */
export type Direction = 'in' | 'out' | 'self'

export const checkDirection: Check<Direction> = /*#__PURE__*/ oneOf(['in', 'out', 'self'])

/** An icon. */
export type Icon = {
  /** Where it is. */
  readonly url: string
}

export const checkIcon: Check<Icon> = /*#__PURE__*/ object<Icon>({ url: string })

/** A fungible asset. */
export type FungibleInfo = {
  /** Its name (empty when the contract has none). */
  readonly name: string
  /** Its symbol (empty when the contract has none). */
  readonly symbol: string
  readonly icon: Icon | null
  /**
   * The network's own coin, or a token the operator lists (`[[tokens]]`); `false` for any
   * other contract, which may be a counterfeit (issue 38, L-9: marked "Unverified").
   */
  readonly verified: boolean
}

export const checkFungibleInfo: Check<FungibleInfo> = /*#__PURE__*/ object<FungibleInfo>({ name: string, symbol: string, icon: nullable(checkIcon), verified: boolean })

/** Why a transfer is hidden by default: what address poisoning looks like. */
export type HiddenReason = 'zeroValue' | 'lookAlike'

export const checkHiddenReason: Check<HiddenReason> = /*#__PURE__*/ oneOf(['zeroValue', 'lookAlike'])

/** A picture. */
export type NftPreview = {
  /** A `data:image/…` or `https://` URL. */
  readonly url: string
  /** Its media type, such as `image/svg+xml`. */
  readonly content_type: string
}

export const checkNftPreview: Check<NftPreview> = /*#__PURE__*/ object<NftPreview>({ url: string, content_type: string })

/** An NFT's picture. */
export type NftContent = {
  /** The picture to show. */
  readonly preview: NftPreview
}

export const checkNftContent: Check<NftContent> = /*#__PURE__*/ object<NftContent>({ preview: checkNftPreview })

/** Flags of an NFT. */
export type NftFlags = {
  /** The operator lists its contract as spam. */
  readonly is_spam: boolean
}

export const checkNftFlags: Check<NftFlags> = /*#__PURE__*/ object<NftFlags>({ is_spam: boolean })

/** An NFT. */
export type NftInfo = {
  /** Its name from its metadata, else `{collection} #{id}`. */
  readonly name: string
  readonly content: NftContent | null
  /** What the operator says about it. */
  readonly flags: NftFlags
}

export const checkNftInfo: Check<NftInfo> = /*#__PURE__*/ object<NftInfo>({ name: string, content: nullable(checkNftContent), flags: checkNftFlags })

/** One transfer of a transaction. */
export type HistoryTransfer = {
  /** Which way. */
  readonly direction: Direction
  /** How much, in whole tokens, exact (`{"numeric":"1","decimals":"0"}` for an ERC-721). */
  readonly quantity: Quantity
  /** `quantity × price`; `null` when the price is unknown. */
  readonly value: number | null
  /** The current price of one whole token in USD; `null` when unknown. */
  readonly price: number | null
  /** The native coin or ERC-20; absent for NFTs. */
  readonly fungible_info?: FungibleInfo
  /** The ERC-721 or ERC-1155 token; absent for fungibles. */
  readonly nft_info?: NftInfo
  /**
   * Why the widget hides this transfer by default (issue 38, L-9: address poisoning);
   * absent for a transfer it shows.
   */
  readonly hidden?: HiddenReason
}

export const checkHistoryTransfer: Check<HistoryTransfer> = /*#__PURE__*/ object<HistoryTransfer>({ direction: checkDirection, quantity: checkQuantity, value: nullable(number), price: nullable(number) }, { fungible_info: checkFungibleInfo, nft_info: checkNftInfo, hidden: checkHiddenReason })

/** One transaction touching the account. */
export type HistoryTransaction = {
  /** `{hash}-{chain}`. */
  readonly id: string
  /** What the transaction was. */
  readonly metadata: HistoryMetadata
  /** Its transfers to or from the account, in log order. */
  readonly transfers: readonly HistoryTransfer[]
}

export const checkHistoryTransaction: Check<HistoryTransaction> = /*#__PURE__*/ object<HistoryTransaction>({ id: string, metadata: checkHistoryMetadata, transfers: array(checkHistoryTransfer) })

/** The answer of `GET /v1/account/{account}/history`. */
export type HistoryReply = {
  /** At most `HISTORY_PAGE_SIZE` transactions, newest first. */
  readonly data: readonly HistoryTransaction[]
  /** The opaque cursor of the next page; `null` on the last page. */
  readonly next: string | null
}

export const checkHistoryReply: Check<HistoryReply> = /*#__PURE__*/ object<HistoryReply>({ data: array(checkHistoryTransaction, 20), next: nullable(string) })

/** The query of `GET /v1/account/{address}/nfts`. */
export type NftsQuery = {
  /** The indexed network (CAIP-2; 400 'Missing chainId' without it). */
  readonly chainId: string
}

export const checkNftsQuery: Check<NftsQuery> = /*#__PURE__*/ object<NftsQuery>({ chainId: string })

/** An NFT the address owns now. */
export type OwnedNft = {
  /** The CAIP-2 chain. */
  readonly chainId: string
  /** The contract, checksummed. */
  readonly contract: string
  /** The token id, decimal. */
  readonly tokenId: string
  /** Its name from its metadata, else `{collection} #{id}`. */
  readonly name: string
  /** The collection's name (empty when the contract has none). */
  readonly collection: string
  /** Its picture; `null` when unknown. */
  readonly imageUrl: string | null
}

export const checkOwnedNft: Check<OwnedNft> = /*#__PURE__*/ object<OwnedNft>({ chainId: string, contract: string, tokenId: string, name: string, collection: string, imageUrl: nullable(string) })

/** The answer of `GET /v1/account/{address}/nfts`. */
export type NftsReply = {
  /** At most `MAX_NFTS`, newest acquired first, spam left out. */
  readonly nfts: readonly OwnedNft[]
}

export const checkNftsReply: Check<NftsReply> = /*#__PURE__*/ object<NftsReply>({ nfts: array(checkOwnedNft, 200) })
