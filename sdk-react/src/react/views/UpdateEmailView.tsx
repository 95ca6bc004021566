import { useState, type FormEvent } from 'react'
import { getErrorMessage } from '../../core/errors/base'
import { isValidEmail } from '../../core/validation/email'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { ArrowIcon, MailIcon, SpinnerIcon } from '../icons/icons'
import { CodeForm } from './CodeForm'
import type { ViewProps } from './types'

type Step = { name: 'email' } | { name: 'primary'; email: string } | { name: 'secondary'; email: string }

/**
 * Email update (spec §4): the new email, then the code sent to the current address, then the
 * code sent to the new address. On success the account shows the new email; errors go to the
 * snackbar with the frame's message.
 */
export default function UpdateEmailView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { user } = useStore(client.account)
  const [step, setStep] = useState<Step>({ name: 'email' })
  const currentEmail = user?.email ?? ''

  return (
    <div className="view stack" data-view={entry.view} data-step={step.name}>
      {step.name === 'email' ? (
        <NewEmailStep current={currentEmail} onSent={(email) => setStep({ name: 'primary', email })} />
      ) : step.name === 'primary' ? (
        <CodeForm
          key="primary"
          hint={
            <>
              Enter the 6-digit code sent to your current email <strong>{currentEmail}</strong>
            </>
          }
          send={async (otp) => {
            await client.updateEmailPrimaryOtp(otp)
            setStep({ name: 'secondary', email: step.email })
          }}
        />
      ) : (
        <CodeForm
          key="secondary"
          hint={
            <>
              Enter the 6-digit code sent to your new email <strong>{step.email}</strong>
            </>
          }
          send={async (otp) => {
            const email = await client.updateEmailSecondaryOtp(otp)
            client.snackbar.showSuccess(`Email updated to ${email}`)
            client.modal.reset('Account')
          }}
        />
      )}
    </div>
  )
}

/** Step 1: the new email, validated as you type. */
function NewEmailStep({ current, onSent }: { current: string; onSent(email: string): void }) {
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
      const email = value.trim()
      await client.updateEmail(email)
      onSent(email)
    } catch (error) {
      client.snackbar.showError(getErrorMessage(error))
      setBusy(false)
    }
  }

  return (
    <>
      {current ? (
        <p className="hint">
          Your current email is <strong>{current}</strong>
        </p>
      ) : null}
      <form className="field" onSubmit={onSubmit} noValidate>
        <MailIcon />
        <input
          type="email"
          name="email"
          aria-label="New email"
          placeholder="New email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          autoFocus
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
    </>
  )
}
