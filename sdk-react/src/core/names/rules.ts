import { InvalidNameError } from '../errors/names'
import { isEvmAddress } from '../validation/address'
import { isSolanaAddress } from '../validation/solanaAddress'

/** The fewest characters of a name's label (spec §5). */
export const MIN_LABEL_LENGTH = 4
/** The most characters of a label (a DNS label's limit; frame-host refuses longer ones). */
export const MAX_LABEL_LENGTH = 63

/**
 * The label to register (what comes before `.{suffix}`), lowercased, when `text` follows the
 * rules (spec §5: letters, digits and hyphens, at least 4 characters; at most 63, and not
 * hyphens as the 3rd and 4th characters, which ENS normalization refuses). The same rules as
 * frame-host's, checked in the same order with the same texts.
 *
 * @example
 * validateNameLabel('Alice') // 'alice'
 * validateNameLabel('al') // throws InvalidNameError 'Invalid name: at least 4 characters'
 */
export function validateNameLabel(text: string): string {
  if (!/^[A-Za-z0-9-]*$/.test(text)) throw new InvalidNameError({ reason: 'only letters, digits and hyphens' })
  if (text.length < MIN_LABEL_LENGTH) throw new InvalidNameError({ reason: `at least ${MIN_LABEL_LENGTH} characters` })
  if (text.length > MAX_LABEL_LENGTH) throw new InvalidNameError({ reason: `at most ${MAX_LABEL_LENGTH} characters` })
  if (text.slice(2, 4) === '--') throw new InvalidNameError({ reason: 'hyphens cannot be the 3rd and 4th characters' })
  return text.toLowerCase()
}

/** The most characters of a name the send form resolves (a DNS name's limit). */
export const MAX_NAME_LENGTH = 255

/**
 * Whether the receiver typed is a name to resolve rather than an address (spec: anything with a
 * dot that is not an address), e.g. `alice.oriel.id` or `vitalik.eth`.
 *
 * @example
 * isNameLike('alice.oriel.id') // true
 * isNameLike('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // false
 */
export function isNameLike(text: string): boolean {
  const value = text.trim()
  if (!value.includes('.') || value.length > MAX_NAME_LENGTH || /\s/.test(value)) return false
  return !isEvmAddress(value, { strict: false }) && !isSolanaAddress(value)
}

/** `name` lowercased with surrounding spaces removed: names match in any case. */
export function normalizeNameInput(name: string): string {
  return name.trim().toLowerCase()
}

