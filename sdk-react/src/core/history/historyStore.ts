import type { HistoryTransaction } from '../blockchain/history'
import type { OrielClient } from '../client/createClient'
import { type Extension, getExtension } from '../client/extension'
import type { OnrampPurchase } from '../onramp/parse'
import { createStore, type Store } from '../store/createStore'
import type { TransactionsByYear } from './group'

/** The Activity list's state (spec §3 history state). */
export interface HistoryState {
  /** The shown transactions (connected chain only, all-spam ones left out), newest first. */
  readonly transactions: readonly HistoryTransaction[]
  /** `transactions` by year, then month, then list, newest first. */
  readonly transactionsByYear: TransactionsByYear
  /** The account's card purchases on this network (the history route's `onramp`), newest first. */
  readonly coinbaseTransactions: readonly OnrampPurchase[]
  /** A page is being fetched. */
  readonly loading: boolean
  /** Nothing to show: the list is empty after a fetch, or the last fetch failed. */
  readonly empty: boolean
  /** The cursor of the next page; `undefined` on the last page, before the first fetch and after a failure. */
  readonly next: string | undefined
  /** The network the list belongs to; another active network resets it. */
  readonly lastNetworkInView: string | undefined
  /** The account the list belongs to; another account resets it. */
  readonly address: string | undefined
  /** The last fetch failed ('Failed to fetch transactions'). */
  readonly failed: boolean
  /** A fetch has finished (succeeded or failed) for this account and network. */
  readonly fetched: boolean
}

export type HistoryStore = Store<HistoryState>

/** The state before any fetch, and after a reset. */
export const INITIAL_HISTORY: HistoryState = Object.freeze({
  transactions: [],
  transactionsByYear: {},
  coinbaseTransactions: [],
  loading: false,
  empty: false,
  next: undefined,
  lastNetworkInView: undefined,
  address: undefined,
  failed: false,
  fetched: false,
})

const EXTENSION: Extension<HistoryStore> = { name: 'history', create: () => createStore<HistoryState>(INITIAL_HISTORY) }

/**
 * The client's history store, created on first use (the Activity panel is a lazily loaded
 * feature, so the client does not carry it from the start). `fetchTransactions` is its one writer.
 *
 * @example
 * const { transactions, loading } = getHistoryStore(client).getSnapshot()
 */
export function getHistoryStore(client: OrielClient): HistoryStore {
  return getExtension(client, EXTENSION)
}
