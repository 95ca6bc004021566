import type { FrameHostService } from '../frameHost/errors'
import { InvalidFrameHostResponseError } from '../frameHost/errors'
import { type FrameHost, parseAnswer } from '../frameHost/transport'
import {
  checkHistoryReply,
  type HistoryMetadata,
  type HistoryQuery,
  type HistoryTransaction as WireTransaction,
  type HistoryTransfer as WireTransfer,
  type Direction,
  type HiddenReason,
  type OperationType,
} from '../frameHost/history.gen'
import type { TokenQuantity } from './client'
import { date, decimal, evmAddress, type Fail, imageUrl } from './validate'

export type { HiddenReason, OperationType }

/** What a transaction did for the account (spec §7 history), in the order the widget lists them. */
export const OPERATION_TYPES: readonly OperationType[] = ['send', 'receive', 'mint', 'burn', 'execute', 'trade']

/** Which way a transfer went, relative to the account whose history it is. */
export type TransferDirection = Direction

/** A native coin or ERC-20 transfer's token. */
export interface FungibleInfo {
  readonly name: string
  readonly symbol: string
  /** `undefined` when frame-host knows no icon (or names one the widget does not load). */
  readonly iconUrl: string | undefined
  /** The network's coin or a token on the operator's list; any other may be a counterfeit ("Unverified"). */
  readonly verified: boolean
}

/** An ERC-721 / ERC-1155 transfer's token. */
export interface NftInfo {
  /** e.g. `Dev Collection #3`. */
  readonly name: string
  /** The token's image, `undefined` when it has none. */
  readonly imageUrl: string | undefined
  /** On the operator's spam list. */
  readonly isSpam: boolean
}

/** One token movement of a transaction. */
export interface HistoryTransfer {
  readonly direction: TransferDirection
  readonly quantity: TokenQuantity
  /** quantity × current price in USD, `null` when unknown. */
  readonly value: number | null
  readonly price: number | null
  readonly fungible: FungibleInfo | undefined
  readonly nft: NftInfo | undefined
  /** Why Activity hides it by default (address poisoning): a zero value or a look-alike counterparty. */
  readonly hidden: HiddenReason | undefined
}

/** One entry of `GET /v1/account/{account}/history` (spec §3 transaction history item). */
export interface HistoryTransaction {
  /** `<txhash>-<chain>`. */
  readonly id: string
  readonly metadata: HistoryMetadata
  readonly transfers: readonly HistoryTransfer[]
}

/** One page of history, newest first, and the cursor of the next (`undefined` on the last page). */
export interface HistoryPage {
  readonly data: readonly HistoryTransaction[]
  readonly next: string | undefined
}

/** The history route: its failures' words. */
export const HISTORY_SERVICE: FrameHostService = {
  name: 'blockchain',
  unreachable: 'Could not reach the Blockchain API',
  invalid: 'Invalid transaction history response',
}

const fail: Fail = (reason) => {
  throw new InvalidFrameHostResponseError({ service: HISTORY_SERVICE, reason })
}

export type GetHistoryParameters = {
  /** The account's EVM address. */
  address: string
  /** CAIP-2 id of the one network to list. */
  chainId: string
  /** The `next` of the previous page; absent for the first page. */
  cursor?: string | undefined
}

/**
 * `GET /v1/account/{address}/history`: one page (20) of the account's transactions on one
 * network, newest first.
 *
 * @example
 * const { data, next } = await getHistory(client.frameHost, { address, chainId: 'eip155:31337' })
 */
export function getHistory(frameHost: FrameHost, { address, chainId, cursor }: GetHistoryParameters): Promise<HistoryPage> {
  const query: HistoryQuery = { chainId, cursor }
  return frameHost.request({ service: HISTORY_SERVICE, path: `/v1/account/${encodeURIComponent(address)}/history`, query, read: parseHistory })
}

/**
 * Checks a history page against the agreed shape (`HistoryReply`) and copies out the fields the
 * widget uses; anything else (a missing field, a wrong type, an unknown operation type, a date
 * or an address that is not one) throws `InvalidFrameHostResponseError`.
 *
 * @example
 * const { data, next } = parseHistory(await response.json())
 */
export function parseHistory(body: unknown): HistoryPage {
  const page = parseAnswer(HISTORY_SERVICE, checkHistoryReply, body)
  return { data: page.data.map((tx, i) => readTransaction(tx, `data[${i}]`)), next: page.next ?? undefined }
}

function readTransaction(tx: WireTransaction, at: string): HistoryTransaction {
  const { metadata } = tx
  date(metadata.minedAt, `${at}.metadata.minedAt`, fail)
  evmAddress(metadata.sentFrom, `${at}.metadata.sentFrom`, fail)
  evmAddress(metadata.sentTo, `${at}.metadata.sentTo`, fail)
  return { id: tx.id, metadata, transfers: tx.transfers.map((t, i) => readTransfer(t, `${at}.transfers[${i}]`)) }
}

function readTransfer(t: WireTransfer, at: string): HistoryTransfer {
  decimal(t.quantity.numeric, `${at}.quantity.numeric`, fail)
  if (!/^\d+$/.test(t.quantity.decimals)) fail(`${at}.quantity.decimals is not a whole number`)
  const fungible = t.fungible_info
  const nft = t.nft_info
  return {
    direction: t.direction,
    quantity: t.quantity,
    value: t.value,
    price: t.price,
    fungible: fungible && { name: fungible.name, symbol: fungible.symbol, iconUrl: imageUrl(fungible.icon?.url), verified: fungible.verified },
    nft: nft && { name: nft.name, imageUrl: imageUrl(nft.content?.preview.url), isSpam: nft.flags.is_spam },
    hidden: t.hidden,
  }
}
