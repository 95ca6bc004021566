import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { ChainNotSupportedError, ConnectError, NoAccountsError } from '../errors/connection'
import { bitcoin, bitcoinTestnet, solana, solanaDevnet, solanaTestnet, type CaipNetworkId, type Network } from '../networks'
import type { Connection, Connector, ConnectorEvent } from './types'

/** The wallet-standard chain ids Oriel maps to its networks (Solana clusters, Bitcoin networks). */
const STANDARD_CHAINS: Readonly<Record<string, Network>> = {
  'solana:mainnet': solana,
  'solana:devnet': solanaDevnet,
  'solana:testnet': solanaTestnet,
  'bitcoin:mainnet': bitcoin,
  'bitcoin:testnet': bitcoinTestnet,
}

/** The namespaces reached through wallet-standard. */
export type WalletStandardNamespace = 'solana' | 'bip122'

const PREFIX: Readonly<Record<WalletStandardNamespace, string>> = { solana: 'solana:', bip122: 'bitcoin:' }

/**
 * The CAIP-2 id of a wallet-standard chain (`solana:devnet` -> `solana:EtWTRABZaYq6iMfeYKouRu166VL8B3Dq`),
 * or `undefined` for chains Oriel does not know.
 */
export function fromStandardChain(chain: string): CaipNetworkId | undefined {
  return STANDARD_CHAINS[chain]?.caipNetworkId
}

/** The wallet-standard chain of a network (`solana:mainnet`…), or `undefined`. */
export function toStandardChain(network: Network): string | undefined {
  return Object.keys(STANDARD_CHAINS).find((chain) => STANDARD_CHAINS[chain]?.caipNetworkId === network.caipNetworkId)
}

/** The namespaces `wallet` serves that Oriel can connect (it must implement `standard:connect`). */
export function walletStandardNamespaces(wallet: Wallet): WalletStandardNamespace[] {
  if (!('standard:connect' in wallet.features)) return []
  return (Object.keys(PREFIX) as WalletStandardNamespace[]).filter((namespace) =>
    wallet.chains.some((chain) => chain.startsWith(PREFIX[namespace])),
  )
}

/** The connector id of a wallet-standard wallet in one namespace. */
export function walletStandardConnectorId(wallet: Wallet, namespace: WalletStandardNamespace): string {
  return `wallet-standard:${namespace}:${wallet.name}`
}

/**
 * A Solana or Bitcoin browser wallet found through the wallet-standard registry, for one
 * namespace. Connect uses `standard:connect`, reconnect the same with `silent: true`, disconnect
 * `standard:disconnect` when the wallet has it, and `standard:events` changes are passed on.
 *
 * @example
 * for (const wallet of getWallets().get()) {
 *   for (const namespace of walletStandardNamespaces(wallet)) connectors.push(createWalletStandardConnector(wallet, namespace))
 * }
 */
export function createWalletStandardConnector(wallet: Wallet, namespace: WalletStandardNamespace): Connector {
  const features = wallet.features as Partial<StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature>
  const prefix = PREFIX[namespace]
  let chosen: CaipNetworkId | undefined

  const session = (accounts: readonly WalletAccount[]): Connection | null => {
    const mine = accounts.filter((account) => account.chains.some((chain) => chain.startsWith(prefix)))
    const first = mine[0]
    if (!first) return null
    const fromAccount = first.chains.map(fromStandardChain).find(Boolean)
    const caipNetworkId =
      chosen && first.chains.some((chain) => fromStandardChain(chain) === chosen) ? chosen : fromAccount
    return {
      address: first.address,
      addresses: mine.map((account) => account.address),
      caipNetworkId: caipNetworkId ?? (namespace === 'solana' ? solana.caipNetworkId : bitcoin.caipNetworkId),
    }
  }

  const connect = async (silent: boolean) => {
    const feature = features['standard:connect']
    if (!feature) throw new ConnectError({ walletName: wallet.name })
    const { accounts } = await feature.connect(silent ? { silent: true } : undefined)
    return session(accounts)
  }

  return {
    id: walletStandardConnectorId(wallet, namespace),
    name: wallet.name,
    type: 'ANNOUNCED',
    chain: namespace,
    imageUrl: wallet.icon,
    async connect({ caipNetworkId } = {}) {
      chosen = caipNetworkId
      let connection: Connection | null
      try {
        connection = await connect(false)
      } catch (cause) {
        throw new ConnectError({ walletName: wallet.name, cause })
      }
      if (!connection) throw new NoAccountsError({ walletName: wallet.name })
      return connection
    },
    reconnect: () => connect(true),
    async disconnect() {
      await features['standard:disconnect']?.disconnect()
    },
    getProvider: () => undefined,
    subscribe(listener: (event: ConnectorEvent) => void) {
      const events = features['standard:events']
      if (!events) return () => {}
      return events.on('change', ({ accounts }) => {
        if (!accounts) return
        const next = session(accounts)
        listener({ type: 'accountsChanged', addresses: next ? next.addresses : [] })
      })
    },
    async switchNetwork(network) {
      // Solana and Bitcoin wallets sign for any cluster they list; the dapp picks the network.
      const chain = toStandardChain(network)
      if (!chain || !wallet.chains.includes(chain as `${string}:${string}`)) {
        throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId })
      }
      chosen = network.caipNetworkId
    },
  }
}
