import type { OrielClient } from '../client/createClient'
import { type FrameHostErrorType, type FrameHostService, InvalidFrameHostResponseError } from '../frameHost/errors'
import {
  checkGatewayInfo,
  checkNameLookupReply,
  checkNameRecord,
  checkNamesReply,
  checkRegisterNameReply,
  checkSuggestionsReply,
  type NameLookupQuery,
  type NameRecord as WireRecord,
  type RegisterNameRequest,
} from '../frameHost/names.gen'
import { type FrameHost, parseAnswer } from '../frameHost/transport'
import { isEvmAddress } from '../validation/address'

/** The name routes: their failures' words, and the refusals whose words the views show (any 4xx). */
export const NAMES_SERVICE: FrameHostService = {
  name: 'names',
  unreachable: 'Could not reach the name service',
  invalid: 'Invalid answer from the name service',
  explains: (status) => status >= 400 && status < 500,
}

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

export type NamesApiErrorType = FrameHostErrorType

/** A client of frame-host's name routes (spec §7 `/v1/profile/*`). */
export interface NamesApiClient {
  /** The suffix frame-host registers names under (`GET /v1/profile/gateway`). */
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

const invalid = (reason: string) => new InvalidFrameHostResponseError({ service: NAMES_SERVICE, reason })

/** A record as the SDK keeps it: coin types of digits, each an EVM address (any case). */
function readRecord(record: WireRecord): NameRecord {
  const addresses: Record<string, { address: `0x${string}` }> = {}
  for (const [coin, { address }] of Object.entries(record.addresses)) {
    if (!/^\d{1,20}$/.test(coin) || !isEvmAddress(address, { strict: false })) throw invalid(`expected an address for coin type ${coin}`)
    addresses[coin] = { address: address as `0x${string}` }
  }
  return { name: record.name, addresses, attributes: record.attributes }
}

/**
 * Checks a record's shape: `name`, `addresses` of `{ address }` (0x and 40 hex digits) by coin
 * type, `attributes` of strings.
 */
export function parseNameRecord(body: unknown): NameRecord {
  return readRecord(parseAnswer(NAMES_SERVICE, checkNameRecord, body))
}

/**
 * A client of frame-host's name service over a frame-host client. A refusal frame-host explains
 * (a 4xx with its message) throws `FrameHostRequestError` with that text, and an answer of
 * another shape `InvalidFrameHostResponseError`.
 *
 * @example
 * const names = createNamesApiClient(client.frameHost)
 * const suffix = await names.getSuffix() // 'oriel.id'
 * const record = await names.lookupName(`alice.${suffix}`) // null when free
 */
export function createNamesApiClient(frameHost: FrameHost): NamesApiClient {
  const service = NAMES_SERVICE
  const lookup: NameLookupQuery = { apiVersion: '2' }

  return {
    async getSuffix() {
      return frameHost.request({
        service,
        path: '/v1/profile/gateway',
        read: (body) => {
          const value = parseAnswer(service, checkGatewayInfo, body).suffix
          if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(value)) throw invalid('expected { suffix } with the name suffix')
          return value
        },
      })
    },
    lookupName(name, options = {}) {
      const path = `/v1/profile/account/${encodeURIComponent(name)}`
      return frameHost.request({
        service,
        path,
        query: lookup,
        signal: options.signal,
        read: (body) => {
          const answer = parseAnswer(service, checkNameLookupReply, body)
          return Array.isArray(answer) ? null : readRecord(answer as WireRecord)
        },
      })
    },
    namesForAddress(address, options = {}) {
      const path = `/v1/profile/reverse/${encodeURIComponent(address)}`
      return frameHost.request({
        service,
        path,
        query: lookup,
        signal: options.signal,
        read: (body) => parseAnswer(service, checkNamesReply, body).map(readRecord),
      })
    },
    suggestions(label, zone, options = {}) {
      return frameHost.request({
        service,
        path: `/v1/profile/suggestions/${encodeURIComponent(label)}`,
        query: { zone },
        signal: options.signal,
        read: (body) => [...parseAnswer(service, checkSuggestionsReply, body).suggestions],
      })
    },
    register(registration, options = {}) {
      const body: RegisterNameRequest = {
        coin_type: registration.coinType,
        address: registration.address,
        message: registration.message,
        signature: registration.signature,
      }
      return frameHost.request({
        service,
        method: 'POST',
        path: '/v1/profile/account',
        body,
        signal: options.signal,
        read: (answer) => readRecord(parseAnswer(service, checkRegisterNameReply, answer).account),
      })
    },
  }
}

/**
 * The name-service client of an SDK client (its frame-host). Reads go through the query cache
 * (`readNameSuffix`, `readNameRecord`, …); registering is a call of its own.
 *
 * @example
 * const record = await getNamesApi(client).register(registration)
 */
export function getNamesApi(client: OrielClient): NamesApiClient {
  return createNamesApiClient(client.frameHost)
}

/**
 * The suffix frame-host registers names under, asked once per page (again after a failure).
 *
 * @example
 * await readNameSuffix(client) // 'oriel.id'
 */
export function readNameSuffix(client: OrielClient): Promise<string> {
  return client.query.fetch({ key: ['nameSuffix'], read: () => getNamesApi(client).getSuffix(), staleMs: Number.POSITIVE_INFINITY })
}

/** The record of a name, `null` when it is free (never cached: a read under way is shared). */
export function readNameRecord(client: OrielClient, name: string, options: NamesCallOptions = {}): Promise<NameRecord | null> {
  const read = (signal: AbortSignal) => getNamesApi(client).lookupName(name, { signal })
  return client.query.fetch({ key: ['nameRecord', name], read, staleMs: 0 }, options)
}

/** The names an address registered (never cached: a read under way is shared). */
export function readNamesForAddress(client: OrielClient, address: string, options: NamesCallOptions = {}): Promise<NameRecord[]> {
  const read = (signal: AbortSignal) => getNamesApi(client).namesForAddress(address, { signal })
  return client.query.fetch({ key: ['names', address.toLowerCase()], read, staleMs: 0 }, options)
}

/** frame-host's suggestions for a label in a zone (never cached: a read under way is shared). */
export function readNameSuggestions(client: OrielClient, label: string, zone: string, options: NamesCallOptions = {}): Promise<NameSuggestion[]> {
  const read = (signal: AbortSignal) => getNamesApi(client).suggestions(label, zone, { signal })
  return client.query.fetch({ key: ['nameSuggestions', `${label}.${zone}`], read, staleMs: 0 }, options)
}
