import type { OrielClient } from '../client/createClient'
import { type Extension, getExtension } from '../client/extension'
import { createStore, type Store } from '../store/createStore'

/** A name registration (spec §4 "Name registration"; spec §4 mutation state). */
export interface NameRegistrationState {
  /** The label typed in RegisterAccountName, as typed. */
  readonly label: string
  /** idle, pending (signing, then registering), success or error. */
  readonly status: 'idle' | 'pending' | 'success' | 'error'
  /** The full name being registered, or registered or refused last. */
  readonly name: string | undefined
  /** Why the last registration failed (the wallet's or frame-host's reason), user-facing. */
  readonly error: string | undefined
  /** frame-host's name suffix (`oriel.id`), once read. */
  readonly suffix: string | undefined
  /** The name the connected address has already: none, one, or unknown (spec §8 'Error fetching names for address'). */
  readonly owned: OwnedName
}

/** The names an address has already: being read, none or one, or unknown (why, user-facing). */
export type OwnedName =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly name: string | undefined }
  | { readonly status: 'error'; readonly message: string }

export type NameRegistrationStore = Store<NameRegistrationState>

/** The state of a fresh (or reset) registration. */
export const EMPTY_NAME_REGISTRATION: NameRegistrationState = Object.freeze({
  label: '',
  status: 'idle',
  name: undefined,
  error: undefined,
  suffix: undefined,
  owned: { status: 'loading' } as OwnedName,
})

const EXTENSION: Extension<NameRegistrationStore> = {
  name: 'nameRegistration',
  create(client) {
    const created = createStore<NameRegistrationState>(EMPTY_NAME_REGISTRATION)
    let last = client.account.getSnapshot().address
    client.account.subscribe(() => {
      const next = client.account.getSnapshot().address
      if (next !== last) created.setState(EMPTY_NAME_REGISTRATION)
      last = next
    })
    return created
  },
}

/**
 * The client's name registration. It outlives the registration views (the embedded wallet's
 * approval covers them while it asks to sign) and resets when the connected address changes.
 *
 * @example
 * getNameRegistrationStore(client).getSnapshot().status // 'pending'
 */
export function getNameRegistrationStore(client: OrielClient): NameRegistrationStore {
  return getExtension(client, EXTENSION)
}

/**
 * Edits the label typed; clears the last failure. Ignored while a registration is under way.
 *
 * @example
 * editNameLabel(client, 'alice')
 */
export function editNameLabel(client: OrielClient, label: string): void {
  const store = getNameRegistrationStore(client)
  if (store.getSnapshot().status === 'pending') return
  store.setState({ label, error: undefined, status: 'idle' })
}
