// postcard, the wire format of oriel-protocol, driven by the schema generated from the crate
// (schema.gen.ts). Values are in serde_json's shape of the Rust types (the shape protocol.gen.ts
// declares): structs are objects, unit variants strings, other variants `{ Variant: payload }`,
// `None` is null. Lengths are usize varints as the frame (wasm32) reads them: at most 32 bits.
// Decoding errors carry postcard's own texts, so both sides name a bad message alike.

type Primitive = 'bool' | 'u8' | 'u16' | 'u32' | 'u64' | 'i8' | 'i16' | 'i32' | 'i64' | 'str' | 'unit'
/** A field's or a payload's format: a primitive, a container's name, or a wrapper. */
export type Format = Primitive | (string & {}) | readonly ['option', Format] | readonly ['seq', Format] | readonly ['tuple', readonly Format[]]
type Fields = readonly (readonly [string, Format])[]
type Variant = 'unit' | readonly ['newtype', Format] | readonly ['tuple', readonly Format[]] | readonly ['struct', Fields]
/** A named type's layout. */
export type Container =
  | readonly ['struct', Fields]
  | readonly ['newtype', Format]
  | readonly ['tuple', readonly Format[]]
  | readonly ['unit']
  | readonly ['enum', readonly (readonly [string, Variant])[]]
export type Schema = Readonly<Record<string, Container>>

/** Bytes that are not the value the schema describes; the message is postcard's text. */
export class WireError extends Error {
  override name = 'WireError'
}

/** A value that does not have the shape of the type it is encoded as. */
export class ShapeError extends Error {
  override name = 'ShapeError'
}

const END = 'Hit the end of buffer, expected more data'
const BAD_VARINT = "Found a varint that didn't terminate. Is the usize too big for this platform?"
const BAD_BOOL = "Found a bool that wasn't 0 or 1"
const BAD_OPTION = "Found an Option discriminant that wasn't 0 or 1"
const BAD_UTF8 = 'Tried to parse invalid utf-8'
const SERDE = 'Serde Deserialization Error'

const BITS = { u16: 16, u32: 32, u64: 64, i16: 16, i32: 32, i64: 64 } as const
type Wide = keyof typeof BITS

const utf8 = new TextDecoder('utf-8', { fatal: true })
const encoder = new TextEncoder()

/** Reads one value of `format` at a time from `bytes`. */
export class Reader {
  #at = 0
  constructor(
    private readonly schema: Schema,
    private readonly bytes: Uint8Array,
  ) {}

  /** Bytes not read yet. */
  get remaining(): number {
    return this.bytes.length - this.#at
  }

  read(format: Format): unknown {
    if (typeof format !== 'string') return this.#wrapped(format)
    switch (format) {
      case 'unit':
        return null
      case 'bool': {
        const b = this.#byte()
        if (b > 1) throw new WireError(BAD_BOOL)
        return b === 1
      }
      case 'u8':
        return this.#byte()
      case 'i8':
        return (this.#byte() << 24) >> 24
      case 'str':
        return this.#str()
      default:
        if (format in BITS) return this.#integer(format as Wide)
        return this.#container(format)
    }
  }

  #wrapped(format: Exclude<Format, string>): unknown {
    switch (format[0]) {
      case 'option': {
        const tag = this.#byte()
        if (tag > 1) throw new WireError(BAD_OPTION)
        return tag === 1 ? this.read(format[1]) : null
      }
      case 'seq': {
        const length = this.#length()
        const items: unknown[] = []
        for (let i = 0; i < length; i++) items.push(this.read(format[1]))
        return items
      }
      case 'tuple':
        return format[1].map((item) => this.read(item))
    }
  }

  #container(name: string): unknown {
    const container = this.schema[name]
    if (!container) throw new Error(`no container ${name} in the schema`)
    switch (container[0]) {
      case 'struct':
        return this.#fields(container[1])
      case 'newtype':
        return this.read(container[1])
      case 'tuple':
        return container[1].map((item) => this.read(item))
      case 'unit':
        return null
      case 'enum': {
        const index = this.#varint(32)
        const variant = container[1][Number(index)]
        if (!variant) throw new WireError(SERDE)
        const [variantName, body] = variant
        if (body === 'unit') return variantName
        const payload =
          body[0] === 'newtype' ? this.read(body[1]) : body[0] === 'tuple' ? body[1].map((f) => this.read(f)) : this.#fields(body[1])
        return { [variantName]: payload }
      }
    }
  }

  #fields(fields: Fields): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const [field, format] of fields) out[field] = this.read(format)
    return out
  }

  #byte(): number {
    if (this.#at >= this.bytes.length) throw new WireError(END)
    return this.bytes[this.#at++] as number
  }

  #str(): string {
    const length = this.#length()
    if (length > this.remaining) throw new WireError(END)
    const slice = this.bytes.subarray(this.#at, this.#at + length)
    this.#at += length
    try {
      return utf8.decode(slice)
    } catch {
      throw new WireError(BAD_UTF8)
    }
  }

  #length(): number {
    return Number(this.#varint(32))
  }

  /** An unsigned LEB128 varint of at most `bits` bits, refused as postcard refuses it. */
  #varint(bits: number): bigint {
    const max = Math.ceil(bits / 7)
    const lastMax = (1 << (bits - 7 * (max - 1))) - 1
    let out = 0n
    for (let i = 0; i < max; i++) {
      const b = this.#byte()
      out |= BigInt(b & 0x7f) << BigInt(7 * i)
      if ((b & 0x80) === 0) {
        if (i === max - 1 && b > lastMax) throw new WireError(BAD_VARINT)
        return out
      }
    }
    throw new WireError(BAD_VARINT)
  }

  #integer(kind: Wide): number {
    const raw = this.#varint(BITS[kind])
    const value = kind.startsWith('i') ? (raw >> 1n) ^ -(raw & 1n) : raw
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new WireError(`${value} does not fit a JavaScript number`)
    }
    return Number(value)
  }
}

/** Appends values of a `format` as postcard bytes. */
export class Writer {
  #buffer = new Uint8Array(256)
  #length = 0
  constructor(private readonly schema: Schema) {}

  get bytes(): Uint8Array {
    return this.#buffer.slice(0, this.#length)
  }

  #push(byte: number): void {
    this.#reserve(1)
    this.#buffer[this.#length++] = byte
  }

  #reserve(more: number): void {
    if (this.#length + more <= this.#buffer.length) return
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#length + more))
    grown.set(this.#buffer.subarray(0, this.#length))
    this.#buffer = grown
  }

  write(format: Format, value: unknown, path: string): void {
    if (typeof format !== 'string') {
      this.#wrapped(format, value, path)
      return
    }
    switch (format) {
      case 'unit':
        if (value !== null && value !== undefined) throw shape(path, 'null', value)
        return
      case 'bool':
        if (typeof value !== 'boolean') throw shape(path, 'a boolean', value)
        this.#push(value ? 1 : 0)
        return
      case 'u8':
        this.#push(integer(value, 0, 255, path))
        return
      case 'i8':
        this.#push(integer(value, -128, 127, path) & 0xff)
        return
      case 'str': {
        if (typeof value !== 'string') throw shape(path, 'a string', value)
        const bytes = encoder.encode(value)
        this.#varint(BigInt(bytes.length))
        this.#reserve(bytes.length)
        this.#buffer.set(bytes, this.#length)
        this.#length += bytes.length
        return
      }
      default:
        if (format in BITS) {
          this.#integer(format as Wide, value, path)
          return
        }
        this.#container(format, value, path)
        return
    }
  }

  #wrapped(format: Exclude<Format, string>, value: unknown, path: string): void {
    switch (format[0]) {
      case 'option':
        if (value === null || value === undefined) {
          this.#push(0)
          return
        }
        this.#push(1)
        this.write(format[1], value, path)
        return
      case 'seq':
        if (!Array.isArray(value)) throw shape(path, 'an array', value)
        this.#varint(BigInt(value.length))
        for (const [i, item] of value.entries()) this.write(format[1], item, `${path}[${i}]`)
        return
      case 'tuple':
        this.#tuple(format[1], value, path)
    }
  }

  #container(name: string, value: unknown, path: string): void {
    const container = this.schema[name]
    if (!container) throw new Error(`no container ${name} in the schema`)
    switch (container[0]) {
      case 'struct':
        this.#fields(container[1], value, path)
        return
      case 'newtype':
        this.write(container[1], value, path)
        return
      case 'tuple':
        this.#tuple(container[1], value, path)
        return
      case 'unit':
        this.write('unit', value, path)
        return
      case 'enum': {
        // A unit variant is its name; any other is `{ name: payload }`.
        const entries = isObject(value) ? Object.entries(value) : []
        const [variantName, payload]: [string?, unknown?] =
          typeof value === 'string' ? [value] : entries.length === 1 ? (entries[0] as [string, unknown]) : []
        const index = container[1].findIndex(([n]) => n === variantName)
        const body = container[1][index]?.[1]
        if (body === undefined) throw shape(path, `a variant of ${name}`, value)
        const at = `${path}.${variantName}`
        if ((body === 'unit') !== (typeof value === 'string')) throw shape(at, body === 'unit' ? 'a unit variant' : 'a payload', value)
        this.#varint(BigInt(index))
        if (body === 'unit') return
        if (body[0] === 'newtype') {
          this.write(body[1], payload, at)
          return
        }
        if (body[0] === 'tuple') {
          this.#tuple(body[1], payload, at)
          return
        }
        this.#fields(body[1], payload, at)
        return
      }
    }
  }

  #fields(fields: Fields, value: unknown, path: string): void {
    if (!isObject(value)) throw shape(path, 'an object', value)
    const known = new Set(fields.map(([f]) => f))
    const unknown = Object.keys(value).find((k) => !known.has(k))
    if (unknown !== undefined) throw shape(`${path}.${unknown}`, 'no such field', value[unknown])
    for (const [field, format] of fields) this.write(format, value[field], `${path}.${field}`)
  }

  #tuple(formats: readonly Format[], value: unknown, path: string): void {
    if (!Array.isArray(value) || value.length !== formats.length) throw shape(path, `an array of ${formats.length}`, value)
    for (const [i, f] of formats.entries()) this.write(f, value[i], `${path}[${i}]`)
  }

  #integer(kind: Wide, value: unknown, path: string): void {
    const bits = BITS[kind]
    const signed = kind.startsWith('i')
    const limit = bits >= 53 ? Number.MAX_SAFE_INTEGER : 2 ** (signed ? bits - 1 : bits) - 1
    const n = BigInt(integer(value, signed ? -limit - (bits >= 53 ? 0 : 1) : 0, limit, path))
    this.#varint(n >= 0n ? (signed ? n << 1n : n) : (-n << 1n) - 1n)
  }

  #varint(value: bigint): void {
    let v = value
    while (v >= 0x80n) {
      this.#push(Number(v & 0x7fn) | 0x80)
      v >>= 7n
    }
    this.#push(Number(v))
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function integer(value: unknown, min: number, max: number, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw shape(path, `an integer from ${min} to ${max}`, value)
  }
  return value
}

function shape(path: string, expected: string, value: unknown): ShapeError {
  const seen = value === undefined ? 'nothing' : JSON.stringify(value)?.slice(0, 60)
  return new ShapeError(`${path}: expected ${expected}, got ${seen}`)
}
