// Generated from the oriel-protocol crate (http::identity) by protocol/tests/http_contract.rs.
// Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract
import { type Check, nullable, object, string } from './check'

/** The query of `GET /v1/identity/{address}`. */
export type IdentityQuery = {
  /** The asking account (optional), checked and not used. */
  readonly sender?: string
}

export const checkIdentityQuery: Check<IdentityQuery> = /*#__PURE__*/ object<IdentityQuery>({}, { sender: string })

/**
 * The answer of `GET /v1/identity/{address}`: the address's primary name and its avatar
 * record, each `null` when there is none.
 */
export type IdentityReply = {
  /**
   * The name the address's reverse record names, only when that name resolves back to
   * the address.
   */
  readonly name: string | null
  /** The name's `avatar` text record, when it has one. */
  readonly avatar: string | null
}

export const checkIdentityReply: Check<IdentityReply> = /*#__PURE__*/ object<IdentityReply>({ name: nullable(string), avatar: nullable(string) })
