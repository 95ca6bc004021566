import { describe, expect, it } from 'vitest'
import { formatTokenAmount } from './amount'

describe('formatTokenAmount', () => {
  it('cuts to the digits by default, never rounding up, and pads', () => {
    expect(formatTokenAmount('1.23456', { digits: 3 })).toBe('1.234')
    expect(formatTokenAmount('1.7', { digits: 3 })).toBe('1.700')
    expect(formatTokenAmount({ value: 1_999_999_999_999_999_999n, decimals: 18 }, { digits: 3 })).toBe('1.999')
    expect(formatTokenAmount({ value: 7n, decimals: 0 }, { digits: 3 })).toBe('7.000')
    expect(formatTokenAmount('007.5', { digits: 3 })).toBe('7.500')
  })

  it('rounds half down on request: a tie goes toward zero, never overstating', () => {
    expect(formatTokenAmount('1.005', { digits: 2, rounding: 'halfDown' })).toBe('1.00')
    expect(formatTokenAmount('1.0051', { digits: 2, rounding: 'halfDown' })).toBe('1.01')
    expect(formatTokenAmount('99.996', { digits: 2, rounding: 'halfDown' })).toBe('100.00')
    expect(formatTokenAmount('-0.001', { digits: 2, rounding: 'halfDown' })).toBe('0.00')
    expect(formatTokenAmount('-1.5', { digits: 2, rounding: 'halfDown' })).toBe('-1.50')
  })

  it('trims trailing zeros on request, and leaves text that is not a number as it is', () => {
    expect(formatTokenAmount({ value: 29_318_892_090n, decimals: 6 }, { digits: 6, trim: true })).toBe('29318.89209')
    expect(formatTokenAmount({ value: 10n ** 18n, decimals: 18 }, { digits: 6, trim: true })).toBe('1')
    expect(formatTokenAmount({ value: 0n, decimals: 18 }, { digits: 6, trim: true })).toBe('0')
    expect(formatTokenAmount('1e3', { digits: 2 })).toBe('1e3')
  })
})
