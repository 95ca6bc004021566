// Generated from the oriel-protocol crate (http::siwx) by protocol/tests/http_contract.rs.
// Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract
import { type Check, array, boolean, object, oneOf, string } from './check'

/** The answer of `GET /v1/sessions/nonce`. */
export type NonceReply = {
  /** 32 lowercase hex characters, usable once, for this project. */
  readonly nonce: string
  /** When it stops being accepted, RFC 3339 (10 minutes on). */
  readonly expiresAt: string
}

export const checkNonceReply: Check<NonceReply> = /*#__PURE__*/ object<NonceReply>({ nonce: string, expiresAt: string })

/** `POST /v1/sessions` (unknown fields refused). */
export type SignInRequest = {
  /** The text the wallet signed: EIP-4361 exactly (or its Solana form). */
  readonly message: string
  /** The signature: `0x` hex for `eip155`, base58 for `solana`. */
  readonly signature: string
}

export const checkSignInRequest: Check<SignInRequest> = /*#__PURE__*/ object<SignInRequest>({ message: string, signature: string })

/** A sign-in message's fields. */
export type SiwxMessageData = {
  /** The signing address. */
  readonly accountAddress: string
  /** The network, CAIP-2. */
  readonly chainId: string
  /** The URI scheme of the origin, when the message names one. */
  readonly scheme?: string
  /** The domain asking for the sign-in. */
  readonly domain: string
  /** The URI the sign-in is for. */
  readonly uri: string
  /** The message's version, `1`. */
  readonly version: string
  /** The nonce. */
  readonly nonce: string
  /** When it was issued, RFC 3339. */
  readonly issuedAt: string
  /** The statement, when the message has one. */
  readonly statement?: string
  /** When it expires, RFC 3339. */
  readonly expirationTime?: string
  /** When it becomes valid, RFC 3339. */
  readonly notBefore?: string
  /** The request id. */
  readonly requestId?: string
  /** The resources (URIs). */
  readonly resources?: readonly string[]
}

export const checkSiwxMessageData: Check<SiwxMessageData> = /*#__PURE__*/ object<SiwxMessageData>({ accountAddress: string, chainId: string, domain: string, uri: string, version: string, nonce: string, issuedAt: string }, { scheme: string, statement: string, expirationTime: string, notBefore: string, requestId: string, resources: array(string) })

/** How a sign-in signature was checked. */
export type Verification = 'eoa' | 'erc1271' | 'erc6492' | 'ed25519'

export const checkVerification: Check<Verification> = /*#__PURE__*/ oneOf(['eoa', 'erc1271', 'erc6492', 'ed25519'])

/** A session as the API shows it. */
export type SiwxSession = {
  /** The session id (the revoke route's `pci`). */
  readonly id: string
  /** The network, CAIP-2. */
  readonly chainId: string
  /** The address, as in the message. */
  readonly address: string
  /** How the signature was checked. */
  readonly verification: Verification
  /** The message's fields. */
  readonly data: SiwxMessageData
  /** The message, as signed. */
  readonly message: string
  /** The signature, as sent. */
  readonly signature: string
  /** When it was made, RFC 3339. */
  readonly createdAt: string
  /** When it ends, RFC 3339. */
  readonly expiresAt: string
}

export const checkSiwxSession: Check<SiwxSession> = /*#__PURE__*/ object<SiwxSession>({ id: string, chainId: string, address: string, verification: checkVerification, data: checkSiwxMessageData, message: string, signature: string, createdAt: string, expiresAt: string })

/** The answer of `POST /v1/sessions`. */
export type SignInReply = {
  /** The session. */
  readonly session: SiwxSession
  /**
   * frame-host's EdDSA JWT for the dapp's backend (`sub` the CAIP-10 account, `sid` the
   * session id).
   */
  readonly token: string
}

export const checkSignInReply: Check<SignInReply> = /*#__PURE__*/ object<SignInReply>({ session: checkSiwxSession, token: string })

/** The query of `GET /v1/sessions/{address}`. */
export type SessionsQuery = {
  /** Only a session on this network (CAIP-2). */
  readonly chainId?: string
}

export const checkSessionsQuery: Check<SessionsQuery> = /*#__PURE__*/ object<SessionsQuery>({}, { chainId: string })

/** The answer of `GET /v1/sessions/{address}` (with `Authorization: Bearer {token}`). */
export type SessionsReply = {
  /** The token's session when it is live, else none. */
  readonly sessions: readonly SiwxSession[]
}

export const checkSessionsReply: Check<SessionsReply> = /*#__PURE__*/ object<SessionsReply>({ sessions: array(checkSiwxSession) })

/** `POST /v1/sessions/{address}/revoke` (unknown fields refused). */
export type RevokeRequest = {
  /** The session id, 1 to 64 characters. */
  readonly pci: string
  /** The signature of the session's message, as the session holds it. */
  readonly signature: string
}

export const checkRevokeRequest: Check<RevokeRequest> = /*#__PURE__*/ object<RevokeRequest>({ pci: string, signature: string })

/** The answer of `POST /v1/sessions/{address}/revoke`. */
export type RevokeReply = {
  /** Whether there was such a session (it has ended now). */
  readonly revoked: boolean
}

export const checkRevokeReply: Check<RevokeReply> = /*#__PURE__*/ object<RevokeReply>({ revoked: boolean })
