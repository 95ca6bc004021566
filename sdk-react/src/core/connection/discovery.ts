import type { Connector } from '../connectors/types'
import type { ReadableStore } from '../store/createStore'

/**
 * The connector `id` from `connectors`, waiting up to `timeoutMs` for it to be discovered (a
 * browser wallet announces itself some time after the page loads).
 *
 * @example
 * const connector = await waitForConnector(connectors, 'io.metamask', 1_000)
 */
export function waitForConnector(
  connectors: ReadableStore<readonly Connector[]>,
  id: string,
  timeoutMs: number,
): Promise<Connector | undefined> {
  const find = () => connectors.getSnapshot().find((c) => c.id === id)
  const found = find()
  if (found || timeoutMs <= 0) return Promise.resolve(found)
  return new Promise((resolve) => {
    const done = (connector: Connector | undefined) => {
      clearTimeout(timer)
      unsubscribe()
      resolve(connector)
    }
    const unsubscribe = connectors.subscribe(() => {
      const connector = find()
      if (connector) done(connector)
    })
    const timer = setTimeout(() => done(undefined), timeoutMs)
  })
}
