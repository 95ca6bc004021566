import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/base'
import {
  evmChainIdToCoinType,
  isCaipAddress,
  parseCaipAddress,
  parseCaipNetworkId,
  parseEvmChainId,
  toHexChainId,
} from './caip'

const message = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return error instanceof BaseError ? error.shortMessage : String(error)
  }
  return 'no error'
}

describe('CAIP-10 addresses', () => {
  it('split into namespace, reference and address', () => {
    expect(parseCaipAddress('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      caipNetworkId: 'eip155:1',
      caipAddress: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
    expect(parseCaipAddress('bip122:000000000019d6689c085ae165831e93:bc1qxyz').namespace).toBe('bip122')
  })

  it('need exactly three parts', () => {
    expect(message(() => parseCaipAddress('eip155:1'))).toBe('Invalid CAIP-10 address: eip155:1')
    expect(message(() => parseCaipAddress('eip155:1:0xab:extra'))).toBe('Invalid CAIP-10 address: eip155:1:0xab:extra')
  })

  it('need three non-empty parts', () => {
    expect(message(() => parseCaipAddress('eip155::0xab'))).toBe('Invalid CAIP-10 address: eip155::0xab')
    expect(message(() => parseCaipAddress(':1:0xab'))).toBe('Invalid CAIP-10 address: :1:0xab')
    expect(message(() => parseCaipAddress('eip155:1:'))).toBe('Invalid CAIP-10 address: eip155:1:')
  })

  it('need a known namespace', () => {
    expect(message(() => parseCaipAddress('tron:1:0xab'))).toBe('Invalid CAIP Address')
    expect(message(() => parseCaipAddress(42 as unknown as string))).toBe('Invalid CAIP Address')
  })

  it('isCaipAddress never throws', () => {
    expect(isCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBe(true)
    expect(isCaipAddress('tron:1:0xab')).toBe(false)
    expect(isCaipAddress(undefined)).toBe(false)
  })
})

describe('CAIP-2 network ids', () => {
  it('split into namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:8453')).toEqual({
      namespace: 'eip155',
      reference: '8453',
      caipNetworkId: 'eip155:8453',
    })
  })

  it('need exactly two non-empty parts', () => {
    expect(message(() => parseCaipNetworkId('eip155'))).toBe('Invalid CAIP-2 network id: eip155')
    expect(message(() => parseCaipNetworkId('eip155:1:0xab'))).toBe('Invalid CAIP-2 network id: eip155:1:0xab')
    expect(message(() => parseCaipNetworkId('eip155:'))).toBe('Invalid CAIP-2 network id: eip155:')
  })

  it('need a known namespace', () => {
    expect(message(() => parseCaipNetworkId('tron:1'))).toBe('Invalid CAIP Address')
  })
})

describe('chain ids', () => {
  it('are read from numbers, decimal and hex strings and eip155 ids', () => {
    expect(parseEvmChainId(1)).toBe(1)
    expect(parseEvmChainId('8453')).toBe(8453)
    expect(parseEvmChainId('0x7a69')).toBe(31337)
    expect(parseEvmChainId('eip155:137')).toBe(137)
    expect(toHexChainId(31337)).toBe('0x7a69')
  })

  it('must be positive integers', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, '', 'abc', '0x', '-5', 'solana:1']) {
      expect(message(() => parseEvmChainId(bad))).toBe('Invalid chainId')
    }
  })

  it('convert to a name coin type below 2^31 only', () => {
    expect(evmChainIdToCoinType(1)).toBe(0x80000001)
    expect(evmChainIdToCoinType(8453)).toBe(2147492101)
    expect(evmChainIdToCoinType(2 ** 31 - 1)).toBe(0xffffffff)
    expect(message(() => evmChainIdToCoinType(2 ** 31))).toBe('Invalid chainId')
    expect(message(() => evmChainIdToCoinType(0))).toBe('Invalid chainId')
  })
})
