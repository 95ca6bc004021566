import { useCallback } from 'react'
import type { CloseModalOptions, OpenModalOptions } from '../../core/modal/modalStore'
import type { RouterData, ViewName } from '../../core/modal/views'
import { useOrielClient } from './useOrielClient'
import { useStore } from './useStore'

export type UseOrielModalReturnType = {
  /**
   * Opens the modal, at a view (`open('AllWallets')` or `open({ view, data })`) or, without one,
   * on the view the spec rules pick (Connect, or Account when connected). An unknown view
   * throws `UnknownViewError`.
   */
  open(options?: OpenModalOptions | ViewName): void
  /**
   * Closes the modal. Returns false where closing is blocked (ApproveTransaction, a required
   * sign-in) unless `{ force: true }`; the modal then shakes.
   */
  close(options?: CloseModalOptions): boolean
  /** Whether the modal is open. */
  isOpen: boolean
  /** The current view, or `undefined` before the first open. */
  view: ViewName | undefined
  /** The current view's data, e.g. the wallet being connected. */
  data: RouterData | undefined
  /** True while a view waits on something (a spinner shows). */
  loading: boolean
}

/**
 * Opens and closes the modal, and tells which view it shows.
 *
 * @example
 * function Header() {
 *   const { open, close, isOpen, view } = useOrielModal()
 *   return (
 *     <>
 *       <button onClick={() => open('AllWallets')}>Browse wallets</button>
 *       {isOpen ? <button onClick={() => close()}>Close ({view})</button> : null}
 *     </>
 *   )
 * }
 */
export function useOrielModal(): UseOrielModalReturnType {
  const { modal } = useOrielClient()
  const state = useStore(modal)
  const open = useCallback(
    (options?: OpenModalOptions | ViewName) => modal.open(typeof options === 'string' ? { view: options } : options),
    [modal],
  )
  const close = useCallback((options?: CloseModalOptions) => modal.close(options), [modal])
  const entry = state.history.at(-1)
  return { open, close, isOpen: state.open, view: entry?.view, data: entry?.data, loading: state.loading }
}
