import { BaseError } from '../errors/base'

export type FarcasterAuthInitErrorType = FarcasterAuthInitError & { name: 'FarcasterAuthInitError' }
/**
 * A Farcaster sign-in could not start (no link from frame-host, the wallet frame did not load):
 * spec §8 'A problem occurred while trying initialize authentication'.
 */
export class FarcasterAuthInitError extends BaseError {
  override name = 'FarcasterAuthInitError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('A problem occurred while trying initialize authentication', { cause })
  }
}

export type FarcasterLinkExpiredErrorType = FarcasterLinkExpiredError & { name: 'FarcasterLinkExpiredError' }
/** The Farcaster sign-in link expired before the user approved it: a new link is needed. */
export class FarcasterLinkExpiredError extends BaseError {
  override name = 'FarcasterLinkExpiredError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('This Farcaster sign-in link has expired: get a new one', { cause })
  }
}
