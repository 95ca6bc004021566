// Local part: RFC 5322 "atext" characters and dots (not leading, trailing or doubled).
// Domain: dot-separated labels of letters, digits and inner hyphens, ending in a 2+ letter TLD.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

/** Longest address SMTP can carry (RFC 5321). */
const MAX_LENGTH = 254

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
  return email.length <= MAX_LENGTH && EMAIL.test(email)
}
