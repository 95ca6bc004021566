import { getNetwork } from '../actions/getNetwork'
import { DEFAULT_SLIPPAGE_PERCENT } from '../constants'
import type { OrielClient } from '../client/createClient'
import { type Extension, getExtension } from '../client/extension'
import type { SwapToken } from '../convert/parse'
import { createStore, type Store } from '../store/createStore'

/** The active network's swappable tokens, as far as they are known. */
export type SwapTokensState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly chainId: string }
  | { readonly status: 'ready'; readonly chainId: string; readonly tokens: readonly SwapToken[] }
  | {
      readonly status: 'error'
      readonly chainId: string
      /** User-facing text ('Network not supported for Swaps', 'Could not reach the swap service', …). */
      readonly message: string
      /** The network has no exchange: retrying will not help. */
      readonly unsupported: boolean
    }

/** The swap form and its progress. */
export interface SwapState {
  readonly tokens: SwapTokensState
  /** CAIP-10 of the token sold. */
  readonly from: string | undefined
  /** CAIP-10 of the token bought. */
  readonly to: string | undefined
  /** Whole `from` tokens, as typed. */
  readonly amount: string
  /** What is under way: nothing, the approval of `from`, or the swap. */
  readonly step: 'idle' | 'approving' | 'swapping'
  /** The hash of the transaction under way, once the wallet sent it. */
  readonly hash: string | undefined
  /** Why the last approval or swap failed (user-facing text), cleared by an edit. */
  readonly error: string | undefined
  /** What the last swap did (`Swapped 0.1 ETH for 296.150425 dUSD`), cleared by an edit. */
  readonly done: string | undefined
  /** Bumped when an approval or a swap is mined: allowances and quotes are read again. */
  readonly revision: number
  /** The slippage tolerance, percent (0 to 50, at most 2 decimals): the swap reverts rather than pay less than its quote minus this. */
  readonly slippage: number
}

export type SwapStore = Store<SwapState>

/** The state of a fresh (or reset) form. */
export const EMPTY_SWAP: SwapState = Object.freeze({
  tokens: { status: 'idle' } as SwapTokensState,
  from: undefined,
  to: undefined,
  amount: '',
  step: 'idle',
  hash: undefined,
  error: undefined,
  done: undefined,
  revision: 0,
  slippage: DEFAULT_SLIPPAGE_PERCENT,
})

/** What the swap form belongs to: the account, its namespace and the active network. */
function owner(client: OrielClient): string {
  const { address, namespace } = client.account.getSnapshot()
  return `${address ?? ''}|${namespace ?? ''}|${getNetwork(client).caipNetworkId}`
}

const EXTENSION: Extension<SwapStore> = {
  name: 'swap',
  create(client) {
    const created = createStore<SwapState>(EMPTY_SWAP)
    let last = owner(client)
    const check = () => {
      const next = owner(client)
      // The user's slippage tolerance is theirs, whatever the network.
      if (next !== last) created.setState({ ...EMPTY_SWAP, slippage: created.getSnapshot().slippage })
      last = next
    }
    client.account.subscribe(check)
    client.connection.subscribe(check)
    return created
  },
}

/**
 * The client's swap form. It outlives the Swap view (which unmounts while the embedded wallet asks
 * for approval) and resets when the connected account, its namespace or the active network
 * changes (the tokens are the network's).
 *
 * @example
 * getSwapStore(client).getSnapshot().amount // '0.1'
 */
export function getSwapStore(client: OrielClient): SwapStore {
  return getExtension(client, EXTENSION)
}

/**
 * Edits the form (the amount, or a token: picking the other side's token swaps the two); any
 * edit clears the last failure and success. Ignored while an approval or a swap is under way.
 *
 * @example
 * editSwap(client, { to: 'eip155:31337:0x5fbd…' })
 */
export function editSwap(client: OrielClient, patch: Partial<Pick<SwapState, 'from' | 'to' | 'amount'>>): void {
  const store = getSwapStore(client)
  const state = store.getSnapshot()
  if (state.step !== 'idle') return
  const next = { ...patch }
  // Picking one side's token on the other side swaps the two.
  if (!('to' in patch) && patch.from !== undefined && patch.from === state.to) next.to = state.from
  if (!('from' in patch) && patch.to !== undefined && patch.to === state.from) next.from = state.to
  store.setState({ ...next, error: undefined, done: undefined })
}

/**
 * Turns the swap around: the token bought becomes the token sold.
 *
 * @example
 * flipSwap(client)
 */
export function flipSwap(client: OrielClient): void {
  const { from, to } = getSwapStore(client).getSnapshot()
  editSwap(client, { from: to, to: from })
}

/** Whether `percent` is a slippage tolerance frame-host takes: 0 to 50, at most 2 decimals. */
export function isSlippage(percent: number): boolean {
  return Number.isFinite(percent) && percent >= 0 && percent <= 50 && Math.abs(Math.round(percent * 100) - percent * 100) < 1e-9
}

/**
 * Sets the slippage tolerance of the quote and the swap (spec §9: 1% unless the user chooses
 * another); ignored while an approval or a swap is under way, or when it is not 0 to 50 with at
 * most 2 decimals.
 *
 * @example
 * setSwapSlippage(client, 0.5)
 */
export function setSwapSlippage(client: OrielClient, percent: number): void {
  const store = getSwapStore(client)
  if (store.getSnapshot().step !== 'idle' || !isSlippage(percent)) return
  store.setState({ slippage: percent, error: undefined, done: undefined })
}
