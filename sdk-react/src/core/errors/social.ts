import { BaseError } from './base'

export type SocialLoginErrorType = SocialLoginError & { name: 'SocialLoginError' }
/**
 * A social login that did not end connected (spec §8: 'A problem occurred while trying
 * initialize authentication'); `reason` says why in words for people: the popup was blocked
 * or closed, the user declined, it took too long, the provider or frame-host refused.
 */
export class SocialLoginError extends BaseError {
  override name = 'SocialLoginError'
  readonly reason: string
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super('A problem occurred while trying initialize authentication', { details: reason, cause })
    this.reason = reason
  }
}
