import { DISCONNECTED_ACCOUNT, type AccountStatus, type AccountStore } from '../account/accountStore'
import type { Connection, Connector, ConnectorEvent } from '../connectors/types'
import { DisconnectError } from '../errors/auth'
import { NetworkNotFoundError } from '../errors/config'
import { ConnectorNotFoundError } from '../errors/connection'
import type { CaipNetworkId, ChainNamespace, Network } from '../networks'
import { STORAGE_KEYS } from '../storage/keys'
import type { SafeStorage } from '../storage/storage'
import { createStore, type ReadableStore } from '../store/createStore'
import { findNetwork } from './network'
import { addRecentWallet, readPersisted, writePersisted, type RecentWallet } from './persist'

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
}

export interface ConnectionState {
  /** Browser-wallet and WalletConnect connections per namespace; a namespace without an entry is disconnected. */
  readonly connections: Readonly<Partial<Record<ChainNamespace, NamespaceConnection>>>
  /** The namespace whose account the widget shows. */
  readonly activeNamespace: ChainNamespace | undefined
  /** The active network: the connected wallet's, else the last chosen or the default one. */
  readonly activeCaipNetworkId: CaipNetworkId
  /** Wallets connected most recently, newest first, at most 2. */
  readonly recentWallets: readonly RecentWallet[]
}

export type ConnectParameters = {
  /** The network to connect on, when the wallet supports choosing one. */
  caipNetworkId?: CaipNetworkId | undefined
}

export interface ConnectionStore extends ReadableStore<ConnectionState> {
  /** The status of `namespace` (default: the active one). */
  getStatus(namespace?: ChainNamespace): ConnectionStatus
  /** The connector of the active (or the given) namespace's connection. */
  getConnector(namespace?: ChainNamespace): Connector | undefined
  /** Connects the wallet of `connectorId` (prompting in the wallet) and makes its namespace active. */
  connect(connectorId: string, parameters?: ConnectParameters): Promise<Connection>
  /**
   * Restores the connections of the last visit without prompting: per namespace the stored
   * connector, then the recent wallets, then the other installed ones; the first authorized one
   * wins. Only one runs at a time (a second call gets the running one's promise).
   */
  reconnect(): Promise<void>
  /**
   * Disconnects `namespace` (default: the active one), then switches to another remaining
   * connection, else becomes disconnected. Rejects with `DisconnectError` ('Failed to disconnect').
   */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** Switches the active network (asking the wallet when one is connected in its namespace). */
  switchNetwork(network: Network): Promise<void>
  /** Follows wallet events and reconnects when a connection is stored. Returns the cleanup. */
  start(): () => void
}

export type CreateConnectionStoreParameters = {
  networks: readonly Network[]
  defaultNetwork: Network
  connectors: ReadableStore<readonly Connector[]>
  account: AccountStore
  storage: SafeStorage
  /** A failed disconnect, after it was logged (spec §4: reported as DISCONNECT_ERROR). */
  onDisconnectError?: ((namespace: ChainNamespace, error: unknown) => void) | undefined
  /** How long reconnect waits for a stored wallet to announce itself. Default 1000 ms. */
  discoveryTimeoutMs?: number | undefined
}

/** Reconnect waits this long for the stored wallet to announce itself (EIP-6963, wallet-standard). */
export const RECONNECT_DISCOVERY_TIMEOUT_MS = 1_000

/**
 * The browser-wallet connections per namespace (spec §4): status, active namespace and network,
 * connect, reconnect, disconnect and network switch, kept in localStorage (spec §3). It feeds
 * the account store with the active account; the embedded wallet (connector `AUTH`) keeps
 * setting the account itself, and this store leaves an `AUTH` account alone.
 *
 * @example
 * const connection = createConnectionStore({ networks, defaultNetwork, connectors, account, storage })
 * const stop = connection.start() // reconnects a stored connection
 * await connection.connect('io.metamask')
 * await connection.switchNetwork(base)
 * await connection.disconnect()
 */
export function createConnectionStore(parameters: CreateConnectionStoreParameters): ConnectionStore {
  const { networks, defaultNetwork, connectors, account, storage } = parameters
  const discoveryTimeoutMs = parameters.discoveryTimeoutMs ?? RECONNECT_DISCOVERY_TIMEOUT_MS
  const persisted = readPersisted(storage)
  const initialNetwork = findNetwork(networks, persisted.activeCaipNetworkId) ?? defaultNetwork

  const store = createStore<ConnectionState>({
    connections: {},
    activeNamespace: undefined,
    activeCaipNetworkId: initialNetwork.caipNetworkId,
    recentWallets: persisted.recentWallets,
  })
  /** Bumped per namespace by connect and disconnect, so a reconnect finishing late changes nothing. */
  const epochs = new Map<ChainNamespace, number>()
  const unsubscribes = new Map<ChainNamespace, () => void>()
  /** Bumped by `start()`'s cleanup, so a reconnect from an unmounted provider changes nothing. */
  let generation = 0
  let reconnecting: { generation: number; promise: Promise<void> } | undefined
  /** Whether the account store currently shows a browser-wallet state this store wrote. */
  let ownsAccount = false

  const epoch = (namespace: ChainNamespace) => epochs.get(namespace) ?? 0
  const bump = (namespace: ChainNamespace) => epochs.set(namespace, epoch(namespace) + 1)
  const findConnector = (id: string | undefined) => connectors.getSnapshot().find((c) => c.id === id)

  const persist = () => {
    const { connections, activeNamespace, activeCaipNetworkId, recentWallets } = store.getSnapshot()
    // A namespace still reconnecting keeps its stored connector, so a reload meanwhile loses nothing.
    const kept = (Object.keys(connections) as ChainNamespace[]).filter((namespace) => {
      const status = connections[namespace]?.status
      return (status === 'connected' || status === 'reconnecting') && connections[namespace]?.connectorId
    })
    const connectorIds: Partial<Record<ChainNamespace, string>> = {}
    for (const namespace of kept) connectorIds[namespace] = connections[namespace]?.connectorId
    const embedded = account.getSnapshot()
    writePersisted(
      storage,
      {
        namespaces: kept,
        connectorIds,
        activeNamespace: activeNamespace && kept.includes(activeNamespace) ? activeNamespace : undefined,
        activeCaipNetworkId,
        recentWallets,
      },
      embedded.connectorId === 'AUTH' && embedded.status === 'connected',
    )
  }

  /** Mirrors the active connection into the account store. */
  const syncAccount = () => {
    const { connections, activeNamespace } = store.getSnapshot()
    const active = activeNamespace ? connections[activeNamespace] : undefined
    const current = account.getSnapshot()
    if (active?.status === 'connected' && active.address && active.caipNetworkId && activeNamespace) {
      ownsAccount = true
      account.setState({
        status: 'connected',
        address: active.address,
        caipAddress: `${active.caipNetworkId}:${active.address}`,
        namespace: activeNamespace,
        connectorId: active.connectorId,
        user: undefined,
      })
      return
    }
    const busy = active?.status === 'connecting' || active?.status === 'reconnecting'
    // The embedded wallet's own login or reconnect is left alone.
    if (current.connectorId === 'AUTH' || (!ownsAccount && current.status !== 'disconnected')) return
    if (busy && active) {
      ownsAccount = true
      account.setState({ ...DISCONNECTED_ACCOUNT, status: active.status })
    } else if (ownsAccount) {
      ownsAccount = false
      account.setState(DISCONNECTED_ACCOUNT)
    }
  }

  const setConnection = (namespace: ChainNamespace, connection: NamespaceConnection | undefined) => {
    store.setState((s) => {
      const connections = { ...s.connections }
      if (connection) connections[namespace] = connection
      else delete connections[namespace]
      return { connections }
    })
  }

  const anotherConnected = (except?: ChainNamespace) => {
    const { connections } = store.getSnapshot()
    return (Object.keys(connections) as ChainNamespace[]).find(
      (namespace) => namespace !== except && connections[namespace]?.status === 'connected',
    )
  }

  /** Makes `namespace` active (or another connected one, or none) and the network follow it. */
  const activate = (namespace: ChainNamespace | undefined) => {
    const connection = namespace ? store.getSnapshot().connections[namespace] : undefined
    store.setState((s) => ({
      activeNamespace: namespace,
      activeCaipNetworkId: connection?.caipNetworkId ?? s.activeCaipNetworkId,
    }))
  }

  const follow = (namespace: ChainNamespace, connector: Connector) => {
    unsubscribes.get(namespace)?.()
    const unsubscribe = connector.subscribe?.((event) => onWalletEvent(namespace, connector, event))
    if (unsubscribe) unsubscribes.set(namespace, unsubscribe)
    else unsubscribes.delete(namespace)
  }

  const forget = (namespace: ChainNamespace) => {
    bump(namespace)
    unsubscribes.get(namespace)?.()
    unsubscribes.delete(namespace)
    setConnection(namespace, undefined)
    const { activeNamespace } = store.getSnapshot()
    if (activeNamespace === namespace || activeNamespace === undefined) activate(anotherConnected(namespace))
  }

  const connected = (namespace: ChainNamespace, connector: Connector, connection: Connection) => {
    const wallet: RecentWallet = { id: connector.id, name: connector.name, icon: connector.imageUrl }
    setConnection(namespace, {
      status: 'connected',
      connectorId: connector.id,
      address: connection.address,
      addresses: connection.addresses,
      caipNetworkId: connection.caipNetworkId,
      wallet,
    })
    follow(namespace, connector)
    storage.setItem(STORAGE_KEYS.walletId, connector.id)
    storage.setItem(STORAGE_KEYS.walletName, connector.name)
  }

  /** spec §4: a wallet-disconnect event resets the accounts of every namespace. */
  const resetAll = () => {
    for (const namespace of Object.keys(store.getSnapshot().connections) as ChainNamespace[]) forget(namespace)
    activate(undefined)
    storage.removeItem(STORAGE_KEYS.walletId)
    storage.removeItem(STORAGE_KEYS.walletName)
    persist()
    syncAccount()
  }

  const onWalletEvent = (namespace: ChainNamespace, connector: Connector, event: ConnectorEvent) => {
    const current = store.getSnapshot().connections[namespace]
    if (current?.connectorId !== connector.id || current.status !== 'connected') return
    if (event.type === 'disconnect') return resetAll()
    if (event.type === 'accountsChanged') {
      const [address] = event.addresses
      if (!address) {
        forget(namespace)
      } else {
        setConnection(namespace, { ...current, address, addresses: event.addresses })
      }
    } else {
      setConnection(namespace, { ...current, caipNetworkId: event.caipNetworkId })
      if (store.getSnapshot().activeNamespace === namespace) store.setState({ activeCaipNetworkId: event.caipNetworkId })
    }
    persist()
    syncAccount()
  }

  /** The connector `id`, waiting up to `timeoutMs` for it to be discovered. */
  const waitForConnector = (id: string, timeoutMs: number): Promise<Connector | undefined> => {
    const found = findConnector(id)
    if (found || timeoutMs <= 0) return Promise.resolve(found)
    return new Promise((resolve) => {
      const done = (connector: Connector | undefined) => {
        clearTimeout(timer)
        unsubscribe()
        resolve(connector)
      }
      const unsubscribe = connectors.subscribe(() => {
        const connector = findConnector(id)
        if (connector) done(connector)
      })
      const timer = setTimeout(() => done(undefined), timeoutMs)
    })
  }

  const reconnectNamespace = async (namespace: ChainNamespace, storedId: string | undefined) => {
    const started = epoch(namespace)
    const stale = () => epoch(namespace) !== started
    setConnection(namespace, {
      status: 'reconnecting',
      connectorId: storedId,
      address: undefined,
      addresses: [],
      caipNetworkId: undefined,
      wallet: undefined,
    })
    syncAccount()
    const recent = store.getSnapshot().recentWallets.map((w) => w.id)
    const tried = new Set<string>()
    const candidates = async function* () {
      if (storedId) yield await waitForConnector(storedId, discoveryTimeoutMs)
      for (const id of recent) yield findConnector(id)
      yield* connectors.getSnapshot()
    }
    for await (const connector of candidates()) {
      if (stale()) return
      if (!connector || connector.chain !== namespace || tried.has(connector.id)) continue
      // A pairing connector (WalletConnect) is only resumed when it held the connection: asking it
      // loads its library and opens a relay connection.
      if (connector.type === 'WALLET_CONNECT' && connector.id !== storedId) continue
      tried.add(connector.id)
      let connection: Connection | null = null
      try {
        connection = await connector.reconnect()
      } catch {
        // Not authorized (or the wallet is locked): try the next one.
      }
      if (stale()) return
      if (connection) return connected(namespace, connector, connection)
    }
    if (!stale()) setConnection(namespace, undefined)
  }

  const runReconnect = async (current: number) => {
    const { namespaces, connectorIds, activeNamespace } = readPersisted(storage)
    if (namespaces.length === 0) return
    // The account shows `reconnecting` for the namespace that was active last time.
    if (!store.getSnapshot().activeNamespace) {
      store.setState({ activeNamespace: activeNamespace && namespaces.includes(activeNamespace) ? activeNamespace : namespaces[0] })
    }
    await Promise.all(namespaces.map((namespace) => reconnectNamespace(namespace, connectorIds[namespace])))
    if (current !== generation) return
    const { connections } = store.getSnapshot()
    const active = store.getSnapshot().activeNamespace
    if (!active || connections[active]?.status !== 'connected') {
      const preferred =
        activeNamespace && connections[activeNamespace]?.status === 'connected' ? activeNamespace : anotherConnected()
      activate(preferred)
    }
    persist()
    syncAccount()
  }

  const connection: ConnectionStore = {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    getStatus(namespace) {
      const key = namespace ?? store.getSnapshot().activeNamespace
      return (key && store.getSnapshot().connections[key]?.status) || 'disconnected'
    },
    getConnector(namespace) {
      const key = namespace ?? store.getSnapshot().activeNamespace
      return key ? findConnector(store.getSnapshot().connections[key]?.connectorId) : undefined
    },
    async connect(connectorId, { caipNetworkId } = {}) {
      const connector = findConnector(connectorId)
      if (!connector) throw new ConnectorNotFoundError({ connectorId })
      const namespace = connector.chain
      bump(namespace)
      const started = epoch(namespace)
      const previous = store.getSnapshot().connections[namespace]
      const previousActive = store.getSnapshot().activeNamespace
      setConnection(namespace, {
        status: 'connecting',
        connectorId,
        address: undefined,
        addresses: [],
        caipNetworkId: undefined,
        wallet: undefined,
      })
      store.setState({ activeNamespace: namespace })
      syncAccount()
      let result: Connection
      try {
        const wanted = caipNetworkId ?? store.getSnapshot().activeCaipNetworkId
        result = await connector.connect(wanted.startsWith(`${namespace}:`) ? { caipNetworkId: wanted } : {})
      } catch (error) {
        if (epoch(namespace) === started) {
          // Back to the namespace's connection, if it had one; a reconnect it interrupted is over.
          const kept = previous?.status === 'connected' ? previous : undefined
          setConnection(namespace, kept)
          if (kept) follow(namespace, findConnector(kept.connectorId) ?? connector)
          store.setState({ activeNamespace: kept ? namespace : previousActive })
          persist()
          syncAccount()
        }
        throw error
      }
      if (epoch(namespace) === started) {
        if (previous?.connectorId && previous.connectorId !== connectorId) {
          // A different wallet replaces the namespace's connection; the old one is let go quietly.
          void findConnector(previous.connectorId)
            ?.disconnect()
            .catch(() => {})
        }
        connected(namespace, connector, result)
        store.setState((s) => ({
          recentWallets: addRecentWallet(s.recentWallets, { id: connector.id, name: connector.name, icon: connector.imageUrl }),
        }))
        activate(namespace)
        persist()
        syncAccount()
      }
      return result
    },
    reconnect() {
      if (reconnecting?.generation === generation) return reconnecting.promise
      const promise = runReconnect(generation).finally(() => {
        if (reconnecting?.promise === promise) reconnecting = undefined
      })
      reconnecting = { generation, promise }
      return promise
    },
    async disconnect(namespace = store.getSnapshot().activeNamespace) {
      if (!namespace) return
      const current = store.getSnapshot().connections[namespace]
      if (!current) return
      try {
        await findConnector(current.connectorId)?.disconnect()
      } catch (error) {
        console.error(`oriel: DISCONNECT_ERROR (${namespace})`, error)
        parameters.onDisconnectError?.(namespace, error)
        throw new DisconnectError({ cause: error })
      }
      forget(namespace)
      if (!anotherConnected()) {
        storage.removeItem(STORAGE_KEYS.walletId)
        storage.removeItem(STORAGE_KEYS.walletName)
      }
      persist()
      syncAccount()
    },
    async switchNetwork(network) {
      if (!findNetwork(networks, network.caipNetworkId)) {
        throw new NetworkNotFoundError({ caipNetworkId: network.caipNetworkId })
      }
      const namespace = network.chainNamespace
      const current = store.getSnapshot().connections[namespace]
      if (current?.status === 'connected') {
        const connector = findConnector(current.connectorId)
        if (current.caipNetworkId !== network.caipNetworkId) await connector?.switchNetwork?.(network)
        const latest = store.getSnapshot().connections[namespace]
        if (latest) setConnection(namespace, { ...latest, caipNetworkId: network.caipNetworkId })
        store.setState({ activeNamespace: namespace })
      } else if (anotherConnected() && store.getSnapshot().activeNamespace !== namespace) {
        // spec §4: switching across namespaces shows that namespace, which has no connection yet.
        store.setState({ activeNamespace: namespace })
      }
      store.setState({ activeCaipNetworkId: network.caipNetworkId })
      persist()
      syncAccount()
    },
    start() {
      // A provider mounted again follows the wallets it is still connected to.
      const { connections } = store.getSnapshot()
      for (const namespace of Object.keys(connections) as ChainNamespace[]) {
        const connector = findConnector(connections[namespace]?.connectorId)
        if (connector && connections[namespace]?.status === 'connected') follow(namespace, connector)
      }
      void connection.reconnect()
      return () => {
        generation++
        for (const unsubscribe of unsubscribes.values()) unsubscribe()
        unsubscribes.clear()
        for (const namespace of Object.keys(store.getSnapshot().connections) as ChainNamespace[]) bump(namespace)
      }
    },
  }
  return connection
}
