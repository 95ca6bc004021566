import { DISCONNECTED_ACCOUNT, type AccountState } from '../account/accountStore'
import type { ChainNamespace } from '../networks'
import type { NamespaceConnection } from './types'

/**
 * The account a connection shows: connected with its address, or only the status while it
 * connects, or disconnected.
 *
 * @example
 * toAccount('eip155', connections.eip155).caipAddress // 'eip155:1:0x…'
 */
export function toAccount(namespace: ChainNamespace | undefined, connection: NamespaceConnection | undefined): AccountState {
  if (connection?.status === 'connected' && connection.address && connection.caipNetworkId && namespace) {
    return {
      status: 'connected',
      address: connection.address,
      caipAddress: `${connection.caipNetworkId}:${connection.address}`,
      namespace,
      connectorId: connection.connectorId,
      user: connection.user,
      socialProvider: connection.socialProvider,
    }
  }
  if (connection?.status === 'connecting' || connection?.status === 'reconnecting') {
    return { ...DISCONNECTED_ACCOUNT, status: connection.status }
  }
  return DISCONNECTED_ACCOUNT
}
