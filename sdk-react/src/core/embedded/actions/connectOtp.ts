import type { User } from '../../../codec/protocol.gen'
import type { EmbeddedWalletErrorType } from '../../actions/errors'
import type { OrielClient } from '../../client/createClient'
import { walletChain } from '../login'

export type ConnectOtpParameters = {
  /** The 6-digit code from the email. */
  otp: string
}

/** The logged-in user (email, address, network, account type). */
export type ConnectOtpReturnType = User

export type ConnectOtpErrorType = EmbeddedWalletErrorType

/**
 * Email login, code step: sends the emailed code to the embedded wallet, which answers with the
 * logged-in user on the active network and its preferred account type (one request), then
 * connects it ({@link completeLogin}) without asking the frame again.
 *
 * @example
 * const user = await connectOtp(client, { otp: '123456' })
 */
export async function connectOtp(client: OrielClient, parameters: ConnectOtpParameters): Promise<ConnectOtpReturnType> {
  const login = client.embeddedLogin
  const frame = await login.embedded.ensureReady()
  // The network the connection store connects on (the active one, when the wallet serves it).
  const chainId = walletChain(client.connection.getSnapshot().activeCaipNetworkId)
  const user = await login.fetchUser(frame, chainId, (c, p) => frame.connectOtp(parameters.otp, c, p))
  const withdraw = login.handOver(chainId, user)
  try {
    return await completeLogin(client)
  } finally {
    withdraw()
  }
}

export type CompleteLoginReturnType = User

export type CompleteLoginErrorType = EmbeddedWalletErrorType

/**
 * Connects the embedded wallet's logged-in user (after a code, a device approval, or the email
 * action `CONNECT`) and makes it the current connection.
 *
 * @example
 * const { action } = await connectEmail(client, { email })
 * if (action === 'CONNECT') await completeLogin(client)
 */
export async function completeLogin(client: OrielClient): Promise<CompleteLoginReturnType> {
  const { user } = await client.connection.connect(client.embeddedConnector.id)
  // The embedded wallet's connections always carry their user.
  if (!user) throw new Error('oriel: the embedded wallet connected without a user')
  return user
}
