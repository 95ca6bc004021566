import type { OrielClient } from '../client/createClient'
import type { NetworkNotFoundErrorType } from '../errors/config'
import type { ChainNotSupportedErrorType, SwitchChainErrorType } from '../errors/connection'
import type { Network } from '../networks'
import type { EmbeddedWalletErrorType } from './errors'

export type SwitchNetworkParameters = {
  /** One of the config's networks. */
  network: Network
}

export type SwitchNetworkReturnType = undefined

export type SwitchNetworkErrorType =
  | NetworkNotFoundErrorType
  | ChainNotSupportedErrorType
  | SwitchChainErrorType
  | EmbeddedWalletErrorType

/**
 * Switches the active network. A connected wallet that serves it is asked first (a browser
 * wallet: `wallet_switchEthereumChain`, adding the chain on 4902; the embedded wallet: inside its
 * frame). Rejects with `ChainNotSupportedError` ('Chain is not supported'), `SwitchChainError`
 * or `NetworkNotFoundError`. Reports SWITCH_NETWORK.
 *
 * @example
 * await switchNetwork(client, { network: base })
 */
export async function switchNetwork(client: OrielClient, parameters: SwitchNetworkParameters): Promise<SwitchNetworkReturnType> {
  const { network } = parameters
  await client.connection.switchNetwork(network)
  client.events.emit('SWITCH_NETWORK', { network: network.caipNetworkId })
}
