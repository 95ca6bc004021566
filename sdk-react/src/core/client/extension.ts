import type { OrielClient } from './createClient'

/** A lazily loaded feature's state on the client (the Swap form, the Activity list, …), created on first use. */
export type Extension<T> = {
  /** Its name in `client.extensions`: unique, such as `swap`. */
  readonly name: string
  /** Creates it for `client` (once). */
  readonly create: (client: OrielClient) => T
}

/**
 * The client's `extension`, created on first use and kept in `client.extensions` under its name,
 * so that code loaded with a view keeps its state on the client without the client's first
 * load carrying it.
 *
 * @example
 * const swap: Extension<SwapStore> = { name: 'swap', create: (client) => createSwapStore(client) }
 * const store = getExtension(client, swap)
 */
export function getExtension<T>(client: OrielClient, extension: Extension<T>): T {
  if (!client.extensions.has(extension.name)) client.extensions.set(extension.name, extension.create(client))
  return client.extensions.get(extension.name) as T
}
