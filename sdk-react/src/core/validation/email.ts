import { EMAIL_PATTERN, MAX_EMAIL_LEN } from '../../codec/constants.gen'

// The rule of `oriel_protocol::email` (spec §5), which the frame and frame-host run too: its
// pattern and length are generated from the crate, and the tests hold this function to the
// crate's answers (fixtures/email).
const EMAIL = new RegExp(EMAIL_PATTERN)

export type IsValidEmailParameters = string
export type IsValidEmailReturnType = boolean

/**
 * Whether `email` has a valid email format (spec §5, for connect and update).
 * Surrounding whitespace is not accepted: trim user input first.
 *
 * @example
 * isValidEmail('ada@example.com') // true
 * isValidEmail('ada@example') // false
 */
export function isValidEmail(email: IsValidEmailParameters): IsValidEmailReturnType {
  return email.length <= MAX_EMAIL_LEN && EMAIL.test(email)
}
