import { useEffect, useRef } from 'react'
import type { FrameClient } from '../../core/frame/client'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'

/**
 * The room the widget makes for the embedded wallet's own screens (an approval, the recovery
 * phrase). While the frame asks to be seen, it is laid exactly over this box; what the user
 * reads and clicks there belongs to the frame's origin, not to this page.
 */
export function FrameRoom({ frame, label }: { frame: FrameClient | undefined; label: string }) {
  const client = useOrielClient()
  const status = useStore(client.embedded)
  const room = useRef<HTMLElement>(null)
  const revealed = status.reveal !== undefined

  useEffect(() => {
    if (!frame || !revealed || !room.current) return
    // The card outlives this view: the focus comes back to it when the frame's screen ends.
    const card = room.current.closest<HTMLElement>('.card')
    const hide = frame.showOver(room.current)
    // The frame's screen takes the keyboard: its Escape, Tab order and buttons are its own.
    frame.focus()
    return () => {
      hide()
      const active = document.activeElement
      if (card?.isConnected && (!active || active === document.body)) card.focus()
    }
  }, [frame, revealed])

  return (
    // Tab from the header reaches the frame's screen through this room.
    <section
      ref={room}
      className="frame-room"
      aria-label={label}
      tabIndex={revealed ? 0 : -1}
      onFocus={() => frame?.focus()}
      data-revealed={revealed ? 'true' : 'false'}
      data-testid="frame-room"
    />
  )
}
