import { BaseError } from '../errors/base'
import { SIGNATURE_DECLINED } from '../send/errors'

export type SwapRejectedErrorType = SwapRejectedError & { name: 'SwapRejectedError' }
/** The user declined the approval or the swap in the wallet (EIP-1193 4001). */
export class SwapRejectedError extends BaseError {
  override name = 'SwapRejectedError'
  constructor({ cause }: { cause: unknown }) {
    super(SIGNATURE_DECLINED, { cause })
  }
}

export type SwapFailedErrorType = SwapFailedError & { name: 'SwapFailedError' }
/** The wallet or the chain refused the approval or the swap; `details` carries their reason. */
export class SwapFailedError extends BaseError {
  override name = 'SwapFailedError'
  constructor({ step, cause }: { step: 'approval' | 'swap'; cause: unknown }) {
    super(step === 'approval' ? 'Approval failed' : 'Swap failed', { cause })
  }
}

export type TokenToReceiveRequiredErrorType = TokenToReceiveRequiredError & { name: 'TokenToReceiveRequiredError' }
/** No token to receive was chosen. */
export class TokenToReceiveRequiredError extends BaseError {
  override name = 'TokenToReceiveRequiredError'
  constructor() {
    super('Choose a token to receive')
  }
}

export type AmountRequiredErrorType = AmountRequiredError & { name: 'AmountRequiredError' }
/** No amount was typed. */
export class AmountRequiredError extends BaseError {
  override name = 'AmountRequiredError'
  constructor() {
    super('Enter an amount')
  }
}

export type WrongSenderErrorType = WrongSenderError & { name: 'WrongSenderError' }
/** frame-host built a transaction for another account than the connected one. */
export class WrongSenderError extends BaseError {
  override name = 'WrongSenderError'
  constructor({ expected, got }: { expected: string; got: string }) {
    super('The swap service built a transaction for another account', { details: `expected ${expected}, got ${got}` })
  }
}
