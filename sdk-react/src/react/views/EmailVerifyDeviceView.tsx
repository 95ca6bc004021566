import { useEffect, useState } from 'react'
import { waitForDeviceApproval } from '../../core/embedded/actions/waitForDeviceApproval'
import { getErrorMessage } from '../../core/errors/base'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { SpinnerIcon } from '../icons/icons'
import type { ViewProps } from './types'
import { Truncated } from './Truncated'

/**
 * Email login, device step: waits while the user opens the approval link emailed to them, then
 * moves on to the code (which the frame emails once the device is approved). Stops waiting
 * when the view goes away or the modal closes.
 */
export default function EmailVerifyDeviceView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { open } = useStore(client.modal)
  const email = typeof entry.data?.['email'] === 'string' ? entry.data['email'] : ''
  const [attempt, setAttempt] = useState(0)
  const [failed, setFailed] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the wait when the user retries
  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    waitForDeviceApproval(client, { signal: controller.signal }).then(
      () => client.modal.replace('EmailVerifyOtp', { email }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        client.snackbar.showError(getErrorMessage(error))
        setFailed(true)
      },
    )
    return () => controller.abort()
  }, [client, email, open, attempt])

  return (
    <div className="view center" data-view={entry.view}>
      {failed ? null : <SpinnerIcon size={28} />}
      <p className="lead">Approve this device</p>
      <p>
        Open the link sent to <Truncated className="strong" text={email} kind="email" /> to continue. The code follows by email once
        this device is approved.
      </p>
      {failed ? (
        <button
          type="button"
          className="link"
          onClick={() => {
            setFailed(false)
            setAttempt((n) => n + 1)
          }}
        >
          Try again
        </button>
      ) : null}
    </div>
  )
}
