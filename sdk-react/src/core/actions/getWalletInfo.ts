import type { OrielClient } from '../client/createClient'
import { createClientCache, type WatchParameters, type WatchReturnType, watch } from './cache'

/** Name and icon of a connected wallet. */
export type WalletInfo = {
  name: string
  /** A `data:` or `https:` image URL, when the wallet gave one. */
  icon: string | undefined
}

export type GetWalletInfoReturnType = {
  /** The wallet of the current connection, or `undefined` while disconnected. */
  walletInfo: WalletInfo | undefined
}

const cache = createClientCache<GetWalletInfoReturnType>('walletInfo')

/**
 * The connected wallet's name and icon: the wallet at the other end of a pairing as it
 * describes itself, else the connector's own.
 *
 * @example
 * const { walletInfo } = getWalletInfo(client)
 */
export function getWalletInfo(client: OrielClient): GetWalletInfoReturnType {
  const { current, status, connections } = client.connection.getSnapshot()
  const wallet = status === 'connected' && current ? connections[current]?.wallet : undefined
  const peer = wallet ? client.connection.getConnector()?.getPeer?.() : undefined
  const name = peer?.name ?? wallet?.name
  const icon = peer ? peer.icon : wallet?.icon
  return cache.get(client, [name, icon], () => ({ walletInfo: name === undefined ? undefined : { name, icon } }))
}

export type WatchWalletInfoParameters = WatchParameters<GetWalletInfoReturnType>

export type WatchWalletInfoReturnType = WatchReturnType

/**
 * Calls `onChange` whenever the connected wallet changes. Returns the unsubscribe function.
 *
 * @example
 * const stop = watchWalletInfo(client, { onChange: ({ walletInfo }) => console.log(walletInfo?.name) })
 */
export function watchWalletInfo(client: OrielClient, parameters: WatchWalletInfoParameters): WatchWalletInfoReturnType {
  return watch(client, [client.connection], getWalletInfo, parameters.onChange)
}
