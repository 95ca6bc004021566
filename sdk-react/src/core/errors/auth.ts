import { BaseError } from './base'
import { INVALID_EMAIL, TRY_AGAIN_PREFIX, TRY_AGAIN_SUFFIX } from '../../codec/constants.gen'

export type InvalidEmailErrorType = InvalidEmailError & { name: 'InvalidEmailError' }
/** The email is not a valid address (spec §5). */
export class InvalidEmailError extends BaseError {
  override name = 'InvalidEmailError'
  constructor({ email }: { email: string }) {
    super(INVALID_EMAIL, { details: `"${email}" is not a valid email address.` })
  }
}

export type EmailLoginThrottledErrorType = EmailLoginThrottledError & {
  name: 'EmailLoginThrottledError'
}
/** Email login is allowed once per 30 s (spec §5). */
export class EmailLoginThrottledError extends BaseError {
  override name = 'EmailLoginThrottledError'
  readonly seconds: number
  constructor({ seconds }: { seconds: number }) {
    super(`${TRY_AGAIN_PREFIX}${seconds}${TRY_AGAIN_SUFFIX}`)
    this.seconds = seconds
  }
}

export type EmbeddedWalletLoadErrorType = EmbeddedWalletLoadError & {
  name: 'EmbeddedWalletLoadError'
}
/** The embedded-wallet frame client could not be loaded. */
export class EmbeddedWalletLoadError extends BaseError {
  override name = 'EmbeddedWalletLoadError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Unable to load email login dependency', { cause })
  }
}

export type DisconnectErrorType = DisconnectError & { name: 'DisconnectError' }
/** Disconnecting failed (spec §8: 'Failed to disconnect'); the account stays connected. */
export class DisconnectError extends BaseError {
  override name = 'DisconnectError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to disconnect', { cause })
  }
}
