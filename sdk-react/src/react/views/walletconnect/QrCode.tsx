import { useMemo } from 'react'
import { encode } from 'uqr'

export type QrCodeProps = {
  /** The text to encode: a `wc:` URI, or an address. */
  uri: string
  /** What a screen reader hears (the image's accessible name). */
  label?: string
  /** `data-testid` of the tile. */
  testId?: string
  /** Rendered width and height in CSS pixels. */
  size?: number
  /** Shown in the centre (the wallet's or WalletConnect's logo). */
  logo?: string | undefined
}

/**
 * A QR code (the pairing URI, or the Receive view's address): one SVG path of dark modules on a light tile (scanners want dark
 * on light whatever the theme). The URI is also on `data-uri`, for tests and tooling.
 */
export function QrCode({ uri, size = 256, logo, label = 'QR code for pairing a wallet', testId = 'wc-qr' }: QrCodeProps) {
  const { path, modules } = useMemo(() => {
    // Level M: the centre logo covers under 15 % of the modules.
    const { data, size: count } = encode(uri, { ecc: 'M', border: 2 })
    let d = ''
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { path: d, modules: count }
  }, [uri])

  return (
    <div className="qr" data-testid={testId} data-uri={uri}>
      <svg
        role="img"
        aria-label={label}
        width={size}
        height={size}
        viewBox={`0 0 ${modules} ${modules}`}
        shapeRendering="crispEdges"
      >
        <rect width={modules} height={modules} fill="#fff" />
        <path d={path} fill="#141414" />
      </svg>
      {logo ? <img className="qr-logo" src={logo} alt="" width={size / 6} height={size / 6} /> : null}
    </div>
  )
}
