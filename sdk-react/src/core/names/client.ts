import type { OrielClient } from '../client/createClient'
import { BaseError } from '../errors/base'
import { InvalidNameServiceResponseError, NameServiceUnreachableError } from '../errors/names'
import { HttpStatusError } from '../errors/registry'
import { isEvmAddress } from '../validation/address'
import { errorMessage, frameHostQuery } from '../wallets/registry'

/** A registered name as frame-host answers it (frame-host/API.md "Names": a record). */
export interface NameRecord {
  /** `{label}.{suffix}`, lowercase. */
  readonly name: string
  /** By ENSIP-11 coin type as a decimal string: `"60"` and the coin type it was registered for. */
  readonly addresses: Readonly<Record<string, { readonly address: `0x${string}` }>>
  /** `avatar` (an http(s) URL) and `bio`, when set. */
  readonly attributes: Readonly<Record<string, string>>
}

/** A suggestion (spec §3): a full name, and whether it is taken (only the name asked for can be). */
export interface NameSuggestion {
  readonly name: string
  readonly registered: boolean
}

/** A signed registration, as `POST /v1/profile/account` takes it. */
export type NameRegistration = {
  /** ENSIP-11 coin type of the chain the address signed on. */
  coinType: number
  address: string
  /** The JSON text signed, exactly as signed. */
  message: string
  /** `personal_sign` of `message` by `address`. */
  signature: string
}

export type NamesCallOptions = { signal?: AbortSignal | undefined }

export type NameRequestErrorType = NameRequestError & { name: 'NameRequestError' }
/**
 * frame-host refused a name request and said why ('Name is already registered', 'Registration
 * message expired', 'Invalid name: …', 'Please try again after {n} seconds'): the short message
 * is its text.
 */
export class NameRequestError extends BaseError {
  override name = 'NameRequestError'
  readonly status: number
  constructor({ status, message, url }: { status: number; message: string; url: string }) {
    super(message, { details: `HTTP ${status} from ${url}` })
    this.status = status
  }
}

export type NamesApiErrorType = NameServiceUnreachableError | InvalidNameServiceResponseError | NameRequestError | HttpStatusError

/** A client of frame-host's name routes (spec §7 `/v1/profile/*`). */
export interface NamesApiClient {
  /** The suffix frame-host registers names under (`GET /v1/profile/gateway`), asked once (again after a failure). */
  getSuffix(): Promise<string>
  /** `GET /v1/profile/account/{name}?apiVersion=2`: the name's record, `null` when it is free. */
  lookupName(name: string, options?: NamesCallOptions): Promise<NameRecord | null>
  /** `GET /v1/profile/reverse/{address}?apiVersion=2`: the names the address registered (its primary name, or none). */
  namesForAddress(address: string, options?: NamesCallOptions): Promise<NameRecord[]>
  /**
   * `GET /v1/profile/suggestions/{label}?zone={suffix}`: the name asked for with `registered`,
   * then up to 4 free alternatives, each a full name.
   */
  suggestions(label: string, suffix: string, options?: NamesCallOptions): Promise<NameSuggestion[]>
  /** `POST /v1/profile/account`: registers a signed name; answers its record. */
  register(registration: NameRegistration, options?: NamesCallOptions): Promise<NameRecord>
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Checks a record's shape: `name`, `addresses` of `{ address }` (0x and 40 hex digits) by coin
 * type, `attributes` of strings.
 */
export function parseNameRecord(body: unknown): NameRecord {
  const invalid = (reason: string) => new InvalidNameServiceResponseError({ reason })
  if (!isObject(body) || typeof body['name'] !== 'string') throw invalid('expected a record with a name')
  const { addresses, attributes } = body
  if (!isObject(addresses)) throw invalid('expected addresses by coin type')
  const parsed: Record<string, { address: `0x${string}` }> = {}
  for (const [coin, entry] of Object.entries(addresses)) {
    const address = isObject(entry) ? entry['address'] : undefined
    if (!/^\d{1,20}$/.test(coin) || !isEvmAddress(address, { strict: false })) throw invalid(`expected an address for coin type ${coin}`)
    parsed[coin] = { address: address as `0x${string}` }
  }
  if (!isObject(attributes) || !Object.values(attributes).every((v) => typeof v === 'string')) {
    throw invalid('expected attributes of strings')
  }
  return { name: body['name'], addresses: parsed, attributes: attributes as Record<string, string> }
}

/**
 * A client of frame-host's name service. Lookups carry `projectId`, `st` and `sv`; a refusal
 * frame-host explains (a 4xx with its message) throws `NameRequestError` with that text, and an
 * answer of another shape `InvalidNameServiceResponseError`.
 *
 * @example
 * const names = createNamesApiClient({ baseUrl: 'http://127.0.0.1:8787', projectId: 'demo' })
 * const suffix = await names.getSuffix() // 'oriel.id'
 * const record = await names.lookupName(`alice.${suffix}`) // null when free
 */
export function createNamesApiClient(parameters: { baseUrl: string; projectId: string; fetch?: typeof fetch | undefined }): NamesApiClient {
  const base = parameters.baseUrl.replace(/\/+$/, '')
  const url = (path: string, extra: Record<string, string> = {}) => {
    const query = frameHostQuery(parameters.projectId)
    for (const [key, value] of Object.entries(extra)) query.set(key, value)
    return `${base}/v1/profile/${path}?${query}`
  }
  const request = async (target: string, init: RequestInit, options: NamesCallOptions = {}): Promise<unknown> => {
    let response: Response
    try {
      response = await (parameters.fetch ?? fetch)(target, { ...init, signal: options.signal, credentials: 'omit' })
    } catch (cause) {
      if (options.signal?.aborted) throw cause
      throw new NameServiceUnreachableError({ url: target, cause })
    }
    if (!response.ok) {
      const message = await errorMessage(response)
      if (message && response.status >= 400 && response.status < 500) throw new NameRequestError({ status: response.status, message, url: target })
      throw new HttpStatusError({ status: response.status, url: target, message })
    }
    try {
      return (await response.json()) as unknown
    } catch (cause) {
      throw new InvalidNameServiceResponseError({ reason: `not JSON: ${String(cause)}` })
    }
  }
  const get = (target: string, options?: NamesCallOptions) => request(target, { method: 'GET' }, options)
  let suffix: Promise<string> | undefined

  return {
    getSuffix() {
      suffix ??= get(`${base}/v1/profile/gateway`).then((body) => {
        const value = isObject(body) ? body['suffix'] : undefined
        if (typeof value !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(value)) {
          throw new InvalidNameServiceResponseError({ reason: 'expected { suffix } with the name suffix' })
        }
        return value
      })
      // A failure is asked again next time.
      suffix.catch(() => {
        suffix = undefined
      })
      return suffix
    },
    async lookupName(name, options) {
      const body = await get(url(`account/${encodeURIComponent(name)}`, { apiVersion: '2' }), options)
      return Array.isArray(body) && body.length === 0 ? null : parseNameRecord(body)
    },
    async namesForAddress(address, options) {
      const body = await get(url(`reverse/${encodeURIComponent(address)}`, { apiVersion: '2' }), options)
      if (!Array.isArray(body)) throw new InvalidNameServiceResponseError({ reason: 'expected a list of records' })
      return body.map(parseNameRecord)
    },
    async suggestions(label, zone, options) {
      const body = await get(url(`suggestions/${encodeURIComponent(label)}`, { zone }), options)
      const list = isObject(body) ? body['suggestions'] : undefined
      if (!Array.isArray(list)) throw new InvalidNameServiceResponseError({ reason: 'expected { suggestions: [...] }' })
      return list.map((entry) => {
        if (!isObject(entry) || typeof entry['name'] !== 'string' || typeof entry['registered'] !== 'boolean') {
          throw new InvalidNameServiceResponseError({ reason: 'expected suggestions of { name, registered }' })
        }
        return { name: entry['name'], registered: entry['registered'] }
      })
    },
    async register(registration, options) {
      const body = JSON.stringify({
        coin_type: registration.coinType,
        address: registration.address,
        message: registration.message,
        signature: registration.signature,
      })
      const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body }
      const answer = await request(url('account'), init, options)
      if (!isObject(answer) || answer['success'] !== true) throw new InvalidNameServiceResponseError({ reason: 'expected { success: true, account }' })
      return parseNameRecord(answer['account'])
    },
  }
}

const clients = new WeakMap<OrielClient, NamesApiClient>()

/**
 * The name-service client of an SDK client (its config's frame-host and project), created on
 * first use so that it loads with the views that need it, not with the page.
 *
 * @example
 * const record = await getNamesApi(client).lookupName('alice.oriel.id')
 */
export function getNamesApi(client: OrielClient): NamesApiClient {
  let api = clients.get(client)
  if (!api) {
    api = createNamesApiClient({ baseUrl: client.config.frameHostUrl, projectId: client.config.projectId })
    clients.set(client, api)
  }
  return api
}
