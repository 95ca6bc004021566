import { useCallback } from 'react'
import { findNetwork, unsupportedNetwork } from '../../core/connection/network'
import { isCaipAddress, parseCaipAddress } from '../../core/validation/caip'
import type { CaipNetworkId, Network } from '../../core/networks'
import { useOrielClient } from './useOrielClient'
import { useStore } from './useStore'

export type UseNetworkReturnType = {
  /** The active network; a wallet on a network the dapp does not list gives an "Unknown Network" entry. */
  network: Network
  /** CAIP-2 id of the active network, e.g. `eip155:8453`. */
  caipNetworkId: CaipNetworkId
  /** Whether the active network is one of the configured `networks`. */
  isSupported: boolean
  /** The configured networks, in config order. */
  networks: readonly Network[]
  /**
   * Switches network (asking the connected wallet). Rejects with 'Chain is not supported' when the
   * wallet can neither switch to nor add the chain.
   */
  switchNetwork(network: Network): Promise<void>
}

/**
 * The active network and a way to switch it.
 *
 * @example
 * function NetworkPicker() {
 *   const { network, networks, switchNetwork } = useNetwork()
 *   return (
 *     <select value={network.caipNetworkId} onChange={(e) => switchNetwork(networks.find((n) => n.caipNetworkId === e.target.value)!)}>
 *       {networks.map((n) => <option key={n.caipNetworkId} value={n.caipNetworkId}>{n.name}</option>)}
 *     </select>
 *   )
 * }
 */
export function useNetwork(): UseNetworkReturnType {
  const client = useOrielClient()
  const { activeCaipNetworkId } = useStore(client.connection)
  const { connectorId, caipAddress } = useStore(client.account)
  // The embedded wallet reports its own chain with the account.
  const caipNetworkId =
    connectorId === 'AUTH' && isCaipAddress(caipAddress) ? parseCaipAddress(caipAddress).caipNetworkId : activeCaipNetworkId
  const listed = findNetwork(client.config.networks, caipNetworkId)
  const switchNetwork = useCallback((network: Network) => client.switchNetwork(network), [client])
  return {
    network: listed ?? unsupportedNetwork(caipNetworkId),
    caipNetworkId,
    isSupported: listed !== undefined,
    networks: client.config.networks,
    switchNetwork,
  }
}
