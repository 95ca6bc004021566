import { describe, expect, it } from 'vitest'
import { getActiveAccountType } from './accountType'

const EOA = '0x1234567890abcdef1234567890abcdef1234abcd'
const SMART = '0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a'
const allAccounts = [
  { address: EOA, type: 'eoa' as const },
  { address: SMART, type: 'smartAccount' as const },
]

describe('getActiveAccountType', () => {
  it("is the connected address's own type, whatever the preference says", () => {
    expect(getActiveAccountType({ address: SMART.toUpperCase().replace('0X', '0x'), allAccounts, preferredAccountType: 'eoa' })).toBe('smartAccount')
    // A smart-account preference on a network without smart accounts: the EOA.
    expect(getActiveAccountType({ address: EOA, allAccounts: [allAccounts[0]!], preferredAccountType: 'smartAccount' })).toBe('eoa')
  })

  it('falls back to the preference when the address is not listed, and is undefined while disconnected', () => {
    expect(getActiveAccountType({ address: EOA, allAccounts: [], preferredAccountType: 'smartAccount' })).toBe('smartAccount')
    expect(getActiveAccountType({ address: undefined, allAccounts, preferredAccountType: 'eoa' })).toBeUndefined()
  })
})
