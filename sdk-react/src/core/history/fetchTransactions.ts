import { getHistory, type HistoryTransaction } from '../blockchain/history'
import { getNetwork } from '../actions/getNetwork'
import type { OrielClient } from '../client/createClient'
import { type Extension, getExtension } from '../client/extension'
import { BaseError } from '../errors/base'
import { fetchPurchases } from './fetchPurchases'
import { groupByYearMonth, newestFirst, visibleTransactions } from './group'
import { getHistoryStore, type HistoryState, INITIAL_HISTORY } from './historyStore'

/** The notification when a history page cannot be read (spec §4, §8). */
export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions'

/** `fetchTransactions` was called while no account is connected (spec §8). */
export class MissingAccountAddressError extends BaseError {
  override name = 'MissingAccountAddressError'
  constructor() {
    super("Transactions can't be fetched without an accountAddress")
  }
}

export type FetchTransactionsParameters = {
  /** Fetch the page after the last one (the state's `next`) instead of the first. */
  more?: boolean | undefined
}

/** Only a missing account throws; a failed fetch shows 'Failed to fetch transactions' instead. */
export type FetchTransactionsErrorType = MissingAccountAddressError

/** Which (account, network, page) the client's Activity list is being read for. */
const FLIGHT: Extension<{ key?: string | undefined; read?: Promise<void> | undefined; seq: number }> = { name: 'historyFlight', create: () => ({ seq: 0 }) }

/**
 * Reads a page of the connected account's history on the active network from frame-host
 * (spec §4 transaction history loading), with its card purchases (`coinbaseTransactions`, first
 * page only): `loading` turns true; on success the page's shown
 * transactions (connected chain only, all-spam ones left out) replace the list (first page) or
 * join it (`more`), `empty` follows the list's length and the next cursor is kept; on failure
 * `empty` turns true, the cursor is cleared and the snackbar shows 'Failed to fetch transactions'.
 * Another account or network than the list's (`lastNetworkInView`) resets the list first. A call
 * while the same page is being fetched shares that fetch; `more` on the last page does nothing.
 *
 * @example
 * await fetchTransactions(client)
 * await fetchTransactions(client, { more: true })
 */
export async function fetchTransactions(client: OrielClient, parameters: FetchTransactionsParameters = {}): Promise<void> {
  const { address } = client.account.getSnapshot()
  if (!address) throw new MissingAccountAddressError()
  const { caipNetworkId } = getNetwork(client)
  const store = getHistoryStore(client)
  const owns = (state: HistoryState) => state.address === address && state.lastNetworkInView === caipNetworkId
  if (!owns(store.getSnapshot())) store.setState({ ...INITIAL_HISTORY, address, lastNetworkInView: caipNetworkId })

  const cursor = parameters.more ? store.getSnapshot().next : undefined
  if (parameters.more && cursor === undefined) return
  const key = `${caipNetworkId}|${address.toLowerCase()}|${cursor ?? ''}`
  const flight = getExtension(client, FLIGHT)
  if (flight.key === key && flight.read) return flight.read

  store.setState({ loading: true })
  flight.key = key
  const seq = ++flight.seq
  const read = (async () => {
    // The first page comes with the account's card purchases (never failing: see fetchPurchases).
    const purchases = cursor ? undefined : fetchPurchases(client, { address, caipNetworkId })
    try {
      const page = await client.query.fetch({
        key: ['history', key],
        read: () => getHistory(client.frameHost, { address, chainId: caipNetworkId, cursor }),
        staleMs: 0,
      })
      const coinbaseTransactions = await purchases
      // The user moved to another account or network meanwhile: this page is not theirs.
      if (!owns(store.getSnapshot())) return
      const shown = visibleTransactions(page.data, caipNetworkId)
      const transactions = cursor ? append(store.getSnapshot().transactions, shown) : newestFirst(shown)
      store.setState({
        transactions,
        transactionsByYear: groupByYearMonth(transactions),
        ...(coinbaseTransactions ? { coinbaseTransactions } : {}),
        empty: transactions.length === 0,
        next: page.next,
        failed: false,
      })
    } catch (error) {
      console.error(`oriel: reading the transactions of ${address} on ${caipNetworkId} failed`, error)
      if (!owns(store.getSnapshot())) return
      store.setState({ empty: true, next: undefined, failed: true })
      client.snackbar.showError(FAILED_TO_FETCH_TRANSACTIONS)
    } finally {
      if (flight.seq === seq) {
        flight.key = undefined
        flight.read = undefined
        if (owns(store.getSnapshot())) store.setState({ loading: false, fetched: true })
      }
    }
  })()
  flight.read = read
  return read
}

/** `list` then the entries of `page` it does not have yet (by id), newest first. */
function append(list: readonly HistoryTransaction[], page: readonly HistoryTransaction[]): HistoryTransaction[] {
  const seen = new Set(list.map((tx) => tx.id))
  return newestFirst([...list, ...page.filter((tx) => !seen.has(tx.id))])
}
