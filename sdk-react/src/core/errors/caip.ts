import { BaseError } from './base'
import { INVALID_CAIP2_PREFIX } from '../../codec/constants.gen'

export type InvalidCaipAddressErrorType = InvalidCaipAddressError & { name: 'InvalidCaipAddressError' }
/** A CAIP-10 address whose namespace Oriel does not know (spec §5). */
export class InvalidCaipAddressError extends BaseError {
  override name = 'InvalidCaipAddressError'
  constructor({ value }: { value: unknown }) {
    super('Invalid CAIP Address', {
      details: `${String(value)} does not start with a known namespace (eip155, solana, bip122, polkadot, cosmos).`,
    })
  }
}

export type InvalidCaip10AddressErrorType = InvalidCaip10AddressError & { name: 'InvalidCaip10AddressError' }
/** A CAIP-10 address that is not exactly three non-empty parts (spec §5). */
export class InvalidCaip10AddressError extends BaseError {
  override name = 'InvalidCaip10AddressError'
  constructor({ value }: { value: string }) {
    super(`Invalid CAIP-10 address: ${value}`, { metaMessages: ['Expected namespace:reference:address.'] })
  }
}

export type InvalidCaipNetworkIdErrorType = InvalidCaipNetworkIdError & { name: 'InvalidCaipNetworkIdError' }
/** A CAIP-2 network id that is not exactly two non-empty parts (spec §5). */
export class InvalidCaipNetworkIdError extends BaseError {
  override name = 'InvalidCaipNetworkIdError'
  constructor({ value }: { value: string }) {
    super(`${INVALID_CAIP2_PREFIX}${value}`, { metaMessages: ['Expected namespace:reference.'] })
  }
}

export type InvalidChainIdErrorType = InvalidChainIdError & { name: 'InvalidChainIdError' }
/** An EVM chain id that is not a positive integer, or too large for a name coin type (spec §5). */
export class InvalidChainIdError extends BaseError {
  override name = 'InvalidChainIdError'
  constructor({ chainId }: { chainId: unknown }) {
    super('Invalid chainId', { details: `${String(chainId)} is not a positive integer below 2^31.` })
  }
}
