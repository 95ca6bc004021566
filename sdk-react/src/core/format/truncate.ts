/** What may be cut where space runs out: a wallet or network name, or an email (whose domain stays). */
export type TruncationKind = 'name' | 'email'

export type SplitForTruncationParameters = { text: string; kind: TruncationKind }

/** The two parts a text shows as when cut in the middle: the head ends in an ellipsis where it is
 * cut, the tail always shows whole. Together they are the whole text. */
export type SplitForTruncationReturnType = { head: string; tail: string }

/** A name's tail: its last third, up to this many characters (they tell apart names that start alike). */
const NAME_TAIL = 5
/** An email's tail is its `@domain`, cut to its last characters when longer than this. */
const EMAIL_TAIL_MAX = 24

/**
 * Splits a name or an email for truncation in the middle (the view cuts the head only where the
 * text does not fit): a name keeps its last third (5 characters at most), an email its `@domain`.
 *
 * @example
 * splitForTruncation({ text: 'Binance Web3 Wallet', kind: 'name' }) // { head: 'Binance Web3 W', tail: 'allet' }
 * splitForTruncation({ text: 'satoshi.nakamoto@example.com', kind: 'email' }) // { head: 'satoshi.nakamoto', tail: '@example.com' }
 */
export function splitForTruncation({ text, kind }: SplitForTruncationParameters): SplitForTruncationReturnType {
  const chars = [...text]
  let tail: number
  if (kind === 'email') {
    const at = text.lastIndexOf('@')
    // No local part, or no `@`: nothing tells where the domain starts; cut like a name.
    tail = at > 0 ? Math.min([...text.slice(at)].length, EMAIL_TAIL_MAX) : nameTail(chars.length)
  } else {
    tail = nameTail(chars.length)
  }
  const cut = chars.length - tail
  return { head: chars.slice(0, cut).join(''), tail: chars.slice(cut).join('') }
}

/** A short name keeps most of its room for the head. */
const nameTail = (length: number) => Math.min(NAME_TAIL, Math.floor(length / 3))

export type TruncateMiddleParameters = {
  text: string
  /** Characters kept at the start. */
  head: number
  /** Characters kept at the end. */
  tail: number
}

/**
 * The text cut to its first `head` and last `tail` characters around an ellipsis, when that is
 * shorter; else the text as it is.
 *
 * @example
 * truncateMiddle({ text: '0x1234567890abcdef1234567890abcdef1234abcd', head: 6, tail: 4 }) // '0x1234…abcd'
 */
export function truncateMiddle({ text, head, tail }: TruncateMiddleParameters): string {
  const chars = [...text]
  if (chars.length <= head + tail + 1) return text
  return `${chars.slice(0, head).join('')}…${tail > 0 ? chars.slice(-tail).join('') : ''}`
}
