import { useEffect, useRef, useState } from 'react'
import { getErrorMessage } from '../../core/errors/base'
import { isMobile } from '../../core/env'
import { connectFarcaster } from '../../core/farcaster/connectFarcaster'
import { FarcasterAuthInitError, FarcasterLinkExpiredError } from '../../core/farcaster/errors'
import { useOrielClient } from '../hooks/useOrielClient'
import { useStore } from '../hooks/useStore'
import { SpinnerIcon } from '../icons/icons'
import { SocialIcon } from '../icons/socialIcons'
import { showConnected } from './showConnected'
import type { ViewProps } from './types'
import { CopyIcon } from '../icons/accountIcons'
import { QrCode } from './walletconnect/QrCode'

/** One sign-in per attempt, kept across React's StrictMode remount. */
type Run = { attempt: number; controller: AbortController; stop?: ReturnType<typeof setTimeout> }

/**
 * Sign In With Farcaster (spec §2 ConnectingFarcaster): the sign-in link (the account's
 * `farcasterUrl`) as a QR code for the Farcaster app on the user's phone, with "Copy link" (and
 * on a phone, first, a button that opens it), while the embedded wallet waits for the approval;
 * then "Authenticating..." and the account. An expired link offers a new one; a sign-in that
 * cannot start says so (spec §8) and the modal goes back to Connect. Leaving the view (or
 * closing the modal) stops the wait.
 */
export default function ConnectingFarcasterView({ entry }: ViewProps) {
  const client = useOrielClient()
  const { open } = useStore(client.modal)
  const { farcasterUrl } = useStore(client.account)
  const [attempt, setAttempt] = useState(0)
  const [expired, setExpired] = useState<string>()
  const [linked, setLinked] = useState(false)
  const run = useRef<Run | undefined>(undefined)

  useEffect(() => {
    if (!open) return
    let current = run.current
    if (current?.attempt === attempt) {
      clearTimeout(current.stop)
    } else {
      const controller = new AbortController()
      const mine: Run = { attempt, controller }
      current = run.current = mine
      const live = () => run.current === mine && !controller.signal.aborted
      setLinked(false)
      connectFarcaster(client, { signal: controller.signal }).then(
        () => {
          if (live()) showConnected(client)
        },
        (error: unknown) => {
          if (!live()) return
          if (error instanceof FarcasterLinkExpiredError) {
            setExpired(error.shortMessage)
            return
          }
          client.snackbar.showError(getErrorMessage(error))
          // Spec §8: a sign-in that could not start resets the modal.
          if (error instanceof FarcasterAuthInitError) client.modal.reset('Connect')
          else setExpired(getErrorMessage(error))
        },
      )
    }
    const started = current
    return () => {
      // A StrictMode remount runs the effect again at once and keeps the sign-in.
      started.stop = setTimeout(() => started.controller.abort(new DOMException('The view closed', 'AbortError')), 0)
    }
  }, [client, open, attempt])

  useEffect(() => {
    if (farcasterUrl) setLinked(true)
  }, [farcasterUrl])

  const retry = () => {
    setExpired(undefined)
    setAttempt((n) => n + 1)
  }

  if (expired) {
    return (
      <div className="view center" data-view={entry.view} role="alert">
        <SocialIcon provider="farcaster" />
        <p className="lead">{expired}</p>
        <button type="button" className="btn" onClick={retry}>
          Get a new link
        </button>
      </div>
    )
  }

  // Approved: the link is gone while the wallet opens.
  if (linked && !farcasterUrl) {
    return (
      <div className="view center" data-view={entry.view} role="status">
        <SpinnerIcon size={28} />
        <p className="lead">Authenticating...</p>
      </div>
    )
  }

  return (
    <div className="view" data-view={entry.view}>
      <div className="pairing">
        {farcasterUrl && isMobile() ? (
          <button type="button" className="btn primary" onClick={() => window.open(farcasterUrl, '_blank', 'noopener,noreferrer')}>
            <SocialIcon provider="farcaster" />
            Open Farcaster
          </button>
        ) : null}
        {farcasterUrl ? (
          <QrCode uri={farcasterUrl} label="QR code for signing in with Farcaster" testId="farcaster-qr" />
        ) : (
          <div className="qr-placeholder" role="status" aria-label="Generating a QR code">
            <SpinnerIcon size={28} />
          </div>
        )}
        <p className="hint">Scan this QR code with your phone’s camera or the Farcaster app</p>
        <p className="countdown" role="status">
          {farcasterUrl ? 'Waiting for you to approve in Farcaster…' : '\u00a0'}
        </p>
        <button
          type="button"
          className="btn copy"
          disabled={!farcasterUrl}
          onClick={() => {
            if (!farcasterUrl) return
            navigator.clipboard.writeText(farcasterUrl).then(
              () => client.snackbar.showSuccess('Link copied'),
              () => client.snackbar.showError('Failed to copy link'),
            )
          }}
        >
          <CopyIcon />
          Copy link
        </button>
      </div>
    </div>
  )
}
