import { BaseError } from '../errors/base'
import type { HttpStatusError } from '../errors/registry'
import { fetchFrameHostJson, frameHostQuery } from '../wallets/registry'
import { type HistoryPage, InvalidHistoryResponseError, parseHistory } from './history'
import { InvalidNftsResponseError, type OwnedNft, parseNfts } from './nfts'

/** A token amount as frame-host sends it: `decimals` and the exact amount in whole tokens. */
export interface TokenQuantity {
  /** The token's decimals, as a string (`"6"`). */
  readonly decimals: string
  /** The exact amount in whole tokens without trailing zeros (`"1.5"`). */
  readonly numeric: string
}

/** One entry of `GET /v1/account/{address}/balance` (spec §3 token balance). */
export interface TokenBalance {
  readonly name: string
  readonly symbol: string
  /** CAIP-2 id of the network, e.g. `eip155:1`. */
  readonly chainId: string
  /** `chainId:contract`, lowercased; absent for the native coin. */
  readonly address?: string | undefined
  /** quantity × price in USD, `null` when the price is unknown. */
  readonly value: number | null
  /** USD per whole token, `null` when unknown. */
  readonly price: number | null
  readonly quantity: TokenQuantity
  readonly iconUrl?: string | undefined
}

export type GetAccountBalancesParameters = {
  /** The account's EVM address. */
  address: string
  /** CAIP-2 id of the one network to read. */
  chainId: string
  /** Read the chain even when frame-host's own 30 s cache has the balances. */
  forceUpdate?: boolean | undefined
}

export type GetAccountBalancesErrorType = HttpStatusError | BlockchainApiUnreachableError | InvalidBalanceResponseError

export type GetHistoryParameters = {
  /** The account's EVM address. */
  address: string
  /** CAIP-2 id of the one network to list. */
  chainId: string
  /** The `next` of the previous page; absent for the first page. */
  cursor?: string | undefined
}

export type GetHistoryErrorType = HttpStatusError | BlockchainApiUnreachableError | InvalidHistoryResponseError

export type GetNftsParameters = {
  /** The owner's EVM address. */
  address: string
  /** CAIP-2 id of the network. */
  chainId: string
}

export type GetNftsErrorType = HttpStatusError | BlockchainApiUnreachableError | InvalidNftsResponseError

/** A client of frame-host's Blockchain API (spec §7). */
export interface BlockchainApiClient {
  /** `GET /v1/account/{address}/balance`: the account's token balances on one network. */
  getAccountBalances(parameters: GetAccountBalancesParameters): Promise<TokenBalance[]>
  /** `GET /v1/account/{address}/history`: one page (20) of the account's transactions on one network, newest first. */
  getHistory(parameters: GetHistoryParameters): Promise<HistoryPage>
  /** `GET /v1/account/{address}/nfts`: the NFTs the address owns now on one network, spam excluded. */
  getNfts(parameters: GetNftsParameters): Promise<OwnedNft[]>
}

export type CreateBlockchainApiClientParameters = {
  /** frame-host's origin, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string
  projectId: string
  /** Default: the global `fetch`, read on each call. */
  fetch?: typeof fetch | undefined
}

/** frame-host's Blockchain API could not be reached. */
export class BlockchainApiUnreachableError extends BaseError {
  override name = 'BlockchainApiUnreachableError'
  constructor({ url, cause }: { url: string; cause: unknown }) {
    super('Could not reach the Blockchain API', { details: url, cause, docsPath: '/config#framehosturl' })
  }
}

/** The balance route answered something other than `{ balances: [...] }`. */
export class InvalidBalanceResponseError extends BaseError {
  override name = 'InvalidBalanceResponseError'
  constructor({ reason }: { reason: string }) {
    super('Invalid balance response', { details: reason })
  }
}

/**
 * A client of frame-host's Blockchain API. Every call carries `projectId`, `st` and `sv`; a
 * non-OK answer throws `HttpStatusError` (an unsupported network is a 400).
 *
 * @example
 * const api = createBlockchainApiClient({ baseUrl: 'http://127.0.0.1:8787', projectId: 'demo' })
 * const balances = await api.getAccountBalances({ address: '0xf39f…', chainId: 'eip155:31337' })
 */
export function createBlockchainApiClient(parameters: CreateBlockchainApiClientParameters): BlockchainApiClient {
  const base = parameters.baseUrl.replace(/\/+$/, '')
  /** GETs `/v1/account/{address}/{route}` with the common query and `extra`. */
  const get = (address: string, route: string, extra: Record<string, string | undefined>, invalid: (reason: string) => Error) => {
    const query = frameHostQuery(parameters.projectId)
    for (const [key, value] of Object.entries(extra)) if (value !== undefined) query.set(key, value)
    const url = `${base}/v1/account/${encodeURIComponent(address)}/${route}?${query}`
    return fetchFrameHostJson(url, {
      fetch: parameters.fetch,
      unreachable: (cause) => new BlockchainApiUnreachableError({ url, cause }),
      invalid,
    })
  }
  return {
    async getAccountBalances({ address, chainId, forceUpdate }) {
      const extra = { currency: 'usd', chainId, forceUpdate: forceUpdate ? 'true' : undefined }
      return parseBalances(await get(address, 'balance', extra, (reason) => new InvalidBalanceResponseError({ reason })))
    },
    async getHistory({ address, chainId, cursor }) {
      return parseHistory(await get(address, 'history', { chainId, cursor }, (reason) => new InvalidHistoryResponseError({ reason })))
    },
    async getNfts({ address, chainId }) {
      return parseNfts(await get(address, 'nfts', { chainId }, (reason) => new InvalidNftsResponseError({ reason })))
    },
  }
}

/** Checks the `{ balances }` shape and each entry's required fields. */
export function parseBalances(body: unknown): TokenBalance[] {
  const balances = typeof body === 'object' && body !== null ? (body as { balances?: unknown }).balances : undefined
  if (!Array.isArray(balances)) throw new InvalidBalanceResponseError({ reason: 'expected { balances: [...] }' })
  return balances.map((entry: unknown, index) => {
    const b = entry as Partial<Record<keyof TokenBalance, unknown>> | null
    const quantity = b?.quantity as Partial<TokenQuantity> | undefined
    if (
      typeof b?.name !== 'string' ||
      typeof b.symbol !== 'string' ||
      typeof b.chainId !== 'string' ||
      typeof quantity?.decimals !== 'string' ||
      typeof quantity.numeric !== 'string'
    ) {
      throw new InvalidBalanceResponseError({ reason: `balance ${index} lacks name, symbol, chainId or quantity` })
    }
    return entry as TokenBalance
  })
}
