import { useCallback, useSyncExternalStore } from 'react'
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
