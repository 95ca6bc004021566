import { useCallback, useState } from 'react'
import { disconnect as disconnectAction } from '../../core/actions/disconnect'
import { useOrielClient } from './useOrielClient'

export type UseDisconnectReturnType = {
  /**
   * Disconnects the active account; another remaining connection then becomes active. Rejects
   * with `DisconnectError` ('Failed to disconnect').
   */
  disconnect(): Promise<void>
  /** True while a disconnect is running. */
  isPending: boolean
}

/**
 * Disconnects the wallet.
 *
 * @example
 * function SignOut() {
 *   const { disconnect, isPending } = useDisconnect()
 *   return <button onClick={() => disconnect()} disabled={isPending}>Disconnect</button>
 * }
 */
export function useDisconnect(): UseDisconnectReturnType {
  const client = useOrielClient()
  const [isPending, setPending] = useState(false)
  const disconnect = useCallback(async () => {
    setPending(true)
    try {
      await disconnectAction(client)
    } finally {
      setPending(false)
    }
  }, [client])
  return { disconnect, isPending }
}
