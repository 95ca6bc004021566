import { useId, useState, type FormEvent } from 'react'
import { getErrorMessage } from '../../core/errors/base'
import { isValidEmail } from '../../core/validation/email'
import { useOrielClient } from '../hooks/useOrielClient'
import { FieldError } from './FieldError'
import { ArrowIcon, MailIcon, SpinnerIcon } from '../icons/icons'

/** What an invalid address is told on Enter. */
export const EMAIL_HINT = 'Enter an email address like name@example.com'

/**
 * An email field that validates as you type (spec §5) and, on Enter or its Continue button,
 * calls `send` with the trimmed address. An invalid address shakes the modal and says why; a
 * failure (a throttle, a network error) shows under the field until the address changes.
 */
export function EmailField({
  label,
  send,
  autoFocus = false,
  method,
}: {
  /** Accessible name and placeholder. */
  label: string
  send(email: string): Promise<void>
  autoFocus?: boolean
  /** `data-connect-method` of the form, where it is one of the Connect view's methods. */
  method?: string
}) {
  const client = useOrielClient()
  const errorId = useId()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const valid = isValidEmail(value.trim())

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (!valid) {
      setError(EMAIL_HINT)
      return client.modal.shake()
    }
    setBusy(true)
    try {
      await send(value.trim())
    } catch (failure) {
      setError(getErrorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
    <form className="field" onSubmit={onSubmit} noValidate data-connect-method={method}>
      <MailIcon />
      <input
        type="email"
        name="email"
        aria-label={label}
        placeholder={label}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        autoFocus={autoFocus}
        value={value}
        readOnly={busy}
        aria-busy={busy}
        aria-invalid={error !== undefined || (value !== '' && !valid)}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setValue(event.target.value)
          setError(undefined)
        }}
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
    <FieldError id={errorId} error={error} />
    </>
  )
}
