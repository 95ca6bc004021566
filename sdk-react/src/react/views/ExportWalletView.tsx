import { useEffect, useRef, useState } from 'react'
import type { FrameClient } from '../../core/frame/client'
import { getErrorMessage } from '../../core/errors/base'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { SpinnerIcon } from '../icons/icons'
import { CodeForm } from './CodeForm'
import { FrameRoom } from './FrameRoom'
import type { ViewProps } from './types'
import { Truncated } from './Truncated'

type Step = 'intro' | 'code' | 'shown'

/**
 * Export: a fresh emailed code, then the recovery phrase — drawn by the embedded wallet inside
 * its own frame, laid over this view. This page never holds the phrase.
 */
export default function ExportWalletView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { user } = useStore(client.account)
  const [step, setStep] = useState<Step>('intro')
  const [busy, setBusy] = useState(false)
  const [frame, setFrame] = useState<FrameClient>()
  const showing = useRef(false)

  // Leaving the view while the phrase is on show takes it off screen in the frame too.
  useEffect(
    () => () => {
      if (showing.current) frame?.abort().catch((e: unknown) => console.error('oriel: abort failed', e))
    },
    [frame],
  )

  async function sendCode() {
    setBusy(true)
    try {
      const f = await client.embedded.ensureReady()
      await f.startExport()
      setFrame(f)
      setStep('code')
    } catch (error) {
      client.snackbar.showError(getErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="view stack" data-view={entry.view} data-step={step}>
      {step === 'intro' ? (
        <>
          <p className="hint">
            Your recovery phrase restores this wallet in any wallet app. To show it, we email a code to{' '}
            {user?.email ? <Truncated className="strong" text={user.email} kind="email" /> : <strong>your address</strong>}. It is shown only inside the wallet's secure frame.
          </p>
          <button type="button" className="btn primary" onClick={sendCode} disabled={busy} aria-busy={busy}>
            {busy ? <SpinnerIcon /> : null}
            Send code
          </button>
        </>
      ) : step === 'code' ? (
        <CodeForm
          hint={
            <>
              Enter the 6-digit code sent to <Truncated className="strong" text={user?.email ?? ''} kind="email" />
            </>
          }
          send={async (otp) => {
            if (!frame) return
            setStep('shown')
            showing.current = true
            try {
              await frame.revealRecoveryPhrase(otp)
              showing.current = false
              client.modal.goBack()
            } catch (error) {
              showing.current = false
              setStep('code')
              throw error
            }
          }}
        />
      ) : null}
      {step === 'shown' ? <FrameRoom frame={frame} label="Recovery phrase, shown by the wallet frame" /> : null}
    </div>
  )
}
