import type { ChainNamespace } from '../../core/networks'
import type { EIP1193Provider } from '../../core/wallets/eip6963'
import { useOrielClient } from './useOrielClient'
import { useStore } from './useStore'

export type UseProviderReturnType = {
  /**
   * The connected wallet's EIP-1193 provider (eip155): the browser wallet's own, a WalletConnect
   * session's, or the embedded wallet's (signatures are approved inside its frame). `undefined`
   * while disconnected.
   */
  provider: EIP1193Provider | undefined
  /** The namespace of the active connection. */
  namespace: ChainNamespace | undefined
}

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
  const client = useOrielClient()
  // Re-read on every change of the account, the connections or the installed wallets: the
  // provider comes and goes with the active connection.
  const { activeNamespace } = useStore(client.connection)
  useStore(client.connectors)
  const { connectorId, namespace } = useStore(client.account)
  return { provider: client.getProvider(), namespace: connectorId === 'AUTH' ? namespace : activeNamespace }
}
