import { USER_REJECTED } from '../../codec/constants.gen'
import { BaseError } from './base'
import { getWalletErrorCode, USER_REJECTED_CODE } from './connection'

/** EIP-1193 4200: the wallet does not support the method. */
export const UNSUPPORTED_METHOD_CODE = 4200
/** JSON-RPC -32602: the request's parameters are invalid. */
export const INVALID_PARAMS_CODE = -32602
/** EIP-1193 4100: the account is not authorized (not the connected one). */
export const UNAUTHORIZED_CODE = 4100

export type UserRejectedRequestErrorType = UserRejectedRequestError & { name: 'UserRejectedRequestError' }
/** The user declined the request in the wallet (EIP-1193 4001: 'User rejected the request.'). */
export class UserRejectedRequestError extends BaseError {
  override name = 'UserRejectedRequestError'
  readonly code = USER_REJECTED_CODE
  constructor({ method, cause }: { method: string; cause?: unknown }) {
    super(USER_REJECTED, { details: `The wallet declined ${method}.`, cause })
  }
}

export type UnsupportedMethodErrorType = UnsupportedMethodError & { name: 'UnsupportedMethodError' }
/** The wallet lacks the feature a request needs (EIP-1193 4200). */
export class UnsupportedMethodError extends BaseError {
  override name = 'UnsupportedMethodError'
  readonly code = UNSUPPORTED_METHOD_CODE
  constructor({ method, walletName, feature }: { method: string; walletName: string; feature?: string | undefined }) {
    super(`Unsupported method: ${method}`, {
      details: feature ? `${walletName} does not implement ${feature}.` : `${walletName} cannot answer ${method}.`,
    })
  }
}

export type InvalidWalletRequestErrorType = InvalidWalletRequestError & { name: 'InvalidWalletRequestError' }
/** A request whose parameters are malformed, too large, or name another account (JSON-RPC -32602). */
export class InvalidWalletRequestError extends BaseError {
  override name = 'InvalidWalletRequestError'
  readonly code = INVALID_PARAMS_CODE
  constructor({ method, reason }: { method: string; reason: string }) {
    super(`Invalid ${method} request: ${reason}`)
  }
}

export type WalletDisconnectedErrorType = WalletDisconnectedError & { name: 'WalletDisconnectedError' }
/** The wallet shares no account any more (EIP-1193 4100). */
export class WalletDisconnectedError extends BaseError {
  override name = 'WalletDisconnectedError'
  readonly code = UNAUTHORIZED_CODE
  constructor({ walletName }: { walletName: string }) {
    super('Address or auth connector not found', { details: `${walletName} shares no account for this request.` })
  }
}

export type WalletRequestErrorType = WalletRequestError & { name: 'WalletRequestError' }
/** The wallet failed a request for another reason; its own error is the `cause`. */
export class WalletRequestError extends BaseError {
  override name = 'WalletRequestError'
  readonly code: number | undefined
  constructor({ method, cause }: { method: string; cause: unknown }) {
    super(`${method} failed`, { cause })
    this.code = getWalletErrorCode(cause)
  }
}

/**
 * A wallet's failure as a typed error: 4001 (the user declined) becomes
 * `UserRejectedRequestError`, typed errors pass as they are, the rest `WalletRequestError`.
 */
export function toWalletError(method: string, cause: unknown): BaseError {
  if (cause instanceof BaseError) return cause
  if (getWalletErrorCode(cause) === USER_REJECTED_CODE) return new UserRejectedRequestError({ method, cause })
  return new WalletRequestError({ method, cause })
}
