import { useState } from 'react'

/** The token's icon, or (when it has none or it fails to load) its symbol's first letter on a colour derived from the symbol. */
export function TokenIcon({
  token,
  size = 24,
}: {
  token: { readonly symbol: string; readonly iconUrl?: string | undefined }
  size?: number
}) {
  const [broken, setBroken] = useState<string | undefined>()
  if (token.iconUrl && token.iconUrl !== broken) {
    const url = token.iconUrl
    return (
      <img
        className="token-icon"
        src={url}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size }}
        onError={() => setBroken(url)}
      />
    )
  }
  let hash = 0
  for (const char of token.symbol) hash = (hash * 31 + char.charCodeAt(0)) % 360
  return (
    <span className="token-icon" aria-hidden="true" style={{ width: size, height: size, background: `hsl(${hash} 60% 40%)` }}>
      {token.symbol.slice(0, 1).toUpperCase()}
    </span>
  )
}
