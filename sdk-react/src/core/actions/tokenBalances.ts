import { formatUnits, parseUnits } from 'viem'
import { nativeBalanceKey, type NativeBalance } from '../account/balance'
import {
  PORTFOLIO_CACHE_MS,
  TOKEN_BALANCE_UNAVAILABLE,
  TOKEN_BALANCES_STORAGE,
  tokenBalancesKey,
  totalUsd,
  type TokenBalanceList,
} from '../account/tokens'
import { getAccountBalances, type TokenBalance } from '../blockchain/client'
import type { OrielClient } from '../client/createClient'
import { FrameHostError } from '../frameHost/errors'
import { STORAGE_KEYS } from '../storage/keys'
import { storage } from '../storage/storage'
import type { Network } from '../networks'
import { createClientCache, type WatchParameters, type WatchReturnType, watch } from './cache'
import { getNetwork } from './getNetwork'

export type GetTokenBalancesReturnType = {
  /** The connected account's tokens on the active network; empty while unknown. */
  balances: readonly TokenBalance[]
  /** The sum of the known USD values. */
  totalUsd: number
  /** Whether a list has been read for this (address, network). */
  loaded: boolean
  /** Whether the last fetch failed (within the 30 s before a retry is allowed or since). */
  failed: boolean
  /** Whether frame-host has no balance source for the network (Bitcoin without an Esplora API). */
  unavailable: boolean
}

const cache = createClientCache<GetTokenBalancesReturnType>('tokenBalances')

/**
 * Keeps the token lists in localStorage (spec §3 portfolio cache), from the first use of this
 * module on: the lists a visit before stored show at once, without the page's first load
 * carrying their checks.
 */
function persistTokenBalances(client: OrielClient): void {
  client.query.persist('tokens', { storage, key: STORAGE_KEYS.portfolioCache, ...TOKEN_BALANCES_STORAGE })
}
const EMPTY: readonly TokenBalance[] = []

/** The keys of the connected account on the active network: its token list and its native balance. */
function keysOf(client: OrielClient) {
  const { address } = client.account.getSnapshot()
  const { caipNetworkId } = getNetwork(client)
  return address ? { tokens: tokenBalancesKey(address, caipNetworkId), native: nativeBalanceKey(address, caipNetworkId) } : undefined
}

/**
 * `balances` with the network's coin as the native balance query has it (the one source of the
 * native balance, which the header shows too): its quantity and value replaced, its row added
 * when frame-host left it out, left out at zero.
 */
function withNativeBalance(balances: readonly TokenBalance[], native: NativeBalance | undefined, network: Network): readonly TokenBalance[] {
  if (!native) return balances
  const listed = balances.find((b) => b.address === undefined)
  // The same amount as frame-host's: its row stands (its value is frame-host's product).
  if (listed && Number(listed.quantity.decimals) === native.decimals && parseUnits(listed.quantity.numeric, native.decimals) === native.value) return balances
  const rest = balances.filter((b) => b !== listed)
  if (native.value === 0n) return rest
  const numeric = formatUnits(native.value, native.decimals)
  const price = listed?.price ?? null
  const coin: TokenBalance = {
    ...(listed ?? { name: network.nativeCurrency.name, symbol: network.nativeCurrency.symbol, chainId: network.caipNetworkId, verified: true }),
    quantity: { decimals: String(native.decimals), numeric },
    price,
    value: price === null ? null : Number(numeric) * price,
  }
  return [coin, ...rest]
}

/**
 * The cached token balances of the connected account on the active network (spec §3 token
 * balance), the network's coin as the native balance query has it. `refreshTokenBalances` reads
 * them; the same object until they, the account or the network change.
 *
 * @example
 * const { balances, totalUsd } = getTokenBalances(client)
 */
export function getTokenBalances(client: OrielClient): GetTokenBalancesReturnType {
  const keys = keysOf(client)
  const entry = keys && client.query.get<TokenBalanceList>(keys.tokens)
  const data = entry?.data
  const native = data && keys ? client.query.get<NativeBalance>(keys.native)?.data : undefined
  const { network } = getNetwork(client)
  const failed = entry?.failedAt !== undefined
  return cache.get(client, [data, failed, native, network], () => {
    const balances = data ? withNativeBalance(data.balances, native, network) : EMPTY
    return { balances, totalUsd: totalUsd(balances), loaded: data !== undefined, failed, unavailable: data?.unavailable === true }
  })
}

export type WatchTokenBalancesParameters = WatchParameters<GetTokenBalancesReturnType>

export type WatchTokenBalancesReturnType = WatchReturnType

/**
 * Calls `onChange` whenever the shown token balances change (a read finished, or the account or
 * network changed). Returns the unsubscribe function.
 *
 * @example
 * const stop = watchTokenBalances(client, { onChange: ({ balances }) => console.log(balances.length) })
 */
export function watchTokenBalances(client: OrielClient, parameters: WatchTokenBalancesParameters): WatchTokenBalancesReturnType {
  persistTokenBalances(client)
  return watch(client, [client.account, client.connection, client.query], getTokenBalances, parameters.onChange)
}

export type RefreshTokenBalancesParameters = {
  /** Ask frame-host to read the chain even when a list younger than 30 s is cached (never within 30 s of a failure). */
  force?: boolean | undefined
}

/** Never thrown: a failure shows 'Token Balance Unavailable' and is logged. */
export type RefreshTokenBalancesErrorType = never

/** frame-host's 400 'Unsupported chainId: …': it has no balance source for the network. */
function isUnsupportedChain(error: unknown): boolean {
  return error instanceof FrameHostError && error.status === 400 && error.details.startsWith('Unsupported chainId')
}

/**
 * Reads the connected account's token balances on the active network from frame-host
 * (`GET /v1/account/{address}/balance`) into the client's query cache, unless the cached list is
 * younger than 30 s (spec §9 portfolio). When the fetch fails or the network is unsupported
 * (neither eip155 nor solana, not listed by the dapp, or frame-host answers 400) the snackbar shows 'Token
 * Balance Unavailable' and no new fetch starts for 30 s (spec §8). Concurrent calls share one
 * read. Until the native balance is read from the wallet, the list's coin stands for it.
 *
 * @example
 * await refreshTokenBalances(client)
 * getTokenBalances(client).balances // [{ name: 'Ether', symbol: 'ETH', … }]
 */
export async function refreshTokenBalances(client: OrielClient, parameters: RefreshTokenBalancesParameters = {}): Promise<void> {
  const { address, status, namespace } = client.account.getSnapshot()
  const { caipNetworkId, isSupported } = getNetwork(client)
  const keys = keysOf(client)
  if (status !== 'connected' || !address || !keys) return
  persistTokenBalances(client)
  const read = async (): Promise<TokenBalanceList> => {
    try {
      if (!(namespace === 'eip155' || namespace === 'solana' || namespace === 'bip122') || !isSupported) {
        throw new Error(`unsupported network ${caipNetworkId}`)
      }
      const balances = await getAccountBalances(client.frameHost, { address, chainId: caipNetworkId, forceUpdate: parameters.force })
      const coin = balances.find((b) => b.address === undefined)
      if (coin && !client.query.get(keys.native)?.data) {
        const decimals = Number(coin.quantity.decimals)
        client.query.set(keys.native, { value: parseUnits(coin.quantity.numeric, decimals), decimals }, { stale: true })
      }
      return { balances, unavailable: false }
    } catch (error) {
      // No Esplora API on frame-host for this Bitcoin network: the view says so, no error toast.
      if (namespace === 'bip122' && isUnsupportedChain(error)) return { balances: [], unavailable: true }
      console.error(`oriel: reading the token balances of ${address} on ${caipNetworkId} failed`, error)
      client.snackbar.showError(TOKEN_BALANCE_UNAVAILABLE)
      throw error
    }
  }
  const query = { key: keys.tokens, read, staleMs: PORTFOLIO_CACHE_MS, retryAfterMs: PORTFOLIO_CACHE_MS }
  // A failure was shown by the read; within 30 s of one the cache answers it again without reading.
  await client.query.fetch(query, { force: parameters.force }).catch(() => {})
}
