// The SDK's one cache of what it reads (frame-host's answers, the native balance): keyed entries
// with staleness, one read at a time per key, a pause after a failure, invalidation, and the
// spec's localStorage caches (spec §3, §9). A small primitive with @tanstack/query-core's
// semantics: its QueryClient and QueryObserver alone are 9 KB gzip, more than the page's budget
// has room for.
import type { StorageKey } from '../storage/keys'
import type { SafeStorage } from '../storage/storage'
import { createStore, type ReadableStore } from '../store/createStore'

/** A query's key: its family, then what it is of (`['balance', 'eip155:1:0xabc…']`). */
export type QueryKey = readonly [family: string, ...parts: (string | number | boolean)[]]

/** What the cache knows of one key. */
export interface QueryState<T = unknown> {
  /** The last value read, `undefined` before the first. */
  readonly data: T | undefined
  /** When `data` was read (ms); `undefined` when it was never read or was invalidated. */
  readonly updatedAt: number | undefined
  /** The last failure, cleared by the next success. */
  readonly error: unknown
  /** When the last read failed (ms), cleared by the next success. */
  readonly failedAt: number | undefined
  /** A read is under way. */
  readonly fetching: boolean
}

/** How to read a key. */
export type Query<T> = {
  key: QueryKey
  /** Reads the value; `signal` aborts when every caller waiting for it gave up. */
  read: (signal: AbortSignal) => Promise<T>
  /** How long a value stays fresh, ms: `Infinity` until invalidated, 0 to read at every call (sharing the read under way). */
  staleMs: number
  /** After a failure no read starts for this long, ms: calls get the failure again (default 0). */
  retryAfterMs?: number | undefined
}

export type FetchQueryOptions = {
  /** Read even when the value is fresh (never within `retryAfterMs` of a failure). */
  force?: boolean | undefined
  /** Stops waiting (and aborts the read when no other caller waits for it). */
  signal?: AbortSignal | undefined
}

/** How a family of keys `[family, id]` is kept in the dapp's localStorage, as `{ [id]: { ...stored, fetchedAt } }`. */
export type QueryPersistence<T> = {
  storage: SafeStorage
  key: StorageKey
  /** Older entries are neither loaded nor written. */
  maxAgeMs: number
  /** The value as stored; `undefined` keeps nothing. */
  toStored: (data: T) => Record<string, unknown> | undefined
  /** A stored value back, `undefined` when it is not one (another version's, or tampered with). */
  fromStored: (stored: Record<string, unknown>) => T | undefined
}

/** How many entries a stored family keeps, newest first. */
export const PERSISTED_QUERY_ENTRIES = 20

/** The cache's state: every key's, by its JSON. */
export type QueryCacheState = { readonly entries: Readonly<Record<string, QueryState>> }

export interface QueryClient extends ReadableStore<QueryCacheState> {
  /** The clock of staleness (the client's `now`). */
  now(): number
  /** The state of `key`, the same object until it changes; `undefined` before anything happened to it. */
  get<T>(key: QueryKey): QueryState<T> | undefined
  /**
   * The value of `query.key`: the cached one while fresh, else the answer of a read (one at a
   * time per key: callers share it). Rejects with the read's failure, or within
   * `retryAfterMs` of a failure with that failure, without reading.
   */
  fetch<T>(query: Query<T>, options?: FetchQueryOptions): Promise<T>
  /**
   * Sets the value of `key` as read now (a value learnt otherwise, such as a name just
   * registered); with `stale`, shown until the key's own read replaces it.
   */
  set<T>(key: QueryKey, data: T, options?: { stale?: boolean | undefined }): void
  /** Makes the values of every key starting with `prefix` stale: the next fetch reads again (they stay shown meanwhile). */
  invalidate(prefix: readonly (string | number | boolean)[]): void
  /**
   * Keeps the family's fresh values in localStorage: loads the stored ones now (unless already
   * cached), then writes the newest {@link PERSISTED_QUERY_ENTRIES} on every change. Once per family;
   * returns the stop function.
   */
  persist<T>(family: string, persistence: QueryPersistence<T>): () => void
}

const EMPTY: QueryState = Object.freeze({ data: undefined, updatedAt: undefined, error: undefined, failedAt: undefined, fetching: false })

const id = (key: readonly unknown[]) => JSON.stringify(key)

/**
 * Creates the query cache of a client.
 *
 * @example
 * const query = createQueryClient({ now: Date.now })
 * const nfts = await query.fetch({ key: ['nfts', 'eip155:1:0xabc…'], read: () => getNfts(frameHost, p), staleMs: 30_000 })
 */
export function createQueryClient({ now }: { now: () => number }): QueryClient {
  const store = createStore<QueryCacheState>({ entries: {} })
  const reads = new Map<string, { promise: Promise<unknown>; controller: AbortController; waiting: number }>()
  const persisted = new Map<string, () => void>()
  const state = (key: string) => store.getSnapshot().entries[key] ?? EMPTY
  const patch = (key: string, change: Partial<QueryState>) =>
    store.setState((s) => ({ entries: { ...s.entries, [key]: { ...(s.entries[key] ?? EMPTY), ...change } } }))

  const client: QueryClient = {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    now,
    get: <T>(key: QueryKey) => store.getSnapshot().entries[id(key)] as QueryState<T> | undefined,
    fetch<T>(query: Query<T>, options: FetchQueryOptions = {}): Promise<T> {
      const key = id(query.key)
      const entry = state(key) as QueryState<T>
      const at = now()
      if (entry.failedAt !== undefined && at - entry.failedAt < (query.retryAfterMs ?? 0)) return Promise.reject(entry.error)
      const fresh = entry.updatedAt !== undefined && at - entry.updatedAt < query.staleMs
      if (fresh && !options.force) return Promise.resolve(entry.data as T)
      let run = reads.get(key)
      if (!run) {
        const controller = new AbortController()
        const promise = query.read(controller.signal).then(
          (data) => {
            reads.delete(key)
            patch(key, { data, updatedAt: now(), error: undefined, failedAt: undefined, fetching: false })
            return data
          },
          (error: unknown) => {
            reads.delete(key)
            // An abort is no failure of the key: the next call reads again.
            patch(key, controller.signal.aborted ? { fetching: false } : { error, failedAt: now(), fetching: false })
            throw error
          },
        )
        run = { promise, controller, waiting: 0 }
        reads.set(key, run)
        patch(key, { fetching: true })
      }
      // The read is aborted once every caller that can give up has, and no other waits.
      const { signal } = options
      const shared = run
      shared.waiting += signal ? 1 : Number.POSITIVE_INFINITY
      if (!signal) return shared.promise as Promise<T>
      return new Promise<T>((resolve, reject) => {
        const leave = () => {
          if (--shared.waiting === 0) shared.controller.abort(signal.reason)
          reject(signal.reason)
        }
        if (signal.aborted) leave()
        else signal.addEventListener('abort', leave, { once: true })
        ;(shared.promise as Promise<T>).then(resolve, reject)
      })
    },
    set(key, data, options = {}) {
      patch(id(key), { data, updatedAt: options.stale ? undefined : now(), error: undefined, failedAt: undefined })
    },
    invalidate(prefix) {
      const start = id(prefix).slice(0, -1)
      store.setState((s) => {
        const entries = { ...s.entries }
        for (const [key, entry] of Object.entries(entries)) {
          if (key.startsWith(start) && (key.length === start.length + 1 || key[start.length] === ',')) entries[key] = { ...entry, updatedAt: undefined }
        }
        return { entries }
      })
    },
    persist<T>(family: string, persistence: QueryPersistence<T>) {
      const existing = persisted.get(family)
      if (existing) return existing
      const stop = persistFamily(client, store, family, persistence)
      const once = () => {
        stop()
        persisted.delete(family)
      }
      persisted.set(family, once)
      return once
    },
  }
  return client
}

function persistFamily<T>(client: QueryClient, store: ReturnType<typeof createStore<QueryCacheState>>, family: string, p: QueryPersistence<T>): () => void {
  const fresh = (fetchedAt: unknown): fetchedAt is number => typeof fetchedAt === 'number' && client.now() - fetchedAt < p.maxAgeMs
  const prefix = id([family]).slice(0, -1)
  const ownKey = (key: string) => key.startsWith(`${prefix},`)
  for (const [stored, value] of Object.entries(read(p.storage, p.key))) {
    const key = id([family, stored])
    if (typeof value !== 'object' || value === null || !fresh((value as { fetchedAt?: unknown }).fetchedAt)) continue
    const data = p.fromStored(value as Record<string, unknown>)
    if (data === undefined || client.get([family, stored])?.updatedAt !== undefined) continue
    store.setState((s) => ({
      entries: { ...s.entries, [key]: { ...EMPTY, ...s.entries[key], data, updatedAt: (value as { fetchedAt: number }).fetchedAt } },
    }))
  }
  let written: QueryCacheState['entries'] | undefined
  return store.subscribe(() => {
    const { entries } = store.getSnapshot()
    if (entries === written) return
    written = entries
    const kept = Object.entries(entries)
      .filter(([key, entry]) => ownKey(key) && entry.data !== undefined && fresh(entry.updatedAt))
      .sort(([, a], [, b]) => (b.updatedAt ?? 0) - (a.updatedAt ?? 0))
      .slice(0, PERSISTED_QUERY_ENTRIES)
      .flatMap(([key, entry]) => {
        const stored = p.toStored(entry.data as T)
        const name = (JSON.parse(key) as QueryKey)[1]
        return stored ? [[String(name), { ...stored, fetchedAt: entry.updatedAt }] as const] : []
      })
    const text = JSON.stringify(Object.fromEntries(kept))
    if (p.storage.getItem(p.key) !== text) p.storage.setItem(p.key, text)
  })
}

/** The stored object, `{}` when absent or not a JSON object. */
function read(storage: SafeStorage, key: StorageKey): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? '{}')
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    // Not JSON (another script wrote the key): nothing cached.
    return {}
  }
}
