import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { getAccount, watchAccount } from '../../core/actions/getAccount'
import { getNetwork, watchNetwork } from '../../core/actions/getNetwork'
import type { OrielClient } from '../../core/client/createClient'
import { useOrielClient } from './useOrielClient'

/**
 * A read of the core as React state: `useSyncExternalStore(watchX, getX)` over a pair of
 * actions (`getAccount`/`watchAccount`, …). Throws `OrielProviderNotFoundError` outside
 * `<OrielProvider>`. The server snapshot is the client's initial state.
 *
 * @example
 * const account = useClientState(getAccount, watchAccount)
 */
export function useClientState<T>(
  get: (client: OrielClient) => T,
  watch: (client: OrielClient, parameters: { onChange(next: T, previous: T): void }) => () => void,
): T {
  const client = useOrielClient()
  const subscribe = useCallback((onChange: () => void) => watch(client, { onChange }), [client, watch])
  const getSnapshot = useCallback(() => get(client), [client, get])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}

/**
 * `useClientState(get, watch)` that also calls `refresh(client)` on mount and whenever the
 * connected account or the active network changes (the refresh keeps its own cache rules).
 *
 * @example
 * const balance = useRefreshedClientState(refreshBalance, getBalance, watchBalance)
 */
export function useRefreshedClientState<T>(
  refresh: (client: OrielClient) => Promise<unknown>,
  get: (client: OrielClient) => T,
  watch: (client: OrielClient, parameters: { onChange(next: T, previous: T): void }) => () => void,
): T {
  const client = useOrielClient()
  const { address, status } = useClientState(getAccount, watchAccount)
  const { caipNetworkId } = useClientState(getNetwork, watchNetwork)
  useEffect(() => {
    if (status === 'connected' && address && caipNetworkId) void refresh(client)
  }, [client, refresh, address, status, caipNetworkId])
  return useClientState(get, watch)
}
