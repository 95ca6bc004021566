// The rarer forms of the generated checks (`check.ts` has the common ones): maps, any value,
// untagged unions and the empty list. Apart so that only the chunks whose bodies have them carry
// them.
import { type Check, fail, field, isObject, ShapeError } from './check'

/** `[]`. */
export const empty: Check<readonly []> = (value, at) =>
  Array.isArray(value) && value.length === 0 ? (value as unknown as readonly []) : fail(at, 'an empty array')

/** Any JSON value. */
export const unknown: Check<unknown> = (value) => value

/** An object whose every value `check` accepts. */
/*#__NO_SIDE_EFFECTS__*/
export function record<T>(check: Check<T>): Check<Readonly<Record<string, T>>> {
  return (value, at) => {
    if (!isObject(value)) return fail(at, 'an object')
    for (const [key, entry] of Object.entries(value)) check(entry, field(at, key))
    return value as Record<string, T>
  }
}

/** What the first of `checks` accepts. */
/*#__NO_SIDE_EFFECTS__*/
export function union<T>(...checks: readonly Check<unknown>[]): Check<T> {
  return (value, at) => {
    for (const check of checks) {
      try {
        return check(value, at) as T
      } catch (error) {
        if (!(error instanceof ShapeError)) throw error
      }
    }
    return fail(at, 'of any of its forms')
  }
}
