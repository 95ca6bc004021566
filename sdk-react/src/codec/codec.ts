import { BaseError } from '../core/errors/base'
import type { Envelope } from './protocol.gen'

export type * from './protocol.gen'
// The handshake message types and the spec texts the frame and frame-host share with the SDK.
export * from './constants.gen'

/** The wasm-bindgen exports of `oriel-protocol` built with `--features codec-wasm`. */
export interface CodecBindings {
  encode(envelopeJson: string): Uint8Array
  decode(bytes: Uint8Array): string
  supportedVersions(): Uint16Array
  negotiate(frameVersions: Uint16Array): number
}

/** The host-side codec: the protocol crate itself, compiled to wasm. */
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

/**
 * Wraps the raw wasm exports in typed functions and typed errors.
 *
 * @example
 * const codec = createCodec(await import('./wasm/oriel_protocol.js'))
 * codec.decode(codec.encode({ version: 1, id: 1, body: { Request: 'IsConnected' } }))
 */
export function createCodec(bindings: CodecBindings): Codec {
  const versions = Object.freeze([...bindings.supportedVersions()])
  return {
    versions,
    encode(envelope) {
      try {
        return bindings.encode(JSON.stringify(envelope))
      } catch (cause) {
        throw new ProtocolError(cause)
      }
    },
    decode(bytes) {
      try {
        return JSON.parse(bindings.decode(bytes)) as Envelope
      } catch (cause) {
        throw new ProtocolError(cause)
      }
    },
    negotiate(frameVersions) {
      try {
        return bindings.negotiate(Uint16Array.from(frameVersions))
      } catch (cause) {
        throw new ProtocolVersionMismatchError(cause)
      }
    },
  }
}
