import type { OrielClient } from '../client/createClient'
import type { RouterData, ViewName } from '../modal/views'
import { createClientCache, type WatchParameters, type WatchReturnType, watch } from './cache'

export type GetModalReturnType = {
  /** Whether the modal is open. */
  isOpen: boolean
  /** The current view, or `undefined` before the first open. */
  view: ViewName | undefined
  /** The current view's data, e.g. the wallet being connected. */
  data: RouterData | undefined
  /** True while a view waits on something (a spinner shows). */
  loading: boolean
}

const cache = createClientCache<GetModalReturnType>('modal')

/**
 * Whether the modal is open, and the view it shows.
 *
 * @example
 * const { isOpen, view } = getModal(client)
 */
export function getModal(client: OrielClient): GetModalReturnType {
  const state = client.modal.getSnapshot()
  return cache.get(client, [state.open, state.history.at(-1), state.loading], () => {
    const entry = state.history.at(-1)
    return { isOpen: state.open, view: entry?.view, data: entry?.data, loading: state.loading }
  })
}

export type WatchModalParameters = WatchParameters<GetModalReturnType>

export type WatchModalReturnType = WatchReturnType

/**
 * Calls `onChange` whenever the modal opens, closes, changes view or starts or stops loading.
 * Returns the unsubscribe function.
 *
 * @example
 * const stop = watchModal(client, { onChange: ({ isOpen }) => console.log(isOpen) })
 */
export function watchModal(client: OrielClient, parameters: WatchModalParameters): WatchModalReturnType {
  return watch(client, [client.modal], getModal, parameters.onChange)
}
