import { useEffect, useState } from 'react'
import { PAIRING_EXPIRY_MARGIN_MS } from '../../../core/constants'
import type { Pairing } from '../../../core/walletconnect/pairing'

/**
 * A remaining time as `m:ss`, rounded up to the second.
 *
 * @example
 * formatCountdown(229_001) // '3:50'
 */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * The pairing's remaining time, counting down each second to the moment it counts as expired
 * (10 s before its end), when the pairing flow (`watchPairing`) replaces it with a fresh code.
 * Mount it per pairing (`key={pairing.uri}`).
 */
export function PairingCountdown({ pairing }: { pairing: Pairing }) {
  const [now, setNow] = useState(Date.now)
  const left = pairing.expiresAt - PAIRING_EXPIRY_MARGIN_MS - now

  useEffect(() => {
    if (left <= 0) return
    // At the next whole second of `left`.
    const timer = setTimeout(() => setNow(Date.now()), left % 1000 || 1000)
    return () => clearTimeout(timer)
  }, [left])

  return (
    <p className="countdown" role="timer" data-testid="wc-countdown">
      Code expires in {formatCountdown(left)}
    </p>
  )
}
