import { formatUnits } from 'viem'

export type FormatTokenAmountParameters = {
  /** Fraction digits shown. */
  digits: number
  /**
   * How the digits past `digits` go: `down` cuts them (a balance is never shown as more than it
   * is), `halfDown` rounds to the nearest and a tie toward zero (a quantity is never overstated).
   * Default `down`.
   */
  rounding?: 'down' | 'halfDown' | undefined
  /** Leave out trailing zeros (`'0.1'`, not `'0.100000'`); default: exactly `digits` digits. */
  trim?: boolean | undefined
}

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/

/**
 * An amount as the widget shows it, exactly (decimal digits, no floats): a decimal string of
 * whole tokens, or base units with the token's `decimals` (read with viem's `formatUnits`).
 * Text that is not a decimal number comes back as it is.
 *
 * @example
 * formatTokenAmount({ value: 1_999_999n, decimals: 6 }, { digits: 3 }) // '1.999'
 * formatTokenAmount('1.0051', { digits: 2, rounding: 'halfDown' }) // '1.01'
 * formatTokenAmount('29318.892090', { digits: 6, trim: true }) // '29318.89209'
 */
export function formatTokenAmount(amount: string | { value: bigint; decimals: number }, p: FormatTokenAmountParameters): string {
  const text = typeof amount === 'string' ? amount.trim() : formatUnits(amount.value, amount.decimals)
  const match = DECIMAL.exec(text)
  if (!match || !/\d/.test(text)) return typeof amount === 'string' ? amount : text
  const [, sign = '', whole = '', fraction = ''] = match
  let units = BigInt(`${whole || '0'}${fraction.slice(0, p.digits).padEnd(p.digits, '0')}`)
  const rest = fraction.slice(p.digits)
  // Past the half exactly: the first dropped digit above 5, or 5 followed by any non-zero digit.
  if (p.rounding === 'halfDown' && rest.length > 0 && (rest[0]! > '5' || (rest[0] === '5' && /[1-9]/.test(rest.slice(1))))) units += 1n
  const padded = units.toString().padStart(p.digits + 1, '0')
  let shown = p.digits === 0 ? padded : `${padded.slice(0, -p.digits)}.${padded.slice(-p.digits)}`
  if (p.trim && shown.includes('.')) shown = shown.replace(/\.?0+$/, '')
  return sign && /[1-9]/.test(shown) ? `-${shown}` : shown
}
