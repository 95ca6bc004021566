import { useCallback } from 'react'
import { getModal, watchModal, type GetModalReturnType } from '../../core/actions/getModal'
import { closeModal, openModal } from '../../core/actions/openModal'
import type { CloseModalOptions, OpenModalOptions } from '../../core/modal/modalStore'
import type { ViewName } from '../../core/modal/views'
import { useClientState } from './useClientState'
import { useOrielClient } from './useOrielClient'

export type UseOrielModalReturnType = GetModalReturnType & {
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
  const client = useOrielClient()
  const state = useClientState(getModal, watchModal)
  const open = useCallback((options?: OpenModalOptions | ViewName) => openModal(client, options), [client])
  const close = useCallback((options?: CloseModalOptions) => closeModal(client, options), [client])
  return { ...state, open, close }
}
