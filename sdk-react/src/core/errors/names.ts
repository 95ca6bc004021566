import { BaseError } from './base'

/** Spec §8: a name could not be turned into an address. */
export const ERROR_RESOLVING_NAME = 'Error resolving name'
/** Spec §8: the alternatives to a taken name could not be read. */
export const ERROR_FETCHING_NAME_SUGGESTIONS = 'Error fetching name suggestions'
/** Spec §8: the names of an address could not be read. */
export const ERROR_FETCHING_NAMES_FOR_ADDRESS = 'Error fetching names for address'
/** Spec §8: registering `name` failed ('Error registering name {name}'). */
export const errorRegisteringName = (name: string) => `Error registering name ${name}`

export type InvalidNameErrorType = InvalidNameError & { name: 'InvalidNameError' }
/**
 * A name to register breaks the rules (spec §5: letters, digits and hyphens, at least 4
 * characters; frame-host also refuses more than 63 and hyphens as the 3rd and 4th characters).
 * The short message is the reason, as the registration view shows it.
 */
export class InvalidNameError extends BaseError {
  override name = 'InvalidNameError'
  readonly reason: string
  constructor({ reason }: { reason: string }) {
    super(`Invalid name: ${reason}`)
    this.reason = reason
  }
}

export type NamesNotSupportedErrorType = NamesNotSupportedError & { name: 'NamesNotSupportedError' }
/** Names belong to eip155 accounts only (spec §9); there is none connected. */
export class NamesNotSupportedError extends BaseError {
  override name = 'NamesNotSupportedError'
  constructor({ namespace }: { namespace: string | undefined }) {
    super('Names are available for EVM accounts only', {
      details: namespace ? `The connected account is a ${namespace} account.` : 'No account is connected.',
    })
  }
}

export type ResolveNameErrorType = ResolveNameError & { name: 'ResolveNameError' }
/** A name did not resolve to an address: not registered, or the lookup failed (`cause`). */
export class ResolveNameError extends BaseError {
  override name = 'ResolveNameError'
  readonly ensName: string
  constructor({ name, cause, details }: { name: string; cause?: unknown; details?: string | undefined }) {
    super(ERROR_RESOLVING_NAME, { cause, details: details ?? (cause === undefined ? `${name} has no address.` : undefined) })
    this.ensName = name
  }
}

export type NameSuggestionsErrorType = NameSuggestionsError & { name: 'NameSuggestionsError' }
/** frame-host's suggestions for a taken name could not be read (`cause`). */
export class NameSuggestionsError extends BaseError {
  override name = 'NameSuggestionsError'
  constructor({ cause }: { cause: unknown }) {
    super(ERROR_FETCHING_NAME_SUGGESTIONS, { cause })
  }
}

export type NamesForAddressErrorType = NamesForAddressError & { name: 'NamesForAddressError' }
/** The names an address registered could not be read (`cause`). */
export class NamesForAddressError extends BaseError {
  override name = 'NamesForAddressError'
  constructor({ cause }: { cause: unknown }) {
    super(ERROR_FETCHING_NAMES_FOR_ADDRESS, { cause })
  }
}

export type RegisterNameErrorType = RegisterNameError & { name: 'RegisterNameError' }
/**
 * Registering a name failed: the wallet declined to sign, frame-host refused (taken, expired,
 * …) or could not be reached. `details` carries the reason.
 */
export class RegisterNameError extends BaseError {
  override name = 'RegisterNameError'
  readonly ensName: string
  constructor({ name, cause }: { name: string; cause: unknown }) {
    super(errorRegisteringName(name), { cause })
    this.ensName = name
  }
}
