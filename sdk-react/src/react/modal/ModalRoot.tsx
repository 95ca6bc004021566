import { createPortal } from 'react-dom'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { ModalDialog } from './ModalDialog'
import { useBodyShadowRoot } from './useShadowRoot'

/** Portals the modal into a shadow root on `document.body` while it is open. */
export function ModalRoot() {
  const client = useOrielClient()
  const { open } = useStore(client.modal)
  const shadowRoot = useBodyShadowRoot(open, client.theme)
  if (!open || !shadowRoot) return null
  return createPortal(<ModalDialog />, shadowRoot)
}
