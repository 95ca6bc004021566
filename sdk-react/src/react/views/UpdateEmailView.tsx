import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { getErrorMessage } from '../../core/errors/base'
import { isValidEmail } from '../../core/validation/email'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { ArrowIcon, MailIcon, SpinnerIcon } from '../icons/icons'
import type { ViewProps } from './types'

/** The emailed code's length. */
const OTP_LENGTH = 6

/** Digits only, at most {@link OTP_LENGTH}. */
const toCode = (value: string) => value.replace(/\D/gu, '').slice(0, OTP_LENGTH)

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
        <CodeStep
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
        <CodeStep
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

/** A code step: submits itself at 6 digits (typed or pasted) and on Enter. */
function CodeStep({ hint, send }: { hint: ReactNode; send(otp: string): Promise<void> }) {
  const client = useOrielClient()
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)
  const inputRef = useRef<HTMLInputElement>(null)

  async function submit(otp: string) {
    if (busyRef.current) return
    if (otp.length !== OTP_LENGTH) return client.modal.shake()
    busyRef.current = true
    setBusy(true)
    try {
      await send(otp)
    } catch (error) {
      client.snackbar.showError(getErrorMessage(error))
      busyRef.current = false
      setBusy(false)
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

  return (
    <>
      <p className="hint">{hint}</p>
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
    </>
  )
}
