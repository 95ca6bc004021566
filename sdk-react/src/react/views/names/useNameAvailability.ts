import { useEffect, useMemo } from 'react'
import { type NameAvailability, followNameCheck, getNameCheck, stopNameCheck, watchNameCheck } from '../../../core/names/availability'
import { InvalidNameError } from '../../../core/errors/names'
import { validateNameLabel } from '../../../core/names/rules'
import { useClientState } from '../../hooks/useClientState'
import { useOrielClient } from '../../hooks/useOrielClient'

/** What the registration view knows about the label typed. */
export type NameCheck =
  | { status: 'idle' }
  | { status: 'invalid'; message: string }
  | { status: 'checking' }
  | { status: 'error'; message: string }
  | NameAvailability

/** Why `label` breaks the rules, `undefined` when it does not. */
function problem(label: string): string | undefined {
  try {
    validateNameLabel(label)
    return undefined
  } catch (error) {
    if (error instanceof InvalidNameError) return error.shortMessage
    throw error
  }
}

/**
 * The availability of the label being typed: its rules at once, then frame-host's answer, which
 * the core reads 500 ms (spec §9 default debounce) after the typing stops (`followNameCheck`).
 * `revision` asks again (after a registration failed).
 */
export function useNameAvailability(label: string, revision: number): NameCheck {
  const client = useOrielClient()
  const invalid = useMemo(() => (label === '' ? undefined : problem(label)), [label])
  const checked = label === '' || invalid !== undefined ? undefined : label
  useEffect(() => followNameCheck(client, checked, revision), [client, checked, revision])
  useEffect(() => () => stopNameCheck(client), [client])
  const state = useClientState(getNameCheck, watchNameCheck)
  if (label === '') return { status: 'idle' }
  if (invalid !== undefined) return { status: 'invalid', message: invalid }
  if (state.status === 'loading') return { status: 'checking' }
  return state.status === 'ready' ? state.value : state
}
