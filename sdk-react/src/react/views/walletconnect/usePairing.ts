import { useCallback, useEffect, useState } from 'react'
import { connectWalletConnect } from '../../../core/actions/connectWalletConnect'
import { getErrorMessage } from '../../../core/errors/base'
import { PairingCancelledError } from '../../../core/errors/walletconnect'
import type { Pairing } from '../../../core/walletconnect/pairing'
import { useOrielClient } from '../../hooks/useOrielClient'
import { useStore } from '../../hooks/useStore'
import { showConnected } from '../showConnected'

export type UsePairingReturnType = {
  /** The pairing on offer, `undefined` while a new one is made. */
  pairing: Pairing | undefined
  /** The user-facing reason the last attempt failed ('Connection declined', …). */
  error: string | undefined
  /** Starts over after a failure. */
  retry(): void
}

/**
 * Starts (or, on Telegram and iOS Safari, resumes) a WalletConnect pairing while the view is
 * shown, keeps it fresh as it expires, and shows the account once a wallet approves.
 */
export function usePairing(): UsePairingReturnType {
  const client = useOrielClient()
  const { pairing } = useStore(client.walletConnect.pairing)
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string>()

  useEffect(() => client.walletConnect.watchPairing(), [client])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the pairing when the user retries
  useEffect(() => {
    let active = true
    connectWalletConnect(client).then(
      () => {
        if (active) showConnected(client)
      },
      (failure: unknown) => {
        if (active && !(failure instanceof PairingCancelledError)) setError(getErrorMessage(failure))
      },
    )
    return () => {
      active = false
    }
  }, [client, attempt])

  const retry = useCallback(() => {
    setError(undefined)
    setAttempt((n) => n + 1)
  }, [])
  return { pairing, error, retry }
}
