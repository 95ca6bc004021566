import { describe, expect, it } from 'vitest'
import { shortenAddress, toCaipAddress } from './address'

describe('shortenAddress', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef1234abcd')).toBe('0x1234…abcd')
    expect(shortenAddress('0x1234')).toBe('0x1234')
  })
})

describe('toCaipAddress', () => {
  it('builds CAIP-10 from a CAIP-2 id or a bare chain id', () => {
    expect(toCaipAddress({ chainId: 'eip155:8453', address: '0xabc' })).toEqual({
      namespace: 'eip155',
      caipNetworkId: 'eip155:8453',
      caipAddress: 'eip155:8453:0xabc',
    })
    expect(toCaipAddress({ chainId: 1, address: '0xabc' }).caipAddress).toBe('eip155:1:0xabc')
    expect(toCaipAddress({ chainId: 'solana:5eyk', address: 'So1' }).namespace).toBe('solana')
  })
})
