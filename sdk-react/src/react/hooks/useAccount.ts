import { getAccount, watchAccount, type GetAccountReturnType } from '../../core/actions/getAccount'
import { useClientState } from './useClientState'

export type UseAccountReturnType = GetAccountReturnType

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
  return useClientState(getAccount, watchAccount)
}
