/** Words that say nothing about which wallet or network it is. */
const GENERIC = /^(wallet|network|chain|mainnet)$/i

/**
 * Up to two initials: of the first two telling words ("Binance Web3 Wallet": BW, "Bitget
 * Wallet": B, "Local Devnet": LD).
 *
 * @example
 * tileInitials('Binance Web3 Wallet') // 'BW'
 */
export function tileInitials(name: string): string {
  const words = name.split(/[\s_-]+/u).filter(Boolean)
  const telling = words.filter((word) => !GENERIC.test(word))
  return (telling.length > 0 ? telling : words)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('')
}

/** Two hues from the whole name (FNV-1a), so names with the same initials still look apart. */
export function tileHues(name: string): [number, number] {
  let hash = 0x811c9dc5
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0
  const first = hash % 360
  return [first, (first + 40 + ((hash >>> 12) % 100)) % 360]
}

/**
 * A tile for a wallet or network without an image (or whose image failed): a gradient of two
 * hues drawn from its name, with its initials. It fills the box it is put in.
 */
export default function GeneratedTile({ name }: { name: string }) {
  const [from, to] = tileHues(name)
  return (
    <span
      className="tile"
      aria-hidden="true"
      data-testid="generated-tile"
      style={{ background: `linear-gradient(135deg, hsl(${from} 65% 46%), hsl(${to} 70% 30%))` }}
    >
      {tileInitials(name)}
    </span>
  )
}
