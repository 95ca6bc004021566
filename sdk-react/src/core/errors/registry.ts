import { BaseError } from './base'

export type HttpStatusErrorType = HttpStatusError & { name: 'HttpStatusError' }
/** A backend call answered with a non-OK status (spec §7 generic client). */
export class HttpStatusError extends BaseError {
  override name = 'HttpStatusError'
  readonly status: number
  constructor({ status, url, message }: { status: number; url: string; message?: string | undefined }) {
    super(`HTTP status code: ${status}`, {
      details: message ? `${message} (${url})` : url,
    })
    this.status = status
  }
}

export type WalletRegistryUnreachableErrorType = WalletRegistryUnreachableError & {
  name: 'WalletRegistryUnreachableError'
}
/** The wallet-list service could not be reached (network down, CORS refused, wrong URL). */
export class WalletRegistryUnreachableError extends BaseError {
  override name = 'WalletRegistryUnreachableError'
  constructor({ url, cause }: { url: string; cause: unknown }) {
    super('Could not reach the wallet list', { details: url, cause, docsPath: '/config#framehosturl' })
  }
}

export type InvalidWalletRegistryResponseErrorType = InvalidWalletRegistryResponseError & {
  name: 'InvalidWalletRegistryResponseError'
}
/** The wallet-list service answered something other than `{ data: Wallet[], count }`. */
export class InvalidWalletRegistryResponseError extends BaseError {
  override name = 'InvalidWalletRegistryResponseError'
  constructor({ reason }: { reason: string }) {
    super('Invalid wallet list response', { details: reason })
  }
}
