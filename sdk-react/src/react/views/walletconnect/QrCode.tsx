import { useMemo } from 'react'
import { encode } from 'uqr'

export type QrCodeProps = {
  /** The `wc:` URI to encode. */
  uri: string
  /** Rendered width and height in CSS pixels. */
  size?: number
  /** Shown in the centre (the wallet's or WalletConnect's logo). */
  logo?: string | undefined
}

/**
 * The pairing URI as a QR code: one SVG path of dark modules on a light tile (scanners want dark
 * on light whatever the theme). The URI is also on `data-uri`, for tests and tooling.
 */
export function QrCode({ uri, size = 256, logo }: QrCodeProps) {
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
    <div className="qr" data-testid="wc-qr" data-uri={uri}>
      <svg
        role="img"
        aria-label="QR code for pairing a wallet"
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
