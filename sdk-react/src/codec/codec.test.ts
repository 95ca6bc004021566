// The host codec is TypeScript laid out by the schema traced from the protocol crate; it must
// agree byte for byte with the golden vectors that `cargo test` checks (fixtures/protocol), word
// its errors as the crate does, and refuse anything else without throwing anything but its own
// typed errors.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ProtocolError, ProtocolVersionMismatchError } from './codec'
import { codec } from './wire'
import type { Envelope } from './protocol.gen'

const fixtures = fileURLToPath(new URL('../../../fixtures/protocol/', import.meta.url))

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const read = (dir: string, ext: string) =>
  readdirSync(fixtures + dir)
    .filter((f) => f.endsWith(ext))
    .map((f) => f.slice(0, -ext.length))
    .sort()

describe('valid vectors', () => {
  const names = read('valid', '.hex')

  it('covers every message kind', () => {
    expect(names.filter((n) => n.startsWith('request-'))).toHaveLength(26)
    expect(names.filter((n) => n.startsWith('reply-'))).toHaveLength(26)
    expect(names).toContain('event-ready')
    expect(names).toContain('event-session-update')
    expect(names).toContain('event-storage')
  })

  it.each(names)('%s encodes and decodes exactly', (name) => {
    const bytes = readFileSync(`${fixtures}valid/${name}.hex`, 'utf8').trim()
    const json = JSON.parse(readFileSync(`${fixtures}valid/${name}.json`, 'utf8'))
    expect(hex(codec.encode(json))).toBe(bytes)
    expect(codec.decode(Buffer.from(bytes, 'hex'))).toEqual(json)
  })
})

describe('invalid vectors', () => {
  it.each(read('invalid', '.hex'))('%s is a typed error', (name) => {
    const bytes = Buffer.from(readFileSync(`${fixtures}invalid/${name}.hex`, 'utf8').trim(), 'hex')
    const { error } = JSON.parse(readFileSync(`${fixtures}invalid/${name}.json`, 'utf8'))
    expect(() => codec.decode(bytes)).toThrow(ProtocolError)
    expect(() => codec.decode(bytes)).toThrow(error)
  })
})

describe('decode', () => {
  // A small deterministic generator, so a failure names its seed.
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }

  it('never throws anything but ProtocolError on random bytes', () => {
    const next = random(7)
    for (let run = 0; run < 5000; run++) {
      const bytes = Uint8Array.from({ length: Math.floor(next() * 40) }, () => Math.floor(next() * 256))
      bytes[0] = PROTOCOL_VERSION // a supported version, so the body is read
      try {
        codec.decode(bytes)
      } catch (error) {
        expect(error, `run ${run}: ${hex(bytes)}`).toBeInstanceOf(ProtocolError)
      }
    }
  })

  it('never throws anything but ProtocolError on mutated valid vectors', () => {
    const next = random(11)
    const vectors = read('valid', '.hex').map((n) => Buffer.from(readFileSync(`${fixtures}valid/${n}.hex`, 'utf8').trim(), 'hex'))
    for (const vector of vectors) {
      for (let run = 0; run < 50; run++) {
        const bytes = Uint8Array.from(vector)
        bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256)
        const cut = bytes.subarray(0, Math.max(1, Math.floor(next() * (bytes.length + 1))))
        try {
          const decoded = codec.decode(cut)
          // Whatever decodes must encode back to the same bytes.
          expect(hex(codec.encode(decoded))).toBe(hex(cut))
        } catch (error) {
          expect(error).toBeInstanceOf(ProtocolError)
        }
      }
    }
  })

  it('refuses a message over the size limit before reading it', () => {
    expect(() => codec.decode(new Uint8Array(MAX_MESSAGE_BYTES + 1))).toThrow(
      `message is ${MAX_MESSAGE_BYTES + 1} bytes; the limit is ${MAX_MESSAGE_BYTES}`,
    )
  })
})

describe('encode', () => {
  it('round-trips the widest values', () => {
    const envelope: Envelope = {
      version: PROTOCOL_VERSION,
      id: 2 ** 32 - 1,
      body: { Error: { code: { Rpc: -(2 ** 31) }, message: 'é ✓ 𝄞' } },
    }
    expect(codec.decode(codec.encode(envelope))).toEqual(envelope)
  })

  it('names the path of a value of the wrong shape', () => {
    expect(() =>
      codec.encode({ version: PROTOCOL_VERSION, id: 1, body: { Request: { RpcRequest: { method: 'eth_call', params: 7, chainId: null } } } } as never),
    ).toThrow('invalid envelope: body.Request.RpcRequest.params: expected a string, got 7')
    expect(() => codec.encode({ version: PROTOCOL_VERSION, id: 1, body: { Request: { IsConnected: {} } } } as never)).toThrow(
      'invalid envelope: body.Request.IsConnected: expected a unit variant',
    )
    expect(() =>
      codec.encode({ version: PROTOCOL_VERSION, id: 1, body: { Request: { ConnectOtp: { otp: '1', chainId: null, preferredAccountType: null, extra: 1 } } } } as never),
    ).toThrow('invalid envelope: body.Request.ConnectOtp.extra: expected no such field')
  })

  it('refuses values that are not envelopes', () => {
    expect(() => codec.encode({ version: PROTOCOL_VERSION, id: 1, body: { Request: 'Nope' } } as never)).toThrow(
      ProtocolError,
    )
    expect(() => codec.encode({ version: PROTOCOL_VERSION, id: -1, body: { Request: 'IsConnected' } })).toThrow(
      /invalid envelope/,
    )
  })
})

describe('negotiate', () => {
  it('picks the highest common version', () => {
    expect(codec.versions).toEqual([PROTOCOL_VERSION])
    expect(codec.negotiate([1, 2, 3])).toBe(PROTOCOL_VERSION)
  })

  it('names both sides on a mismatch', () => {
    expect(() => codec.negotiate([1, 3])).toThrow(ProtocolVersionMismatchError)
    expect(() => codec.negotiate([1, 3])).toThrow(
      'protocol version mismatch: host speaks [2], frame speaks [1, 3]',
    )
  })
})
