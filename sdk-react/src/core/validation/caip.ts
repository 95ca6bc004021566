import { InvalidCaip10AddressError, InvalidCaipAddressError, InvalidCaipNetworkIdError, InvalidChainIdError } from '../errors/caip'
import type { CaipNetworkId, ChainNamespace } from '../networks'

/** The chain namespaces a CAIP id may start with (spec §3). */
export const CHAIN_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos']

/** A CAIP-10 account id: `namespace:reference:address`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

/** Whether `value` is one of the {@link CHAIN_NAMESPACES}. */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

export type ParseCaipNetworkIdReturnType = {
  namespace: ChainNamespace
  /** The chain reference: `1` for Ethereum, a genesis-hash prefix for Solana and Bitcoin. */
  reference: string
  caipNetworkId: CaipNetworkId
}
export type ParseCaipNetworkIdErrorType = InvalidCaipNetworkIdError | InvalidCaipAddressError

/**
 * Splits a CAIP-2 network id. Exactly two non-empty parts, else 'Invalid CAIP-2 network id: {value}';
 * an unknown namespace is 'Invalid CAIP Address'.
 *
 * @example
 * parseCaipNetworkId('eip155:8453') // { namespace: 'eip155', reference: '8453', caipNetworkId: 'eip155:8453' }
 * parseCaipNetworkId('eip155') // throws 'Invalid CAIP-2 network id: eip155'
 */
export function parseCaipNetworkId(value: string): ParseCaipNetworkIdReturnType {
  const parts = String(value).split(':')
  const [namespace, reference] = parts
  if (parts.length !== 2 || !namespace || !reference) throw new InvalidCaipNetworkIdError({ value: String(value) })
  if (!isChainNamespace(namespace)) throw new InvalidCaipAddressError({ value })
  return { namespace, reference, caipNetworkId: `${namespace}:${reference}` }
}

export type ParseCaipAddressReturnType = ParseCaipNetworkIdReturnType & {
  address: string
  caipAddress: CaipAddress
}
export type ParseCaipAddressErrorType = InvalidCaip10AddressError | InvalidCaipAddressError

/**
 * Splits a CAIP-10 address. Exactly three non-empty parts with a known namespace (spec §5):
 * a wrong shape is 'Invalid CAIP-10 address: {value}', an unknown namespace 'Invalid CAIP Address'.
 *
 * @example
 * parseCaipAddress('eip155:1:0xab5801a7d398351b8be11c439e05c5b3259aec9b').address // '0xab58…ec9b'
 * parseCaipAddress('eip155:1') // throws 'Invalid CAIP-10 address: eip155:1'
 * parseCaipAddress('foo:1:0xab') // throws 'Invalid CAIP Address'
 */
export function parseCaipAddress(value: string): ParseCaipAddressReturnType {
  if (typeof value !== 'string') throw new InvalidCaipAddressError({ value })
  const parts = value.split(':')
  const [namespace, reference, address] = parts
  if (parts.length !== 3 || !namespace || !reference || !address) throw new InvalidCaip10AddressError({ value })
  if (!isChainNamespace(namespace)) throw new InvalidCaipAddressError({ value })
  return {
    namespace,
    reference,
    address,
    caipNetworkId: `${namespace}:${reference}`,
    caipAddress: `${namespace}:${reference}:${address}`,
  }
}

/**
 * Whether `value` is a CAIP-10 address with a known namespace. Never throws.
 *
 * @example
 * isCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv') // true
 */
export function isCaipAddress(value: unknown): value is CaipAddress {
  if (typeof value !== 'string') return false
  try {
    parseCaipAddress(value)
    return true
  } catch {
    return false
  }
}

/**
 * An EVM chain id as a number: a positive safe integer, given as a number, a decimal string, a
 * `0x` hex string (EIP-1193 `eth_chainId`) or an `eip155:` CAIP-2 id. Otherwise 'Invalid chainId'.
 *
 * @example
 * parseEvmChainId('0x7a69') // 31337
 * parseEvmChainId('eip155:8453') // 8453
 * parseEvmChainId(0) // throws 'Invalid chainId'
 */
export function parseEvmChainId(value: number | string): number {
  let id: number = Number.NaN
  if (typeof value === 'number') id = value
  else if (typeof value === 'string') {
    const text = value.startsWith('eip155:') ? value.slice('eip155:'.length) : value
    if (/^0x[0-9a-f]+$/i.test(text)) id = Number.parseInt(text, 16)
    else if (/^[0-9]+$/.test(text)) id = Number(text)
  }
  if (!Number.isSafeInteger(id) || id <= 0) throw new InvalidChainIdError({ chainId: value })
  return id
}

/** The EVM chain id as the `0x` hex string EIP-1193 and EIP-3085 use. */
export function toHexChainId(chainId: number): `0x${string}` {
  return `0x${parseEvmChainId(chainId).toString(16)}`
}

/**
 * The ENSIP-11 coin type of an EVM chain, used when registering a name (`0x80000000 | chainId`).
 * The chain id must be positive and below 2^31, else 'Invalid chainId'.
 *
 * @example
 * evmChainIdToCoinType(8453) // 2147492101
 * evmChainIdToCoinType(2 ** 31) // throws 'Invalid chainId'
 */
export function evmChainIdToCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || chainId >= 2 ** 31) throw new InvalidChainIdError({ chainId })
  return (0x80000000 | chainId) >>> 0
}
