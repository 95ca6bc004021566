import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { isEvmAddress, toChecksumAddress } from './address'
import { isSolanaAddress } from './solanaAddress'

const HARDHAT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('EVM addresses', () => {
  it('are 40 hex characters with an optional 0x', () => {
    expect(isEvmAddress(HARDHAT_0)).toBe(true)
    expect(isEvmAddress(HARDHAT_0.slice(2))).toBe(true)
    expect(isEvmAddress(HARDHAT_0.slice(0, -1))).toBe(false)
    expect(isEvmAddress(`${HARDHAT_0}0`)).toBe(false)
    expect(isEvmAddress('0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(false)
    expect(isEvmAddress(undefined)).toBe(false)
  })

  it('in mixed case must pass the checksum in strict mode', () => {
    const broken = `0xF${HARDHAT_0.slice(3)}`
    expect(isEvmAddress(broken)).toBe(false)
    expect(isEvmAddress(broken, { strict: false })).toBe(true)
    expect(isEvmAddress(HARDHAT_0.toLowerCase())).toBe(true)
    expect(isEvmAddress(`0x${HARDHAT_0.slice(2).toUpperCase()}`)).toBe(true)
  })

  it('checksum like viem does', () => {
    for (const address of [HARDHAT_0, '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', '0xab5801a7d398351b8be11c439e05c5b3259aec9b']) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(getAddress(address))
    }
  })
})

describe('Solana addresses', () => {
  it('are 32 to 44 base58 characters', () => {
    expect(isSolanaAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBe(true)
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('1111111111111111111111111111111')).toBe(false)
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
    expect(isSolanaAddress('0S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBe(false)
    expect(isSolanaAddress('lS3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBe(false)
  })
})
