import type { ReactNode } from 'react'
import type { Pairing } from '../../../core/walletconnect/pairing'
import { SpinnerIcon } from '../../icons/icons'
import { CopyLinkButton } from './CopyLinkButton'
import { PairingCountdown } from './PairingCountdown'
import { QrCode } from './QrCode'

export type PairingPanelProps = {
  pairing: Pairing | undefined
  error: string | undefined
  retry(): void
  /** Shown above the QR code (the wallet being paired with). */
  header?: ReactNode
  /** Shown below the copy button (a deep link, more wallets). */
  children?: ReactNode
  /** Centre logo of the QR code. */
  logo?: string | undefined
}

/**
 * The QR code of the pairing on offer (a spinner while a fresh one is made) with its remaining
 * time, or the failure with a retry.
 */
export function PairingPanel({ pairing, error, retry, header, children, logo }: PairingPanelProps) {
  if (error && !pairing) {
    return (
      <div className="pairing center" role="alert">
        {header}
        <p className="lead">{error}</p>
        <button type="button" className="btn" onClick={retry}>
          Try again
        </button>
      </div>
    )
  }
  return (
    <div className="pairing">
      {header}
      {pairing ? (
        <QrCode uri={pairing.uri} logo={logo} />
      ) : (
        <div className="qr-placeholder" role="status" aria-label="Generating a QR code">
          <SpinnerIcon size={28} />
        </div>
      )}
      <p className="hint">Scan this QR code with your phone’s wallet app</p>
      {pairing ? (
        <PairingCountdown key={pairing.uri} pairing={pairing} />
      ) : (
        // The line keeps its place while a fresh code is made.
        <p className="countdown" aria-hidden="true">
          {'\u00a0'}
        </p>
      )}
      <CopyLinkButton uri={pairing?.uri} />
      {children}
    </div>
  )
}
