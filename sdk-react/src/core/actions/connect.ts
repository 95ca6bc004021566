import type { OrielClient } from '../client/createClient'
import type { Connection } from '../connectors/types'
import type { ConnectErrorType, ConnectorNotFoundErrorType, NoAccountsErrorType } from '../errors/connection'
import type { CaipNetworkId } from '../networks'

export type ConnectParameters = {
  /** The connector to connect: a browser wallet's id (its rdns), `walletConnect` or the embedded wallet's `AUTH`. */
  connectorId: string
  /** The network to connect on, when the wallet supports choosing one (default: the active network). */
  caipNetworkId?: CaipNetworkId | undefined
}

export type ConnectReturnType = Connection

/** What `connect` can fail with (the wallet's refusal is a `ConnectError`). */
export type ConnectActionErrorType = ConnectorNotFoundErrorType | ConnectErrorType | NoAccountsErrorType

/**
 * Connects a wallet (it may prompt) and makes its connection the current one; the account then
 * shows it. Every connector goes through here, the embedded wallet included.
 *
 * @example
 * const { address, caipNetworkId } = await connect(client, { connectorId: 'io.metamask' })
 */
export function connect(client: OrielClient, parameters: ConnectParameters): Promise<ConnectReturnType> {
  const { connectorId, caipNetworkId } = parameters
  return client.connection.connect(connectorId, { caipNetworkId })
}
