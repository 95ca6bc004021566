import { balanceKey } from '../account/balance'
import { TOKEN_BALANCE_UNAVAILABLE, mayFetch, totalUsd, type TokenBalanceEntry } from '../account/tokens'
import { getAccountBalances, type TokenBalance } from '../blockchain/client'
import { FrameHostError } from '../frameHost/errors'
import type { OrielClient } from '../client/createClient'
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

const cache = createClientCache<GetTokenBalancesReturnType>()
const EMPTY: readonly TokenBalance[] = []

function currentEntry(client: OrielClient): { key: string | undefined; entry: TokenBalanceEntry | undefined } {
  const { address } = client.account.getSnapshot()
  const { caipNetworkId } = getNetwork(client)
  const key = address ? balanceKey(address, caipNetworkId) : undefined
  return { key, entry: key ? client.tokenBalances.getSnapshot().entries[key] : undefined }
}

/**
 * The cached token balances of the connected account on the active network (spec §3 token
 * balance). `refreshTokenBalances` reads them; the same object until they, the account or the
 * network change.
 *
 * @example
 * const { balances, totalUsd } = getTokenBalances(client)
 */
export function getTokenBalances(client: OrielClient): GetTokenBalancesReturnType {
  const { entry } = currentEntry(client)
  return cache.get(client, [entry], () => {
    const balances = entry?.balances ?? EMPTY
    return {
      balances,
      totalUsd: totalUsd(balances),
      loaded: entry?.balances !== undefined,
      failed: entry?.failedAt !== undefined,
      unavailable: entry?.unavailable === true,
    }
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
  return watch(client, [client.account, client.connection, client.tokenBalances], getTokenBalances, parameters.onChange)
}

export type RefreshTokenBalancesParameters = {
  /** Ask frame-host to read the chain even when a list younger than 30 s is cached (never within 30 s of a failure). */
  force?: boolean | undefined
}

/** Never thrown: a failure shows 'Token Balance Unavailable' and is logged. */
export type RefreshTokenBalancesErrorType = never

const inFlight = new WeakMap<OrielClient, Map<string, Promise<void>>>()

/** frame-host's 400 'Unsupported chainId: …': it has no balance source for the network. */
function isUnsupportedChain(error: unknown): boolean {
  return error instanceof FrameHostError && error.status === 400 && error.details.startsWith('Unsupported chainId')
}

/**
 * Reads the connected account's token balances on the active network from frame-host
 * (`GET /v1/account/{address}/balance`) into the client's cache, unless the cached list is
 * younger than 30 s (spec §9 portfolio). When the fetch fails or the network is unsupported
 * (neither eip155 nor solana, not listed by the dapp, or frame-host answers 400) the snackbar shows 'Token
 * Balance Unavailable' and no new fetch starts for 30 s (spec §8). Concurrent calls share one read.
 *
 * @example
 * await refreshTokenBalances(client)
 * getTokenBalances(client).balances // [{ name: 'Ether', symbol: 'ETH', … }]
 */
export async function refreshTokenBalances(client: OrielClient, parameters: RefreshTokenBalancesParameters = {}): Promise<void> {
  const { address, status, namespace } = client.account.getSnapshot()
  const { caipNetworkId, isSupported } = getNetwork(client)
  const { key, entry } = currentEntry(client)
  if (status !== 'connected' || !address || !key) return
  const now = client.balances.now()
  if (!mayFetch(entry, now, parameters.force)) return

  let reads = inFlight.get(client)
  if (!reads) inFlight.set(client, (reads = new Map()))
  const pending = reads.get(key)
  if (pending) return pending
  const set = (patch: TokenBalanceEntry) =>
    client.tokenBalances.setState((state) => ({ entries: { ...state.entries, [key]: { ...state.entries[key], ...patch } } }))
  const read = (async () => {
    try {
      if (!(namespace === 'eip155' || namespace === 'solana' || namespace === 'bip122') || !isSupported) {
        throw new Error(`unsupported network ${caipNetworkId}`)
      }
      const balances = await getAccountBalances(client.frameHost, { address, chainId: caipNetworkId, forceUpdate: parameters.force })
      set({ balances, fetchedAt: client.balances.now(), failedAt: undefined, unavailable: undefined })
    } catch (error) {
      if (namespace === 'bip122' && isUnsupportedChain(error)) {
        // No Esplora API on frame-host for this Bitcoin network: the view says so, no error toast.
        set({ balances: [], fetchedAt: client.balances.now(), failedAt: undefined, unavailable: true })
        return
      }
      console.error(`oriel: reading the token balances of ${address} on ${caipNetworkId} failed`, error)
      set({ failedAt: client.balances.now() })
      client.snackbar.showError(TOKEN_BALANCE_UNAVAILABLE)
    } finally {
      reads.delete(key)
    }
  })()
  reads.set(key, read)
  return read
}
