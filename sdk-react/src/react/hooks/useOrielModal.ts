import { useCallback } from 'react'
import type { CloseModalOptions, OpenModalOptions } from '../../core/modal/modalStore'
import type { ViewName } from '../../core/modal/views'
import { useOrielClient } from './useOrielClient'
import { useStore } from './useStore'

export type UseOrielModalReturnType = {
  /** Opens the modal; without a view it picks one by the spec rules (Connect, or Account when connected). */
  open(options?: OpenModalOptions): void
  /** Closes the modal (not on ApproveTransaction unless `{ force: true }`). */
  close(options?: CloseModalOptions): void
  isOpen: boolean
  /** The current view, or `undefined` before the first open. */
  view: ViewName | undefined
}

/**
 * Opens and closes the modal.
 *
 * @example
 * function Header() {
 *   const { open, isOpen } = useOrielModal()
 *   return <button onClick={() => open({ view: 'AllWallets' })} disabled={isOpen}>Browse wallets</button>
 * }
 */
export function useOrielModal(): UseOrielModalReturnType {
  const { modal } = useOrielClient()
  const state = useStore(modal)
  const open = useCallback((options?: OpenModalOptions) => modal.open(options), [modal])
  const close = useCallback((options?: CloseModalOptions) => void modal.close(options), [modal])
  return { open, close, isOpen: state.open, view: state.history.at(-1)?.view }
}
