import type { Store } from '../store/createStore'
import type { StorageKey } from './keys'
import type { SafeStorage } from './storage'

/** How many (address, network) entries a persisted cache keeps, newest first. */
export const PERSISTED_CACHE_ENTRIES = 20

/** A cache store: entries by key. */
export type EntriesStore<E> = Store<{ readonly entries: Readonly<Record<string, E>> }>

export type PersistCacheParameters<E> = {
  storage: SafeStorage
  key: StorageKey
  now: () => number
  /** How long an entry stays fresh; older ones are neither loaded nor written. */
  maxAgeMs: number
  /** The entry as kept in storage (e.g. without its failure time), `undefined` to keep nothing. */
  toStored: (entry: E) => { readonly fetchedAt: number } | undefined
  /** The stored value as an entry, `undefined` when it is not one (a tampered or older format). */
  fromStored: (value: unknown) => E | undefined
}

/**
 * Keeps a cache store's fresh entries in the dapp's localStorage (spec §3: the balance and
 * portfolio caches are kept between visits), so a reload within the cache's lifetime shows them
 * without asking frame-host again. Loads the fresh stored entries into `store` now, then writes
 * the newest {@link PERSISTED_CACHE_ENTRIES} on every change. Returns the stop function.
 *
 * @example
 * persistCache(balances, { storage, key: STORAGE_KEYS.balanceCache, now, maxAgeMs: 30_000, toStored: (e) => e, fromStored })
 */
export function persistCache<E>(store: EntriesStore<E>, parameters: PersistCacheParameters<E>): () => void {
  const { storage, key, now, maxAgeMs } = parameters
  const fresh = (fetchedAt: number) => now() - fetchedAt < maxAgeMs
  const loaded: Record<string, E> = {}
  for (const [id, value] of Object.entries(read(storage, key))) {
    const entry = parameters.fromStored(value)
    const stored = entry === undefined ? undefined : parameters.toStored(entry)
    if (entry !== undefined && stored && fresh(stored.fetchedAt)) loaded[id] = entry
  }
  if (Object.keys(loaded).length > 0) store.setState((s) => ({ entries: { ...loaded, ...s.entries } }))

  let written = store.getSnapshot().entries
  return store.subscribe(() => {
    const { entries } = store.getSnapshot()
    if (entries === written) return
    written = entries
    const kept = Object.entries(entries)
      .map(([id, entry]) => [id, parameters.toStored(entry)] as const)
      .filter((pair): pair is readonly [string, { readonly fetchedAt: number }] => pair[1] !== undefined && fresh(pair[1].fetchedAt))
      .sort(([, a], [, b]) => b.fetchedAt - a.fetchedAt)
      .slice(0, PERSISTED_CACHE_ENTRIES)
    storage.setItem(key, JSON.stringify(Object.fromEntries(kept)))
  })
}

/** The stored object, `{}` when absent or not a JSON object. */
function read(storage: SafeStorage, key: StorageKey): Record<string, unknown> {
  const raw = storage.getItem(key)
  if (!raw) return {}
  try {
    const value: unknown = JSON.parse(raw)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    // Not JSON (another script wrote the key): nothing cached.
    return {}
  }
}
