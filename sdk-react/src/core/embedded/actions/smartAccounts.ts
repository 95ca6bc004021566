import type { EmbeddedWalletErrorType } from '../../actions/errors'
import type { OrielClient } from '../../client/createClient'
import { walletChain } from '../login'

/** The networks (CAIP-2) where the embedded wallet has smart accounts. */
export type GetSmartAccountEnabledNetworksReturnType = readonly string[]

export type GetSmartAccountEnabledNetworksErrorType = EmbeddedWalletErrorType

/**
 * The networks where the embedded wallet has smart accounts (frame-host has a bundler there).
 * Asked once per login; a failed answer is asked again next time.
 *
 * @example
 * const networks = await getSmartAccountEnabledNetworks(client) // ['eip155:8453']
 */
export function getSmartAccountEnabledNetworks(client: OrielClient): Promise<GetSmartAccountEnabledNetworksReturnType> {
  return client.embeddedLogin.smartAccountNetworks()
}

export type RefreshUserErrorType = EmbeddedWalletErrorType

/**
 * Reads the connected user again (a smart account's deployment shows only then, as the wallet
 * checks it on each read) and updates the account with it. Does nothing when the embedded
 * wallet is not connected.
 *
 * @example
 * await refreshUser(client)
 */
export async function refreshUser(client: OrielClient): Promise<void> {
  const login = client.embeddedLogin
  const chainId = login.accountChain()
  if (!login.connected() || !chainId) return
  const frame = await login.embedded.ensureReady()
  const user = await login.fetchUser(frame, walletChain(chainId))
  if (login.connected()) login.emit({ type: 'change', connection: login.loggedIn(user) })
}
