import { formatUnits, parseUnits } from 'viem'
import { InvalidAmountError } from './errors'

/** The longest amount accepted, in characters (a uint256 has 78 digits). */
export const MAX_AMOUNT_LENGTH = 100
/** The most decimals a token may declare here (ERC-20 tokens use 0 to 18, a few up to 36). */
export const MAX_DECIMALS = 77

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

export type ParseAmountErrorType = InvalidAmountError

/**
 * A decimal string in whole tokens as base units, exactly (no floats): `'1.5'` with 6 decimals is
 * `1500000n`. Accepts `'1'`, `'1.'`, `'.5'`; refuses signs, exponents, separators, and more
 * fraction digits than the token has. Surrounding spaces are ignored.
 *
 * @example
 * parseAmount('1.5', 6) // 1500000n
 * parseAmount('0.0000001', 6) // throws InvalidAmountError: dUSD has 6 decimals
 */
export function parseAmount(value: string, decimals: number): bigint {
  const result = readAmount(value, decimals)
  if (result instanceof InvalidAmountError) throw result
  return result
}

/**
 * {@link parseAmount} without throwing: the base units, or the `InvalidAmountError` saying why not.
 *
 * @example
 * readAmount('1.', 6) // 1000000n
 * readAmount('1e3', 6) // InvalidAmountError
 */
export function readAmount(value: string, decimals: number): bigint | InvalidAmountError {
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    return new InvalidAmountError({ reason: `the token's decimals (${decimals}) are not supported` })
  }
  const text = value.trim()
  if (text.length > MAX_AMOUNT_LENGTH) return new InvalidAmountError({ reason: 'the amount is too long' })
  const match = DECIMAL.exec(text)
  const [, whole = '', fraction = ''] = match ?? []
  if (!match || (whole === '' && fraction === '')) {
    return new InvalidAmountError({ reason: `"${text}" is not a decimal number` })
  }
  if (fraction.length > decimals) {
    return new InvalidAmountError({
      reason: decimals === 0 ? 'this token has no decimals' : `this token has at most ${decimals} decimals`,
    })
  }
  return parseUnits(`${whole || '0'}.${fraction || '0'}`, decimals)
}

/** Significant digits a fee keeps: fees are small (0.000042 ETH), 2 decimals would show 0.00. */
export const FEE_SIGNIFICANT_DIGITS = 4

/**
 * A fee in whole coins, cut (never rounded up) to 4 significant digits after the leading zeros,
 * whole part kept: `formatFee(42_210_000_000_000n, 18)` is `'0.00004221'`.
 *
 * @example
 * formatFee(1_234_567_000_000_000_000n, 18) // '1.2345'
 */
export function formatFee(value: bigint, decimals: number): string {
  const [whole = '0', fraction = ''] = formatUnits(value, decimals).split('.')
  const zeros = whole === '0' ? fraction.length - fraction.replace(/^0+/, '').length : 0
  const kept = fraction.slice(0, zeros + FEE_SIGNIFICANT_DIGITS).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole
}

/**
 * The USD value of `amount` whole tokens at `price`, or `null` when the price is unknown or the
 * amount is not a number (display only: floats are fine here).
 *
 * @example
 * usdValue('1.5', 1) // 1.5
 */
export function usdValue(amount: string, price: number | null): number | null {
  if (price === null || !DECIMAL.test(amount.trim()) || amount.trim() === '') return null
  const value = Number(amount) * price
  return Number.isFinite(value) ? value : null
}

/**
 * The most that can be sent: the whole balance, or for the native coin the balance minus the
 * fee reserve (never below zero).
 *
 * @example
 * maxSendable({ balance: 10n, native: true, feeReserve: 3n }) // 7n
 */
export function maxSendable({ balance, native, feeReserve }: { balance: bigint; native: boolean; feeReserve: bigint }): bigint {
  if (!native) return balance
  return balance > feeReserve ? balance - feeReserve : 0n
}
