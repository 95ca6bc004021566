import { describe, expect, it } from 'vitest'
import { hash, nftTransfer, tokenTransfer, wireTransaction } from '../../test/history'
import { parseHistory } from '../blockchain/history'
import { groupByYearMonth, isAllNftSpam, monthName, sections, visibleTransactions } from './group'

const parse = (txs: Record<string, unknown>[]) => parseHistory({ data: txs, next: null }).data

describe('history display rules', () => {
  it('hides transactions whose transfers are all NFT spam, keeps mixed ones and those without transfers', () => {
    const [spam, mixed, clean, bare] = parse([
      wireTransaction({ hash: hash(1), minedAt: '2026-11-01T12:00:00Z', transfers: [nftTransfer('in', 'Free #1', true), nftTransfer('in', 'Free #2', true)] }),
      wireTransaction({ hash: hash(2), minedAt: '2026-11-01T12:00:00Z', transfers: [nftTransfer('in', 'Free #1', true), tokenTransfer('in', '1', 'ETH')] }),
      wireTransaction({ hash: hash(3), minedAt: '2026-11-01T12:00:00Z', transfers: [nftTransfer('in', 'Dev #3')] }),
      wireTransaction({ hash: hash(4), minedAt: '2026-11-01T12:00:00Z', operationType: 'execute', transfers: [] }),
    ])
    expect([spam, mixed, clean, bare].map((tx) => isAllNftSpam(tx!))).toEqual([true, false, false, false])
    expect(visibleTransactions([spam!, mixed!, clean!, bare!], 'eip155:1').map((tx) => tx.metadata.hash)).toEqual([hash(2), hash(3), hash(4)])
  })

  it('shows only the connected chain', () => {
    const txs = parse([
      wireTransaction({ hash: hash(1), minedAt: '2026-11-01T12:00:00Z', chain: 'eip155:1' }),
      wireTransaction({ hash: hash(2), minedAt: '2026-11-01T12:00:00Z', chain: 'eip155:31337' }),
    ])
    expect(visibleTransactions(txs, 'eip155:31337').map((tx) => tx.metadata.hash)).toEqual([hash(2)])
    expect(visibleTransactions(txs, 'eip155:8453')).toEqual([])
  })

  it('groups by year then month, years, months and transactions newest first', () => {
    const txs = parse([
      wireTransaction({ hash: hash(1), minedAt: '2025-12-15T12:00:00Z' }),
      wireTransaction({ hash: hash(2), minedAt: '2026-11-20T12:00:00Z' }),
      wireTransaction({ hash: hash(3), minedAt: '2026-01-15T12:00:00Z' }),
      wireTransaction({ hash: hash(4), minedAt: '2026-11-22T12:00:00Z' }),
      wireTransaction({ hash: hash(5), minedAt: '2024-06-15T12:00:00Z' }),
    ])
    const byYear = groupByYearMonth(txs)
    expect(Object.keys(byYear).sort()).toEqual(['2024', '2025', '2026'])
    expect(byYear[2026]?.[10]?.map((tx) => tx.metadata.hash)).toEqual([hash(4), hash(2)])
    expect(byYear[2025]?.[11]?.map((tx) => tx.metadata.hash)).toEqual([hash(1)])
    const shown = sections(byYear).map(({ year, months }) => [year, months.map(({ month, transactions }) => [monthName(month), transactions.map((tx) => tx.metadata.hash)])])
    expect(shown).toEqual([
      [2026, [['November', [hash(4), hash(2)]], ['January', [hash(3)]]]],
      [2025, [['December', [hash(1)]]]],
      [2024, [['June', [hash(5)]]]],
    ])
    expect(sections({})).toEqual([])
  })
})
