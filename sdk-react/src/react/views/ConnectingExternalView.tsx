import { useEffect, useRef, useState } from 'react'
import { connect } from '../../core/actions/connect'
import type { Connection } from '../../core/connectors/types'
import { getErrorMessage } from '../../core/errors/base'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { AlertIcon, SpinnerIcon, WalletIcon } from '../icons/icons'
import { showConnected } from './showConnected'
import type { ViewProps } from './types'

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)

/**
 * Connecting a browser wallet: shows the wallet and waits while the user answers its prompt;
 * after a rejection or failure shows why and offers "Try again". The router data carries
 * `connectorId`, and the `name` and `icon` shown until the connector is found.
 */
export default function ConnectingExternalView({ entry }: ViewProps) {
  const client = useOrielClient()
  const connectorId = text(entry.data?.['connectorId']) ?? ''
  const connectors = useStore(client.connectors)
  const connector = connectors.find((c) => c.id === connectorId)
  const name = connector?.name ?? text(entry.data?.['name']) ?? 'your wallet'
  const icon = connector?.imageUrl ?? text(entry.data?.['icon'])
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string | undefined>()
  // One request per attempt, even when React runs the effect twice (StrictMode).
  const pending = useRef<{ attempt: number; promise: Promise<Connection> } | undefined>(undefined)

  useEffect(() => {
    let active = true
    if (pending.current?.attempt !== attempt) {
      pending.current = { attempt, promise: connect(client, { connectorId: connectorId }) }
    }
    pending.current.promise.then(
      () => {
        if (active) showConnected(client)
      },
      (failure: unknown) => {
        if (active) setError(getErrorMessage(failure, 'Connection failed'))
      },
    )
    return () => {
      active = false
    }
  }, [client, connectorId, attempt])

  return (
    <div className="view center" data-view={entry.view} aria-live="polite">
      <span className={error ? 'wallet-logo failed' : 'wallet-logo'}>
        {icon ? <img src={icon} alt="" width={72} height={72} /> : <WalletIcon size={40} />}
        <span className="wallet-status" aria-hidden="true">
          {error ? <AlertIcon size={16} /> : <SpinnerIcon size={16} />}
        </span>
      </span>
      {error ? (
        <>
          <p className="lead" role="alert">
            {error}
          </p>
          <p>The request in {name} was declined or did not finish.</p>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setError(undefined)
              setAttempt((n) => n + 1)
            }}
          >
            Try again
          </button>
        </>
      ) : (
        <>
          <p className="lead">Continue in {name}</p>
          <p>Accept the connection request in your wallet.</p>
        </>
      )}
    </div>
  )
}
