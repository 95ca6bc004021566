// The host codec itself, apart from codec.ts so that importing the shared types, constants and
// error classes never pulls the schema and the postcard code into a dapp's initial chunk: only
// the lazily loaded frame client imports this file.
import { type Codec, ProtocolError, ProtocolVersionMismatchError } from './codec'
import { MAX_MESSAGE_BYTES, SUPPORTED_VERSIONS } from './constants.gen'
import { Reader, ShapeError, WireError, Writer } from './postcard'
import type { Body } from './protocol.gen'
import { SCHEMA } from './schema.gen'

/**
 * The codec, ready at once: no wasm to fetch or compile on the host page.
 *
 * @example
 * codec.decode(codec.encode({ version: 1, id: 1, body: { Request: 'IsConnected' } }))
 */
export const codec: Codec = {
  versions: SUPPORTED_VERSIONS,
  encode(envelope) {
    let bytes: Uint8Array
    try {
      if (typeof envelope !== 'object' || envelope === null) throw new ShapeError('expected an envelope object')
      const writer = new Writer(SCHEMA)
      writer.write('u16', envelope.version, 'version')
      writer.write('u32', envelope.id, 'id')
      writer.write('Body', envelope.body, 'body')
      bytes = writer.bytes
    } catch (cause) {
      throw new ProtocolError(cause instanceof ShapeError ? new ShapeError(`invalid envelope: ${cause.message}`) : cause)
    }
    if (bytes.length > MAX_MESSAGE_BYTES) throw new ProtocolError(tooLarge(bytes.length))
    return bytes
  },
  decode(bytes) {
    if (bytes.length > MAX_MESSAGE_BYTES) throw new ProtocolError(tooLarge(bytes.length))
    try {
      const reader = new Reader(SCHEMA, bytes)
      const version = reader.read('u16') as number
      const id = reader.read('u32') as number
      if (!SUPPORTED_VERSIONS.includes(version)) {
        throw new ProtocolError(`unsupported protocol version ${version}; this side speaks ${list(SUPPORTED_VERSIONS)}`)
      }
      const body = reader.read('Body') as Body
      if (reader.remaining > 0) throw new WireError(`${reader.remaining} unexpected bytes after the envelope`)
      return { version, id, body }
    } catch (cause) {
      if (cause instanceof ProtocolError) throw cause
      throw new ProtocolError(cause instanceof WireError ? new WireError(`malformed message: ${cause.message}`) : cause)
    }
  },
  negotiate(frameVersions) {
    const common = SUPPORTED_VERSIONS.filter((v) => frameVersions.includes(v))
    if (common.length === 0) {
      throw new ProtocolVersionMismatchError(
        `protocol version mismatch: host speaks ${list(SUPPORTED_VERSIONS)}, frame speaks ${list(frameVersions)}`,
      )
    }
    return Math.max(...common)
  },
}

/** A list as Rust's `{:?}` prints it, so both sides word errors alike. */
const list = (versions: readonly number[]) => `[${versions.join(', ')}]`
const tooLarge = (size: number) => `message is ${size} bytes; the limit is ${MAX_MESSAGE_BYTES}`
