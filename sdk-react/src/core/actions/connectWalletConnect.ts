import type { OrielClient } from '../client/createClient'
import type { Connection } from '../connectors/types'
import { ProjectIdNotConfiguredError, type ProjectIdNotConfiguredErrorType } from '../errors/config'
import type {
  ConnectionDeclinedErrorType,
  PairingCancelledErrorType,
  WalletConnectLoadErrorType,
} from '../errors/walletconnect'

export type ConnectWalletConnectReturnType = Connection

export type ConnectWalletConnectErrorType =
  | ProjectIdNotConfiguredErrorType
  | ConnectionDeclinedErrorType
  | PairingCancelledErrorType
  | WalletConnectLoadErrorType

/**
 * Pairs with a wallet through WalletConnect (the QR code's URI is `client.walletConnect.pairing`)
 * and connects it once the wallet approves.
 *
 * @example
 * const stop = client.walletConnect.pairing.subscribe(() => showQr(client.walletConnect.pairing.getSnapshot()))
 * await connectWalletConnect(client)
 */
export async function connectWalletConnect(client: OrielClient): Promise<ConnectWalletConnectReturnType> {
  if (!client.config.walletConnectProjectId) throw new ProjectIdNotConfiguredError()
  // The pairing waits for a wallet without touching the connection state (the modal may be
  // closed meanwhile); once a wallet approves, the connection store takes the session over.
  await client.walletConnect.connect()
  return client.connection.connect(client.walletConnect.id)
}
