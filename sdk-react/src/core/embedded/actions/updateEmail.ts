import type { EmbeddedWalletErrorType } from '../../actions/errors'
import type { OrielClient } from '../../client/createClient'
import { InvalidEmailError, type InvalidEmailErrorType } from '../../errors/auth'
import { STORAGE_KEYS } from '../../storage/keys'
import { isCaipAddress, parseCaipAddress } from '../../validation/caip'
import { isValidEmail } from '../../validation/email'

export type UpdateEmailParameters = {
  /** The new email (trimmed before use). */
  email: string
}

/** The next step of the change: `VERIFY_PRIMARY_OTP`, then `VERIFY_SECONDARY_OTP`. */
export type UpdateEmailReturnType = { action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }

export type UpdateEmailErrorType = InvalidEmailErrorType | EmbeddedWalletErrorType

/**
 * Email change, step 1 (spec §4 "Email update"): validates the new email (trimmed); the
 * embedded wallet sends a code to the current address. Rejects with `InvalidEmailError`, before
 * asking the frame, or with the frame's error.
 *
 * @example
 * await updateEmail(client, { email: 'grace@example.com' })
 * await updateEmailPrimaryOtp(client, { otp: '111111' })
 * const email = await updateEmailSecondaryOtp(client, { otp: '222222' })
 */
export async function updateEmail(client: OrielClient, parameters: UpdateEmailParameters): Promise<UpdateEmailReturnType> {
  const email = parameters.email.trim()
  if (!isValidEmail(email)) throw new InvalidEmailError({ email })
  const frame = await client.embeddedLogin.embedded.ensureReady()
  return frame.updateEmail(email)
}

export type UpdateEmailOtpParameters = {
  /** The 6-digit code from the email. */
  otp: string
}

/** What either code step can fail with (a wrong code is the frame's `Unauthorized`). */
export type UpdateEmailOtpErrorType = EmbeddedWalletErrorType

/** `VERIFY_SECONDARY_OTP`: the code sent to the new address comes next. */
export type UpdateEmailPrimaryOtpReturnType = UpdateEmailReturnType

/** The new email. */
export type UpdateEmailSecondaryOtpReturnType = string

/**
 * Email change, step 2: the code sent to the current address. Rejects with `UpdateEmailOtpErrorType`.
 *
 * @example
 * await updateEmailPrimaryOtp(client, { otp: '111111' })
 */
export async function updateEmailPrimaryOtp(
  client: OrielClient,
  { otp }: UpdateEmailOtpParameters,
): Promise<UpdateEmailPrimaryOtpReturnType> {
  const frame = await client.embeddedLogin.embedded.ensureReady()
  await frame.updateEmailPrimaryOtp(otp)
  return { action: 'VERIFY_SECONDARY_OTP' }
}

/**
 * Email change, step 3: the code sent to the new address. The account's user and the cached
 * login then show the new email. Rejects with `UpdateEmailOtpErrorType`.
 *
 * @example
 * const email = await updateEmailSecondaryOtp(client, { otp: '222222' })
 */
export async function updateEmailSecondaryOtp(
  client: OrielClient,
  { otp }: UpdateEmailOtpParameters,
): Promise<UpdateEmailSecondaryOtpReturnType> {
  const login = client.embeddedLogin
  const frame = await login.embedded.ensureReady()
  const { newEmail } = await frame.updateEmailSecondaryOtp(otp)
  const current = login.connected()
  if (current?.user && current.address && isCaipAddress(current.caipAddress)) {
    const { caipNetworkId } = parseCaipAddress(current.caipAddress)
    const user = { ...current.user, email: newEmail }
    login.emit({ type: 'change', connection: { address: current.address, caipNetworkId, addresses: [current.address], user } })
  }
  login.storage.setItem(STORAGE_KEYS.embeddedEmail, newEmail)
  return newEmail
}
