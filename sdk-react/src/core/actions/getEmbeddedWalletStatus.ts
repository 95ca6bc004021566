import type { OrielClient } from '../client/createClient'
import type { FrameStatus } from '../frame/client'
import { type WatchParameters, type WatchReturnType, watch } from './cache'

/** `idle`, `loading`, `ready` (with protocol version, build id and time to ready) or `failed`. */
export type GetEmbeddedWalletStatusReturnType = FrameStatus

/**
 * The embedded wallet's frame status: `idle` until the modal first opens with email or social
 * login on (or a cached login is restored), then `loading`, `ready` or `failed`.
 *
 * @example
 * const { state } = getEmbeddedWalletStatus(client)
 */
export function getEmbeddedWalletStatus(client: OrielClient): GetEmbeddedWalletStatusReturnType {
  return client.embedded.getSnapshot()
}

export type WatchEmbeddedWalletStatusParameters = WatchParameters<GetEmbeddedWalletStatusReturnType>

export type WatchEmbeddedWalletStatusReturnType = WatchReturnType

/**
 * Calls `onChange` whenever the frame status changes. Returns the unsubscribe function.
 *
 * @example
 * const stop = watchEmbeddedWalletStatus(client, { onChange: ({ state }) => console.log(state) })
 */
export function watchEmbeddedWalletStatus(
  client: OrielClient,
  parameters: WatchEmbeddedWalletStatusParameters,
): WatchEmbeddedWalletStatusReturnType {
  return watch(client, [client.embedded], getEmbeddedWalletStatus, parameters.onChange)
}
