import { parseBalances, type TokenBalance } from '../blockchain/client'
import { formatTokenAmount } from '../format/amount'
import { balanceKey } from './balance'

/** How long a token balance list stays fresh, and how long after a failure no new fetch starts (spec §8, §9: portfolio 30 s). */
export const PORTFOLIO_CACHE_MS = 30_000

/** The notification when the token balances cannot be read (spec §8). */
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'

/** One (address, network)'s token balance list, as the query cache keeps it. */
export interface TokenBalanceList {
  readonly balances: readonly TokenBalance[]
  /** frame-host has no balance source for the network (a Bitcoin network without an Esplora API). */
  readonly unavailable: boolean
}

/** The query key of the token balances of an address on a network (spec §3 portfolio cache). */
export const tokenBalancesKey = (address: string, caipNetworkId: string) => ['tokens', balanceKey(address, caipNetworkId)] as const

/**
 * A decimal string with exactly 2 decimals, rounded half-down (a tie rounds toward zero, so a
 * quantity is never overstated): `'1.005'` is `'1.00'`, `'1.0051'` is `'1.01'`, `'3'` is `'3.00'`.
 *
 * @example
 * formatTokenQuantity('1234.5678') // '1234.57'
 */
export function formatTokenQuantity(numeric: string): string {
  return formatTokenAmount(numeric, { digits: 2, rounding: 'halfDown' })
}

/**
 * A USD amount as `$1,234.56`, rounded half-down like quantities (never overstated); `null` (no
 * price) as `'—'`.
 *
 * @example
 * formatUsd(1234.5) // '$1,234.50'
 */
export function formatUsd(value: number | null): string {
  if (value === null) return '—'
  const [whole = '0', cents = '00'] = formatTokenQuantity(Math.abs(value).toFixed(6)).split('.')
  return `${value < 0 ? '-' : ''}$${BigInt(whole).toLocaleString('en-US')}.${cents}`
}

/** The sum of the known USD values (entries without a price count as nothing). */
export function totalUsd(balances: readonly TokenBalance[]): number {
  return balances.reduce((sum, b) => sum + (b.value ?? 0), 0)
}

/** How the token balance lists are kept in localStorage (`@oriel/portfolio_cache`, 30 s): lists that pass the balance route's check. */
export const TOKEN_BALANCES_STORAGE = {
  maxAgeMs: PORTFOLIO_CACHE_MS,
  toStored: (data: TokenBalanceList) => ({ balances: data.balances, ...(data.unavailable ? { unavailable: true } : {}) }),
  fromStored(stored: Record<string, unknown>): TokenBalanceList | undefined {
    try {
      return { balances: parseBalances({ balances: stored['balances'] }), unavailable: stored['unavailable'] === true }
    } catch {
      // Not a list this SDK wrote: read again from frame-host instead.
      return undefined
    }
  },
} as const
