import { ConnectError, getWalletErrorCode, NoAccountsError, UNSUPPORTED_METHOD_CODES } from '../errors/connection'
import type { CaipNetworkId } from '../networks'
import { parseEvmChainId } from '../validation/caip'
import type { EIP1193Provider } from '../wallets/eip6963'
import { switchEthereumChain } from './switchChain'
import type { Connection, Connector, ConnectorEvent } from './types'

type Listener = (...args: unknown[]) => void

/** An EIP-1193 provider with its optional event API (`on` / `removeListener`). */
export type EventfulEIP1193Provider = EIP1193Provider & {
  on?(event: string, listener: Listener): unknown
  removeListener?(event: string, listener: Listener): unknown
}

export type CreateEip1193ConnectorParameters = {
  /** Stable across page loads: the wallet's rdns for announced wallets, `injected` for `window.ethereum`. */
  id: string
  name: string
  /** `ANNOUNCED` (EIP-6963) or `INJECTED` (the legacy `window.ethereum`). */
  type: 'ANNOUNCED' | 'INJECTED'
  provider: EventfulEIP1193Provider
  imageUrl?: string | undefined
  rdns?: string | undefined
}

/** `eip155:<decimal>` from an `eth_chainId` answer. */
function toCaipNetworkId(chainId: unknown): CaipNetworkId {
  return `eip155:${parseEvmChainId(String(chainId))}`
}

function toAddresses(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string' && a !== '') : []
}

/**
 * A browser wallet reached through its EIP-1193 provider: connect asks `eth_requestAccounts`,
 * reconnect asks `eth_accounts` (never prompts), disconnect revokes the permission with
 * `wallet_revokePermissions` where the wallet supports it, and the wallet's `accountsChanged`,
 * `chainChanged` and `disconnect` events are passed on.
 *
 * @example
 * const connector = createEip1193Connector({ id: info.rdns, name: info.name, type: 'ANNOUNCED', provider })
 * const { address, caipNetworkId } = await connector.connect()
 */
export function createEip1193Connector(parameters: CreateEip1193ConnectorParameters): Connector {
  const { id, name, type, provider, imageUrl, rdns } = parameters
  const request = (method: string, params?: unknown) =>
    provider.request(params === undefined ? { method } : { method, params })

  const session = async (accounts: unknown): Promise<Connection | null> => {
    const addresses = toAddresses(accounts)
    const address = addresses[0]
    if (!address) return null
    return { address, addresses, caipNetworkId: toCaipNetworkId(await request('eth_chainId')) }
  }

  return {
    id,
    name,
    type,
    chain: 'eip155',
    imageUrl: imageUrl || undefined,
    info: rdns ? { rdns } : undefined,
    async connect() {
      let connection: Connection | null
      try {
        connection = await session(await request('eth_requestAccounts'))
      } catch (cause) {
        throw new ConnectError({ walletName: name, cause })
      }
      if (!connection) throw new NoAccountsError({ walletName: name })
      return connection
    },
    async reconnect() {
      return session(await request('eth_accounts'))
    },
    async disconnect() {
      try {
        await request('wallet_revokePermissions', [{ eth_accounts: {} }])
      } catch (error) {
        // Wallets without EIP-2255 revocation: forgetting the connection locally is all there is.
        const code = getWalletErrorCode(error)
        if (code === undefined || !UNSUPPORTED_METHOD_CODES.includes(code)) throw error
      }
    },
    getProvider: () => provider,
    subscribe(listener: (event: ConnectorEvent) => void) {
      if (typeof provider.on !== 'function') return () => {}
      const onAccounts = (accounts: unknown) => listener({ type: 'accountsChanged', addresses: toAddresses(accounts) })
      const onChain = (chainId: unknown) => {
        try {
          listener({ type: 'chainChanged', caipNetworkId: toCaipNetworkId(chainId) })
        } catch {
          // A wallet reporting a malformed chain id: ignored.
        }
      }
      const onDisconnect = () => listener({ type: 'disconnect' })
      const handlers: [string, Listener][] = [
        ['accountsChanged', onAccounts],
        ['chainChanged', onChain],
        ['disconnect', onDisconnect],
      ]
      for (const [event, handler] of handlers) provider.on(event, handler)
      return () => {
        for (const [event, handler] of handlers) provider.removeListener?.(event, handler)
      }
    },
    switchNetwork: (network) => switchEthereumChain(provider, network),
  }
}
