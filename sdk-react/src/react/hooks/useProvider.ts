import { getProvider, watchProvider, type GetProviderReturnType } from '../../core/actions/getProvider'
import { useClientState } from './useClientState'

export type UseProviderReturnType = GetProviderReturnType

/**
 * The EIP-1193 provider of the active connection, for viem, ethers or wagmi. Updates when the
 * account connects, disconnects or another connection becomes active.
 *
 * @example
 * import { createWalletClient, custom } from 'viem'
 *
 * function Sign() {
 *   const { provider } = useProvider()
 *   const { address } = useAccount()
 *   if (!provider || !address) return null
 *   const wallet = createWalletClient({ transport: custom(provider) })
 *   return <button onClick={() => wallet.signMessage({ account: address as `0x${string}`, message: 'gm' })}>Sign</button>
 * }
 */
export function useProvider(): UseProviderReturnType {
  return useClientState(getProvider, watchProvider)
}
