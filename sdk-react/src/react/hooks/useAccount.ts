import { useCallback, useSyncExternalStore } from 'react'
import { getAccount, watchAccount, type GetAccountReturnType } from '../../core/actions/getAccount'
import { useOrielClient } from './useOrielClient'

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
  const client = useOrielClient()
  const subscribe = useCallback((onChange: () => void) => watchAccount(client, { onChange }), [client])
  const get = useCallback(() => getAccount(client), [client])
  return useSyncExternalStore(subscribe, get, get)
}
