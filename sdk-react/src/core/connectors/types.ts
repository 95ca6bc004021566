import type { User } from '../../codec/protocol.gen'
import type { SocialProvider } from '../config/features'
import type { CaipNetworkId, ChainNamespace, Network } from '../networks'
import type { EIP1193Provider } from '../wallets/eip6963'
import type { BitcoinProvider } from './bitcoinProvider'
import type { SolanaProvider } from './solanaProvider'

/** The provider a dapp gets per namespace: EIP-1193 for eip155, the request providers for Solana and Bitcoin. */
export type NamespaceProviders = {
  eip155: EIP1193Provider
  solana: SolanaProvider
  bip122: BitcoinProvider
}

/** The namespaces with a provider of their own besides eip155. */
export type RequestProviderNamespace = 'solana' | 'bip122'

/** Connector kinds (spec §3). `AUTH` is the embedded wallet. */
export type ConnectorType = 'AUTH' | 'MULTI_CHAIN' | 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL' | 'WALLET_CONNECT'

/** What a successful connect or reconnect yields. */
export interface Connection {
  /** The active address, in its chain family's usual text form. */
  readonly address: string
  /** The network the wallet is on. */
  readonly caipNetworkId: CaipNetworkId
  /** Every address the wallet shared, active first. */
  readonly addresses: readonly string[]
  /** The logged-in user (email, account type), from a connector that logs a user in (the embedded wallet). */
  readonly user?: User | undefined
  /** The social provider the user logged in with (the embedded wallet's social login). */
  readonly socialProvider?: SocialProvider | undefined
}

/** What `reconnect()` gets from the connection store. */
export type ReconnectParameters = {
  /** The widget's active network, for a connector that can start on any of its networks. */
  caipNetworkId?: CaipNetworkId | undefined
  /** Aborts once the result no longer matters (the provider unmounted); then change nothing. */
  signal?: AbortSignal | undefined
}

/**
 * What a wallet reports on its own (EIP-1193 `accountsChanged`, `chainChanged`, `disconnect`;
 * wallet-standard `change`). An empty `addresses` list means the wallet revoked access.
 */
export type ConnectorEvent =
  | { readonly type: 'accountsChanged'; readonly addresses: readonly string[] }
  | { readonly type: 'chainChanged'; readonly caipNetworkId: CaipNetworkId }
  | { readonly type: 'disconnect' }
  /** The connection as a whole changed (another address, network or user): the embedded wallet. */
  | { readonly type: 'change'; readonly connection: Connection }

/**
 * One way of connecting a wallet (spec §3: id, name, chain, type, imageId, info.rdns, imageUrl).
 * Every kind of wallet — announced, injected, WalletConnect, the embedded wallet — implements
 * this, so the connection store treats them alike: nothing outside a connector asks which one
 * it is.
 */
export interface Connector {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly chain: ChainNamespace
  readonly imageId?: string | undefined
  readonly imageUrl?: string | undefined
  readonly info?: { readonly rdns?: string | undefined } | undefined
  /** The namespaces the connector serves when more than `chain` (the embedded wallet: eip155 and solana). */
  readonly namespaces?: readonly ChainNamespace[] | undefined
  /**
   * Who restores the connection after a reload. `'store'` (the default): the connection store
   * keeps the namespace and connector id in localStorage, lists the wallet among the recent
   * ones and asks it again with `reconnect()`. `'connector'`: the connector keeps its own login
   * (the embedded wallet: a cached login flag and the frame's session); the store records only
   * that it is connected and calls `reconnect()` on load when `isAuthorized()` says so.
   */
  readonly restores?: 'store' | 'connector' | undefined
  /**
   * Asking it to reconnect is costly (WalletConnect: loads its library, opens a relay
   * connection), so a reconnect asks it only when it held the stored connection.
   */
  readonly reconnectOnlyWhenStored?: boolean | undefined
  /** Whether there is a login to restore, without touching the network (`restores: 'connector'`). */
  isAuthorized?(): boolean
  /** Asks the wallet for access (may show the wallet's own prompt). */
  connect(parameters?: { caipNetworkId?: CaipNetworkId | undefined }): Promise<Connection>
  /** Resumes an earlier authorization without prompting; `null` when there is none. */
  reconnect(parameters?: ReconnectParameters): Promise<Connection | null>
  /** Ends the connection on the wallet's side too where the wallet supports it. */
  disconnect(): Promise<void>
  /** The wallet's EIP-1193 provider (eip155), once connected. */
  getProvider(): EIP1193Provider | undefined
  /** The wallet's Solana or Bitcoin provider, once connected in that namespace. */
  getNamespaceProvider?<N extends RequestProviderNamespace>(namespace: N): NamespaceProviders[N] | undefined
  /** Listens to the wallet's own events; returns the unsubscribe function. */
  subscribe?(listener: (event: ConnectorEvent) => void): () => void
  /**
   * Asks the wallet to change network (eip155: switch, or add then switch on 4902). A wallet
   * whose address changes with the network reports the new connection as a `change` event.
   */
  switchNetwork?(network: Network): Promise<void>
  /** The wallet at the other end as it describes itself (a WalletConnect session's peer). */
  getPeer?(): { readonly name: string; readonly icon: string | undefined } | undefined
}
