import { formatTokenAmount } from '../format/amount'

/**
 * What the Account view says of an account whose network has no balance source (a Bitcoin
 * network without an Esplora API on frame-host), instead of a zero balance.
 */
export const BALANCES_NOT_AVAILABLE = 'Balances are not available for this network'

/**
 * A decimal string truncated (never rounded) to 3 decimals, always with 3, like
 * {@link formatBalance}: `'1.7'` is `'1.700'`, `'0.12345678'` is `'0.123'`.
 *
 * @example
 * truncateDecimal('1.23456') // '1.234'
 */
export function truncateDecimal(numeric: string): string {
  return formatTokenAmount(numeric, { digits: 3 })
}

/** How long a native balance read stays fresh (spec §9: native balance, 30 s). */
export const BALANCE_CACHE_MS = 30_000

/** What the Account view shows while the balance is unknown. */
export const UNKNOWN_BALANCE = '0.000'

/**
 * A native balance in base units as a decimal string truncated (never rounded) to 3 decimals,
 * always with 3 decimals: `formatBalance(10n ** 18n, 18)` is `'1.000'`, 1.9999 ETH is `'1.999'`.
 *
 * @example
 * formatBalance(1_234_567_890_000_000_000n, 18) // '1.234'
 */
export function formatBalance(value: bigint, decimals: number): string {
  return formatTokenAmount({ value, decimals }, { digits: 3 })
}

/** One cached read: the formatted balance and when it was read. */
export interface BalanceEntry {
  readonly balance: string
  readonly fetchedAt: number
}

/** A native balance: base units and the currency's decimals. */
export interface NativeBalance {
  readonly value: bigint
  readonly decimals: number
}

/** The native balance's cache key of an address on a network (addresses compare case-insensitively). */
export function balanceKey(address: string, caipNetworkId: string): string {
  return `${caipNetworkId}:${address.toLowerCase()}`
}

/** The query key of the native balance of an address on a network (spec §3 balance cache). */
export const nativeBalanceKey = (address: string, caipNetworkId: string) => ['balance', balanceKey(address, caipNetworkId)] as const

/** How the native balances are kept in localStorage (`@oriel/balance_cache`, 30 s). */
export const NATIVE_BALANCE_STORAGE = {
  maxAgeMs: BALANCE_CACHE_MS,
  toStored: (data: NativeBalance) => ({ value: data.value.toString(), decimals: data.decimals }),
  fromStored(stored: Record<string, unknown>): NativeBalance | undefined {
    const { value, decimals } = stored
    if (typeof value !== 'string' || !/^\d{1,78}$/.test(value) || !Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > 77) return undefined
    return { value: BigInt(value), decimals: decimals as number }
  },
} as const
