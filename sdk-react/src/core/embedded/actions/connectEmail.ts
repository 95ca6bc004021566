import type { OrielClient } from '../../client/createClient'
import { EMAIL_LOGIN_THROTTLE_MS } from '../../constants'
import {
  EmailLoginThrottledError,
  type EmailLoginThrottledErrorType,
  InvalidEmailError,
  type InvalidEmailErrorType,
} from '../../errors/auth'
import { ProjectIdNotConfiguredError, type ProjectIdNotConfiguredErrorType } from '../../errors/config'
import type { EmbeddedWalletErrorType } from '../../actions/errors'
import { STORAGE_KEYS } from '../../storage/keys'
import { isValidEmail } from '../../validation/email'
import type { EmbeddedLogin } from '../login'

export type ConnectEmailParameters = {
  /** The login email (trimmed before use). */
  email: string
}

/** The next step: `VERIFY_OTP` (a code was sent), `VERIFY_DEVICE` (approve this browser from the email) or `CONNECT` (logged in). */
export type ConnectEmailReturnType = { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'; email: string }

export type ConnectEmailErrorType =
  | ProjectIdNotConfiguredErrorType
  | InvalidEmailErrorType
  | EmailLoginThrottledErrorType
  | EmbeddedWalletErrorType

/**
 * Starts an email login with the embedded wallet: validates `email` (trimmed), throttles (30 s,
 * kept in localStorage across reloads) and asks the frame to send a code.
 *
 * @example
 * const { action } = await connectEmail(client, { email: 'ada@example.com' })
 * if (action === 'VERIFY_OTP') await connectOtp(client, { otp: '123456' })
 * if (action === 'CONNECT') await completeLogin(client)
 */
export async function connectEmail(client: OrielClient, parameters: ConnectEmailParameters): Promise<ConnectEmailReturnType> {
  if (!client.config.projectId) throw new ProjectIdNotConfiguredError()
  const login = client.embeddedLogin
  const email = parameters.email.trim()
  if (!isValidEmail(email)) throw new InvalidEmailError({ email })
  const wait = emailLoginWaitMs(login)
  if (wait > 0) throw new EmailLoginThrottledError({ seconds: Math.ceil(wait / 1000) })
  const frame = await login.embedded.ensureReady()
  const { action } = await frame.connectEmail(email)
  login.storage.setItem(STORAGE_KEYS.embeddedLastEmailLoginTime, String(login.now()))
  // A login by email: no social provider.
  login.storage.removeItem(STORAGE_KEYS.connectedSocialProvider)
  login.storage.removeItem(STORAGE_KEYS.connectedSocialUsername)
  return { action, email }
}

/**
 * Seconds until another email login (or a resent code) may start: the 30 s throttle, kept
 * across reloads; 0 when it may now.
 *
 * @example
 * const wait = getEmailLoginWait(client) // 27
 */
export function getEmailLoginWait(client: OrielClient): number {
  return Math.ceil(emailLoginWaitMs(client.embeddedLogin) / 1000)
}

/** Milliseconds until another email login may start; 0 when it may now. */
function emailLoginWaitMs({ storage, now }: EmbeddedLogin): number {
  // Kept in localStorage (spec §3) so a reload does not lift it; frame-host throttles too.
  const last = Number(storage.getItem(STORAGE_KEYS.embeddedLastEmailLoginTime) ?? Number.NaN)
  const wait = Number.isFinite(last) ? last + EMAIL_LOGIN_THROTTLE_MS - now() : 0
  // A time in the future (a changed clock) is ignored rather than locking the user out.
  return wait > 0 && wait <= EMAIL_LOGIN_THROTTLE_MS ? wait : 0
}
