import { useCallback } from 'react'
import {
  type GetNamespaceProviderReturnType,
  type GetProviderParameters,
  type GetProviderReturnType,
  getProvider,
  type ProviderNamespace,
  watchProvider,
} from '../../core/actions/getProvider'
import type { OrielClient } from '../../core/client/createClient'
import { useClientState } from './useClientState'

export type UseProviderReturnType = GetProviderReturnType

export type UseProviderParameters<N extends ProviderNamespace> = GetProviderParameters<N>

/**
 * The provider of a connection. Without parameters: the active connection's EIP-1193 provider,
 * for viem, ethers or wagmi. With `{ namespace: 'solana' }` or `{ namespace: 'bip122' }`: the
 * Solana or Bitcoin provider of that namespace's connection. Updates when the account connects,
 * disconnects or another connection becomes active.
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
 *
 * function SignSolana({ pubkey }: { pubkey: string }) {
 *   const { provider } = useProvider({ namespace: 'solana' })
 *   if (!provider) return null
 *   const message = bs58.encode(new TextEncoder().encode('gm'))
 *   return <button onClick={() => provider.request({ method: 'solana_signMessage', params: { message, pubkey } })}>Sign</button>
 * }
 */
export function useProvider(): UseProviderReturnType
export function useProvider<N extends ProviderNamespace>(parameters: UseProviderParameters<N>): GetNamespaceProviderReturnType<N>
export function useProvider(
  parameters?: UseProviderParameters<ProviderNamespace>,
): UseProviderReturnType | GetNamespaceProviderReturnType<ProviderNamespace> {
  const namespace = parameters?.namespace
  const get = useCallback(
    (client: OrielClient) => (namespace ? getProvider(client, { namespace }) : getProvider(client)),
    [namespace],
  )
  const follow = useCallback(
    (client: OrielClient, { onChange }: { onChange(next: never, previous: never): void }) =>
      namespace ? watchProvider(client, { namespace, onChange }) : watchProvider(client, { onChange }),
    [namespace],
  )
  return useClientState<UseProviderReturnType | GetNamespaceProviderReturnType<ProviderNamespace>>(get, follow)
}
