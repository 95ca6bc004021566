import type { OrielClient } from '../client/createClient'
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
}

export type NameRegistrationStore = Store<NameRegistrationState>

/** The state of a fresh (or reset) registration. */
export const EMPTY_NAME_REGISTRATION: NameRegistrationState = Object.freeze({
  label: '',
  status: 'idle',
  name: undefined,
  error: undefined,
})

const stores = new WeakMap<OrielClient, NameRegistrationStore>()

/**
 * The client's name registration. It outlives the registration views (the embedded wallet's
 * approval covers them while it asks to sign) and resets when the connected address changes.
 *
 * @example
 * getNameRegistrationStore(client).getSnapshot().status // 'pending'
 */
export function getNameRegistrationStore(client: OrielClient): NameRegistrationStore {
  let store = stores.get(client)
  if (store) return store
  const created = createStore<NameRegistrationState>(EMPTY_NAME_REGISTRATION)
  let last = client.account.getSnapshot().address
  client.account.subscribe(() => {
    const next = client.account.getSnapshot().address
    if (next !== last) created.setState(EMPTY_NAME_REGISTRATION)
    last = next
  })
  stores.set(client, (store = created))
  return store
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
