import type { OrielClient } from '../client/createClient'
import type { ChainNamespace } from '../networks'
import type { EIP1193Provider } from '../wallets/eip6963'
import { createClientCache, type WatchParameters, type WatchReturnType, watch } from './cache'

export type GetProviderReturnType = {
  /**
   * The current connection's EIP-1193 provider (eip155): a browser wallet's own, a WalletConnect
   * session's, or the embedded wallet's. `undefined` while disconnected.
   */
  provider: EIP1193Provider | undefined
  /** The namespace of the current connection. */
  namespace: ChainNamespace | undefined
}

const cache = createClientCache<GetProviderReturnType>()

/**
 * The EIP-1193 provider of the current connection, for viem, ethers or wagmi.
 *
 * @example
 * const { provider } = getProvider(client)
 * if (provider) await provider.request({ method: 'eth_accounts' })
 */
export function getProvider(client: OrielClient): GetProviderReturnType {
  const { current, status } = client.connection.getSnapshot()
  const provider = status === 'connected' ? client.connection.getConnector()?.getProvider() : undefined
  return cache.get(client, [provider, current], () => ({ provider, namespace: current }))
}

export type WatchProviderParameters = WatchParameters<GetProviderReturnType>

export type WatchProviderReturnType = WatchReturnType

/**
 * Calls `onChange` whenever the provider comes, goes or changes (the connection changed, or the
 * wallet's connector was discovered). Returns the unsubscribe function.
 *
 * @example
 * const stop = watchProvider(client, { onChange: ({ provider }) => setProvider(provider) })
 */
export function watchProvider(client: OrielClient, parameters: WatchProviderParameters): WatchProviderReturnType {
  return watch(client, [client.connection, client.connectors], getProvider, parameters.onChange)
}
