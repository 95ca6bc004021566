import { useState } from 'react'
import { connectEmail } from '../../core/actions/connectEmail'
import { completeLogin, connectOtp } from '../../core/actions/connectOtp'
import { getErrorMessage } from '../../core/errors/base'
import { useOrielClient } from '../hooks/useOrielClient'
import { CodeForm } from './CodeForm'
import { showConnected } from './showConnected'
import type { ViewProps } from './types'

/**
 * Email login, code step: the code field (see {@link CodeForm}); "Resend code" asks for a new
 * email (30 s throttle).
 */
export default function EmailVerifyOtpView({ entry }: ViewProps) {
  const client = useOrielClient()
  const email = typeof entry.data?.['email'] === 'string' ? entry.data['email'] : ''
  const [resending, setResending] = useState(false)
  const [sending, setSending] = useState(false)

  async function resend() {
    setResending(true)
    try {
      const { action } = await connectEmail(client, { email: email })
      if (action === 'VERIFY_DEVICE') client.modal.replace('EmailVerifyDevice', { email })
      else if (action === 'CONNECT') {
        await completeLogin(client)
        showConnected(client)
      } else client.snackbar.showSuccess('Code email resent')
    } catch (error) {
      // Throttled: 'Please try again after {n} seconds', from the SDK or from frame-host.
      client.snackbar.showError(getErrorMessage(error))
    } finally {
      setResending(false)
    }
  }

  return (
    <div className="view stack" data-view={entry.view}>
      <CodeForm
        hint={
          <>
            Enter the 6-digit code sent to <strong>{email}</strong>
          </>
        }
        send={async (otp) => {
          await connectOtp(client, { otp: otp })
          showConnected(client)
        }}
        onBusyChange={setSending}
      />
      <p className="hint">
        Didn't receive it?{' '}
        <button type="button" className="link" onClick={resend} disabled={resending || sending}>
          Resend code
        </button>
      </p>
    </div>
  )
}
