import type { HistoryTransaction } from '../blockchain/history'

/** Transactions by year, then month (0 = January), each list newest first (spec §3 transactionsByYear). */
export type TransactionsByYear = Readonly<Record<number, Readonly<Record<number, readonly HistoryTransaction[]>>>>

/**
 * Whether every transfer of `tx` is an NFT on the spam list (spec §5: such transactions are
 * hidden). A transaction without transfers is not spam.
 *
 * @example
 * isAllNftSpam(tx) // true when all its transfers carry nft_info.flags.is_spam
 */
export function isAllNftSpam(tx: HistoryTransaction): boolean {
  return tx.transfers.length > 0 && tx.transfers.every((transfer) => transfer.nft?.isSpam === true)
}

/**
 * Whether Activity hides `tx` by default (issue 38, L-9: address poisoning): every transfer of
 * it is marked hidden by frame-host (a zero value, or a counterparty that looks like, but is
 * not, an address the account transacted with). A transaction without transfers is not hidden.
 *
 * @example
 * isHidden(tx) // true when all its transfers carry `hidden`
 */
export function isHidden(tx: HistoryTransaction): boolean {
  return tx.transfers.length > 0 && tx.transfers.every((transfer) => transfer.hidden !== undefined)
}

/**
 * The transactions the Activity list shows: those on `caipNetworkId` (the connected chain) that
 * are not all NFT spam (spec §5 history display).
 *
 * @example
 * visibleTransactions(page.data, 'eip155:31337')
 */
export function visibleTransactions(transactions: readonly HistoryTransaction[], caipNetworkId: string): HistoryTransaction[] {
  return transactions.filter((tx) => tx.metadata.chain === caipNetworkId && !isAllNftSpam(tx))
}

/**
 * `transactions` grouped by the year and month (in the user's time zone) they were mined, each
 * list newest first.
 *
 * @example
 * groupByYearMonth(transactions)[2026]?.[10] // November 2026's transactions
 */
export function groupByYearMonth(transactions: readonly HistoryTransaction[]): TransactionsByYear {
  const groups: Record<number, Record<number, HistoryTransaction[]>> = {}
  for (const tx of newestFirst(transactions)) {
    const date = new Date(tx.metadata.minedAt)
    const year = (groups[date.getFullYear()] ??= {})
    const list = (year[date.getMonth()] ??= [])
    list.push(tx)
  }
  return groups
}

/** One month's section of the list. */
export interface MonthSection {
  readonly year: number
  /** 0 = January. */
  readonly month: number
  readonly transactions: readonly HistoryTransaction[]
}

/** One year's section of the list: its months, newest first. */
export interface YearSection {
  readonly year: number
  readonly months: readonly MonthSection[]
}

/**
 * `transactionsByYear` as the list shows it: years newest first, in each its months newest first.
 *
 * @example
 * sections(groupByYearMonth(txs)).map((y) => y.year) // [2026, 2025]
 */
export function sections(byYear: TransactionsByYear): YearSection[] {
  const desc = (a: number, b: number) => b - a
  return Object.keys(byYear)
    .map(Number)
    .sort(desc)
    .map((year) => {
      const months = byYear[year] ?? {}
      return {
        year,
        months: Object.keys(months)
          .map(Number)
          .sort(desc)
          .map((month) => ({ year, month, transactions: months[month] ?? [] })),
      }
    })
}

/** `transactions` sorted by mined time, newest first (a stable sort keeps frame-host's order within a block). */
export function newestFirst(transactions: readonly HistoryTransaction[]): HistoryTransaction[] {
  return [...transactions].sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * A month's header: its name (`'November'`).
 *
 * @example
 * monthName(10) // 'November'
 */
export function monthName(month: number): string {
  return MONTHS[month] ?? String(month + 1)
}
