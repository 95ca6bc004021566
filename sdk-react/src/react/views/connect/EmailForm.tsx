import { useState, type FormEvent } from 'react'
import { getErrorMessage } from '../../../core/errors/base'
import { isValidEmail } from '../../../core/validation/email'
import { useOrielClient } from '../../hooks/useOrielClient'
import { ArrowIcon, MailIcon, SpinnerIcon } from '../../icons/icons'
import { showConnected } from '../showConnected'

/** Email login: validates as you type, submits to the embedded wallet, errors go to the snackbar. */
export function EmailForm() {
  const client = useOrielClient()
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const valid = isValidEmail(value.trim())

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (!valid) return client.modal.shake()
    setBusy(true)
    try {
      const { action, email } = await client.connectEmail(value)
      if (action === 'VERIFY_OTP') client.modal.push('EmailVerifyOtp', { email })
      else if (action === 'VERIFY_DEVICE') client.modal.push('EmailVerifyDevice', { email })
      else {
        // CONNECT: the frame already has this user's session.
        client.snackbar.showLoading('Authenticating...')
        await client.completeLogin()
        client.snackbar.hide()
        showConnected(client)
      }
    } catch (error) {
      client.snackbar.showError(getErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="field" onSubmit={onSubmit} noValidate data-connect-method="email">
      <MailIcon />
      <input
        type="email"
        name="email"
        aria-label="Email"
        placeholder="Email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={value}
        readOnly={busy}
        aria-busy={busy}
        aria-invalid={value !== '' && !valid}
        onChange={(event) => setValue(event.target.value)}
      />
      {busy ? (
        <span className="submit" aria-hidden="true">
          <SpinnerIcon />
        </span>
      ) : valid ? (
        <button type="submit" className="submit" aria-label="Continue">
          <ArrowIcon />
        </button>
      ) : null}
    </form>
  )
}
