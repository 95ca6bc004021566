import { BaseError } from '../core/errors/base'
import type { Envelope } from './protocol.gen'

export type * from './protocol.gen'
// The handshake message types and the spec texts the frame and frame-host share with the SDK.
export * from './constants.gen'

/**
 * The host-side codec: postcard as the protocol crate writes it, laid out by the schema traced
 * from the crate's own types (schema.gen.ts) and checked against its golden vectors.
 */
export interface Codec {
  /** Protocol versions this build speaks, ascending. */
  readonly versions: readonly number[]
  /** Postcard bytes of an envelope. */
  encode(envelope: Envelope): Uint8Array
  /** The envelope in `bytes`; throws {@link ProtocolError} on anything else. */
  decode(bytes: Uint8Array): Envelope
  /** The highest version both sides speak; throws {@link ProtocolVersionMismatchError}. */
  negotiate(frameVersions: readonly number[]): number
}

export type ProtocolErrorType = ProtocolError & { name: 'ProtocolError' }
/** Bytes that are not a message of a version we speak, or a value that cannot be encoded. */
export class ProtocolError extends BaseError {
  override name = 'ProtocolError'
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
  }
}

export type ProtocolVersionMismatchErrorType = ProtocolVersionMismatchError & {
  name: 'ProtocolVersionMismatchError'
}
/** The host and the frame have no protocol version in common. */
export class ProtocolVersionMismatchError extends BaseError {
  override name = 'ProtocolVersionMismatchError'
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), {
      cause,
      metaMessages: ['Update @oriel/react or the frame-host so they share a protocol version.'],
    })
  }
}
