/** The token's icon, or its symbol's first letter on a colour derived from the symbol. */
export function TokenIcon({
  token,
  size = 24,
}: {
  token: { readonly symbol: string; readonly iconUrl?: string | undefined }
  size?: number
}) {
  if (token.iconUrl) return <img className="token-icon" src={token.iconUrl} alt="" width={size} height={size} style={{ width: size, height: size }} />
  let hash = 0
  for (const char of token.symbol) hash = (hash * 31 + char.charCodeAt(0)) % 360
  return (
    <span className="token-icon" aria-hidden="true" style={{ width: size, height: size, background: `hsl(${hash} 60% 40%)` }}>
      {token.symbol.slice(0, 1).toUpperCase()}
    </span>
  )
}
