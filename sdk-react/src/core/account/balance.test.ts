import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../query/queryClient'
import { BALANCE_CACHE_MS, balanceKey, formatBalance, nativeBalanceKey } from './balance'

const ETH = 10n ** 18n

describe('formatBalance', () => {
  it('truncates to 3 decimals, never rounds', () => {
    expect(formatBalance(10n * ETH, 18)).toBe('10.000')
    expect(formatBalance(1_999_999_999_999_999_999n, 18)).toBe('1.999')
    expect(formatBalance(1_234_567_890_000_000_000n, 18)).toBe('1.234')
    expect(formatBalance(999_999_999_999_999n, 18)).toBe('0.000')
    expect(formatBalance(1_000_000_000_000_000n, 18)).toBe('0.001')
    expect(formatBalance(0n, 18)).toBe('0.000')
  })

  it('uses the currency decimals and keeps large whole parts exact', () => {
    expect(formatBalance(1_234_567_891n, 9)).toBe('1.234')
    expect(formatBalance(123_456_789_012_345n * ETH + 5n * 10n ** 16n, 18)).toBe('123456789012345.050')
    expect(formatBalance(1_999n, 3)).toBe('1.999')
    expect(formatBalance(19n, 1)).toBe('1.900')
    expect(formatBalance(7n, 0)).toBe('7.000')
  })
})

describe('the balance cache', () => {
  it('keys by network and address, case-insensitively', () => {
    expect(balanceKey('0xAbC', 'eip155:1')).toBe(balanceKey('0xabc', 'eip155:1'))
    expect(balanceKey('0xabc', 'eip155:1')).not.toBe(balanceKey('0xabc', 'eip155:8453'))
  })

  it('is fresh for 30 s', async () => {
    let now = 1_000
    const query = createQueryClient({ now: () => now })
    const read = vi.fn(async () => ({ value: ETH, decimals: 18 }))
    const balance = { key: nativeBalanceKey('0xabc', 'eip155:1'), read, staleMs: BALANCE_CACHE_MS }
    await query.fetch(balance)
    expect(read).toHaveBeenCalledTimes(1)
    now = 1_000 + BALANCE_CACHE_MS - 1
    await query.fetch(balance)
    expect(read).toHaveBeenCalledTimes(1)
    now = 1_000 + BALANCE_CACHE_MS
    await query.fetch(balance)
    expect(read).toHaveBeenCalledTimes(2)
  })
})
