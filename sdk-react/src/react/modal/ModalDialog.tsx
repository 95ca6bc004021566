import { useEffect, useId, useRef, type MouseEvent } from 'react'
import { useOrielClient } from '../hooks/useOrielClient'
import { trapTab } from './focus'
import { ModalCard } from './ModalCard'

/**
 * The open modal: overlay plus a `role="dialog"` card. Focus moves into the dialog on open and
 * back to where it was on close; Tab stays inside; Esc and an overlay click close where allowed.
 */
export function ModalDialog() {
  const { modal } = useOrielClient()
  const titleId = useId()
  const cardRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    cardRef.current?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault()
        modal.close()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      if (previous?.isConnected) previous.focus()
    }
  }, [modal])

  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) modal.close()
  }

  return (
    <div className="overlay" onClick={onOverlayClick} data-testid="oriel-overlay">
      <ModalCard
        role="dialog"
        titleId={titleId}
        cardRef={cardRef}
        onKeyDown={(event) => {
          if (cardRef.current) trapTab(event, cardRef.current)
        }}
      />
    </div>
  )
}
