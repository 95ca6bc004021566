// The numbers the Swap view shows, computed exactly on base units (no floats).
import type { TokenBalance } from '../blockchain/client'
import { NATIVE_TOKEN_ADDRESS } from '../convert/parse'
import { formatTokenAmount } from '../format/amount'
import { formatFee, parseAmount } from '../send/amount'

/** Fraction digits a swap amount keeps (cut, never rounded up). */
export const SWAP_AMOUNT_DECIMALS = 6

/**
 * The least a swap may pay out at `slippage` percent: `toAmount × (100 − slippage) / 100`, rounded
 * down, as frame-host's `build-transaction` computes its `toAmountMin`.
 *
 * @example
 * minimumReceived(29_615_042_516n, 1) // 29_318_892_090n
 */
export function minimumReceived(toAmount: bigint, slippage: number): bigint {
  const basisPoints = BigInt(Math.round(slippage * 100))
  return (toAmount * (10_000n - basisPoints)) / 10_000n
}

/**
 * Base units as whole tokens with at most 6 decimals, cut (a shown amount is never more than
 * the real one): `formatSwapAmount(29_318_892_090n, 6)` is `'29318.89209'`.
 *
 * @example
 * formatSwapAmount(123_456_789_123_456_789n, 18) // '0.123456'
 */
export function formatSwapAmount(value: bigint, decimals: number): string {
  return formatTokenAmount({ value, decimals }, { digits: SWAP_AMOUNT_DECIMALS, trim: true })
}

/**
 * How many whole `to` tokens one whole `from` token buys at this quote, to 4 significant digits
 * after any leading zeros (cut): `1 ETH = 2961.5042 dUSD`.
 *
 * @example
 * swapRate({ fromAmount: 10n ** 17n, fromDecimals: 18, toAmount: 296_150_425n, toDecimals: 6 }) // '2961.5042'
 */
export function swapRate(p: { fromAmount: bigint; fromDecimals: number; toAmount: bigint; toDecimals: number }): string {
  if (p.fromAmount <= 0n) return '0'
  const scale = 18
  const scaled = (p.toAmount * 10n ** BigInt(p.fromDecimals + scale)) / (p.fromAmount * 10n ** BigInt(p.toDecimals))
  return formatFee(scaled, scale)
}

/**
 * A price impact in percent as the view shows it: two decimals, `<0.01%` for a tiny non-zero one.
 *
 * @example
 * formatPriceImpact(0.33) // '0.33%'
 */
export function formatPriceImpact(percent: number): string {
  if (percent > 0 && percent < 0.01) return '<0.01%'
  return `${percent.toFixed(2)}%`
}

/** Whether a CAIP-10 token is the network's native coin. */
export function isNativeToken(caip10: string): boolean {
  return caip10.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`)
}

/** The contract of a CAIP-10 token (`eip155:1:0xabc…` → `0xabc…`). */
export function tokenContract(caip10: string): `0x${string}` {
  return caip10.split(':')[2]?.toLowerCase() as `0x${string}`
}

/**
 * The account's balance of a swap token in base units, from the balance list (frame-host lists the
 * native coin without an address, ERC-20s as `chainId:contract`); 0 when the list lacks it.
 *
 * @example
 * swapTokenBalance(balances, 'eip155:31337:0xeeee…eeee') // 10_000_000_000_000_000_000n
 */
export function swapTokenBalance(balances: readonly TokenBalance[], caip10: string): bigint {
  const native = isNativeToken(caip10)
  const chainId = caip10.split(':').slice(0, 2).join(':')
  const entry = balances.find((b) =>
    native ? b.address === undefined && b.chainId === chainId : b.address?.toLowerCase() === caip10.toLowerCase(),
  )
  if (!entry) return 0n
  const decimals = Number(entry.quantity.decimals)
  try {
    return parseAmount(entry.quantity.numeric, decimals)
  } catch (error) {
    console.error(`oriel: the balance of ${caip10} is not readable`, error)
    return 0n
  }
}
