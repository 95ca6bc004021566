import { useEffect, useId, type FormEvent } from 'react'
import { loadNameRegistration } from '../../../core/names/availability'
import { editNameLabel, getNameRegistrationStore } from '../../../core/names/nameStore'
import { registerAccountName } from '../../../core/names/register'
import { NamesNotSupportedError, errorRegisteringName } from '../../../core/errors/names'
import { useAccount } from '../../hooks/useAccount'
import { useOrielClient } from '../../hooks/useOrielClient'
import { useStore } from '../../hooks/useStore'
import { SpinnerIcon } from '../../icons/icons'
import type { ViewProps } from '../types'
import { NameIcon } from './icons'
import { RegisterAccountNameSuccess } from './RegisterAccountNameSuccess'
import { useNameAvailability } from './useNameAvailability'

/**
 * The name views' one chunk: RegisterAccountName, and RegisterAccountNameSuccess after it.
 */
export default function RegisterAccountNameView({ entry }: ViewProps) {
  return entry.view === 'RegisterAccountNameSuccess' ? <RegisterAccountNameSuccess entry={entry} /> : <RegisterAccountName entry={entry} />
}

/**
 * RegisterAccountName (spec §2, §4): a name for the connected eip155 address under frame-host's
 * suffix. The label is checked against the rules as it is typed (spec §5), then for availability
 * 500 ms after the typing stops; a taken name lists free alternatives to pick. Register pushes
 * RegisterAccountNameSuccess and asks the wallet to sign (see `registerAccountName`); a failure
 * comes back here with its reason.
 */
function RegisterAccountName({ entry }: ViewProps) {
  const client = useOrielClient()
  const ids = useId()
  const { address, namespace } = useAccount()
  const store = getNameRegistrationStore(client)
  const form = useStore(store)
  const { suffix, owned } = form
  const check = useNameAvailability(form.label.trim(), form.status === 'error' ? 1 : 0)

  // The suffix, and the name this address registered already (spec §8 'Error fetching names for address').
  // biome-ignore lint/correctness/useExhaustiveDependencies: another account reads its own names
  useEffect(() => void loadNameRegistration(client), [client, address, namespace])

  if (!address || namespace !== 'eip155') {
    return (
      <div className="view center" data-view={entry.view}>
        <p role="alert">{new NamesNotSupportedError({ namespace }).shortMessage}</p>
      </div>
    )
  }

  const existing = owned.status === 'ready' ? owned.name : undefined
  if (existing) {
    return (
      <div className="view center" data-view={entry.view}>
        <NameIcon size={28} />
        <p>
          This address already has the name <strong>{existing}</strong>.
        </p>
        <button type="button" className="btn small" onClick={() => client.modal.goBack()}>
          Back
        </button>
      </div>
    )
  }

  const pending = form.status === 'pending'
  const name = check.status === 'available' ? check.name : undefined
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!name || pending) return client.modal.shake()
    registerAccountName(client, { name }).catch((error: unknown) => console.error('oriel: name registration failed', error))
  }

  const statusId = `${ids}-status`
  const invalid = check.status === 'invalid' || check.status === 'error' || check.status === 'taken'
  return (
    <form className="view stack" data-view={entry.view} onSubmit={submit} noValidate aria-busy={pending}>
      <p className="hint">Choose a name others can send to instead of your address.</p>
      <div className="field">
        <NameIcon />
        <input
          aria-label="Name"
          placeholder="Choose a name"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          maxLength={100}
          value={form.label}
          readOnly={pending}
          aria-invalid={invalid || undefined}
          aria-describedby={statusId}
          onChange={(event) => editNameLabel(client, event.target.value)}
        />
        {suffix ? <span data-testid="name-suffix">.{suffix}</span> : null}
        {check.status === 'checking' ? <SpinnerIcon /> : null}
      </div>
      <div id={statusId} aria-live="polite" className="stack">
        {check.status === 'checking' ? <p className="sr">Checking the name</p> : null}
        {check.status === 'invalid' || check.status === 'error' ? <p className="field-error">{check.message}</p> : null}
        {check.status === 'available' ? (
          <p className="hint" data-testid="name-status">
            <strong>{check.name}</strong> is available
          </p>
        ) : null}
        {check.status === 'taken' ? (
          <p className="field-error" data-testid="name-status">
            {check.name} is taken
          </p>
        ) : null}
        {owned.status === 'error' ? <p className="field-error">{owned.message}</p> : null}
        {form.status === 'error' && form.name && form.error ? (
          <p className="send-error" role="alert">
            {errorRegisteringName(form.name)}: {form.error}
          </p>
        ) : null}
      </div>
      {check.status === 'taken' ? <Suggestions names={check.suggestions} error={check.suggestionsError?.shortMessage} /> : null}
      <button type="submit" className="btn primary" disabled={!name || pending} aria-busy={pending}>
        {pending ? <SpinnerIcon /> : <NameIcon />}
        {name ? `Register ${name}` : 'Register'}
      </button>
    </form>
  )
}

/** A taken name's free alternatives: picking one types it. */
function Suggestions({ names, error }: { names: readonly string[]; error: string | undefined }) {
  const client = useOrielClient()
  const headingId = useId()
  if (error) return <p className="field-error">{error}</p>
  if (names.length === 0) return null
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h3 className="hint" id={headingId}>
        Available names
      </h3>
      <ul className="networks stack">
        {names.map((suggestion) => (
          <li key={suggestion}>
            <button type="button" className="row" onClick={() => editNameLabel(client, suggestion.split('.')[0] ?? '')}>
              <span className="name">{suggestion}</span>
              <span className="tag success">AVAILABLE</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
