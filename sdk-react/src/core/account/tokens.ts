import { parseBalances, type TokenBalance } from '../blockchain/client'
import { createStore, type Store } from '../store/createStore'

/** How long a token balance list stays fresh, and how long after a failure no new fetch starts (spec §8, §9: portfolio 30 s). */
export const PORTFOLIO_CACHE_MS = 30_000

/** The notification when the token balances cannot be read (spec §8). */
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'

/** One (address, network)'s token balance list: the last good read and the last failure. */
export interface TokenBalanceEntry {
  /** The last list read, `undefined` before the first success. */
  readonly balances?: readonly TokenBalance[] | undefined
  /** When `balances` was read. */
  readonly fetchedAt?: number | undefined
  /** When the last fetch failed, cleared by a success. */
  readonly failedAt?: number | undefined
  /** frame-host has no balance source for the network (a Bitcoin network without an Esplora API). */
  readonly unavailable?: boolean | undefined
}

/** Token balance lists keyed by `balanceKey(address, caipNetworkId)`. */
export interface TokenBalanceState {
  readonly entries: Readonly<Record<string, TokenBalanceEntry>>
}

/** The token balance cache; `refreshTokenBalances` is its one writer. */
export type TokenBalanceStore = Store<TokenBalanceState>

/**
 * Creates the token balance cache, empty.
 *
 * @example
 * const tokenBalances = createTokenBalanceStore()
 */
export function createTokenBalanceStore(): TokenBalanceStore {
  return createStore<TokenBalanceState>({ entries: {} })
}

/** Whether a fetch may start at `now`: no list younger than 30 s and no failure within 30 s. */
export function mayFetch(entry: TokenBalanceEntry | undefined, now: number, force = false): boolean {
  if (entry?.failedAt !== undefined && now - entry.failedAt < PORTFOLIO_CACHE_MS) return false
  if (force) return true
  return entry?.fetchedAt === undefined || now - entry.fetchedAt >= PORTFOLIO_CACHE_MS
}

/**
 * A decimal string with exactly 2 decimals, rounded half-down (a tie rounds toward zero, so a
 * quantity is never overstated): `'1.005'` is `'1.00'`, `'1.0051'` is `'1.01'`, `'3'` is `'3.00'`.
 *
 * @example
 * formatTokenQuantity('1234.5678') // '1234.57'
 */
export function formatTokenQuantity(numeric: string): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!match) return numeric
  const [, sign = '', whole = '', fraction = ''] = match
  const kept = BigInt(`${whole || '0'}${fraction.slice(0, 2).padEnd(2, '0')}`)
  const rest = fraction.slice(2)
  // Past the half exactly: the first dropped digit above 5, or 5 followed by any non-zero digit.
  const up = rest.length > 0 && (rest[0]! > '5' || (rest[0] === '5' && /[1-9]/.test(rest.slice(1))))
  const hundredths = (kept + (up ? 1n : 0n)).toString().padStart(3, '0')
  const result = `${hundredths.slice(0, -2)}.${hundredths.slice(-2)}`
  return sign && /[1-9]/.test(result) ? `-${result}` : result
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

/** What a token balance entry keeps in storage: its last good list and when it was read (not a failure). */
export function tokenEntryToStored(
  entry: TokenBalanceEntry,
): { balances: readonly TokenBalance[]; fetchedAt: number; unavailable?: true } | undefined {
  if (!entry.balances || entry.fetchedAt === undefined) return undefined
  return { balances: entry.balances, fetchedAt: entry.fetchedAt, ...(entry.unavailable ? { unavailable: true as const } : {}) }
}

/** A stored token balance entry, `undefined` unless its list passes the balance route's shape check. */
export function tokenEntryFromStored(value: unknown): TokenBalanceEntry | undefined {
  const v = value as { balances?: unknown; fetchedAt?: unknown; unavailable?: unknown } | null
  if (typeof v?.fetchedAt !== 'number') return undefined
  try {
    const balances = parseBalances({ balances: v.balances })
    return { balances, fetchedAt: v.fetchedAt, ...(v.unavailable === true ? { unavailable: true } : {}) }
  } catch {
    // Not a list this SDK wrote: read again from frame-host instead.
    return undefined
  }
}
