import { BaseError } from '../errors/base'
import type { FrameHostService } from '../frameHost/errors'

/** The on-ramp routes: their failures' words, and the refusals whose words the Buy view shows (400, 404, 429, 502). */
export const ONRAMP_SERVICE: FrameHostService = {
  name: 'onramp',
  unreachable: 'Could not reach the on-ramp service',
  invalid: 'Invalid answer from the on-ramp service',
  explains: (status) => [400, 404, 429, 502].includes(status),
}

export type PurchaseFailedErrorType = PurchaseFailedError & { name: 'PurchaseFailedError' }
/** The provider reports the purchase failed: nothing was delivered. */
export class PurchaseFailedError extends BaseError {
  override name = 'PurchaseFailedError'
  constructor({ provider }: { provider: string }) {
    super(`The purchase failed: ${provider} did not deliver it`)
  }
}
