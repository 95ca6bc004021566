import { parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { InvalidAmountError } from './errors'
import { formatUnits } from 'viem'
import { formatFee, maxSendable, parseAmount, readAmount, usdValue } from './amount'

describe('parseAmount', () => {
  it('converts a decimal string exactly with the token decimals', () => {
    expect(parseAmount('1.5', 6)).toBe(1_500_000n)
    expect(parseAmount('1000', 6)).toBe(1_000_000_000n)
    expect(parseAmount('0.000001', 6)).toBe(1n)
    expect(parseAmount('.5', 18)).toBe(5n * 10n ** 17n)
    expect(parseAmount('2.', 18)).toBe(2n * 10n ** 18n)
    expect(parseAmount(' 7 ', 0)).toBe(7n)
    // No float on the way: a value a double cannot hold survives.
    expect(parseAmount('123456789.123456789123456789', 18)).toBe(parseUnits('123456789.123456789123456789', 18))
  })

  it('refuses more fraction digits than the token has', () => {
    expect(() => parseAmount('0.0000001', 6)).toThrow(InvalidAmountError)
    expect(() => parseAmount('1.5', 0)).toThrow('this token has no decimals')
    expect(readAmount('1.1234567', 6)).toBeInstanceOf(InvalidAmountError)
  })

  it('refuses what is not a plain decimal number', () => {
    for (const bad of ['', '.', '-1', '+1', '1e3', '1,5', '0x10', '1.2.3', 'abc', '１']) {
      expect(() => parseAmount(bad, 18), bad).toThrow(InvalidAmountError)
    }
    expect(() => parseAmount('1'.repeat(101), 18)).toThrow('the amount is too long')
    expect(() => parseAmount('1', 1.5)).toThrow(InvalidAmountError)
  })
})

describe('formatUnits (viem), as the widget writes amounts back', () => {
  it('is the exact inverse of parseAmount, without trailing zeros', () => {
    expect(formatUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatUnits(10n ** 18n, 18)).toBe('1')
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnits(0n, 6)).toBe('0')
    expect(formatUnits(42n, 0)).toBe('42')
    for (const text of ['9.999999', '1000', '0.1']) expect(formatUnits(parseAmount(text, 6), 6)).toBe(text)
  })
})

describe('formatFee', () => {
  it('keeps 4 significant digits after the leading zeros, cut not rounded', () => {
    expect(formatFee(42_219_000_000_000n, 18)).toBe('0.00004221')
    expect(formatFee(1_234_567_000_000_000_000n, 18)).toBe('1.2345')
    expect(formatFee(2n * 10n ** 18n, 18)).toBe('2')
    expect(formatFee(0n, 18)).toBe('0')
    expect(formatFee(10n ** 14n, 18)).toBe('0.0001')
  })
})

describe('maxSendable', () => {
  it('is the whole balance of a token, and leaves the fee on the native coin', () => {
    expect(maxSendable({ balance: 100n, native: false, feeReserve: 30n })).toBe(100n)
    expect(maxSendable({ balance: 100n, native: true, feeReserve: 30n })).toBe(70n)
    expect(maxSendable({ balance: 20n, native: true, feeReserve: 30n })).toBe(0n)
  })
})

describe('usdValue', () => {
  it('is amount × price, null without a price or a number', () => {
    expect(usdValue('1.5', 2)).toBe(3)
    expect(usdValue('1.5', null)).toBeNull()
    expect(usdValue('', 1)).toBeNull()
    expect(usdValue('abc', 1)).toBeNull()
  })
})
