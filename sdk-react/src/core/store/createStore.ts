/** The read side every core store exposes; React reads it with `useSyncExternalStore`. */
export interface ReadableStore<T> {
  /** The current state. Same object until the state changes. */
  getSnapshot(): T
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

/** A tiny immutable state container. */
export interface Store<T> extends ReadableStore<T> {
  /** Replaces the state with a shallow merge of `patch` (or its result). No-op when nothing changed. */
  setState(patch: Partial<T> | ((state: T) => Partial<T>)): void
}

export type CreateStoreParameters<T> = T
export type CreateStoreReturnType<T> = Store<T>

/**
 * Creates a store with a `subscribe`/`getSnapshot` API.
 *
 * @example
 * const store = createStore({ count: 0 })
 * store.subscribe(() => console.log(store.getSnapshot().count))
 * store.setState((s) => ({ count: s.count + 1 }))
 */
export function createStore<T extends object>(initial: CreateStoreParameters<T>): CreateStoreReturnType<T> {
  let state = initial
  const listeners = new Set<() => void>()

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    setState(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch
      const changed = (Object.keys(next) as (keyof T)[]).some((key) => !Object.is(state[key], next[key]))
      if (!changed) return
      state = { ...state, ...next }
      for (const listener of [...listeners]) listener()
    },
  }
}
