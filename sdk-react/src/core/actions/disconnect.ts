import type { OrielClient } from '../client/createClient'
import type { DisconnectErrorType } from '../errors/auth'
import { getErrorMessage } from '../errors/base'

export type DisconnectReturnType = undefined

export type { DisconnectErrorType }

/**
 * Disconnects the current connection (a browser wallet, a WalletConnect session or the embedded
 * wallet), after ending its sign-in session; another remaining connection then becomes current. Rejects with `DisconnectError`
 * ('Failed to disconnect'). Reports DISCONNECT_SUCCESS or DISCONNECT_ERROR.
 *
 * @example
 * await disconnect(client)
 */
export async function disconnect(client: OrielClient): Promise<DisconnectReturnType> {
  // Spec §4: disconnect clears the sign-in sessions, then the chain connection. A verifier that
  // cannot be reached does not keep the wallet connected.
  await client.signIn?.signOut().catch((error: unknown) => {
    console.warn('oriel: the sign-in session could not be revoked at the verifier', error)
  })
  try {
    await client.connection.disconnect()
  } catch (error) {
    client.events.emit('DISCONNECT_ERROR', { message: getErrorMessage(error) })
    throw error
  }
  client.events.emit('DISCONNECT_SUCCESS')
}
