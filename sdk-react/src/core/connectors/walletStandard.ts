import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { ChainNotSupportedError, ConnectError, NoAccountsError } from '../errors/connection'
import { bitcoin, bitcoinTestnet, localSolana, solana, solanaDevnet, solanaTestnet, type CaipNetworkId, type Network } from '../networks'
import { type BitcoinProvider, createWalletStandardBitcoinProvider } from './bitcoinProvider'
import { createWalletStandardSolanaProvider, type SolanaProvider } from './solanaProvider'
import type { BitcoinConnectFeature } from './standardFeatures'
import type { Connection, Connector, ConnectorEvent } from './types'

/**
 * The wallet-standard chain ids Oriel maps to its networks (Solana clusters, Bitcoin networks).
 * `solana:localnet` (@solana/wallet-standard-chains' local cluster) is Local Solana.
 */
const STANDARD_CHAINS: Readonly<Record<string, Network>> = {
  'solana:mainnet': solana,
  'solana:devnet': solanaDevnet,
  'solana:testnet': solanaTestnet,
  'solana:localnet': localSolana,
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

/** The namespaces `wallet` serves that Oriel can connect (`standard:connect`, or `bitcoin:connect` for Bitcoin). */
export function walletStandardNamespaces(wallet: Wallet): WalletStandardNamespace[] {
  return (Object.keys(PREFIX) as WalletStandardNamespace[]).filter(
    (namespace) =>
      ('standard:connect' in wallet.features || (namespace === 'bip122' && 'bitcoin:connect' in wallet.features)) &&
      wallet.chains.some((chain) => chain.startsWith(PREFIX[namespace])),
  )
}

/** The connector id of a wallet-standard wallet in one namespace. */
export function walletStandardConnectorId(wallet: Wallet, namespace: WalletStandardNamespace): string {
  return `wallet-standard:${namespace}:${wallet.name}`
}

/**
 * A Solana or Bitcoin browser wallet found through the wallet-standard registry, for one
 * namespace. Connect uses `standard:connect` (a Bitcoin wallet: `bitcoin:connect` for its
 * `payment` addresses when it has it), reconnect `standard:connect` with `silent: true` (else
 * the accounts the wallet already shares), disconnect `standard:disconnect` when the wallet has
 * it, and `standard:events` changes are passed on. Once connected, `getNamespaceProvider` gives
 * the dapp a Solana or Bitcoin provider signing with the connected account.
 *
 * @example
 * for (const wallet of getWallets().get()) {
 *   for (const namespace of walletStandardNamespaces(wallet)) connectors.push(createWalletStandardConnector(wallet, namespace))
 * }
 */
export function createWalletStandardConnector(wallet: Wallet, namespace: WalletStandardNamespace): Connector {
  const features = wallet.features as Partial<
    StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & BitcoinConnectFeature
  >
  const prefix = PREFIX[namespace]
  let chosen: CaipNetworkId | undefined
  /** The connection and the wallet's accounts behind it; `null` while disconnected. */
  let current: { connection: Connection; accounts: readonly WalletAccount[] } | null = null
  let provider: SolanaProvider | BitcoinProvider | undefined

  const session = (accounts: readonly WalletAccount[]): Connection | null => {
    const mine = accounts.filter((account) => account.chains.some((chain) => chain.startsWith(prefix)))
    const first = mine[0]
    if (!first) {
      current = null
      return null
    }
    const fromAccount = first.chains.map(fromStandardChain).find(Boolean)
    const caipNetworkId =
      chosen && first.chains.some((chain) => fromStandardChain(chain) === chosen) ? chosen : fromAccount
    const connection = {
      address: first.address,
      addresses: mine.map((account) => account.address),
      caipNetworkId: caipNetworkId ?? (namespace === 'solana' ? solana.caipNetworkId : bitcoin.caipNetworkId),
    }
    current = { connection, accounts: mine }
    return connection
  }

  const connect = async (silent: boolean) => {
    const standard = features['standard:connect']
    const bitcoinConnect = namespace === 'bip122' ? features['bitcoin:connect'] : undefined
    if (silent) {
      if (standard) return session((await standard.connect({ silent: true })).accounts)
      return session(wallet.accounts)
    }
    // Bitcoin: the `payment` addresses (spec §6, the default bip122 account type).
    if (bitcoinConnect) return session((await bitcoinConnect.connect({ purposes: ['payment'] })).accounts)
    if (!standard) throw new ConnectError({ walletName: wallet.name })
    return session((await standard.connect()).accounts)
  }

  /** The wallet-standard chain the provider signs for: the connection's network. */
  const chain = () => {
    const id = current?.connection.caipNetworkId
    return Object.keys(STANDARD_CHAINS).find((c) => STANDARD_CHAINS[c]?.caipNetworkId === id) ?? `${prefix}mainnet`
  }
  const makeProvider = () =>
    namespace === 'solana'
      ? createWalletStandardSolanaProvider({
          wallet,
          account: () => (current ? current.accounts.find((a) => a.address === current?.connection.address) : undefined),
          chain,
        })
      : createWalletStandardBitcoinProvider({ wallet, accounts: () => current?.accounts ?? [], chain })

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
      current = null
      await features['standard:disconnect']?.disconnect()
    },
    getProvider: () => undefined,
    getNamespaceProvider(wanted) {
      if (wanted !== namespace || !current) return undefined
      provider ??= makeProvider()
      return provider as never
    },
    subscribe(listener: (event: ConnectorEvent) => void) {
      const events = features['standard:events']
      if (!events) return () => {}
      return events.on('change', ({ accounts }) => {
        if (!accounts) return
        const next = session(accounts)
        // A new account or a network the account no longer serves: the whole connection changed.
        listener(next ? { type: 'change', connection: next } : { type: 'accountsChanged', addresses: [] })
      })
    },
    async switchNetwork(network) {
      // Solana and Bitcoin wallets sign for any cluster they list; the dapp picks the network.
      const standardChain = toStandardChain(network)
      if (!standardChain || !wallet.chains.includes(standardChain as `${string}:${string}`)) {
        throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId })
      }
      chosen = network.caipNetworkId
      if (current) current = { ...current, connection: { ...current.connection, caipNetworkId: chosen } }
    },
  }
}
