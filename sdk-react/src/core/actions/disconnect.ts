import type { OrielClient } from '../client/createClient'
import type { DisconnectErrorType } from '../errors/auth'
import { getErrorMessage } from '../errors/base'

export type DisconnectReturnType = undefined

export type { DisconnectErrorType }

/**
 * Disconnects the current connection (a browser wallet, a WalletConnect session or the embedded
 * wallet); another remaining connection then becomes current. Rejects with `DisconnectError`
 * ('Failed to disconnect'). Reports DISCONNECT_SUCCESS or DISCONNECT_ERROR.
 *
 * @example
 * await disconnect(client)
 */
export async function disconnect(client: OrielClient): Promise<DisconnectReturnType> {
  try {
    await client.connection.disconnect()
  } catch (error) {
    client.events.emit('DISCONNECT_ERROR', { message: getErrorMessage(error) })
    throw error
  }
  client.events.emit('DISCONNECT_SUCCESS')
}
