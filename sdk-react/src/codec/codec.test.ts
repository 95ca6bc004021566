// The host codec is the protocol crate compiled to wasm; it must agree byte for byte with the
// golden vectors that `cargo test` checks (fixtures/protocol).
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createCodec, ProtocolError, ProtocolVersionMismatchError } from './codec'
import * as bindings from './wasm/oriel_protocol.js'

const fixtures = fileURLToPath(new URL('../../../fixtures/protocol/', import.meta.url))
bindings.initSync({ module: readFileSync(new URL('./wasm/oriel_protocol_bg.wasm', import.meta.url)) })
const codec = createCodec(bindings)

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

describe('encode', () => {
  it('refuses values that are not envelopes', () => {
    expect(() => codec.encode({ version: 1, id: 1, body: { Request: 'Nope' } } as never)).toThrow(
      ProtocolError,
    )
    expect(() => codec.encode({ version: 1, id: -1, body: { Request: 'IsConnected' } })).toThrow(
      /invalid envelope/,
    )
  })
})

describe('negotiate', () => {
  it('picks the highest common version', () => {
    expect(codec.versions).toEqual([1])
    expect(codec.negotiate([1, 2, 3])).toBe(1)
  })

  it('names both sides on a mismatch', () => {
    expect(() => codec.negotiate([2, 3])).toThrow(ProtocolVersionMismatchError)
    expect(() => codec.negotiate([2, 3])).toThrow(
      'protocol version mismatch: host speaks [1], frame speaks [2, 3]',
    )
  })
})
