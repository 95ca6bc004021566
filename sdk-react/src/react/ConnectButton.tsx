import { useState, type CSSProperties } from 'react'
import { shortenAddress } from '../core/account/address'
import { DEFAULT_ACCENT } from '../core/config/theme'
import { onAccentFor } from './styles/palette'
import { useOrielClient } from './hooks/useOrielClient'
import { useStore } from './hooks/useStore'
import { preloadView } from './views/registry'

export type ConnectButtonProps = {
  /** Text while disconnected. Default: "Connect Wallet". */
  label?: string | undefined
  /** Replaces the built-in look (the inline styles are then not applied). */
  className?: string | undefined
}

/**
 * A button that opens the modal: "Connect Wallet" while disconnected, the short address once
 * connected (pointing at it or focusing it fetches the Account view, so that opens at once).
 * Rendered in the page (not in the shadow root) so it server-renders.
 *
 * @example
 * <ConnectButton />
 * <ConnectButton label="Sign in" className="my-button" />
 */
export function ConnectButton({ label = 'Connect Wallet', className }: ConnectButtonProps) {
  const client = useOrielClient()
  const { address } = useStore(client.account)
  const [hover, setHover] = useState(false)
  const { themeMode, themeVariables } = useStore(client.theme)
  const accent = themeVariables['--oriel-accent'] ?? DEFAULT_ACCENT[themeMode]

  const style: CSSProperties | undefined = className
    ? undefined
    : {
        height: 40,
        padding: '0 16px',
        border: 0,
        borderRadius: 999,
        cursor: 'pointer',
        font: `600 14px/1 ${themeVariables['--oriel-font-family']}`,
        letterSpacing: '-0.01em',
        color: onAccentFor(themeVariables['--oriel-accent'], themeMode),
        background: accent,
        boxShadow: hover ? `0 0 0 4px color-mix(in srgb, ${accent} 25%, transparent)` : 'none',
        transition: 'box-shadow 150ms',
      }

  return (
    <button
      type="button"
      className={className}
      style={style}
      data-oriel-connect-button=""
      title={address}
      onPointerEnter={() => {
        setHover(true)
        if (address) void preloadView('Account')
      }}
      onFocus={() => address && void preloadView('Account')}
      onPointerLeave={() => setHover(false)}
      onClick={() => client.modal.open()}
    >
      {address ? shortenAddress(address) : label}
    </button>
  )
}
