import type { OrielClient } from '../client/createClient'
import { NameSuggestionsError, NamesForAddressError, ResolveNameError, type InvalidNameError } from '../errors/names'
import { getNamesApi, type NameRecord } from './client'
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
  const api = getNamesApi(client)
  let name = valid
  let record: NameRecord | null
  try {
    const suffix = await api.getSuffix()
    name = `${valid}.${suffix}`
    record = await api.lookupName(name, { signal })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new ResolveNameError({ name, cause })
  }
  if (!record) return { status: 'available', name }
  try {
    const suffix = await api.getSuffix()
    const list = await api.suggestions(valid, suffix, { signal })
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
    return await getNamesApi(client).namesForAddress(address, { signal })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new NamesForAddressError({ cause })
  }
}
