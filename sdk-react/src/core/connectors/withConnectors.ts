import type { ReadableStore } from '../store/createStore'
import type { Connector } from './types'

/**
 * `base`'s connectors plus `extra` (last), as a store whose snapshot stays the same object until
 * `base` changes.
 *
 * @example
 * const all = withConnectors(connectors, [walletConnect, embeddedConnector])
 */
export function withConnectors(base: ReadableStore<readonly Connector[]>, extra: readonly Connector[]): ReadableStore<readonly Connector[]> {
  if (extra.length === 0) return base
  let seen: readonly Connector[] | undefined
  let list: readonly Connector[] = []
  return {
    getSnapshot() {
      const current = base.getSnapshot()
      if (current !== seen) {
        seen = current
        list = [...current, ...extra]
      }
      return list
    },
    subscribe: base.subscribe,
  }
}
