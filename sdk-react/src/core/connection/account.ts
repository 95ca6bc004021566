import { DISCONNECTED_ACCOUNT, type AccountEntry, type AccountState } from '../account/accountStore'
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
      allAccounts: connection.user?.accounts ?? singleAccount(connection.address, namespace === 'bip122' ? 'payment' : 'eoa'),
      smartAccountDeployed: connection.user?.smartAccountDeployed ?? false,
      preferredAccountType: connection.user?.preferredAccountType,
      socialProvider: connection.socialProvider,
    }
  }
  if (connection?.status === 'connecting' || connection?.status === 'reconnecting') {
    return { ...DISCONNECTED_ACCOUNT, status: connection.status }
  }
  return DISCONNECTED_ACCOUNT
}

/** The last one-account list made, kept so that an unchanged wallet keeps the same list (and the store stays still). */
let lastSingle: readonly AccountEntry[] = []

/** The accounts of a wallet that shares one address: that address, of `type`. */
function singleAccount(address: string, type: AccountEntry['type']): readonly AccountEntry[] {
  const [entry] = lastSingle
  if (entry?.address !== address || entry.type !== type) lastSingle = Object.freeze([{ address, type }])
  return lastSingle
}
