// The one error family of frame-host's routes: whatever route failed, the error is a
// `FrameHostError` naming the service and the HTTP status (viem has one `HttpRequestError`).
import { BaseError } from '../errors/base'

/** A group of frame-host's routes, and the words its failures are shown with. */
export interface FrameHostService {
  /** `wallets`, `blockchain`, `identity`, `convert`, `onramp`, `names`, `siwx` or `analytics`. */
  readonly name: string
  /** The short message when frame-host cannot be reached, such as 'Could not reach the swap service'. */
  readonly unreachable: string
  /** The short message when an answer is not of the route's shape, such as 'Invalid balance response'. */
  readonly invalid: string
  /**
   * Whether frame-host's words for a refusal with this status are what the user sees
   * ({@link FrameHostRequestError}); otherwise the refusal is an {@link HttpStatusError}. Default: never.
   */
  readonly explains?: ((status: number) => boolean) | undefined
}

export type FrameHostErrorType = FrameHostError & { name: 'FrameHostError' }
/** A call to frame-host failed. `service` names the routes, `status` the HTTP status when there was an answer. */
export class FrameHostError extends BaseError {
  override name = 'FrameHostError'
  /** The service's name (`convert`, `onramp`, …). */
  readonly service: string
  /** The answer's HTTP status; `undefined` when there was no answer (or it was not read). */
  readonly status: number | undefined
  constructor(shortMessage: string, parameters: { service: FrameHostService; status?: number | undefined; details?: string | undefined; cause?: unknown; docsPath?: string | undefined }) {
    super(shortMessage, parameters)
    this.service = parameters.service.name
    this.status = parameters.status
  }
}

export type FrameHostUnreachableErrorType = FrameHostUnreachableError & { name: 'FrameHostUnreachableError' }
/** frame-host could not be reached (network down, CORS refused, wrong URL), after the retries of a repeatable request. */
export class FrameHostUnreachableError extends FrameHostError {
  override name = 'FrameHostUnreachableError'
  constructor({ service, url, cause }: { service: FrameHostService; url: string; cause: unknown }) {
    super(service.unreachable, { service, details: url, cause, docsPath: '/config#framehosturl' })
  }
}

export type HttpStatusErrorType = HttpStatusError & { name: 'HttpStatusError' }
/** frame-host answered with a non-OK status (spec §7 generic client: 'HTTP status code: {status}'); `details` has its message. */
export class HttpStatusError extends FrameHostError {
  override name = 'HttpStatusError'
  declare readonly status: number
  constructor({ service, status, url, message }: { service: FrameHostService; status: number; url: string; message?: string | undefined }) {
    super(`HTTP status code: ${status}`, { service, status, details: message ? `${message} (${url})` : url })
  }
}

export type FrameHostRequestErrorType = FrameHostRequestError & { name: 'FrameHostRequestError' }
/**
 * frame-host refused the request and said why in words the user sees (a 400 such as 'No pool
 * route from … to …', a 429 'Please try again after {n} seconds', a 409 'Name is already
 * registered'): the short message is its text.
 */
export class FrameHostRequestError extends FrameHostError {
  override name = 'FrameHostRequestError'
  declare readonly status: number
  constructor({ service, status, url, message }: { service: FrameHostService; status: number; url: string; message: string }) {
    super(message, { service, status, details: `HTTP ${status} from ${url}` })
  }
}

export type InvalidFrameHostResponseErrorType = InvalidFrameHostResponseError & { name: 'InvalidFrameHostResponseError' }
/** frame-host answered something other than the route's shape (`details` says where). */
export class InvalidFrameHostResponseError extends FrameHostError {
  override name = 'InvalidFrameHostResponseError'
  constructor({ service, reason, status }: { service: FrameHostService; reason: string; status?: number | undefined }) {
    super(service.invalid, { service, status, details: reason })
  }
}

export type InvalidFrameHostParameterErrorType = InvalidFrameHostParameterError & { name: 'InvalidFrameHostParameterError' }
/** A parameter the SDK would send breaks the route's rules ('Invalid {name}: {reason}'); nothing was sent. */
export class InvalidFrameHostParameterError extends FrameHostError {
  override name = 'InvalidFrameHostParameterError'
  constructor({ service, name, reason }: { service: FrameHostService; name: string; reason: string }) {
    super(`Invalid ${name}: ${reason}`, { service })
  }
}
