import { getNfts, type OwnedNft } from '../blockchain/nfts'
import type { OrielClient } from '../client/createClient'
import { createClientCache, type WatchParameters, type WatchReturnType, watch } from './cache'
import { getNetwork } from './getNetwork'

export type GetAccountNftsReturnType = {
  /** The NFTs the connected account owns on the active network; empty while unknown. */
  nfts: readonly OwnedNft[]
  /** A read is under way and none has answered yet (or the last failed). */
  loading: boolean
  /** The last read failed. */
  failed: boolean
  /** NFTs are read for EVM accounts only: `false` for another namespace, and nothing is read. */
  supported: boolean
}

const cache = createClientCache<GetAccountNftsReturnType>('accountNfts')
const NONE: readonly OwnedNft[] = []

/** The query key of the connected account's NFTs on the active network; `undefined` when there is none to read. */
function nftsKey(client: OrielClient) {
  const { address, status, namespace } = client.account.getSnapshot()
  // frame-host indexes EVM networks only.
  if (status !== 'connected' || !address || namespace !== 'eip155') return undefined
  return ['nfts', `${getNetwork(client).caipNetworkId}:${address.toLowerCase()}`] as const
}

/**
 * The NFTs of the connected account on the active network (frame-host's NFTs route), as the
 * query cache has them; `refreshAccountNfts` reads them. The same object until they change.
 *
 * @example
 * const { nfts, loading, failed } = getAccountNfts(client)
 */
export function getAccountNfts(client: OrielClient): GetAccountNftsReturnType {
  const key = nftsKey(client)
  const entry = key && client.query.get<readonly OwnedNft[]>(key)
  const supported = client.account.getSnapshot().namespace === 'eip155'
  return cache.get(client, [key?.[1], entry, supported], () => {
    // A read again after a failure (Try again) shows as loading.
    const failed = entry?.failedAt !== undefined && !entry.fetching
    return {
      nfts: entry?.failedAt === undefined ? (entry?.data ?? NONE) : NONE,
      loading: key !== undefined && !failed && (entry?.data === undefined || entry.failedAt !== undefined),
      failed,
      supported,
    }
  })
}

/**
 * Calls `onChange` whenever the shown NFTs change. Returns the unsubscribe function.
 *
 * @example
 * const stop = watchAccountNfts(client, { onChange: ({ nfts }) => console.log(nfts.length) })
 */
export function watchAccountNfts(client: OrielClient, parameters: WatchParameters<GetAccountNftsReturnType>): WatchReturnType {
  return watch(client, [client.account, client.connection, client.query], getAccountNfts, parameters.onChange)
}

/**
 * Reads the connected account's NFTs on the active network (`GET /v1/account/{address}/nfts`)
 * into the query cache: at every call (the NFTs tab reads them as it opens), the list read last
 * shown meanwhile, calls under way sharing one read. A failure is logged and shows in
 * `getAccountNfts(client).failed`.
 *
 * @example
 * await refreshAccountNfts(client)
 */
export async function refreshAccountNfts(client: OrielClient): Promise<void> {
  const key = nftsKey(client)
  const { address } = client.account.getSnapshot()
  if (!key || !address) return
  const { caipNetworkId } = getNetwork(client)
  const read = () => getNfts(client.frameHost, { address, chainId: caipNetworkId })
  await client.query.fetch({ key, read, staleMs: 0 }).catch((error: unknown) => {
    console.error(`oriel: reading the NFTs of ${address} on ${caipNetworkId} failed`, error)
  })
}
