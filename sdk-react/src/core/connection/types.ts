import type { User } from '../../codec/protocol.gen'
import type { SocialProvider } from '../config/features'
import type { AccountStatus, AccountStore } from '../account/accountStore'
import type { Connection, Connector } from '../connectors/types'
import type { CaipNetworkId, ChainNamespace, Network } from '../networks'
import type { SafeStorage } from '../storage/storage'
import type { ReadableStore } from '../store/createStore'

/** Connection status of one namespace (spec §4). */
export type ConnectionStatus = AccountStatus

/** The connection of one chain namespace. */
export interface NamespaceConnection {
  readonly status: ConnectionStatus
  /** The connector that holds (or is making) the connection. */
  readonly connectorId: string | undefined
  readonly address: string | undefined
  /** Every address the wallet shared, active first. */
  readonly addresses: readonly string[]
  /** The network the wallet is on; may be one the dapp does not list. */
  readonly caipNetworkId: CaipNetworkId | undefined
  /** Name and icon of the connected wallet. */
  readonly wallet: RecentWallet | undefined
  /** The logged-in user, from a connector that logs a user in (the embedded wallet). */
  readonly user?: User | undefined
  /** The social provider the user logged in with (the embedded wallet's social login). */
  readonly socialProvider?: SocialProvider | undefined
}

/** Every connection, wagmi style: the connections, the current one and its status. */
export interface ConnectionState {
  /** The connections per namespace, whatever connector holds them; a namespace without an entry is disconnected. */
  readonly connections: Readonly<Partial<Record<ChainNamespace, NamespaceConnection>>>
  /** The namespace whose connection the widget shows (the account). */
  readonly current: ChainNamespace | undefined
  /** The status of the current connection (`disconnected` without one). */
  readonly status: ConnectionStatus
  /** The active network: the current connection's, else the last chosen or the default one. */
  readonly activeCaipNetworkId: CaipNetworkId
  /** Wallets connected most recently, newest first, at most 2. */
  readonly recentWallets: readonly RecentWallet[]
}

export type ConnectParameters = {
  /** The network to connect on, when the wallet supports choosing one. */
  caipNetworkId?: CaipNetworkId | undefined
}

export type ReconnectConnectionsParameters = {
  /** Only these connectors, asked whether or not a connection of theirs is stored (wagmi's `reconnect`). */
  connectorIds?: readonly string[] | undefined
}

export interface ConnectionStore extends ReadableStore<ConnectionState> {
  /** The status of `namespace` (default: the current one). */
  getStatus(namespace?: ChainNamespace): ConnectionStatus
  /** The connector of the current (or the given) namespace's connection. */
  getConnector(namespace?: ChainNamespace): Connector | undefined
  /** Connects the wallet of `connectorId` (prompting in the wallet) and makes its connection current. */
  connect(connectorId: string, parameters?: ConnectParameters): Promise<Connection>
  /**
   * Restores the connections of the last visit without prompting: the connectors that keep
   * their own login and have one (`isAuthorized()`), and per stored namespace the stored
   * connector, then the recent wallets, then the other installed ones; the first authorized one
   * wins. Only one runs at a time (a second call gets the running one's promise).
   */
  reconnect(parameters?: ReconnectConnectionsParameters): Promise<undefined>
  /**
   * Disconnects `namespace` (default: the current one), then switches to another remaining
   * connection, else becomes disconnected. Rejects with `DisconnectError` ('Failed to disconnect').
   */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** Switches the active network (asking the wallet when one is connected that serves it). */
  switchNetwork(network: Network): Promise<void>
  /** Follows wallet events and reconnects what is stored. Returns the cleanup. */
  start(): () => void
}

export type CreateConnectionStoreParameters = {
  networks: readonly Network[]
  defaultNetwork: Network
  /** Every connector: browser wallets, WalletConnect, the embedded wallet. */
  connectors: ReadableStore<readonly Connector[]>
  /** The account the widget shows; this store is its only writer. */
  account: AccountStore
  storage: SafeStorage
  /** A failed disconnect, after it was logged (spec §4: reported as DISCONNECT_ERROR). */
  onDisconnectError?: ((namespace: ChainNamespace, error: unknown) => void) | undefined
  /** How long reconnect waits for a stored wallet to announce itself. Default 1000 ms. */
  discoveryTimeoutMs?: number | undefined
}

/** A wallet the user connected recently (spec §9: at most 2 are kept). */
export interface RecentWallet {
  /** The connector id. */
  readonly id: string
  readonly name: string
  readonly icon?: string | undefined
}
