import type { AccountType, User } from '../../../codec/protocol.gen'
import type { EmbeddedWalletErrorType } from '../../actions/errors'
import type { OrielClient } from '../../client/createClient'
import { FrameRequestError } from '../../frame/errors'
import { keepAccountType } from '../accountTypes'
import { walletChain } from '../login'

export type SetPreferredAccountTypeParameters = {
  /** `eoa` or `smartAccount`. */
  accountType: AccountType
}

/** The user with its new account type (and address). */
export type SetPreferredAccountTypeReturnType = User

export type SetPreferredAccountTypeErrorType = EmbeddedWalletErrorType

/**
 * Switches the embedded wallet's account type on its network (spec §4 "Preferred account
 * type"): shows loading, updates the wallet, keeps the choice per namespace, reconnects the
 * account with the changed user and reports SET_PREFERRED_ACCOUNT_TYPE. Rejects with the
 * wallet's error, e.g. when smart accounts are not enabled on the network.
 *
 * @example
 * await setPreferredAccountType(client, { accountType: 'smartAccount' })
 */
export async function setPreferredAccountType(
  client: OrielClient,
  parameters: SetPreferredAccountTypeParameters,
): Promise<SetPreferredAccountTypeReturnType> {
  const { accountType } = parameters
  client.modal.setLoading(true)
  try {
    const user = await switchAccountType(client, accountType)
    client.events.emit('SET_PREFERRED_ACCOUNT_TYPE', { accountType, network: user.chainId })
    return user
  } finally {
    client.modal.setLoading(false)
  }
}

async function switchAccountType(client: OrielClient, accountType: AccountType): Promise<User> {
  const login = client.embeddedLogin
  const chainId = login.accountChain()
  if (!login.connected() || !chainId) {
    throw new FrameRequestError({ code: 'NotConnected', message: 'Not connected', request: 'SetPreferredAccount' })
  }
  const frame = await login.embedded.ensureReady()
  await frame.request({ SetPreferredAccount: { accountType } })
  // Kept before the user is read again, as every GetUser sends the kept choice.
  keepAccountType(login.storage, chainId.split(':')[0] ?? 'eip155', accountType)
  const user = await login.fetchUser(frame, walletChain(chainId))
  login.emit({ type: 'change', connection: login.loggedIn(user) })
  return user
}
