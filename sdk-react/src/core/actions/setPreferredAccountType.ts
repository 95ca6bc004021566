import type { AccountType, User } from '../../codec/protocol.gen'
import type { OrielClient } from '../client/createClient'
import type { EmbeddedWalletErrorType } from './errors'

export type SetPreferredAccountTypeParameters = {
  /** `eoa` or `smartAccount`. */
  accountType: AccountType
}

/** The user with its new account type (and address). */
export type SetPreferredAccountTypeReturnType = User

export type SetPreferredAccountTypeErrorType = EmbeddedWalletErrorType

/**
 * Switches the embedded wallet's account type (spec §4): shows loading, updates the wallet,
 * reconnects the account and reports SET_PREFERRED_ACCOUNT_TYPE. Rejects with the wallet's
 * error, e.g. when smart accounts are not enabled on the network.
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
    const user = await client.embeddedConnector.setPreferredAccountType(accountType)
    client.events.emit('SET_PREFERRED_ACCOUNT_TYPE', { accountType, network: user.chainId })
    return user
  } finally {
    client.modal.setLoading(false)
  }
}
