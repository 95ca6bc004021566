import { avatarImageUrl } from '../account/identity'
import { getNetwork } from '../actions/getNetwork'
import type { OrielClient } from '../client/createClient'
import { ResolveNameError } from '../errors/names'
import { STORAGE_KEYS } from '../storage/keys'
import { storage, type SafeStorage } from '../storage/storage'
import { evmChainIdToCoinType } from '../validation/caip'
import { getNamesApi } from './client'
import { isNameLike, normalizeNameInput } from './rules'

/** How long a resolved name is reused (spec §9: ENS 5 min). */
export const NAME_CACHE_MS = 5 * 60_000
/** Names kept in the stored cache; the oldest go first. */
export const NAME_CACHE_ENTRIES = 20

/** A name and what it resolved to (spec §3 send-token state: receiver address, profile name and image). */
export interface ResolvedName {
  /** The name, lowercase. */
  readonly name: string
  readonly address: `0x${string}`
  /** Its avatar as an image URL the widget may show, when it has one. */
  readonly avatar: string | undefined
}

type CacheEntry = { readonly address: `0x${string}`; readonly avatar: string | undefined; readonly fetchedAt: number }

function readCache(store: SafeStorage): Record<string, CacheEntry> {
  try {
    const parsed = JSON.parse(store.getItem(STORAGE_KEYS.nameCache) ?? '{}') as unknown
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, CacheEntry>) : {}
  } catch {
    // A value another version wrote: start again.
    return {}
  }
}

/** The stored resolution of `name` (lowercase), if made less than {@link NAME_CACHE_MS} before `now`. */
export function cachedName(store: SafeStorage, name: string, now: number): ResolvedName | undefined {
  const entry = readCache(store)[name]
  if (!entry || typeof entry.fetchedAt !== 'number' || now - entry.fetchedAt >= NAME_CACHE_MS) return undefined
  if (typeof entry.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(entry.address)) return undefined
  return { name, address: entry.address, avatar: avatarImageUrl(typeof entry.avatar === 'string' ? entry.avatar : undefined) }
}

/** Stores the resolution of a name made at `now`, keeping the newest {@link NAME_CACHE_ENTRIES}. */
export function cacheName(store: SafeStorage, resolved: ResolvedName, now: number): void {
  const entry: CacheEntry = { address: resolved.address, avatar: resolved.avatar, fetchedAt: now }
  const entries = Object.entries({ ...readCache(store), [resolved.name]: entry })
    .sort(([, a], [, b]) => b.fetchedAt - a.fetchedAt)
    .slice(0, NAME_CACHE_ENTRIES)
  store.setItem(STORAGE_KEYS.nameCache, JSON.stringify(Object.fromEntries(entries)))
}

export type ResolveNameParameters = {
  signal?: AbortSignal | undefined
  /** Test seam: the clock, ms since the epoch. Default `Date.now`. */
  now?: (() => number) | undefined
}

export type ResolveNameErrorType = ResolveNameError

/**
 * The address a name stands for, with its avatar (spec: a name in the Send view's receiver
 * field). Names are eip155 only (spec §9).
 * - A name under frame-host's suffix (`alice.oriel.id`) is read from frame-host
 *   (`GET /v1/profile/account/{name}`): it keeps those names, and the on-chain resolver's answers
 *   are signed copies of the same records. One request, on every network the dapp lists (with or
 *   without ENS), and the record carries the avatar. The address is the one recorded for the
 *   active chain's coin type, else for Ethereum's (60).
 * - Any other name is an ENS name, resolved with viem (loaded then) through ENS's universal
 *   resolver on the active network when it has one, else on the first configured network that
 *   has (Ethereum, or a network that declares `contracts.ensUniversalResolver`); CCIP-read
 *   resolvers are followed from the browser.
 *
 * Answers are cached 5 minutes (spec §9, in the dapp's localStorage). Anything else (not
 * registered, no ENS network, a failed lookup) is 'Error resolving name'.
 *
 * @example
 * const { address, avatar } = await resolveName(client, 'alice.oriel.id')
 */
export async function resolveName(client: OrielClient, input: string, parameters: ResolveNameParameters = {}): Promise<ResolvedName> {
  const { signal } = parameters
  const now = parameters.now ?? Date.now
  const name = normalizeNameInput(input)
  if (!isNameLike(name)) throw new ResolveNameError({ name, details: `${input} is not a name.` })
  const { namespace } = client.account.getSnapshot()
  if (namespace && namespace !== 'eip155') throw new ResolveNameError({ name, details: 'Names resolve to EVM addresses only.' })
  const cached = cachedName(storage, name, now())
  if (cached) return cached
  const { network, networks } = getNetwork(client)
  let resolved: ResolvedName
  try {
    const api = getNamesApi(client)
    const suffix = await api.getSuffix()
    if (name.endsWith(`.${suffix}`)) {
      const record = await api.lookupName(name, { signal })
      const coinType = network.chainNamespace === 'eip155' ? String(evmChainIdToCoinType(Number(network.id))) : '60'
      const address = (record?.addresses[coinType] ?? record?.addresses['60'])?.address
      if (!address) throw new ResolveNameError({ name, details: `${name} is not registered.` })
      resolved = { name, address, avatar: avatarImageUrl(record?.attributes['avatar']) }
    } else {
      const { ensNetworkFor, resolveEnsName } = await import('./ens')
      const ensNetwork = ensNetworkFor(network, networks)
      if (!ensNetwork) throw new ResolveNameError({ name, details: 'No configured network has ENS.' })
      const answer = await resolveEnsName({ network: ensNetwork, name })
      if (!answer.address) throw new ResolveNameError({ name, details: `${name} has no address on ${ensNetwork.name}.` })
      resolved = { name, address: answer.address, avatar: avatarImageUrl(answer.avatar ?? undefined) }
    }
  } catch (cause) {
    if (signal?.aborted || cause instanceof ResolveNameError) throw cause
    throw new ResolveNameError({ name, cause })
  }
  cacheName(storage, resolved, now())
  return resolved
}
