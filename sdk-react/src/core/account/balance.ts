import { createStore, type Store } from '../store/createStore'

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
  const [whole = '0', fraction = ''] = numeric.split('.')
  return `${whole}.${`${fraction}000`.slice(0, 3)}`
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
  const negative = value < 0n
  const abs = negative ? -value : value
  const unit = 10n ** BigInt(decimals)
  const whole = abs / unit
  // Thousandths, truncated: (fraction × 1000) / unit.
  const thousandths = ((abs % unit) * 1000n) / unit
  return `${negative ? '-' : ''}${whole}.${thousandths.toString().padStart(3, '0')}`
}

/** One cached read: the formatted balance and when it was read. */
export interface BalanceEntry {
  readonly balance: string
  readonly fetchedAt: number
}

/** Cached native balances, keyed by `balanceKey(address, caipNetworkId)`. */
export interface BalanceState {
  readonly entries: Readonly<Record<string, BalanceEntry>>
}

/** The balance cache and its clock (the client's `now`). */
export interface BalanceStore extends Store<BalanceState> {
  /** The current time in milliseconds, for the cache's age. */
  now(): number
}

/** The cache key of an address on a network (addresses compare case-insensitively). */
export function balanceKey(address: string, caipNetworkId: string): string {
  return `${caipNetworkId}:${address.toLowerCase()}`
}

/** Whether `entry` is missing or older than `BALANCE_CACHE_MS` at `now`. */
export function isStale(entry: BalanceEntry | undefined, now: number): boolean {
  return !entry || now - entry.fetchedAt >= BALANCE_CACHE_MS
}

/**
 * Creates the native balance cache, empty. `refreshBalance` is its one writer.
 *
 * @example
 * const balances = createBalanceStore({ now: Date.now })
 */
export function createBalanceStore(parameters: { now: () => number }): BalanceStore {
  return { ...createStore<BalanceState>({ entries: {} }), now: parameters.now }
}

/**
 * A stored balance entry (see `persistCache`), `undefined` unless it has a formatted balance and
 * a read time.
 */
export function balanceEntryFromStored(value: unknown): BalanceEntry | undefined {
  const v = value as Partial<Record<keyof BalanceEntry, unknown>> | null
  if (typeof v?.balance !== 'string' || !/^-?\d+\.\d{3}$/.test(v.balance) || typeof v.fetchedAt !== 'number') return undefined
  return { balance: v.balance, fetchedAt: v.fetchedAt }
}
