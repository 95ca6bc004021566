import type { OrielClient } from '../client/createClient'
import type { NamespaceProviders } from '../connectors/types'
import type { ChainNamespace } from '../networks'
import type { EIP1193Provider } from '../wallets/eip6963'
import { createClientCache, type WatchParameters, type WatchReturnType, watch } from './cache'

/** The namespaces `getProvider` can be asked for by name. */
export type ProviderNamespace = keyof NamespaceProviders

export type GetProviderParameters<N extends ProviderNamespace = ProviderNamespace> = {
  /** The namespace whose connection's provider to return, whichever connection is current. */
  namespace: N
}

export type GetProviderReturnType = {
  /**
   * The current connection's EIP-1193 provider (eip155): a browser wallet's own, a WalletConnect
   * session's, or the embedded wallet's. `undefined` while disconnected.
   */
  provider: EIP1193Provider | undefined
  /** The namespace of the current connection. */
  namespace: ChainNamespace | undefined
}

export type GetNamespaceProviderReturnType<N extends ProviderNamespace> = {
  /** The provider of the `namespace` connection; `undefined` while that namespace is not connected. */
  provider: NamespaceProviders[N] | undefined
  namespace: N
}

const cache = createClientCache<GetProviderReturnType>('provider')
const namespaceCaches: { [N in ProviderNamespace]: ReturnType<typeof createClientCache<GetNamespaceProviderReturnType<N>>> } = {
  eip155: createClientCache('provider:eip155'),
  solana: createClientCache('provider:solana'),
  bip122: createClientCache('provider:bip122'),
}

function namespaceProvider<N extends ProviderNamespace>(client: OrielClient, namespace: N): NamespaceProviders[N] | undefined {
  if (client.connection.getStatus(namespace) !== 'connected') return undefined
  const connector = client.connection.getConnector(namespace)
  if (!connector) return undefined
  if (namespace === 'eip155') return connector.getProvider() as NamespaceProviders[N] | undefined
  return connector.getNamespaceProvider?.(namespace as Exclude<N, 'eip155'>) as NamespaceProviders[N] | undefined
}

/**
 * The provider of a connection. Without parameters: the current connection's EIP-1193 provider,
 * for viem, ethers or wagmi. With `{ namespace }`: that namespace's connection's provider, an
 * EIP-1193 provider for eip155, a {@link SolanaProvider} for solana (`solana_signMessage`,
 * `solana_signTransaction`, `solana_signAndSendTransaction`…) and a {@link BitcoinProvider} for
 * bip122 (`getAccountAddresses`, `signMessage`, `signPsbt`, `sendTransfer`).
 *
 * @example
 * const { provider } = getProvider(client)
 * if (provider) await provider.request({ method: 'eth_accounts' })
 *
 * const { provider: solana } = getProvider(client, { namespace: 'solana' })
 * const [{ pubkey }] = (await solana?.request({ method: 'solana_getAccounts' })) ?? []
 */
export function getProvider(client: OrielClient): GetProviderReturnType
export function getProvider<N extends ProviderNamespace>(
  client: OrielClient,
  parameters: GetProviderParameters<N>,
): GetNamespaceProviderReturnType<N>
export function getProvider(
  client: OrielClient,
  parameters?: GetProviderParameters,
): GetProviderReturnType | GetNamespaceProviderReturnType<ProviderNamespace> {
  if (parameters) {
    const { namespace } = parameters
    const provider = namespaceProvider(client, namespace)
    const namespaceCache = namespaceCaches[namespace] as ReturnType<
      typeof createClientCache<GetNamespaceProviderReturnType<ProviderNamespace>>
    >
    return namespaceCache.get(client, [provider], () => ({ provider, namespace }))
  }
  const { current, status } = client.connection.getSnapshot()
  const provider = status === 'connected' ? client.connection.getConnector()?.getProvider() : undefined
  return cache.get(client, [provider, current], () => ({ provider, namespace: current }))
}

export type WatchProviderParameters = WatchParameters<GetProviderReturnType>

export type WatchNamespaceProviderParameters<N extends ProviderNamespace> = GetProviderParameters<N> &
  WatchParameters<GetNamespaceProviderReturnType<N>>

export type WatchProviderReturnType = WatchReturnType

/**
 * Calls `onChange` whenever the provider comes, goes or changes (the connection changed, or the
 * wallet's connector was discovered). With `namespace`, follows that namespace's provider.
 * Returns the unsubscribe function.
 *
 * @example
 * const stop = watchProvider(client, { onChange: ({ provider }) => setProvider(provider) })
 * const stopSolana = watchProvider(client, { namespace: 'solana', onChange: ({ provider }) => setSolana(provider) })
 */
export function watchProvider(client: OrielClient, parameters: WatchProviderParameters): WatchProviderReturnType
export function watchProvider<N extends ProviderNamespace>(
  client: OrielClient,
  parameters: WatchNamespaceProviderParameters<N>,
): WatchProviderReturnType
export function watchProvider(
  client: OrielClient,
  parameters: WatchProviderParameters | WatchNamespaceProviderParameters<ProviderNamespace>,
): WatchProviderReturnType {
  const stores = [client.connection, client.connectors]
  if ('namespace' in parameters) {
    const { namespace, onChange } = parameters
    return watch(client, stores, (c) => getProvider(c, { namespace }), onChange)
  }
  return watch(client, stores, getProvider, parameters.onChange)
}
