import type { OrielClient } from '../client/createClient'
import { getExtension } from '../client/extension'

/** One cached value per client, recomputed only when one of its inputs changed (by `Object.is`). */
export interface ClientCache<T> {
  /** `compute()`'s value for `inputs`, the same object as last time when no input changed. */
  get(client: OrielClient, inputs: readonly unknown[], compute: () => T): T
}

/**
 * Creates a per-client cache, kept on the client as the extension `cache:{name}`, so a
 * `getX(client)` returns the same object until its inputs change (what `useSyncExternalStore`
 * needs of a snapshot).
 *
 * @example
 * const cache = createClientCache<GetAccountReturnType>('account')
 * export const getAccount = (client) => cache.get(client, [client.account.getSnapshot()], () => ({ … }))
 */
export function createClientCache<T>(name: string): ClientCache<T> {
  const extension = { name: `cache:${name}`, create: () => ({ last: undefined as { inputs: readonly unknown[]; value: T } | undefined }) }
  return {
    get(client, inputs, compute) {
      const slot = getExtension(client, extension)
      const entry = slot.last
      if (entry && entry.inputs.length === inputs.length && entry.inputs.every((input, i) => Object.is(input, inputs[i]))) {
        return entry.value
      }
      const value = compute()
      slot.last = { inputs, value }
      return value
    },
  }
}

/** What every `watchX(client, parameters)` takes: `onChange(next, previous)`. */
export type WatchParameters<T> = {
  onChange(next: T, previous: T): void
}

/** What every `watchX` returns: the unsubscribe function. */
export type WatchReturnType = () => void

/**
 * Calls `onChange(next, previous)` whenever `get(client)` gives another value after a change of
 * one of `stores`. Returns the unsubscribe function.
 *
 * @example
 * const stop = watch(client, [client.account], getAccount, (account) => console.log(account.status))
 */
export function watch<T>(
  client: OrielClient,
  stores: readonly { subscribe(listener: () => void): () => void }[],
  get: (client: OrielClient) => T,
  onChange: WatchParameters<T>['onChange'],
): WatchReturnType {
  let previous = get(client)
  const check = () => {
    const next = get(client)
    if (Object.is(next, previous)) return
    const last = previous
    previous = next
    onChange(next, last)
  }
  const stops = stores.map((store) => store.subscribe(check))
  return () => {
    for (const stop of stops) stop()
  }
}
