import { getWalletInfo, watchWalletInfo, type GetWalletInfoReturnType, type WalletInfo } from '../../core/actions/getWalletInfo'
import { useClientState } from './useClientState'

export type { WalletInfo }

export type UseWalletInfoReturnType = GetWalletInfoReturnType

/**
 * The connected wallet's name and icon.
 *
 * @example
 * function Connected() {
 *   const { walletInfo } = useWalletInfo()
 *   if (!walletInfo) return null
 *   return <span>{walletInfo.icon ? <img src={walletInfo.icon} alt="" width={16} /> : null} {walletInfo.name}</span>
 * }
 */
export function useWalletInfo(): UseWalletInfoReturnType {
  return useClientState(getWalletInfo, watchWalletInfo)
}
