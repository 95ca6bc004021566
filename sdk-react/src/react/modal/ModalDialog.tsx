import { useEffect, useId, useRef, type MouseEvent } from 'react'
import { useOrielClient } from '../hooks/useOrielClient'
import { getActiveElement, trapTab } from './focus'
import { ModalCard } from './ModalCard'

/**
 * The open modal: overlay plus a `role="dialog"` card. Focus moves into the dialog on open and
 * back to where it was on close; Tab stays inside (also after a view change removed the focused
 * control); Esc and an overlay click close where allowed (elsewhere the modal shakes), except
 * that Esc on a request to approve rejects it.
 */
export function ModalDialog() {
  const { modal } = useOrielClient()
  const titleId = useId()
  const cardRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    cardRef.current?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      if (event.key === 'Escape') {
        event.preventDefault()
        modal.dismiss()
      } else if (event.key === 'Tab' && cardRef.current) {
        trapTab(event, cardRef.current)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      if (previous?.isConnected) previous.focus()
    }
  }, [modal])

  // A view change can remove the focused control, which drops the focus to the page: put it
  // back on the card. Focus the user moved elsewhere (e.g. into the wallet frame) is left alone.
  useEffect(() => {
    const card = cardRef.current
    if (!card || typeof MutationObserver === 'undefined') return
    const observer = new MutationObserver(() => {
      const active = getActiveElement()
      if (!active || active === document.body) card.focus()
    })
    observer.observe(card, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [])

  // Only a press that starts and ends on the backdrop closes. A press that starts on a control
  // and ends outside the card (the card shrank or moved under the pointer, or the user dragged
  // out) makes the browser dispatch its click on the nearest common ancestor, the overlay.
  const pressedOverlay = useRef(false)
  const onOverlayMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOverlay.current = event.target === event.currentTarget
  }
  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    const pressed = pressedOverlay.current
    pressedOverlay.current = false
    if (pressed && event.target === event.currentTarget) modal.close()
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the keyboard way (the keydown listener above)
    <div className="overlay" onMouseDown={onOverlayMouseDown} onClick={onOverlayClick} data-testid="oriel-overlay">
      <ModalCard
        role="dialog"
        titleId={titleId}
        cardRef={cardRef}
      />
    </div>
  )
}
