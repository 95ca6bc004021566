import { truncateMiddle } from '../format/truncate'
import type { CaipNetworkId, ChainNamespace } from '../networks'

export type ShortenAddressParameters = string
export type ShortenAddressReturnType = string

/**
 * The short form of an address: the first 6 and the last 4 characters.
 *
 * @example
 * shortenAddress('0x1234567890abcdef1234567890abcdef1234abcd') // '0x1234…abcd'
 */
export function shortenAddress(address: ShortenAddressParameters): ShortenAddressReturnType {
  return truncateMiddle({ text: address, head: 6, tail: 4 })
}

export type ToCaipAddressParameters = {
  /** A CAIP-2 id (`eip155:1`) or a bare EVM chain id (`1`, `'1'`). */
  chainId: string | number
  address: string
}
export type ToCaipAddressReturnType = {
  namespace: ChainNamespace
  /** CAIP-2: `namespace:reference`. */
  caipNetworkId: CaipNetworkId
  /** CAIP-10: `namespace:reference:address`. */
  caipAddress: string
}

/**
 * The CAIP ids of an address on a chain. A bare chain id is taken as eip155.
 *
 * @example
 * toCaipAddress({ chainId: 'eip155:8453', address: '0xabc' }).caipAddress // 'eip155:8453:0xabc'
 * toCaipAddress({ chainId: 1, address: '0xabc' }).caipAddress // 'eip155:1:0xabc'
 */
export function toCaipAddress({ chainId, address }: ToCaipAddressParameters): ToCaipAddressReturnType {
  const id = String(chainId)
  const caipNetworkId = (id.includes(':') ? id : `eip155:${id}`) as CaipNetworkId
  const namespace = caipNetworkId.slice(0, caipNetworkId.indexOf(':')) as ChainNamespace
  return { namespace, caipNetworkId, caipAddress: `${caipNetworkId}:${address}` }
}
