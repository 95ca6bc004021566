import { useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { getErrorMessage } from '../../core/errors/base'
import { useOrielClient } from '../hooks/useOrielClient'
import { SpinnerIcon } from '../icons/icons'
import { showConnected } from './showConnected'
import type { ViewProps } from './types'

/** The emailed code's length. */
export const OTP_LENGTH = 6

/** Digits only, at most {@link OTP_LENGTH}: a pasted "123 456" or "Code: 123456" becomes "123456". */
const toCode = (value: string) => value.replace(/\D/gu, '').slice(0, OTP_LENGTH)

/**
 * Email login, code step: one code field that submits itself at 6 digits (typed or pasted) and
 * on Enter. Errors go to the snackbar; "Resend code" asks for a new email (30 s throttle).
 */
export default function EmailVerifyOtpView({ entry }: ViewProps) {
  const client = useOrielClient()
  const email = typeof entry.data?.['email'] === 'string' ? entry.data['email'] : ''
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [resending, setResending] = useState(false)
  const busyRef = useRef(false)
  const inputRef = useRef<HTMLInputElement>(null)

  async function submit(otp: string) {
    if (busyRef.current) return
    if (otp.length !== OTP_LENGTH) return client.modal.shake()
    busyRef.current = true
    setBusy(true)
    try {
      await client.connectOtp(otp)
      showConnected(client)
    } catch (error) {
      client.snackbar.showError(getErrorMessage(error))
      busyRef.current = false
      setBusy(false)
      // Selected: typing or pasting replaces the code, Enter sends it again.
      inputRef.current?.focus()
      inputRef.current?.select()
    }
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const next = toCode(event.target.value)
    setCode(next)
    if (next.length === OTP_LENGTH) void submit(next)
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    void submit(code)
  }

  async function resend() {
    setResending(true)
    try {
      const { action } = await client.connectEmail(email)
      if (action === 'VERIFY_DEVICE') client.modal.replace('EmailVerifyDevice', { email })
      else if (action === 'CONNECT') {
        await client.completeLogin()
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
      <p className="hint">
        Enter the 6-digit code sent to <strong>{email}</strong>
      </p>
      <form className="field code-field" onSubmit={onSubmit} noValidate>
        <input
          ref={inputRef}
          name="code"
          aria-label="Code"
          placeholder="000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          spellCheck={false}
          autoFocus
          value={code}
          readOnly={busy}
          aria-busy={busy}
          onChange={onChange}
        />
        {busy ? (
          <span className="submit" aria-hidden="true">
            <SpinnerIcon />
          </span>
        ) : null}
      </form>
      <p className="hint">
        Didn't receive it?{' '}
        <button type="button" className="link" onClick={resend} disabled={resending || busy}>
          Resend code
        </button>
      </p>
    </div>
  )
}
