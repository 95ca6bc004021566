import type { FrameStatus } from '../../core/frame/client'
import { useOrielClient } from './useOrielClient'
import { useStore } from './useStore'

export type UseEmbeddedWalletStatusReturnType = FrameStatus

/**
 * The embedded wallet's frame status: `idle` until the modal first opens with email or social
 * login on, then `loading`, `ready` (with protocol version, build id and time to ready) or `failed`.
 *
 * @example
 * function FrameBadge() {
 *   const status = useEmbeddedWalletStatus()
 *   return <span>{status.state === 'ready' ? `ready in ${status.readyMs} ms` : status.state}</span>
 * }
 */
export function useEmbeddedWalletStatus(): UseEmbeddedWalletStatusReturnType {
  return useStore(useOrielClient().embedded)
}
