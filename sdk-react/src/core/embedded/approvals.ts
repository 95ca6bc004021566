import type { ModalStore } from '../modal/modalStore'
import { approvalTitle } from './approvalTitle'
import type { EmbeddedWallet } from './embeddedWallet'

/**
 * Follows the embedded wallet's approval requests (spec §4 "Embedded-wallet requests"): when
 * the frame asks to be seen for an approval, the modal shows ApproveTransaction — pushed on
 * top of the current view, or opened just for it. When the request is answered (approved,
 * rejected, failed), the transaction stack decides: back to the view before it, or closed if
 * the modal was opened for it. Closing the modal (forced), leaving the view while the frame
 * waits, or the user's Escape or Close on it aborts the request in the frame ('Request was
 * aborted', EIP-1193 4001).
 *
 * @example
 * const stop = watchApprovals({ embedded, modal })
 */
export function watchApprovals({ embedded, modal }: { embedded: EmbeddedWallet; modal: ModalStore }): () => void {
  let active: { requestId: number } | undefined
  let settling = false
  const abort = () => {
    if (embedded.getSnapshot().state !== 'ready') return
    void embedded
      .ensureReady()
      .then((frame) => frame.abort())
      .catch((error: unknown) => console.error('oriel: could not abort the pending request', error))
  }

  const onView = () => {
    const view = modal.getSnapshot().history.at(-1)?.view
    if (!active || settling) return
    if (!modal.getSnapshot().open || view !== 'ApproveTransaction') {
      active = undefined
      abort()
    }
  }

  const onStatus = () => {
    const reveal = embedded.getSnapshot().reveal
    if (reveal?.purpose === 'Approval' && active?.requestId !== reveal.requestId) {
      active = { requestId: reveal.requestId }
      settling = true
      modal.pushTransaction({ data: { title: approvalTitle(reveal) } })
      settling = false
    } else if (!reveal && active) {
      active = undefined
      settling = true
      if (modal.getSnapshot().history.at(-1)?.view === 'ApproveTransaction') modal.popTransaction()
      settling = false
    }
  }

  // Closing the modal with no request on show still rejects what the frame is preparing.
  const stopReject = modal.onRejectPending(abort)
  // Escape or Close on the request's view: Reject (the dapp gets 4001).
  const stopDismiss = modal.onRejectRequest(abort)

  const stopStatus = embedded.subscribe(onStatus)
  const stopModal = modal.subscribe(onView)
  return () => {
    stopReject()
    stopDismiss()
    stopStatus()
    stopModal()
  }
}
