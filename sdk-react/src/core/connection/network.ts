import type { CaipNetworkId, Network } from '../networks'
import { parseCaipNetworkId } from '../validation/caip'

/** The name an unsupported network carries (spec §3). */
export const UNSUPPORTED_NETWORK_NAME = 'Unknown Network'

/**
 * The network of `caipNetworkId` among `networks`, or `undefined`.
 *
 * @example
 * findNetwork(config.networks, 'eip155:8453')?.name // 'Base'
 */
export function findNetwork(networks: readonly Network[], caipNetworkId: string | undefined): Network | undefined {
  return caipNetworkId === undefined ? undefined : networks.find((n) => n.caipNetworkId === caipNetworkId)
}

/**
 * A network the dapp does not list (spec §3): the unsupported-network name and empty RPC lists.
 *
 * @example
 * unsupportedNetwork('eip155:10').name // 'Unknown Network'
 */
export function unsupportedNetwork(caipNetworkId: CaipNetworkId): Network {
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
  const numeric = namespace === 'eip155' && /^[0-9]+$/.test(reference)
  return {
    id: numeric ? Number(reference) : reference,
    name: UNSUPPORTED_NETWORK_NAME,
    chainNamespace: namespace,
    caipNetworkId,
    nativeCurrency: { name: '', symbol: '', decimals: 0 },
    rpcUrls: { default: { http: [] }, chainDefault: { http: [] } },
  }
}
