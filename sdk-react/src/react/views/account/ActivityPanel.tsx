import { useEffect, useMemo, useRef, useState } from 'react'
import { FAILED_TO_FETCH_TRANSACTIONS } from '../../../core/history/fetchTransactions'
import { groupByYearMonth, isHidden, monthName, sections } from '../../../core/history/group'
import { useOrielClient } from '../../hooks/useOrielClient'
import { useNetwork } from '../../hooks/useNetwork'
import { useTransactionHistory } from '../../hooks/useTransactionHistory'
import { SpinnerIcon } from '../../icons/icons'
import { PurchaseRow, TransactionRow } from './TransactionRow'

/** The client's clock, read again every 30 s so the relative times move on. */
function useNow(): number {
  const client = useOrielClient()
  const [now, setNow] = useState(() => client.query.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(client.query.now()), 30_000)
    return () => clearInterval(timer)
  }, [client])
  return now
}

/**
 * Calls `onEnd` when the returned sentinel scrolls into view of the tab panel (or within 120 px
 * of it), while `enabled`. Observation restarts when `enabled` or `page` change, so a page that
 * does not fill the panel asks for the next one at once.
 */
function useEndOfList(onEnd: () => void, enabled: boolean, page: unknown) {
  const sentinel = useRef<HTMLDivElement>(null)
  const callback = useRef(onEnd)
  callback.current = onEnd
  // biome-ignore lint/correctness/useExhaustiveDependencies: `page` restarts the observation after each page
  useEffect(() => {
    const element = sentinel.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && callback.current(), {
      root: element.closest('.tabpanel'),
      rootMargin: '0px 0px 120px 0px',
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled, page])
  return sentinel
}

/**
 * The Activity panel of the Account view (spec §5 history display): the connected chain's
 * transactions grouped by year then month, newest first, each with its relative time; all-spam
 * transactions hidden, and those frame-host marks as address poisoning (a zero value, a
 * look-alike address: issue 38, L-9) hidden until the user asks to see them; the next page
 * loads as the list's end scrolls into view. Loaded as its own chunk.
 */
export default function ActivityPanel() {
  const { transactions, transactionsByYear, coinbaseTransactions, loading, empty, next, failed, fetched, supported, loadMore, retry } =
    useTransactionHistory()
  const [showHidden, setShowHidden] = useState(false)
  const hiddenCount = useMemo(() => transactions.filter(isHidden).length, [transactions])
  const byYear = useMemo(
    () => (showHidden || hiddenCount === 0 ? transactionsByYear : groupByYearMonth(transactions.filter((tx) => !isHidden(tx)))),
    [showHidden, hiddenCount, transactions, transactionsByYear],
  )
  const now = useNow()
  const nativeSymbol = useNetwork().network.nativeCurrency.symbol
  const sentinel = useEndOfList(loadMore, next !== undefined && !loading, next)
  if (!supported) return <p className="activity-empty">Activity is shown for EVM accounts only.</p>
  // A purchase whose delivery is listed shows on that row; the others on their own, first.
  const hashes = new Set(transactions.map((tx) => tx.metadata.hash.toLowerCase()))
  const delivered = new Map(coinbaseTransactions.filter((p) => p.txHash).map((p) => [p.txHash?.toLowerCase(), p]))
  const apart = coinbaseTransactions.filter((p) => !p.txHash || !hashes.has(p.txHash.toLowerCase()))

  return (
    <section className="activity" aria-label="Activity" aria-busy={loading}>
      {apart.length > 0 ? (
        <section className="activity-month" aria-label="Purchases">
          <h4 className="activity-month-title">Purchases</h4>
          <ul className="tx-list" aria-label="Purchases">
            {apart.map((p) => (
              <PurchaseRow key={p.id} purchase={p} now={now} />
            ))}
          </ul>
        </section>
      ) : null}
      {hiddenCount > 0 ? (
        <p className="activity-hidden" data-testid="activity-hidden">
          <span>
            {hiddenCount === 1 ? '1 transaction' : `${hiddenCount} transactions`} hidden: a zero value or a look-alike address.
          </span>
          <button type="button" className="btn small" aria-pressed={showHidden} onClick={() => setShowHidden((shown) => !shown)}>
            Show hidden transfers
          </button>
        </p>
      ) : null}
      {sections(byYear).map(({ year, months }) => (
        <section key={year} className="activity-year" aria-label={String(year)}>
          <h3 className="activity-year-title">{year}</h3>
          {months.map(({ month, transactions: list }) => (
            <section key={month} className="activity-month">
              <h4 className="activity-month-title">{monthName(month)}</h4>
              <ul className="tx-list" aria-label={`${monthName(month)} ${year}`}>
                {list.map((tx) => (
                  <TransactionRow key={tx.id} tx={tx} now={now} nativeSymbol={nativeSymbol} purchase={delivered.get(tx.metadata.hash.toLowerCase())} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
      {failed ? (
        <div className="notice activity-failed" role="alert">
          <p>{FAILED_TO_FETCH_TRANSACTIONS}</p>
          <button type="button" className="btn small" onClick={retry} disabled={loading}>
            Try again
          </button>
        </div>
      ) : null}
      {loading ? (
        <p className="activity-loading" role="status">
          <SpinnerIcon size={16} /> Loading activity…
        </p>
      ) : null}
      {!loading && !failed && fetched && empty && transactions.length === 0 && apart.length === 0 ? (
        <p className="activity-empty">No activity yet.</p>
      ) : null}
      {next !== undefined ? <div ref={sentinel} className="sentinel" aria-hidden="true" /> : null}
    </section>
  )
}
