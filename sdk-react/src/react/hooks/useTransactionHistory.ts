import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { getAccount, watchAccount } from '../../core/actions/getAccount'
import { getNetwork, watchNetwork } from '../../core/actions/getNetwork'
import { fetchTransactions } from '../../core/history/fetchTransactions'
import { getHistoryStore, type HistoryState, INITIAL_HISTORY } from '../../core/history/historyStore'
import { useClientState } from './useClientState'
import { useOrielClient } from './useOrielClient'

export type UseTransactionHistoryReturnType = HistoryState & {
  /** Activity exists for EVM accounts only (spec §9): `false` for another namespace, and nothing is fetched. */
  supported: boolean
  /** Fetches the next page, unless one is being fetched or this is the last. */
  loadMore(): void
  /** Fetches the first page again (after a failure). */
  retry(): void
}

/**
 * The connected account's Activity on the active network (spec §3 history state). Fetches the
 * first page when the component mounts and whenever the account or network changes; until that
 * page of the new account or network arrives the state is the empty one, loading.
 *
 * @example
 * const { transactionsByYear, loading, next, loadMore } = useTransactionHistory()
 */
export function useTransactionHistory(): UseTransactionHistoryReturnType {
  const client = useOrielClient()
  const store = getHistoryStore(client)
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
  const { address, status, namespace } = useClientState(getAccount, watchAccount)
  const { caipNetworkId } = useClientState(getNetwork, watchNetwork)
  const supported = namespace === 'eip155'
  const connected = status === 'connected' && address !== undefined && supported

  useEffect(() => {
    // The first page of this account on this network (a new one resets the list).
    if (connected && address && caipNetworkId) void fetchTransactions(client)
  }, [client, connected, address, caipNetworkId])

  const loadMore = useCallback(() => void fetchTransactions(client, { more: true }), [client])
  const retry = useCallback(() => void fetchTransactions(client), [client])
  // Another account's or network's list is never shown, not even for the render before the effect.
  const own = state.address === address && state.lastNetworkInView === caipNetworkId
  const shown = own ? state : { ...INITIAL_HISTORY, loading: connected }
  return { ...shown, supported, loadMore, retry }
}
