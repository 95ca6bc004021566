import { describe, expect, it } from 'vitest'
import { hash, nftTransfer, OTHER, tokenTransfer, wireTransaction } from '../../test/history'
import { parseHistory } from '../blockchain/history'
import { counterparty, describeTransfer, formatRelativeTime, formatTransferAmount, transactionTitle } from './format'

/** One wire transaction, parsed. */
const parse = (options: Parameters<typeof wireTransaction>[0]) => parseHistory({ data: [wireTransaction(options)], next: null }).data[0]!

describe('formatTransferAmount', () => {
  it('shows exactly 3 decimals, truncated, and keeps large amounts exact', () => {
    expect(formatTransferAmount('1.5')).toBe('1.500')
    expect(formatTransferAmount('1000')).toBe('1000.000')
    expect(formatTransferAmount('0.12345')).toBe('0.123')
    expect(formatTransferAmount('0.9999')).toBe('0.999')
    expect(formatTransferAmount('0.0001')).toBe('0.000')
    expect(formatTransferAmount('007.1')).toBe('7.100')
    expect(formatTransferAmount('123456789012345678901234567890.000001')).toBe('123456789012345678901234567890.000')
  })
})

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-23T20:00:00Z')
  const ago = (ms: number) => formatRelativeTime(now - ms, now)
  const s = 1000
  const min = 60 * s
  const hr = 60 * min
  const d = 24 * hr

  it('uses sec, min, hr, d, mo and yr, each switching at its boundary', () => {
    expect(ago(0)).toBe('0 sec')
    expect(ago(59_999)).toBe('59 sec')
    expect(ago(min)).toBe('1 min')
    expect(ago(hr - 1)).toBe('59 min')
    expect(ago(hr)).toBe('1 hr')
    expect(ago(d - 1)).toBe('23 hr')
    expect(ago(d)).toBe('1 d')
    expect(ago(30 * d - 1)).toBe('29 d')
    expect(ago(30 * d)).toBe('1 mo')
    expect(ago(364 * d)).toBe('12 mo')
    expect(ago(365 * d - 1)).toBe('12 mo')
    expect(ago(365 * d)).toBe('1 yr')
    expect(ago(3 * 365 * d + 5 * d)).toBe('3 yr')
  })

  it('counts a time ahead of the clock as 0 sec', () => {
    expect(formatRelativeTime(now + 5 * min, now)).toBe('0 sec')
  })
})

describe('a row by operation type', () => {
  it('titles Sent, Received, Minted, Burned and Executed', () => {
    expect(['send', 'receive', 'mint', 'burn', 'execute'].map((t) => transactionTitle(t as never))).toEqual(['Sent', 'Received', 'Minted', 'Burned', 'Executed'])
  })

  it('describes tokens with 3 decimals and a sign, NFTs by name, and the counterparty shortened', () => {
    const received = parse({ hash: hash(1), minedAt: '2026-11-23T20:00:00Z', transfers: [tokenTransfer('in', '1000', 'dUSD')] })
    expect(describeTransfer(received.transfers[0]!)).toBe('+1000.000 dUSD')
    expect(counterparty(received, 'ETH')).toEqual({ text: 'from 0x7099…79C8', address: received.metadata.sentFrom })
    expect(received.metadata.sentFrom).toMatch(/^0x70997970[0-9a-fA-F]{32}$/)
    const paid = parse({ hash: hash(2), minedAt: '2026-11-23T20:00:00Z', operationType: 'send', transfers: [tokenTransfer('out', '1.23456', 'ETH')] })
    expect(describeTransfer(paid.transfers[0]!)).toBe('-1.234 ETH')
    expect(counterparty(paid, 'ETH')?.text).toBe('to 0x7099…79C8')
    const minted = parse({ hash: hash(3), minedAt: '2026-11-23T20:00:00Z', operationType: 'mint', transfers: [nftTransfer('in', 'Dev Collection #3')] })
    expect(describeTransfer(minted.transfers[0]!)).toBe('+Dev Collection #3')
    expect(counterparty(minted, 'ETH')?.text).toBe(`from ${OTHER.slice(0, 6)}…${OTHER.slice(-4)}`)
    const burned = parse({ hash: hash(4), minedAt: '2026-11-23T20:00:00Z', operationType: 'burn', transfers: [nftTransfer('out', 'Dev Collection #3')] })
    expect(counterparty(burned, 'ETH')).toBeUndefined()
    expect(describeTransfer(burned.transfers[0]!)).toBe('-Dev Collection #3')
    const self = parse({ hash: hash(5), minedAt: '2026-11-23T20:00:00Z', operationType: 'execute', transfers: [tokenTransfer('self', '2', 'ETH'), tokenTransfer('out', '0.5', 'dUSD')] })
    expect(self.transfers.map(describeTransfer)).toEqual(['2.000 ETH', '-0.500 dUSD'])
    expect(counterparty(self, 'ETH')).toBeUndefined()
  })

  it("names a sent transaction's recipient only for a plain coin payment (a token transfer's transaction goes to the token contract)", () => {
    const token = parse({ hash: hash(1), minedAt: '2026-11-23T20:00:00Z', operationType: 'send', transfers: [tokenTransfer('out', '1.5', 'dUSD')] })
    expect(counterparty(token, 'ETH')).toBeUndefined()
    const nft = parse({ hash: hash(2), minedAt: '2026-11-23T20:00:00Z', operationType: 'send', transfers: [nftTransfer('out', 'Dev #3')] })
    expect(counterparty(nft, 'ETH')).toBeUndefined()
    const pol = parse({ hash: hash(3), minedAt: '2026-11-23T20:00:00Z', operationType: 'send', transfers: [tokenTransfer('out', '2', 'POL')] })
    expect(counterparty(pol, 'POL')?.text).toBe('to 0x7099…79C8')
    expect(counterparty(pol, 'ETH')).toBeUndefined()
    const bare = parse({ hash: hash(4), minedAt: '2026-11-23T20:00:00Z', operationType: 'execute', transfers: [] })
    expect(counterparty(bare, 'ETH')).toBeUndefined()
  })
})
