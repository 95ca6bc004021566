import {
  getEmbeddedWalletStatus,
  watchEmbeddedWalletStatus,
  type GetEmbeddedWalletStatusReturnType,
} from '../../core/actions/getEmbeddedWalletStatus'
import { useClientState } from './useClientState'

export type UseEmbeddedWalletStatusReturnType = GetEmbeddedWalletStatusReturnType

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
  return useClientState(getEmbeddedWalletStatus, watchEmbeddedWalletStatus)
}
