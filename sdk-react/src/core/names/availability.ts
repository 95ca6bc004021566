import { type WatchParameters, type WatchReturnType, watch } from '../actions/cache'
import type { OrielClient } from '../client/createClient'
import { type Extension, getExtension } from '../client/extension'
import { getErrorMessage } from '../errors/base'
import { createLiveRead, type LiveRead, type LiveReadState } from '../query/liveRead'
import { NameSuggestionsError, NamesForAddressError, ResolveNameError, type InvalidNameError } from '../errors/names'
import { type NameRecord, readNameRecord, readNameSuffix, readNamesForAddress, readNameSuggestions } from './client'
import { getNameRegistrationStore } from './nameStore'
import { validateNameLabel } from './rules'

/** Whether a name can be registered, and what else to offer when it cannot. */
export type NameAvailability =
  | { readonly status: 'available'; readonly name: string }
  | {
      readonly status: 'taken'
      readonly name: string
      /** Free alternatives (full names), from frame-host's suggestions. */
      readonly suggestions: readonly string[]
      /** The suggestions could not be read ('Error fetching name suggestions'). */
      readonly suggestionsError: NameSuggestionsError | undefined
    }

export type CheckNameAvailabilityErrorType = InvalidNameError | ResolveNameError

/**
 * Whether `{label}.{suffix}` is free (`GET /v1/profile/account/{name}`); when it is taken, the
 * free alternatives (`GET /v1/profile/suggestions/{label}`). The label must follow the rules
 * (else `InvalidNameError`); a failed lookup is 'Error resolving name' (`ResolveNameError`), a
 * failed suggestions read is kept in the answer as 'Error fetching name suggestions'.
 *
 * @example
 * const answer = await checkNameAvailability(client, 'alice')
 * if (answer.status === 'taken') answer.suggestions // ['alice1.oriel.id', 'alice-id.oriel.id', …]
 */
export async function checkNameAvailability(
  client: OrielClient,
  label: string,
  { signal }: { signal?: AbortSignal | undefined } = {},
): Promise<NameAvailability> {
  const valid = validateNameLabel(label)
  let name = valid
  let record: NameRecord | null
  try {
    const suffix = await readNameSuffix(client)
    name = `${valid}.${suffix}`
    record = await readNameRecord(client, name, { signal })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new ResolveNameError({ name, cause })
  }
  if (!record) return { status: 'available', name }
  try {
    const suffix = await readNameSuffix(client)
    const list = await readNameSuggestions(client, valid, suffix, { signal })
    const suggestions = list.filter((s) => !s.registered && s.name !== name).map((s) => s.name)
    return { status: 'taken', name, suggestions, suggestionsError: undefined }
  } catch (cause) {
    if (signal?.aborted) throw cause
    console.error('oriel: reading name suggestions failed', cause)
    return { status: 'taken', name, suggestions: [], suggestionsError: new NameSuggestionsError({ cause }) }
  }
}

/**
 * The names `address` registered with frame-host (`GET /v1/profile/reverse/{address}`): its
 * primary name, or none. A failed read is 'Error fetching names for address'.
 *
 * @example
 * const [primary] = await getNamesForAddress(client, '0x7099…')
 */
export async function getNamesForAddress(
  client: OrielClient,
  address: string,
  { signal }: { signal?: AbortSignal | undefined } = {},
): Promise<NameRecord[]> {
  try {
    return await readNamesForAddress(client, address, { signal })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new NamesForAddressError({ cause })
  }
}

/** The live availability's state (`getNameCheck`). */
export type NameCheckState = LiveReadState<NameAvailability>

const CHECK: Extension<LiveRead<NameAvailability>> = { name: 'nameCheck', create: () => createLiveRead<NameAvailability>() }

/**
 * Follows the label being typed: frame-host's answer for it (`checkNameAvailability`) is read
 * 500 ms (spec §9 default debounce) after the typing stops; a newer label aborts an older read.
 * `undefined` (an empty label, or one breaking the rules) reads nothing; `revision` asks again.
 *
 * @example
 * followNameCheck(client, 'alice', 0)
 */
export function followNameCheck(client: OrielClient, label: string | undefined, revision: number): void {
  const live = getExtension(client, CHECK)
  if (label === undefined) {
    live.clear()
    return
  }
  live.follow(`${label}|${revision}`, (signal) => checkNameAvailability(client, label, { signal }), `checking the name ${label}`)
}

/** The availability of the label being followed (`followNameCheck`). */
export function getNameCheck(client: OrielClient): NameCheckState {
  return getExtension(client, CHECK).getSnapshot()
}

/** Calls `onChange` whenever the availability changes; returns the unsubscribe function. */
export function watchNameCheck(client: OrielClient, parameters: WatchParameters<NameCheckState>): WatchReturnType {
  return watch(client, [getExtension(client, CHECK)], getNameCheck, parameters.onChange)
}

/** Stops following the label (the view closed): a pending read is aborted. */
export function stopNameCheck(client: OrielClient): void {
  getExtension(client, CHECK).pause()
}

/**
 * Reads what RegisterAccountName shows beside the form into the registration store: frame-host's
 * suffix and the name the connected address has already (`getNamesForAddress`; a failure is
 * 'Error fetching names for address'). Answers for another address than the connected one are
 * dropped.
 *
 * @example
 * await loadNameRegistration(client)
 * getNameRegistrationStore(client).getSnapshot().owned // { status: 'ready', name: undefined }
 */
export async function loadNameRegistration(client: OrielClient): Promise<void> {
  const store = getNameRegistrationStore(client)
  readNameSuffix(client).then(
    (suffix) => store.setState({ suffix }),
    (error: unknown) => console.error('oriel: reading the name suffix failed', error),
  )
  const { address, namespace } = client.account.getSnapshot()
  if (!address || namespace !== 'eip155') return
  const current = () => client.account.getSnapshot().address === address
  store.setState({ owned: { status: 'loading' } })
  try {
    const records = await getNamesForAddress(client, address)
    if (current()) store.setState({ owned: { status: 'ready', name: records[0]?.name } })
  } catch (error) {
    console.error('oriel: reading the names of the address failed', error)
    if (current()) store.setState({ owned: { status: 'error', message: getErrorMessage(error) } })
  }
}
