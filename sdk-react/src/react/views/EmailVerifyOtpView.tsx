import { useEffect, useState } from 'react'
import { connectEmail, getEmailLoginWait } from '../../core/embedded/actions/connectEmail'
import { completeLogin, connectOtp } from '../../core/embedded/actions/connectOtp'
import { getErrorMessage } from '../../core/errors/base'
import { useOrielClient } from '../hooks/useOrielClient'
import { CodeForm } from './CodeForm'
import { showConnected } from './showConnected'
import type { ViewProps } from './types'
import { Truncated } from './Truncated'

/**
 * Email login, code step: the code field (see {@link CodeForm}); "Resend code" asks for a new
 * email, and while the 30 s throttle runs it is a disabled "Resend in N s" counting down.
 */
export default function EmailVerifyOtpView({ entry }: ViewProps) {
  const client = useOrielClient()
  const email = typeof entry.data?.['email'] === 'string' ? entry.data['email'] : ''
  const [resending, setResending] = useState(false)
  const [sending, setSending] = useState(false)
  const [wait, setWait] = useState(() => getEmailLoginWait(client))
  const [status, setStatus] = useState<{ error: boolean; text: string }>()

  // The countdown reads the throttle's clock each second, so it never drifts from it.
  useEffect(() => {
    if (wait <= 0) return
    const timer = setInterval(() => setWait(getEmailLoginWait(client)), 1000)
    return () => clearInterval(timer)
  }, [client, wait])

  async function resend() {
    setResending(true)
    setStatus(undefined)
    try {
      const { action } = await connectEmail(client, { email: email })
      if (action === 'VERIFY_DEVICE') client.modal.replace('EmailVerifyDevice', { email })
      else if (action === 'CONNECT') {
        await completeLogin(client)
        showConnected(client)
      } else setStatus({ error: false, text: `A new code is on its way to ${email}` })
    } catch (error) {
      // Throttled ('Please try again after {n} seconds', here or from frame-host), offline, …
      setStatus({ error: true, text: getErrorMessage(error) })
    } finally {
      setResending(false)
      setWait(getEmailLoginWait(client))
    }
  }

  return (
    <div className="view stack" data-view={entry.view}>
      <CodeForm
        hint={
          <>
            Enter the 6-digit code sent to <Truncated className="strong" text={email} kind="email" />
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
        <button type="button" className="link" onClick={resend} disabled={wait > 0 || resending || sending}>
          {wait > 0 ? `Resend in ${wait} s` : 'Resend code'}
        </button>
      </p>
      {status ? (
        <p className={status.error ? 'field-error' : 'hint'} role={status.error ? 'alert' : 'status'}>
          {status.text}
        </p>
      ) : null}
    </div>
  )
}
