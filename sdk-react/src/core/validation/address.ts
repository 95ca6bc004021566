import { checksumAddress, isAddress } from 'viem'

export type IsEvmAddressParameters = {
  /** Mixed-case addresses must pass the EIP-55 checksum. Default: true. */
  strict?: boolean | undefined
}

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/

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
  // All upper case carries no checksum either, as all lower case (viem takes only the latter).
  return isAddress(`0x${hex === hex.toUpperCase() ? hex.toLowerCase() : hex}`, { strict })
}

/**
 * The EIP-55 mixed-case form of a 40-hex-character address (with or without `0x`).
 *
 * @example
 * toChecksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function toChecksumAddress(address: string): `0x${string}` {
  return checksumAddress(`0x${address.replace(/^0x/, '').toLowerCase()}`)
}
