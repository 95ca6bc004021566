import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { getErrorMessage } from '../../core/errors/base'
import { useOrielClient } from '../hooks/useOrielClient'
import { FieldError } from './FieldError'
import { SpinnerIcon } from '../icons/icons'

/** The emailed code's length. */
export const OTP_LENGTH = 6

/** Digits only, at most {@link OTP_LENGTH}: a pasted "123 456" or "Code: 123456" becomes "123456". */
const toCode = (value: string) => value.replace(/\D/gu, '').slice(0, OTP_LENGTH)

/**
 * An emailed-code step: one field that submits itself at 6 digits (typed or pasted) and on
 * Enter, then calls `send`. A failure ('Invalid code', 'Code expired', …) shows under the field
 * until the code changes, and leaves the code selected, so typing or pasting replaces it and
 * Enter sends it again.
 */
export function CodeForm({
  hint,
  send,
  onBusyChange,
}: {
  hint: ReactNode
  send(otp: string): Promise<void>
  /** Told when a code starts and stops being sent (e.g. to disable "Resend code"). */
  onBusyChange?(busy: boolean): void
}) {
  const client = useOrielClient()
  const errorId = useId()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)
  const inputRef = useRef<HTMLInputElement>(null)

  async function submit(otp: string) {
    if (busyRef.current) return
    if (otp.length !== OTP_LENGTH) return client.modal.shake()
    busyRef.current = true
    setBusy(true)
    onBusyChange?.(true)
    try {
      await send(otp)
    } catch (failure) {
      setError(getErrorMessage(failure))
      busyRef.current = false
      setBusy(false)
      onBusyChange?.(false)
      inputRef.current?.focus()
      inputRef.current?.select()
    }
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const next = toCode(event.target.value)
    if (next !== code) setError(undefined)
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
          aria-invalid={error !== undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={onChange}
        />
        {busy ? (
          <span className="submit" aria-hidden="true">
            <SpinnerIcon />
          </span>
        ) : null}
      </form>
      <FieldError id={errorId} error={error} />
    </>
  )
}
