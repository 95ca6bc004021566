// Generated from the oriel-protocol crate (http) by protocol/tests/http_contract.rs.
// Do not edit: ORIEL_BLESS=1 cargo test -p oriel-protocol --test http_contract
import { type Check, object, oneOf, string } from './check'

/** The query every route the SDK calls takes, besides its own parameters. */
export type SdkQuery = {
  /** The project (400 'missing projectId' without it, 404 'unknown project id'). */
  readonly projectId: string
  /** The SDK's type (default `appkit`), at most 64 characters; not used. */
  readonly st?: string
  /** The SDK's version, at most 64 characters; not used. */
  readonly sv?: string
}

export const checkSdkQuery: Check<SdkQuery> = /*#__PURE__*/ object<SdkQuery>({ projectId: string }, { st: string, sv: string })

/** The kinds of frame-host errors, each with its HTTP status. */
export type HttpErrorCode = 'invalid_params' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'code_locked' | 'throttled' | 'internal' | 'upstream'

export const checkHttpErrorCode: Check<HttpErrorCode> = /*#__PURE__*/ oneOf(['invalid_params', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'code_locked', 'throttled', 'internal', 'upstream'])

/** A frame-host error. */
export type HttpError = {
  /** What kind of failure. */
  readonly code: HttpErrorCode
  /** The text for people, in the spec's words where it has some (see `text`). */
  readonly message: string
}

export const checkHttpError: Check<HttpError> = /*#__PURE__*/ object<HttpError>({ code: checkHttpErrorCode, message: string })

/**
 * The body of every frame-host error: `{ "error": { "code", "message" } }`, with the HTTP
 * status of its `HttpErrorCode`.
 */
export type HttpErrorBody = {
  /** The error. */
  readonly error: HttpError
}

export const checkHttpErrorBody: Check<HttpErrorBody> = /*#__PURE__*/ object<HttpErrorBody>({ error: checkHttpError })
