// The SDK's one client of frame-host: every route the SDK calls goes through `request`, with the
// common query, one retry policy and one error family.
import { version } from '../errors/base'
import { sleep } from '../sleep'
import { type Check, ShapeError } from './check'
import {
  FrameHostError,
  FrameHostRequestError,
  FrameHostUnreachableError,
  type FrameHostService,
  HttpStatusError,
  InvalidFrameHostResponseError,
} from './errors'

/** The SDK type sent as `st` (spec §7: default `appkit`). */
export const SDK_TYPE = 'appkit'

/** Attempts of a repeatable request (spec §9 client retry: 3). */
export const RETRY_ATTEMPTS = 3

/** The wait before retry `n` (0 for the first), ms: min(1000 × 2^n, 30000) (spec §9). */
export const retryDelay = (n: number): number => Math.min(1000 * 2 ** n, 30_000)

/** Query values: `undefined` leaves the parameter out; booleans and numbers are written as text. */
export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>

/** One call of a frame-host route. */
export type FrameHostCall<T> = {
  service: FrameHostService
  /** Default `GET`. */
  method?: 'GET' | 'POST' | undefined
  /** The route's path, its parameters encoded (`/v1/account/0x…/balance`). */
  path: string
  /** The route's own query; `projectId`, `st` and `sv` are added. */
  query?: QueryValues | undefined
  /** A JSON body. */
  body?: unknown
  /** Send the body as `text/plain` (a simple request, no preflight). */
  plain?: boolean | undefined
  /** Let the request outlive the page (`fetch`'s `keepalive`). */
  keepalive?: boolean | undefined
  headers?: Readonly<Record<string, string>> | undefined
  /** Whether sending it again is harmless; default: a GET is. Only these are retried. */
  idempotent?: boolean | undefined
  signal?: AbortSignal | undefined
  /**
   * Checks and reads the JSON answer ({@link parseAnswer} with the route's generated check, then
   * the SDK's own reading), throwing a typed error otherwise; without it the body is not read.
   */
  read?: ((body: unknown) => T) | undefined
}

/** The client of one frame-host for one project. */
export interface FrameHost {
  /** frame-host's origin, without a trailing slash. */
  readonly baseUrl: string
  /**
   * Calls a route. A network failure, or a 5xx other than 501, is tried again when the call is
   * repeatable (3 attempts, waiting 1 s then 2 s); an abort is never retried and rejects with
   * what the abort made `fetch` throw.
   */
  request<T>(call: FrameHostCall<T>): Promise<T>
  /** The URL of a route with the common query (images the page loads itself). */
  url(path: string, query?: QueryValues): string
}

export type CreateFrameHostParameters = {
  /** frame-host's origin, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string
  projectId: string
  /** Default: the global `fetch`, read on each call. */
  fetch?: typeof fetch | undefined
  /** The wait before retry `n`, ms (test seam). Default {@link retryDelay}. */
  retryDelay?: ((n: number) => number) | undefined
}

/** The query every frame-host route takes: `projectId`, `st` (SDK type) and `sv` (SDK version). */
export function frameHostQuery(projectId: string): URLSearchParams {
  return new URLSearchParams({ projectId, st: SDK_TYPE, sv: `oriel-react-${version}` })
}

/** The message of frame-host's error body `{ error: { code, message } }`, if the answer has one (any code: newer ones may come). */
async function errorMessage(response: Response): Promise<string | undefined> {
  try {
    const message = ((await response.json()) as { error?: { message?: unknown } } | null)?.error?.message
    if (typeof message === 'string') return message
  } catch {
    // not JSON: the status says enough
  }
  return undefined
}

/**
 * `body` read by `check` (a generated check of the route's answer); another shape throws
 * `InvalidFrameHostResponseError` with the service's words and where the answer differs.
 *
 * @example
 * const page = parseAnswer(WALLETS_SERVICE, checkWalletsPage, body)
 */
export function parseAnswer<T>(service: FrameHostService, check: Check<T>, body: unknown): T {
  try {
    return check(body, '')
  } catch (error) {
    if (error instanceof ShapeError) throw new InvalidFrameHostResponseError({ service, reason: error.message })
    throw error
  }
}

/** A failure worth another attempt: no answer, or a server error other than "not implemented". */
const transient = (status: number | undefined) => status === undefined || (status >= 500 && status !== 501)

/**
 * The client of a frame-host for a project.
 *
 * @example
 * const host = createFrameHost({ baseUrl: 'http://127.0.0.1:8787', projectId: 'demo' })
 * const reply = await host.request({ service, path: '/v1/identity/0x8ba1…', read: checkIdentityReply })
 */
export function createFrameHost(parameters: CreateFrameHostParameters): FrameHost {
  const baseUrl = parameters.baseUrl.replace(/\/+$/, '')
  const url = (path: string, query: QueryValues = {}) => {
    const search = frameHostQuery(parameters.projectId)
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value))
    return `${baseUrl}${path}?${search}`
  }

  async function attempt<T>(call: FrameHostCall<T>, target: string): Promise<T> {
    const { service, signal } = call
    const json = call.body !== undefined && !call.plain
    const headers = json ? { 'content-type': 'application/json', ...call.headers } : call.headers
    let response: Response
    try {
      response = await (parameters.fetch ?? fetch)(target, {
        method: call.method ?? 'GET',
        credentials: 'omit',
        signal,
        keepalive: call.keepalive,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      })
    } catch (cause) {
      if (signal?.aborted) throw cause
      throw new FrameHostUnreachableError({ service, url: target, cause })
    }
    const { status } = response
    if (!response.ok) {
      const message = await errorMessage(response)
      if (message && service.explains?.(status)) throw new FrameHostRequestError({ service, status, url: target, message })
      throw new HttpStatusError({ service, status, url: target, message })
    }
    if (!call.read) return undefined as T
    let body: unknown
    try {
      body = await response.json()
    } catch (cause) {
      throw new InvalidFrameHostResponseError({ service, status, reason: `not JSON: ${String(cause)}` })
    }
    return call.read(body)
  }

  return {
    baseUrl,
    url,
    async request(call) {
      const target = url(call.path, call.query)
      const attempts = (call.idempotent ?? (call.method ?? 'GET') === 'GET') ? RETRY_ATTEMPTS : 1
      for (let n = 0; ; n++) {
        try {
          return await attempt(call, target)
        } catch (error) {
          const status = error instanceof FrameHostError ? error.status : 0
          if (n + 1 >= attempts || !transient(status)) throw error
          await sleep((parameters.retryDelay ?? retryDelay)(n), call.signal)
        }
      }
    },
  }
}
