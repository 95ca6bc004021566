import type { AccountStore } from '../account/accountStore'
import type { EventsStore } from '../events/eventsStore'
import type { ModalStore } from '../modal/modalStore'

export type ReportEventsParameters = {
  modal: ModalStore
  account: AccountStore
  events: EventsStore
  isConnected(): boolean
}

/**
 * Turns state changes into events: MODAL_OPEN and MODAL_CLOSE (with `connected`), and
 * CONNECT_SUCCESS when an account connects (not when a cached login is restored on page load).
 * Returns the unsubscribe function.
 *
 * @example
 * const stop = reportEvents({ modal, account, events, isConnected: () => account.getSnapshot().status === 'connected' })
 */
export function reportEvents({ modal, account, events, isConnected }: ReportEventsParameters): () => void {
  let open = modal.getSnapshot().open
  let status = account.getSnapshot().status
  const stopModal = modal.subscribe(() => {
    const next = modal.getSnapshot().open
    if (next === open) return
    open = next
    events.emit(next ? 'MODAL_OPEN' : 'MODAL_CLOSE', { connected: isConnected() })
  })
  const stopAccount = account.subscribe(() => {
    const { status: next, connectorId, caipAddress } = account.getSnapshot()
    const previous = status
    status = next
    if (next === 'connected' && previous !== 'connected' && previous !== 'reconnecting') {
      events.emit('CONNECT_SUCCESS', { connector: connectorId, caipAddress })
    }
  })
  return () => {
    stopModal()
    stopAccount()
  }
}
