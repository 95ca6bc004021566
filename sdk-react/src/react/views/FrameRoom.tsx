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
    return frame.showOver(room.current)
  }, [frame, revealed])

  return (
    <section
      ref={room}
      className="frame-room"
      aria-label={label}
      data-revealed={revealed ? 'true' : 'false'}
      data-testid="frame-room"
    />
  )
}
