import { BaseError } from '../errors/base'

/** Spec §8: the network has no exchange (frame-host's 400 for a network that is not a swap network). */
export const SWAPS_NOT_SUPPORTED = 'Network not supported for Swaps'
/** Spec §8: frame-host reads no gas price for the network. */
export const GAS_PRICE_NOT_SUPPORTED = 'Network not supported for Gas Price'

export type SwapsNotSupportedErrorType = SwapsNotSupportedError & { name: 'SwapsNotSupportedError' }
/** The network has no exchange to swap on (spec §8: 'Network not supported for Swaps'). */
export class SwapsNotSupportedError extends BaseError {
  override name = 'SwapsNotSupportedError'
  constructor({ network }: { network: string }) {
    super(SWAPS_NOT_SUPPORTED, { details: `No exchange on ${network}.` })
  }
}

export type GasPriceNotSupportedErrorType = GasPriceNotSupportedError & { name: 'GasPriceNotSupportedError' }
/** frame-host has no RPC endpoint for the network (spec §8: 'Network not supported for Gas Price'). */
export class GasPriceNotSupportedError extends BaseError {
  override name = 'GasPriceNotSupportedError'
  constructor({ network }: { network: string }) {
    super(GAS_PRICE_NOT_SUPPORTED, { details: `No gas price for ${network}.` })
  }
}

export type ConvertRequestErrorType = ConvertRequestError & { name: 'ConvertRequestError' }
/**
 * frame-host refused the request and said why in plain words (a 400 such as 'No pool route from
 * … to …' or 'The transaction would fail: …', or a 429 'Please try again after {n} seconds'):
 * the `shortMessage` is its text.
 */
export class ConvertRequestError extends BaseError {
  override name = 'ConvertRequestError'
  readonly status: number
  constructor({ status, message, url }: { status: number; message: string; url: string }) {
    super(message, { details: `HTTP ${status} from ${url}` })
    this.status = status
  }
}

export type ConvertApiUnreachableErrorType = ConvertApiUnreachableError & { name: 'ConvertApiUnreachableError' }
/** frame-host's convert API could not be reached (network down, CORS refused, wrong URL). */
export class ConvertApiUnreachableError extends BaseError {
  override name = 'ConvertApiUnreachableError'
  constructor({ url, cause }: { url: string; cause: unknown }) {
    super('Could not reach the swap service', { details: url, cause, docsPath: '/config#framehosturl' })
  }
}

export type InvalidConvertResponseErrorType = InvalidConvertResponseError & { name: 'InvalidConvertResponseError' }
/** The convert API answered something other than its documented shape. */
export class InvalidConvertResponseError extends BaseError {
  override name = 'InvalidConvertResponseError'
  constructor({ reason }: { reason: string }) {
    super('Invalid answer from the swap service', { details: reason })
  }
}

export type InvalidConvertParameterErrorType = InvalidConvertParameterError & { name: 'InvalidConvertParameterError' }
/** A parameter the client would send breaks the convert API's rules; nothing was sent. */
export class InvalidConvertParameterError extends BaseError {
  override name = 'InvalidConvertParameterError'
  constructor({ name, reason }: { name: string; reason: string }) {
    super(`Invalid ${name}: ${reason}`)
  }
}
