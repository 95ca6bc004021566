import type { OrielClient } from '../client/createClient'
import { findNetwork, unsupportedNetwork } from '../connection/network'
import type { CaipNetworkId, Network } from '../networks'
import { createClientCache, type WatchParameters, type WatchReturnType, watch } from './cache'

export type GetNetworkReturnType = {
  /** The active network; a wallet on a network the dapp does not list gives an "Unknown Network" entry. */
  network: Network
  /** CAIP-2 id of the active network, e.g. `eip155:8453`. */
  caipNetworkId: CaipNetworkId
  /** Whether the active network is one of the configured `networks`. */
  isSupported: boolean
  /** The configured networks, in config order. */
  networks: readonly Network[]
}

const cache = createClientCache<GetNetworkReturnType>('network')

/**
 * The active network: the current connection's, else the one last chosen or the default.
 *
 * @example
 * const { network, isSupported } = getNetwork(client)
 */
export function getNetwork(client: OrielClient): GetNetworkReturnType {
  const { activeCaipNetworkId } = client.connection.getSnapshot()
  return cache.get(client, [activeCaipNetworkId], () => {
    const listed = findNetwork(client.config.networks, activeCaipNetworkId)
    return {
      network: listed ?? unsupportedNetwork(activeCaipNetworkId),
      caipNetworkId: activeCaipNetworkId,
      isSupported: listed !== undefined,
      networks: client.config.networks,
    }
  })
}

export type WatchNetworkParameters = WatchParameters<GetNetworkReturnType>

export type WatchNetworkReturnType = WatchReturnType

/**
 * Calls `onChange` whenever the active network changes. Returns the unsubscribe function.
 *
 * @example
 * const stop = watchNetwork(client, { onChange: ({ network }) => console.log(network.name) })
 */
export function watchNetwork(client: OrielClient, parameters: WatchNetworkParameters): WatchNetworkReturnType {
  return watch(client, [client.connection], getNetwork, parameters.onChange)
}
