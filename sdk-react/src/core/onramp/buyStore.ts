import { getNetwork } from '../actions/getNetwork'
import type { OrielClient } from '../client/createClient'
import { type Extension, getExtension } from '../client/extension'
import { createStore, type Store } from '../store/createStore'
import type { OnrampOptions, OnrampPurchase } from './parse'

/** A provider's options, as far as they are known. */
export type OptionsState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly provider: string | undefined }
  | { readonly status: 'ready'; readonly provider: string | undefined; readonly options: OnrampOptions }
  | { readonly status: 'error'; readonly provider: string | undefined; readonly message: string }

/** The Buy form and the purchase it started. */
export interface BuyState {
  readonly options: OptionsState
  /** The provider chosen (its id); `undefined`: frame-host's first. */
  readonly provider: string | undefined
  /** The asset's id. */
  readonly currency: string | undefined
  /** The fiat's id. */
  readonly fiat: string
  /** The payment method's id. */
  readonly method: string
  /** Fiat, fees included, as typed. */
  readonly amount: string
  /**
   * `opening`: asking frame-host for the checkout; `waiting`: the checkout is open, the purchase
   * is followed; `done`: delivered; `failed`: the provider says it failed.
   */
  readonly step: 'idle' | 'opening' | 'waiting' | 'done' | 'failed'
  /** The checkout URL, once frame-host gave it (a link to it shows when the popup was blocked). */
  readonly url: string | undefined
  /** Whether the checkout opened in a popup. */
  readonly popup: boolean
  /** The purchase the provider reports, once it does. */
  readonly purchase: OnrampPurchase | undefined
  /** Why the last step failed (user-facing text), cleared by an edit. */
  readonly error: string | undefined
}

export type BuyStore = Store<BuyState>

/** The state of a fresh (or reset) form. */
export const EMPTY_BUY: BuyState = Object.freeze({
  options: { status: 'idle' } as OptionsState,
  provider: undefined,
  currency: undefined,
  fiat: 'USD',
  method: 'card',
  amount: '',
  step: 'idle',
  url: undefined,
  popup: false,
  purchase: undefined,
  error: undefined,
})

/** What the form belongs to: the account, its namespace and the active network. */
function owner(client: OrielClient): string {
  const { address, namespace } = client.account.getSnapshot()
  return `${address ?? ''}|${namespace ?? ''}|${getNetwork(client).caipNetworkId}`
}

const EXTENSION: Extension<BuyStore> = {
  name: 'buy',
  create(client) {
    const created = createStore<BuyState>(EMPTY_BUY)
    let last = owner(client)
    const check = () => {
      const next = owner(client)
      if (next !== last) created.setState(EMPTY_BUY)
      last = next
    }
    client.account.subscribe(check)
    client.connection.subscribe(check)
    return created
  },
}

/**
 * The client's Buy form. It outlives the Buy view (the purchase is followed while the user is in
 * the provider's window) and resets when the connected account, its namespace or the active
 * network changes.
 *
 * @example
 * getBuyStore(client).getSnapshot().amount // '50'
 */
export function getBuyStore(client: OrielClient): BuyStore {
  return getExtension(client, EXTENSION)
}

/**
 * Edits the form; any edit clears the last failure. Ignored while a purchase is being opened
 * or followed.
 *
 * @example
 * editBuy(client, { amount: '50', fiat: 'EUR' })
 */
export function editBuy(client: OrielClient, patch: Partial<Pick<BuyState, 'provider' | 'currency' | 'fiat' | 'method' | 'amount'>>): void {
  const store = getBuyStore(client)
  const { step } = store.getSnapshot()
  if (step === 'opening' || step === 'waiting') return
  store.setState({ ...patch, error: undefined, ...(step === 'idle' ? {} : { step: 'idle', purchase: undefined, url: undefined }) })
}
