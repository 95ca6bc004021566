import type { OrielClient } from '../client/createClient'

export type ReconnectParameters = {
  /** Only these connectors (e.g. the embedded wallet's `AUTH`), whether or not a connection of theirs is stored. */
  connectorIds?: readonly string[] | undefined
}

export type ReconnectReturnType = undefined

/** Never rejects: a connection that cannot be restored ends disconnected. */
export type ReconnectErrorType = never

/**
 * Restores the connections of the last visit without prompting (what `<OrielProvider>` does
 * when it mounts). One runs at a time; a second call gets the running one's promise.
 *
 * @example
 * await reconnect(client)
 * await reconnect(client, { connectorIds: [client.embeddedConnector.id] })
 */
export function reconnect(client: OrielClient, parameters: ReconnectParameters = {}): Promise<ReconnectReturnType> {
  return client.connection.reconnect(parameters)
}
