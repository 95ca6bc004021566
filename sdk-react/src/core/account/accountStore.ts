import { createStore, type Store } from '../store/createStore'

/** The connected account. Connectors fill it in (later work); the view-selection rules read it. */
export interface AccountState {
  readonly address: string | undefined
  /** CAIP-10: `namespace:reference:address`. */
  readonly caipAddress: string | undefined
}

export type AccountStore = Store<AccountState>

/**
 * Creates the account store.
 *
 * @example
 * const account = createAccountStore()
 * account.setState({ address: '0xabc', caipAddress: 'eip155:1:0xabc' })
 */
export function createAccountStore(): AccountStore {
  return createStore<AccountState>({ address: undefined, caipAddress: undefined })
}
