import { useSyncExternalStore } from 'react'
import type { ReadableStore } from '../../core/store/createStore'

/** Subscribes to a core store. The server snapshot is the initial state (no browser state on the server). */
export function useStore<T>(store: ReadableStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}
