import { keccak_256 } from '@noble/hashes/sha3'

export type IsEvmAddressParameters = {
  /** Mixed-case addresses must pass the EIP-55 checksum. Default: true. */
  strict?: boolean | undefined
}

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const BASE58_32_TO_44 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * An EVM address (spec §5): an optional `0x` plus 40 hex characters. In strict mode (the
 * default) a mixed-case address must pass its EIP-55 checksum; all-lower and all-upper pass.
 *
 * @example
 * isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // true
 * isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267') // false: not hex-40
 * isEvmAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // false: bad checksum
 */
export function isEvmAddress(value: unknown, { strict = true }: IsEvmAddressParameters = {}): value is string {
  if (typeof value !== 'string' || !EVM_ADDRESS.test(value)) return false
  const hex = value.replace(/^0x/, '')
  if (!strict || hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  return toChecksumAddress(hex) === `0x${hex}`
}

/**
 * The EIP-55 mixed-case form of a 40-hex-character address (with or without `0x`).
 *
 * @example
 * toChecksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function toChecksumAddress(address: string): `0x${string}` {
  const hex = address.replace(/^0x/, '').toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(hex))
  let out = '0x'
  for (let i = 0; i < hex.length; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0xf
    out += nibble >= 8 ? (hex[i] as string).toUpperCase() : hex[i]
  }
  return out as `0x${string}`
}

/**
 * A Solana address (spec §5): 32 to 44 base58 characters.
 *
 * @example
 * isSolanaAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv') // true
 * isSolanaAddress('0OIl') // false
 */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && BASE58_32_TO_44.test(value)
}
