import { BaseError } from '../errors/base'
import type { ErrorCode } from '../../codec/protocol.gen'
import { AN_ERROR_OCCURRED } from '../../codec/constants.gen'

export type FrameRequestTimeoutErrorType = FrameRequestTimeoutError & {
  name: 'FrameRequestTimeoutError'
}
/** The frame did not answer a request in time (spec §8: 'Embedded Wallet Request Timed Out'). */
export class FrameRequestTimeoutError extends BaseError {
  override name = 'FrameRequestTimeoutError'
  constructor({ request, timeoutMs }: { request: string; timeoutMs: number }) {
    super('Embedded Wallet Request Timed Out', {
      details: `The frame did not answer ${request} within ${timeoutMs} ms.`,
    })
  }
}

export type FrameReadyTimeoutErrorType = FrameReadyTimeoutError & { name: 'FrameReadyTimeoutError' }
/** The frame page did not complete the handshake in time. */
export class FrameReadyTimeoutError extends BaseError {
  override name = 'FrameReadyTimeoutError'
  /**
   * `announcements`: how many times the frame announced itself (each answered with a port), so
   * the message tells a frame that never ran (0) from one whose Ready never came.
   */
  constructor({ frameUrl, timeoutMs, announcements }: { frameUrl: string; timeoutMs: number; announcements?: number | undefined }) {
    const heard = announcements === undefined ? '' : ` (it announced itself ${announcements} times)`
    super('Unable to load email login dependency', {
      details: `${frameUrl} did not become ready within ${timeoutMs} ms${heard}.`,
      metaMessages: [
        'Check that frame-host runs at frameHostUrl and lists this page origin for the project.',
      ],
    })
  }
}

export type FrameRequestErrorType = FrameRequestError & { name: 'FrameRequestError' }
/** The frame answered a request with an error reply. */
export class FrameRequestError extends BaseError {
  override name = 'FrameRequestError'
  /** The protocol's error code. */
  readonly code: ErrorCode
  constructor({ code, message, request }: { code: ErrorCode; message: string; request: string }) {
    super(message || AN_ERROR_OCCURRED, { details: `${request} failed (${formatCode(code)}).` })
    this.code = code
  }
}

/**
 * Whether `error` is the frame saying that the session (or the device approval) is not there (yet).
 *
 * @example
 * await frame.signOut().catch((error) => { if (!isNotConnectedError(error)) throw error })
 */
export function isNotConnectedError(error: unknown): boolean {
  return error instanceof FrameRequestError && error.code === 'NotConnected'
}

export type FrameClosedErrorType = FrameClosedError & { name: 'FrameClosedError' }
/** The frame was torn down while a request was in flight. */
export class FrameClosedError extends BaseError {
  override name = 'FrameClosedError'
  constructor() {
    super('Something went wrong', { details: 'The embedded wallet frame was closed.' })
  }
}

export type InvalidFrameHostUrlErrorType = InvalidFrameHostUrlError & {
  name: 'InvalidFrameHostUrlError'
}
/** `frameHostUrl` is not an absolute http(s) URL. */
export class InvalidFrameHostUrlError extends BaseError {
  override name = 'InvalidFrameHostUrlError'
  constructor({ url }: { url: string }) {
    super('Invalid App Configuration', {
      details: `frameHostUrl "${url}" is not an absolute http(s) URL.`,
    })
  }
}

function formatCode(code: ErrorCode): string {
  return typeof code === 'string' ? code : `Rpc ${code.Rpc}`
}
