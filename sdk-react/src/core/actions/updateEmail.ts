import type { OrielClient } from '../client/createClient'
import type { UpdateEmailReturnType as StepReturnType } from '../embedded/connector'
import type { InvalidEmailErrorType } from '../errors/auth'
import type { EmbeddedWalletErrorType } from './errors'

export type UpdateEmailParameters = {
  /** The new email (trimmed before use). */
  email: string
}

/** The next step of the change: `VERIFY_PRIMARY_OTP`, then `VERIFY_SECONDARY_OTP`. */
export type UpdateEmailReturnType = StepReturnType

export type UpdateEmailErrorType = InvalidEmailErrorType | EmbeddedWalletErrorType

/**
 * Email change, step 1 (spec §4 "Email update"): validates the new email; the embedded wallet
 * sends a code to the current address.
 *
 * @example
 * await updateEmail(client, { email: 'grace@example.com' })
 * await updateEmailPrimaryOtp(client, { otp: '111111' })
 * const email = await updateEmailSecondaryOtp(client, { otp: '222222' })
 */
export function updateEmail(client: OrielClient, parameters: UpdateEmailParameters): Promise<UpdateEmailReturnType> {
  return client.embeddedConnector.updateEmail(parameters.email)
}

export type UpdateEmailOtpParameters = {
  /** The 6-digit code from the email. */
  otp: string
}

/** What either code step can fail with (a wrong code is the frame's `Unauthorized`). */
export type UpdateEmailOtpErrorType = EmbeddedWalletErrorType

/** `VERIFY_SECONDARY_OTP`: the code sent to the new address comes next. */
export type UpdateEmailPrimaryOtpReturnType = StepReturnType

/** The new email. */
export type UpdateEmailSecondaryOtpReturnType = string

/**
 * Email change, step 2: the code sent to the current address. Rejects with `UpdateEmailOtpErrorType`.
 *
 * @example
 * await updateEmailPrimaryOtp(client, { otp: '111111' })
 */
export function updateEmailPrimaryOtp(client: OrielClient, { otp }: UpdateEmailOtpParameters): Promise<UpdateEmailPrimaryOtpReturnType> {
  return client.embeddedConnector.updateEmailPrimaryOtp(otp)
}

/**
 * Email change, step 3: the code sent to the new address. The account's user and the cached
 * login then show the new email. Rejects with `UpdateEmailOtpErrorType`.
 *
 * @example
 * const email = await updateEmailSecondaryOtp(client, { otp: '222222' })
 */
export function updateEmailSecondaryOtp(client: OrielClient, { otp }: UpdateEmailOtpParameters): Promise<UpdateEmailSecondaryOtpReturnType> {
  return client.embeddedConnector.updateEmailSecondaryOtp(otp)
}
