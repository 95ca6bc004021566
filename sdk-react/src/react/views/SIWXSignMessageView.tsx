import { useState } from 'react'
import { getActiveAccountType } from '../../core/account/accountType'
import { getErrorMessage } from '../../core/errors/base'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { SpinnerIcon } from '../icons/icons'
import { FieldError } from './FieldError'
import type { ViewProps } from './types'

/**
 * Sign-in with a wallet signature (spec §2 SIWXSignMessage, and ConnectingSiwe for a dapp
 * configured with `siweConfig`; §4 the sign-in flow): Sign asks the
 * connected wallet to sign the dapp's message; a refusal stays here with 'Signature declined';
 * Cancel disconnects when sign-in is required, else only closes. Smart accounts are warned.
 */
export default function SIWXSignMessageView({ entry }: ViewProps) {
  const client = useOrielClient()
  const signIn = client.signIn
  const state = useStore(signIn ?? NO_SIGN_IN)
  const account = useStore(client.account)
  const [cancelling, setCancelling] = useState(false)
  const name = client.config.metadata?.name ?? 'This app'
  const signing = state.status === 'signing'
  const required = client.config.siwx?.required ?? client.config.siweConfig?.required ?? true

  const sign = () => {
    signIn?.signIn().catch((error: unknown) => console.info('oriel: sign-in not completed:', getErrorMessage(error)))
  }
  const cancel = async () => {
    setCancelling(true)
    try {
      await signIn?.cancel()
    } catch (error) {
      client.snackbar.showError(getErrorMessage(error, 'Failed to disconnect'))
      setCancelling(false)
    }
  }

  return (
    <div className="view stack" data-view={entry.view}>
      <p className="hint">
        <strong>{name}</strong> asks you to sign a message to prove this wallet is yours. Signing costs nothing and
        sends no transaction.
      </p>
      {/* The connected address's own type: a smart-account preference means the EOA where there are none. */}
      {getActiveAccountType(account) === 'smartAccount' ? (
        <p className="hint warning">This application might not support Smart Accounts</p>
      ) : null}
      <FieldError id="siwx-error" error={state.error} />
      <div className="row-buttons">
        <button type="button" className="btn" onClick={cancel} disabled={signing || cancelling} aria-busy={cancelling}>
          {cancelling ? <SpinnerIcon /> : null}
          {required ? 'Cancel and disconnect' : 'Cancel'}
        </button>
        <button
          type="button"
          className="btn primary"
          onClick={sign}
          disabled={signing || cancelling || !signIn}
          aria-busy={signing}
          aria-describedby={state.error ? 'siwx-error' : undefined}
        >
          {signing ? <SpinnerIcon /> : null}
          {signing ? 'Waiting for signature…' : 'Sign'}
        </button>
      </div>
    </div>
  )
}

const NO_SIGN_IN = {
  getSnapshot: () => ({ status: 'idle' as const, error: 'SIWX is not enabled' }),
  subscribe: () => () => {},
}
