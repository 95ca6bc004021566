// Small shape checks shared by the Blockchain API's parsers: each returns the value or throws
// the parser's own typed error through `fail`.

/** Throws the calling parser's typed error with `reason`. */
export type Fail = (reason: string) => never

/** `value` as a plain object, else `fail`. */
export function asObject(value: unknown, what: string, fail: Fail): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${what} is not an object`)
  return value as Record<string, unknown>
}

/** `value` as a string of at most `max` characters, else `fail`. */
export function asString(value: unknown, what: string, fail: Fail, max = 256): string {
  if (typeof value !== 'string' || value.length > max) fail(`${what} is not a string of at most ${max} characters`)
  return value as string
}

/** `value` as a finite number or `null`, else `fail`. */
export function asNumberOrNull(value: unknown, what: string, fail: Fail): number | null {
  if (value === null) return null
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(`${what} is not a number or null`)
  return value as number
}

/** `value` as an array of at most `max` entries, else `fail`. */
export function asArray(value: unknown, what: string, fail: Fail, max: number): unknown[] {
  if (!Array.isArray(value) || value.length > max) fail(`${what} is not an array of at most ${max} entries`)
  return value as unknown[]
}

/** `value` if it is one of `allowed`, else `fail`. */
export function asOneOf<T extends string>(value: unknown, allowed: readonly T[], what: string, fail: Fail): T {
  if (!allowed.includes(value as T)) fail(`${what} is not one of ${allowed.join(', ')}`)
  return value as T
}

/** An EVM address: `0x` and 40 hex digits. */
export function asEvmAddress(value: unknown, what: string, fail: Fail): string {
  const text = asString(value, what, fail, 42)
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) fail(`${what} is not an EVM address`)
  return text
}

/** A whole-token amount: digits with an optional fraction (`"1.5"`, `"1000"`). */
export function asDecimal(value: unknown, what: string, fail: Fail): string {
  const text = asString(value, what, fail, 100)
  if (!/^\d+(\.\d+)?$/.test(text)) fail(`${what} is not a decimal number`)
  return text
}

// Images the widget shows come from frame-host's answers: only web and inline images are
// loaded (never `javascript:` and the like); another scheme (ipfs://, …) shows no image.
const IMAGE_URL = /^(https?:\/\/|data:image\/)/i

/** An image URL of at most 1 MiB, `undefined` for `null` or a scheme the widget does not load. */
export function asImageUrl(value: unknown, what: string, fail: Fail): string | undefined {
  if (value === null || value === undefined) return undefined
  const text = asString(value, what, fail, 1 << 20)
  return IMAGE_URL.test(text) ? text : undefined
}
