import { useCallback } from 'react'
import { getNetwork, watchNetwork, type GetNetworkReturnType } from '../../core/actions/getNetwork'
import { switchNetwork as switchNetworkAction } from '../../core/actions/switchNetwork'
import type { Network } from '../../core/networks'
import { useClientState } from './useClientState'
import { useOrielClient } from './useOrielClient'

export type UseNetworkReturnType = GetNetworkReturnType & {
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
  const state = useClientState(getNetwork, watchNetwork)
  const switchNetwork = useCallback((network: Network) => switchNetworkAction(client, { network }), [client])
  return { ...state, switchNetwork }
}
