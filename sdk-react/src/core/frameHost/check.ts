// The building blocks of the validators generated from the protocol crate's HTTP schemas
// (`*.gen.ts` here, written by protocol/tests/http_contract.rs). Each check returns the value it
// was given, typed, or throws `ShapeError` saying where and why; fields a check does not know
// are left as they are (frame-host may add fields). Every maker is free of side effects, so a
// bundler drops the checks nothing imports; the rarer forms are in `checkForms.ts`, so a chunk
// that needs none of them (the page's own) does not carry them.

/** A check of a JSON value: the value typed as `T`, or a thrown {@link ShapeError}. */
export type Check<T> = (value: unknown, at: string) => T

/** A value is not of the shape its check expects: `message` says where and why. */
export class ShapeError extends Error {
  override name = 'ShapeError'
}

/** Throws the `ShapeError` saying that the value at `at` is not `what`. */
export const fail = (at: string, what: string): never => {
  throw new ShapeError(`${at || 'the answer'} is not ${what}`)
}

/** The path of `key` within the value at `at`. */
export const field = (at: string, key: string) => (at ? `${at}.${key}` : key)

/** A plain JSON object. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A string. */
export const string: Check<string> = (value, at) => (typeof value === 'string' ? value : fail(at, 'a string'))

/** A finite number. */
export const number: Check<number> = (value, at) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(at, 'a number')

/** `true` or `false`. */
export const boolean: Check<boolean> = (value, at) => (typeof value === 'boolean' ? value : fail(at, 'a boolean'))

/** A whole number from `min` to `max` (both within the safe integers). */
/*#__NO_SIDE_EFFECTS__*/
export function integer(min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Check<number> {
  return (value, at) =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
      ? (value as number)
      : fail(at, `a whole number from ${min} to ${max}`)
}

/** One of `values`. */
/*#__NO_SIDE_EFFECTS__*/
export function oneOf<T extends string>(values: readonly T[]): Check<T> {
  return (value, at) => (values.includes(value as T) ? (value as T) : fail(at, `one of ${values.join(', ')}`))
}

/** `null`, or what `check` accepts. */
/*#__NO_SIDE_EFFECTS__*/
export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, at) => (value === null ? null : check(value, at))
}

/** An array of at most `max` entries, each accepted by `check`. */
/*#__NO_SIDE_EFFECTS__*/
export function array<T>(check: Check<T>, max = Number.POSITIVE_INFINITY): Check<readonly T[]> {
  return (value, at) => {
    if (!Array.isArray(value) || value.length > max) return fail(at, `an array of at most ${max} entries`)
    for (const [i, entry] of value.entries()) check(entry, `${at}[${i}]`)
    return value
  }
}

/** An object with the `required` fields and, when present (and not `undefined`), the `optional` ones. */
/*#__NO_SIDE_EFFECTS__*/
export function object<T>(required: Readonly<Record<string, Check<unknown>>>, optional: Readonly<Record<string, Check<unknown>>> = {}): Check<T> {
  return (value, at) => {
    if (!isObject(value)) return fail(at, 'an object')
    for (const [key, check] of Object.entries(required)) {
      if (value[key] === undefined) fail(field(at, key), 'given')
      check(value[key], field(at, key))
    }
    for (const [key, check] of Object.entries(optional)) if (value[key] !== undefined) check(value[key], field(at, key))
    return value as T
  }
}
