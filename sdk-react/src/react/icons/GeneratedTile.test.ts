import { describe, expect, it } from 'vitest'
import { tileHues, tileInitials } from './GeneratedTile'

describe('tileInitials', () => {
  it('takes the first letters of the first two telling words', () => {
    expect(tileInitials('Binance Web3 Wallet')).toBe('BW')
    expect(tileInitials('Bitget Wallet')).toBe('B')
    expect(tileInitials('Local Devnet')).toBe('LD')
    expect(tileInitials('polygon')).toBe('P')
    expect(tileInitials('zk-sync era')).toBe('ZS')
  })

  it('keeps a name made only of generic words, and gives an empty name no initials', () => {
    expect(tileInitials('Wallet')).toBe('W')
    expect(tileInitials('')).toBe('')
  })
})

describe('tileHues', () => {
  it('is the same for a name every time and differs between names that start alike', () => {
    expect(tileHues('Bitget Wallet')).toEqual(tileHues('Bitget Wallet'))
    expect(tileHues('Bitget Wallet')[0]).not.toBe(tileHues('Binance Web3 Wallet')[0])
    for (const hue of [...tileHues('Ethereum'), ...tileHues('')]) {
      expect(hue).toBeGreaterThanOrEqual(0)
      expect(hue).toBeLessThan(360)
    }
  })
})
