import { useEffect, useState } from 'react'
import type { FrameClient } from '../../core/frame/client'
import { useOrielClient } from '../hooks/useOrielClient'
import { FrameRoom } from './FrameRoom'
import type { ViewProps } from './types'

/**
 * An embedded-wallet request waiting for the user. The request, decoded, and its Approve and
 * Reject buttons are drawn by the wallet frame itself, laid over the room this view makes:
 * nothing on this page can approve on the user's behalf.
 */
export default function ApproveTransactionView({ entry }: ViewProps) {
  const client = useOrielClient()
  const [frame, setFrame] = useState<FrameClient>()
  useEffect(() => {
    let live = true
    client.embedded
      .ensureReady()
      .then((f) => live && setFrame(f))
      .catch((error: unknown) => console.error('oriel: the wallet frame is not available', error))
    return () => {
      live = false
    }
  }, [client])
  return (
    <div className="view stack" data-view={entry.view}>
      <FrameRoom frame={frame} label="Request to approve, shown by the wallet frame" />
    </div>
  )
}
