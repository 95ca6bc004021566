import type { AccountStatus } from '../../core/account/accountStore'
import type { ChainNamespace } from '../../core/networks'
import { useOrielClient } from './useOrielClient'
import { useStore } from './useStore'

export type UseAccountReturnType = {
  /** The connected address, or `undefined` while disconnected. */
  address: string | undefined
  /** CAIP-10 (`eip155:1:0x…`), or `undefined` while disconnected. */
  caipAddress: string | undefined
  /** `disconnected`, `connecting`, `reconnecting` (restoring a login on page load) or `connected`. */
  status: AccountStatus
  /** The chain namespace of the account, e.g. `eip155`. */
  namespace: ChainNamespace | undefined
  /** `status === 'connected'`. */
  isConnected: boolean
  /** The login email, when connected through the embedded wallet by email. */
  email: string | undefined
}

/**
 * The connected account (wagmi style).
 *
 * @example
 * function Address() {
 *   const { address, status } = useAccount()
 *   if (status === 'reconnecting') return <span>Reconnecting…</span>
 *   return <span>{address ?? 'Not connected'}</span>
 * }
 */
export function useAccount(): UseAccountReturnType {
  const { address, caipAddress, status, namespace, user } = useStore(useOrielClient().account)
  return {
    address,
    caipAddress,
    status,
    namespace,
    isConnected: status === 'connected',
    email: user?.email ?? undefined,
  }
}
