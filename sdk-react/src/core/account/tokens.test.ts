import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../query/queryClient'
import { truncateDecimal } from './balance'
import { formatTokenQuantity, formatUsd, PORTFOLIO_CACHE_MS, TOKEN_BALANCES_STORAGE, totalUsd } from './tokens'

describe('token balance display rules', () => {
  it('shows quantities with exactly 2 decimals, rounding half-down', () => {
    expect(formatTokenQuantity('3')).toBe('3.00')
    expect(formatTokenQuantity('1.5')).toBe('1.50')
    expect(formatTokenQuantity('1234.5678')).toBe('1234.57')
    expect(formatTokenQuantity('1.005')).toBe('1.00')
    expect(formatTokenQuantity('1.0051')).toBe('1.01')
    expect(formatTokenQuantity('1.004999')).toBe('1.00')
    expect(formatTokenQuantity('0.999')).toBe('1.00')
    expect(formatTokenQuantity('0.000001')).toBe('0.00')
    expect(formatTokenQuantity('99.996')).toBe('100.00')
  })

  it('formats USD values, an unknown price as a dash, and totals the known values', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50')
    expect(formatUsd(0)).toBe('$0.00')
    expect(formatUsd(12.345)).toBe('$12.34')
    expect(formatUsd(null)).toBe('—')
    const entry = (value: number | null) => ({ name: 'T', symbol: 'T', chainId: 'eip155:1', value, price: null, quantity: { decimals: '6', numeric: '1' }, verified: true })
    expect(totalUsd([entry(1.5), entry(null), entry(3000)])).toBe(3001.5)
  })

  it('fetches when nothing is cached or the list is 30 s old, never within 30 s of a failure', async () => {
    let now = 0
    const query = createQueryClient({ now: () => now })
    let fail = false
    const read = vi.fn(async () => {
      if (fail) throw new Error('down')
      return { balances: [], unavailable: false }
    })
    const tokens = { key: ['tokens', 'eip155:1:0xabc'] as const, read, staleMs: PORTFOLIO_CACHE_MS, retryAfterMs: PORTFOLIO_CACHE_MS }
    const reads = async (at: number, force = false) => {
      now = at
      const before = read.mock.calls.length
      await query.fetch(tokens, { force }).catch(() => {})
      return read.mock.calls.length > before
    }
    expect(await reads(0)).toBe(true)
    expect(await reads(PORTFOLIO_CACHE_MS - 1)).toBe(false)
    expect(await reads(PORTFOLIO_CACHE_MS - 1, true)).toBe(true)
    fail = true
    expect(await reads(PORTFOLIO_CACHE_MS * 2)).toBe(true)
    expect(await reads(PORTFOLIO_CACHE_MS * 3 - 1, true)).toBe(false)
    expect(await reads(PORTFOLIO_CACHE_MS * 3)).toBe(true)
  })
})

describe('a network without a balance source', () => {
  it('is remembered across a reload, so the view keeps saying so instead of showing zero', () => {
    const stored = TOKEN_BALANCES_STORAGE.toStored({ balances: [], unavailable: true })
    expect(stored).toEqual({ balances: [], unavailable: true })
    expect(TOKEN_BALANCES_STORAGE.fromStored(JSON.parse(JSON.stringify(stored)))).toEqual({ balances: [], unavailable: true })
    expect(TOKEN_BALANCES_STORAGE.toStored({ balances: [], unavailable: false })).toEqual({ balances: [] })
  })

  it('truncates a Bitcoin quantity to 3 decimals, never rounding up', () => {
    expect(truncateDecimal('1.7')).toBe('1.700')
    expect(truncateDecimal('0.12399999')).toBe('0.123')
    expect(truncateDecimal('21000000')).toBe('21000000.000')
  })
})
