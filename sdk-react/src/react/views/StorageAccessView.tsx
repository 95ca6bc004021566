import { useEffect, useRef, useState } from 'react'
import { requestStorageAccess } from '../../core/embedded/actions/storageAccess'
import type { FrameClient } from '../../core/frame/client'
import { getErrorMessage } from '../../core/errors/base'
import { useOrielClient } from '../hooks/useOrielClient'
import { FrameRoom } from './FrameRoom'
import { HOW_TO_ALLOW } from './StorageNotice'
import type { ViewProps } from './types'

type Step = 'asking' | 'refused'

/**
 * Asks the browser, through the wallet frame, to let the wallet keep its storage on this site:
 * the frame shows its own "Allow" screen, laid over this view, because the Storage Access API
 * only answers a click inside the frame. Granted: back to Account, which no longer warns.
 * Refused: says how to allow it in the browser's settings.
 */
export default function StorageAccessView({ entry }: ViewProps) {
  const client = useOrielClient()
  const [step, setStep] = useState<Step>('asking')
  const [frame, setFrame] = useState<FrameClient>()
  const asked = useRef(false)
  const showing = useRef(false)

  useEffect(() => {
    // One request per view, even when React runs the effect twice (StrictMode).
    if (asked.current) return
    asked.current = true
    void (async () => {
      try {
        setFrame(await client.embedded.ensureReady())
        showing.current = true
        const persistent = await requestStorageAccess(client)
        showing.current = false
        if (persistent) {
          client.snackbar.showSuccess('You will stay logged in on this site')
          client.modal.goBack()
        } else {
          setStep('refused')
        }
      } catch (error) {
        showing.current = false
        client.snackbar.showError(getErrorMessage(error))
        setStep('refused')
      }
    })()
  }, [client])

  // Leaving the view while the frame asks takes its screen down too.
  useEffect(
    () => () => {
      if (showing.current) frame?.abort().catch((e: unknown) => console.error('oriel: abort failed', e))
    },
    [frame],
  )

  return (
    <div className="view stack" data-view={entry.view} data-step={step}>
      {step === 'asking' ? (
        <FrameRoom frame={frame} label="Storage access, asked by the wallet frame" />
      ) : (
        <>
          <p className="hint">The wallet still has no storage on this site, so this login ends when you close the page.</p>
          <p className="hint">{HOW_TO_ALLOW}</p>
        </>
      )}
    </div>
  )
}
