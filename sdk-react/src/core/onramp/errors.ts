import { BaseError } from '../errors/base'

export type OnrampRequestErrorType = OnrampRequestError & { name: 'OnrampRequestError' }
/**
 * frame-host refused an on-ramp request and said why in plain words (a 400 such as 'Invalid
 * amount: at least 10.00 USD by card', a 404 'No on-ramp provider is configured', a 429, or a
 * 502 when the provider could not open a checkout): the `shortMessage` is its text.
 */
export class OnrampRequestError extends BaseError {
  override name = 'OnrampRequestError'
  readonly status: number
  constructor({ status, message, url }: { status: number; message: string; url: string }) {
    super(message, { details: `HTTP ${status} from ${url}` })
    this.status = status
  }
}

export type OnrampApiUnreachableErrorType = OnrampApiUnreachableError & { name: 'OnrampApiUnreachableError' }
/** frame-host's on-ramp routes could not be reached (network down, CORS refused, wrong URL). */
export class OnrampApiUnreachableError extends BaseError {
  override name = 'OnrampApiUnreachableError'
  constructor({ url, cause }: { url: string; cause: unknown }) {
    super('Could not reach the on-ramp service', { details: url, cause, docsPath: '/config#framehosturl' })
  }
}

export type InvalidOnrampResponseErrorType = InvalidOnrampResponseError & { name: 'InvalidOnrampResponseError' }
/** An on-ramp route answered something other than its documented shape. */
export class InvalidOnrampResponseError extends BaseError {
  override name = 'InvalidOnrampResponseError'
  constructor({ reason }: { reason: string }) {
    super('Invalid answer from the on-ramp service', { details: reason })
  }
}

export type InvalidOnrampParameterErrorType = InvalidOnrampParameterError & { name: 'InvalidOnrampParameterError' }
/** A parameter the client would send breaks the on-ramp routes' rules; nothing was sent. */
export class InvalidOnrampParameterError extends BaseError {
  override name = 'InvalidOnrampParameterError'
  constructor({ name, reason }: { name: string; reason: string }) {
    super(`Invalid ${name}: ${reason}`)
  }
}

export type PurchaseFailedErrorType = PurchaseFailedError & { name: 'PurchaseFailedError' }
/** The provider reports the purchase failed: nothing was delivered. */
export class PurchaseFailedError extends BaseError {
  override name = 'PurchaseFailedError'
  constructor({ provider }: { provider: string }) {
    super(`The purchase failed: ${provider} did not deliver it`)
  }
}
