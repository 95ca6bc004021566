// Generated from the oriel-protocol crate (http::names) by protocol/tests/http_contract.rs.
// Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract
import { type Check, array, boolean, integer, object, string } from './check'
import { empty, record, union } from './checkForms'
import { checkNumberOrText, type NumberOrText } from './convert.gen'

/**
 * The query of the lookups `GET /v1/profile/account/{name}` and
 * `GET /v1/profile/reverse/{address}`.
 */
export type NameLookupQuery = {
  /** `1` (the default: a 404 when there is nothing) or `2` (an empty list instead). */
  readonly apiVersion?: string
  /** The asking account (reverse lookups; optional), checked and not used. */
  readonly sender?: string
}

export const checkNameLookupQuery: Check<NameLookupQuery> = /*#__PURE__*/ object<NameLookupQuery>({}, { apiVersion: string, sender: string })

/** One address of a name. */
export type NameAddress = {
  /** The address, EIP-55. */
  readonly address: string
  /** When it was set, RFC 3339 UTC with milliseconds. */
  readonly created_at: string
}

export const checkNameAddress: Check<NameAddress> = /*#__PURE__*/ object<NameAddress>({ address: string, created_at: string })

/**
 * A registered name: `GET /v1/profile/account/{name}`, and each entry of
 * `GET /v1/profile/reverse/{address}`.
 */
export type NameRecord = {
  /** `{label}.{suffix}`, lowercase. */
  readonly name: string
  /** When it was registered, RFC 3339 UTC with milliseconds. */
  readonly registered_at: string
  /** When it last changed, RFC 3339 UTC with milliseconds. */
  readonly updated_at: string
  /**
   * Its address by ENSIP-11 coin type as a decimal string: `"60"` (Ethereum) and the coin
   * type it was registered for (such as `"2147514985"` for chain 31337).
   */
  readonly addresses: Readonly<Record<string, NameAddress>>
  /** Its `avatar` (an http(s) URL) and `bio`, when set. */
  readonly attributes: Readonly<Record<string, string>>
}

export const checkNameRecord: Check<NameRecord> = /*#__PURE__*/ object<NameRecord>({ name: string, registered_at: string, updated_at: string, addresses: record(checkNameAddress), attributes: record(string) })

/** No record: an empty list. */
export type NoRecords = readonly []

export const checkNoRecords: Check<NoRecords> = empty

/**
 * The answer of `GET /v1/profile/account/{name}?apiVersion=2`: the record, or `[]` when the
 * name is free (with `apiVersion=1`, the default, a free name is a 404 instead).
 */
export type NameLookupReply = NameRecord | NoRecords

export const checkNameLookupReply: Check<NameLookupReply> = /*#__PURE__*/ union(checkNameRecord, checkNoRecords)

/**
 * The answer of `GET /v1/profile/reverse/{address}`: the address's name (at most one: its
 * primary name); with `apiVersion=2`, `[]` when it has none (else a 404).
 */
export type NamesReply = readonly NameRecord[]

export const checkNamesReply: Check<NamesReply> = /*#__PURE__*/ array(checkNameRecord)

/** The query of `GET /v1/profile/suggestions/{name}`. */
export type SuggestionsQuery = {
  /** The suffix the suggestions are for: only frame-host's own. */
  readonly zone?: string
}

export const checkSuggestionsQuery: Check<SuggestionsQuery> = /*#__PURE__*/ object<SuggestionsQuery>({}, { zone: string })

/** A suggestion (spec §3): a full name. */
export type NameSuggestion = {
  /** `{label}.{suffix}`. */
  readonly name: string
  /** Whether it is registered (only ever true for the name asked for). */
  readonly registered: boolean
}

export const checkNameSuggestion: Check<NameSuggestion> = /*#__PURE__*/ object<NameSuggestion>({ name: string, registered: boolean })

/**
 * The answer of `GET /v1/profile/suggestions/{name}`: the name asked for with `registered`,
 * then up to 4 free alternatives.
 */
export type SuggestionsReply = {
  /** The suggestions, in order. */
  readonly suggestions: readonly NameSuggestion[]
}

export const checkSuggestionsReply: Check<SuggestionsReply> = /*#__PURE__*/ object<SuggestionsReply>({ suggestions: array(checkNameSuggestion) })

/** `POST /v1/profile/account` (spec §7; at most 16 KiB, unknown fields refused). */
export type RegisterNameRequest = {
  /**
   * The ENSIP-11 coin type of the chain the address signed on, `0x80000000 | chainId` or
   * 60: a number or a decimal string.
   */
  readonly coin_type: NumberOrText
  /** The address that signed, `0x` and 40 hex digits (mixed case must be EIP-55). */
  readonly address: string
  /** The JSON text of a `RegistrationMessage`, exactly as signed. */
  readonly message: string
  /** The `personal_sign` (EIP-191) of `message` by `address`. */
  readonly signature: string
}

export const checkRegisterNameRequest: Check<RegisterNameRequest> = /*#__PURE__*/ object<RegisterNameRequest>({ coin_type: checkNumberOrText, address: string, message: string, signature: string })

/**
 * What the registering address signs, as the JSON text
 * `{"name":…,"attributes":{…},"timestamp":…}` (`JSON.stringify({ name, attributes, timestamp })`;
 * at most 4096 bytes, no other keys).
 */
export type RegistrationMessage = {
  /** The full name, `{label}.{suffix}`. */
  readonly name: string
  /** `avatar` and `bio`, optional. */
  readonly attributes?: Readonly<Record<string, string>>
  /** When it was made, Unix seconds. */
  readonly timestamp: number
}

export const checkRegistrationMessage: Check<RegistrationMessage> = /*#__PURE__*/ object<RegistrationMessage>({ name: string, timestamp: integer() }, { attributes: record(string) })

/** The answer of `POST /v1/profile/account`. */
export type RegisterNameReply = {
  /** Always `true`. */
  readonly success: boolean
  /** The registered name. */
  readonly account: NameRecord
}

export const checkRegisterNameReply: Check<RegisterNameReply> = /*#__PURE__*/ object<RegisterNameReply>({ success: boolean, account: checkNameRecord })

/** The answer of `GET /v1/profile/gateway`: what an operator's on-chain resolver needs. */
export type GatewayInfo = {
  /** The name suffix, such as `oriel.id`. */
  readonly suffix: string
  /** The EIP-3668 URL template (`{public_url}/v1/profile/ccip/{sender}/{data}.json`). */
  readonly url: string
  /** The address whose signatures the resolver trusts, EIP-55. */
  readonly signer: string
}

export const checkGatewayInfo: Check<GatewayInfo> = /*#__PURE__*/ object<GatewayInfo>({ suffix: string, url: string, signer: string })

/** The answer of `GET /v1/profile/ccip/{sender}/{data}.json`, the EIP-3668 gateway. */
export type GatewayReply = {
  /** `abi.encode(bytes result, uint64 expires, bytes signature)`, `0x` hex. */
  readonly data: string
}

export const checkGatewayReply: Check<GatewayReply> = /*#__PURE__*/ object<GatewayReply>({ data: string })
