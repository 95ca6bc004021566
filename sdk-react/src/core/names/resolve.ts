import { avatarImageUrl } from '../account/identity'
import { getNetwork } from '../actions/getNetwork'
import { PERSISTED_QUERY_ENTRIES } from '../query/queryClient'
import type { OrielClient } from '../client/createClient'
import { ResolveNameError } from '../errors/names'
import { STORAGE_KEYS } from '../storage/keys'
import { storage } from '../storage/storage'
import { evmChainIdToCoinType } from '../validation/caip'
import { readNameRecord, readNameSuffix } from './client'
import { isNameLike, normalizeNameInput } from './rules'

/** How long a resolved name is reused (spec §9: ENS 5 min). */
export const NAME_CACHE_MS = 5 * 60_000
/** Names kept in the stored cache; the oldest go first. */
export const NAME_CACHE_ENTRIES = PERSISTED_QUERY_ENTRIES

/** A name and what it resolved to (spec §3 send-token state: receiver address, profile name and image). */
export interface ResolvedName {
  /** The name, lowercase. */
  readonly name: string
  readonly address: `0x${string}`
  /** Its avatar as an image URL the widget may show, when it has one. */
  readonly avatar: string | undefined
}

/** How resolved names are kept in localStorage (`@oriel/name_cache`, 5 minutes, by name). */
const NAME_STORAGE = {
  maxAgeMs: NAME_CACHE_MS,
  toStored: (resolved: Omit<ResolvedName, 'name'>) => ({ address: resolved.address, avatar: resolved.avatar }),
  fromStored(stored: Record<string, unknown>): Omit<ResolvedName, 'name'> | undefined {
    const { address, avatar } = stored
    if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return undefined
    return { address: address as `0x${string}`, avatar: avatarImageUrl(typeof avatar === 'string' ? avatar : undefined) }
  },
} as const

export type ResolveNameParameters = {
  signal?: AbortSignal | undefined
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
  const name = normalizeNameInput(input)
  if (!isNameLike(name)) throw new ResolveNameError({ name, details: `${input} is not a name.` })
  const { namespace } = client.account.getSnapshot()
  if (namespace && namespace !== 'eip155') throw new ResolveNameError({ name, details: 'Names resolve to EVM addresses only.' })
  const { network, networks } = getNetwork(client)
  client.query.persist<Omit<ResolvedName, 'name'>>('name', { storage, key: STORAGE_KEYS.nameCache, ...NAME_STORAGE })
  const read = async (): Promise<Omit<ResolvedName, 'name'>> => {
    const suffix = await readNameSuffix(client)
    if (name.endsWith(`.${suffix}`)) {
      const record = await readNameRecord(client, name, { signal })
      const coinType = network.chainNamespace === 'eip155' ? String(evmChainIdToCoinType(Number(network.id))) : '60'
      const address = (record?.addresses[coinType] ?? record?.addresses['60'])?.address
      if (!address) throw new ResolveNameError({ name, details: `${name} is not registered.` })
      return { address, avatar: avatarImageUrl(record?.attributes['avatar']) }
    }
    const { ensNetworkFor, resolveEnsName } = await import('./ens')
    const ensNetwork = ensNetworkFor(network, networks)
    if (!ensNetwork) throw new ResolveNameError({ name, details: 'No configured network has ENS.' })
    const answer = await resolveEnsName({ network: ensNetwork, name })
    if (!answer.address) throw new ResolveNameError({ name, details: `${name} has no address on ${ensNetwork.name}.` })
    return { address: answer.address, avatar: avatarImageUrl(answer.avatar ?? undefined) }
  }
  try {
    return { name, ...(await client.query.fetch({ key: ['name', name], read, staleMs: NAME_CACHE_MS }, { signal })) }
  } catch (cause) {
    if (signal?.aborted || cause instanceof ResolveNameError) throw cause
    throw new ResolveNameError({ name, cause })
  }
}
