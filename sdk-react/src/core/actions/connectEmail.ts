import type { OrielClient } from '../client/createClient'
import type { StartEmailLoginReturnType } from '../embedded/connector'
import type { EmailLoginThrottledErrorType, InvalidEmailErrorType } from '../errors/auth'
import { ProjectIdNotConfiguredError, type ProjectIdNotConfiguredErrorType } from '../errors/config'
import type { EmbeddedWalletErrorType } from './errors'

export type ConnectEmailParameters = {
  /** The login email (trimmed before use). */
  email: string
}

/** The next step: `VERIFY_OTP` (a code was sent), `VERIFY_DEVICE` (approve this browser from the email) or `CONNECT` (logged in). */
export type ConnectEmailReturnType = StartEmailLoginReturnType

export type ConnectEmailErrorType =
  | ProjectIdNotConfiguredErrorType
  | InvalidEmailErrorType
  | EmailLoginThrottledErrorType
  | EmbeddedWalletErrorType

/**
 * Starts an email login with the embedded wallet: validates, throttles (30 s, kept across
 * reloads) and asks the frame to send a code.
 *
 * @example
 * const { action } = await connectEmail(client, { email: 'ada@example.com' })
 * if (action === 'VERIFY_OTP') await connectOtp(client, { otp: '123456' })
 * if (action === 'CONNECT') await completeLogin(client)
 */
export async function connectEmail(client: OrielClient, parameters: ConnectEmailParameters): Promise<ConnectEmailReturnType> {
  if (!client.config.projectId) throw new ProjectIdNotConfiguredError()
  return client.embeddedConnector.startEmailLogin(parameters.email)
}

/**
 * Seconds until another email login (or a resent code) may start: the 30 s throttle, kept
 * across reloads; 0 when it may now.
 *
 * @example
 * const wait = getEmailLoginWait(client) // 27
 */
export function getEmailLoginWait(client: OrielClient): number {
  return Math.ceil(client.embeddedConnector.emailLoginWaitMs() / 1000)
}
