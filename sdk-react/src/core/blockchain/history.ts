import { BaseError } from '../errors/base'
import type { TokenQuantity } from './client'
import {
  asArray,
  asDecimal,
  asEvmAddress,
  asImageUrl,
  asNumberOrNull,
  asObject,
  asOneOf,
  asString,
  type Fail,
} from './validate'

/** What a transaction did for the account (spec §7 history). */
export type OperationType = 'send' | 'receive' | 'mint' | 'burn' | 'execute' | 'trade'
export const OPERATION_TYPES: readonly OperationType[] = ['send', 'receive', 'mint', 'burn', 'execute', 'trade']

/** Which way a transfer went, relative to the account whose history it is. */
export type TransferDirection = 'in' | 'out' | 'self'
const DIRECTIONS: readonly TransferDirection[] = ['in', 'out', 'self']

/** A native coin or ERC-20 transfer's token. */
export interface FungibleInfo {
  readonly name: string
  readonly symbol: string
  /** `undefined` when frame-host knows no icon (or names one the widget does not load). */
  readonly iconUrl: string | undefined
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
}

/** One entry of `GET /v1/account/{account}/history` (spec §3 transaction history item). */
export interface HistoryTransaction {
  /** `<txhash>-<chain>`. */
  readonly id: string
  readonly metadata: {
    readonly operationType: OperationType
    readonly hash: string
    /** When the block was mined, ISO 8601 (RFC 3339) UTC. */
    readonly minedAt: string
    readonly sentFrom: string
    readonly sentTo: string
    readonly status: string
    readonly nonce: number
    /** CAIP-2 id of the chain, e.g. `eip155:31337`. */
    readonly chain: string
  }
  readonly transfers: readonly HistoryTransfer[]
}

/** One page of history, newest first, and the cursor of the next (`undefined` on the last page). */
export interface HistoryPage {
  readonly data: readonly HistoryTransaction[]
  readonly next: string | undefined
}

/** The history route answered something other than `{ data: [...], next }`. */
export class InvalidHistoryResponseError extends BaseError {
  override name = 'InvalidHistoryResponseError'
  constructor({ reason }: { reason: string }) {
    super('Invalid transaction history response', { details: reason })
  }
}

const fail: Fail = (reason) => {
  throw new InvalidHistoryResponseError({ reason })
}

/** At most this many transactions in one page (frame-host sends 20) and transfers in one transaction. */
const MAX_PAGE = 100
const MAX_TRANSFERS = 100

/**
 * Checks a history page against the agreed shape and copies out the fields the widget uses.
 * Anything else (a missing field, a wrong type, an unknown operation type) throws
 * `InvalidHistoryResponseError`.
 *
 * @example
 * const { data, next } = parseHistory(await response.json())
 */
export function parseHistory(body: unknown): HistoryPage {
  const page = asObject(body, 'the answer', fail)
  const data = asArray(page.data, 'data', fail, MAX_PAGE).map((entry, i) => parseTransaction(entry, `data[${i}]`))
  const next = page.next === null ? undefined : asString(page.next, 'next', fail, 1024)
  return { data, next }
}

function parseTransaction(value: unknown, at: string): HistoryTransaction {
  const tx = asObject(value, at, fail)
  const m = asObject(tx.metadata, `${at}.metadata`, fail)
  const minedAt = asString(m.minedAt, `${at}.metadata.minedAt`, fail, 64)
  if (Number.isNaN(Date.parse(minedAt))) fail(`${at}.metadata.minedAt is not a date`)
  const nonce = m.nonce
  if (typeof nonce !== 'number' || !Number.isSafeInteger(nonce) || nonce < 0) fail(`${at}.metadata.nonce is not a whole number`)
  return {
    id: asString(tx.id, `${at}.id`, fail),
    metadata: {
      operationType: asOneOf(m.operationType, OPERATION_TYPES, `${at}.metadata.operationType`, fail),
      hash: asString(m.hash, `${at}.metadata.hash`, fail, 66),
      minedAt,
      sentFrom: asEvmAddress(m.sentFrom, `${at}.metadata.sentFrom`, fail),
      sentTo: asEvmAddress(m.sentTo, `${at}.metadata.sentTo`, fail),
      status: asString(m.status, `${at}.metadata.status`, fail, 32),
      nonce: nonce as number,
      chain: asString(m.chain, `${at}.metadata.chain`, fail, 64),
    },
    transfers: asArray(tx.transfers, `${at}.transfers`, fail, MAX_TRANSFERS).map((t, i) => parseTransfer(t, `${at}.transfers[${i}]`)),
  }
}

function parseTransfer(value: unknown, at: string): HistoryTransfer {
  const t = asObject(value, at, fail)
  const quantity = asObject(t.quantity, `${at}.quantity`, fail)
  const decimals = asString(quantity.decimals, `${at}.quantity.decimals`, fail, 3)
  if (!/^\d+$/.test(decimals)) fail(`${at}.quantity.decimals is not a whole number`)
  return {
    direction: asOneOf(t.direction, DIRECTIONS, `${at}.direction`, fail),
    quantity: { numeric: asDecimal(quantity.numeric, `${at}.quantity.numeric`, fail), decimals },
    value: asNumberOrNull(t.value, `${at}.value`, fail),
    price: asNumberOrNull(t.price, `${at}.price`, fail),
    fungible: t.fungible_info === undefined ? undefined : parseFungible(t.fungible_info, `${at}.fungible_info`),
    nft: t.nft_info === undefined ? undefined : parseNft(t.nft_info, `${at}.nft_info`),
  }
}

function parseFungible(value: unknown, at: string): FungibleInfo {
  const f = asObject(value, at, fail)
  const icon = f.icon === null || f.icon === undefined ? undefined : asObject(f.icon, `${at}.icon`, fail)
  return {
    name: asString(f.name, `${at}.name`, fail),
    symbol: asString(f.symbol, `${at}.symbol`, fail, 32),
    iconUrl: icon ? asImageUrl(icon.url, `${at}.icon.url`, fail) : undefined,
  }
}

function parseNft(value: unknown, at: string): NftInfo {
  const n = asObject(value, at, fail)
  const flags = asObject(n.flags, `${at}.flags`, fail)
  if (typeof flags.is_spam !== 'boolean') fail(`${at}.flags.is_spam is not a boolean`)
  const content = n.content === null || n.content === undefined ? undefined : asObject(n.content, `${at}.content`, fail)
  const preview = content?.preview === null || content?.preview === undefined ? undefined : asObject(content.preview, `${at}.content.preview`, fail)
  return {
    name: asString(n.name, `${at}.name`, fail),
    imageUrl: preview ? asImageUrl(preview.url, `${at}.content.preview.url`, fail) : undefined,
    isSpam: flags.is_spam as boolean,
  }
}
