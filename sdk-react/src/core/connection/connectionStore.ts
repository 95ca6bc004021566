import { DisconnectError } from '../errors/auth'
import { NetworkNotFoundError } from '../errors/config'
import { ConnectorNotFoundError } from '../errors/connection'
import type { Connection, Connector, ConnectorEvent } from '../connectors/types'
import type { ChainNamespace } from '../networks'
import { STORAGE_KEYS } from '../storage/keys'
import { createStore } from '../store/createStore'
import { isChainNamespace } from '../validation/caip'
import { toAccount } from './account'
import { waitForConnector } from './discovery'
import { findNetwork } from './network'
import { addRecentWallet, readPersisted, writeConnections } from './persist'
import type {
  ConnectionState,
  ConnectionStore,
  CreateConnectionStoreParameters,
  NamespaceConnection,
  RecentWallet,
} from './types'

export type { ConnectionStore, CreateConnectionStoreParameters } from './types'

/** Reconnect waits this long for the stored wallet to announce itself (EIP-6963, wallet-standard). */
export const RECONNECT_DISCOVERY_TIMEOUT_MS = 1_000

/** The namespaces `connector` serves. */
function connectorNamespaces(connector: Connector): readonly ChainNamespace[] {
  return connector.namespaces ?? [connector.chain]
}

/** Whether the connection store (rather than the connector itself) restores `connector` after a reload. */
const restoredByStore = (connector: Connector | undefined) => connector?.restores !== 'connector'

const namespaceOf = (caipNetworkId: string | undefined): ChainNamespace | undefined => {
  const namespace = caipNetworkId?.split(':')[0]
  return isChainNamespace(namespace) ? namespace : undefined
}

/**
 * Every connection per namespace (spec §4), whatever connector holds it (browser wallet,
 * WalletConnect, the embedded wallet): status, current namespace and network, connect,
 * reconnect, disconnect and network switch, kept in localStorage (spec §3) through
 * `persist.ts`. The account store shows the current connection; this store is its only writer.
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
    current: undefined,
    status: 'disconnected',
    activeCaipNetworkId: initialNetwork.caipNetworkId,
    recentWallets: persisted.recentWallets,
  })
  /** Updates the state; `status` always follows the current connection. */
  const update = (patch: Partial<ConnectionState> | ((state: ConnectionState) => Partial<ConnectionState>)) => {
    store.setState((s) => {
      const next = { ...s, ...(typeof patch === 'function' ? patch(s) : patch) }
      const status = (next.current && next.connections[next.current]?.status) || 'disconnected'
      return { ...next, status }
    })
  }
  /** Bumped per namespace by connect and disconnect, so a reconnect finishing late changes nothing. */
  const epochs = new Map<ChainNamespace, number>()
  const unsubscribes = new Map<ChainNamespace, () => void>()
  /** Bumped by `start()`'s cleanup, so a reconnect from an unmounted provider changes nothing. */
  let generation = 0
  /** Aborted by `start()`'s cleanup: tells connectors that a reconnect no longer matters. */
  let lifetime = new AbortController()
  let reconnecting: { generation: number; promise: Promise<undefined> } | undefined

  const epoch = (namespace: ChainNamespace) => epochs.get(namespace) ?? 0
  const bump = (namespace: ChainNamespace) => epochs.set(namespace, epoch(namespace) + 1)
  const findConnector = (id: string | undefined) => connectors.getSnapshot().find((c) => c.id === id)
  const namespaces = () => Object.keys(store.getSnapshot().connections) as ChainNamespace[]

  /** Writes the connections to localStorage; `network`: the user chose the active network. */
  const persist = ({ network = false } = {}) => {
    writeConnections(storage, store.getSnapshot(), { restoredByStore: (id) => restoredByStore(findConnector(id)), network })
  }

  /** Shows the current connection as the account. */
  const syncAccount = () => {
    const { connections, current } = store.getSnapshot()
    account.setState(toAccount(current, current ? connections[current] : undefined))
  }

  const setConnection = (namespace: ChainNamespace, connection: NamespaceConnection | undefined) => {
    update((s) => {
      const connections = { ...s.connections }
      if (connection) connections[namespace] = connection
      else delete connections[namespace]
      return { connections }
    })
  }

  const anotherConnected = (except?: ChainNamespace) => {
    const { connections } = store.getSnapshot()
    return namespaces().find((namespace) => namespace !== except && connections[namespace]?.status === 'connected')
  }

  /** Makes `namespace` current (or another connected one, or none) and the network follow it. */
  const activate = (namespace: ChainNamespace | undefined) => {
    const connection = namespace ? store.getSnapshot().connections[namespace] : undefined
    update((s) => ({
      current: namespace,
      activeCaipNetworkId: connection?.caipNetworkId ?? s.activeCaipNetworkId,
    }))
  }

  const follow = (namespace: ChainNamespace, connector: Connector) => {
    unsubscribes.get(namespace)?.()
    const unsubscribe = connector.subscribe?.((event) => onWalletEvent(connector, event))
    if (unsubscribe) unsubscribes.set(namespace, unsubscribe)
    else unsubscribes.delete(namespace)
  }

  const forget = (namespace: ChainNamespace) => {
    bump(namespace)
    unsubscribes.get(namespace)?.()
    unsubscribes.delete(namespace)
    setConnection(namespace, undefined)
    const { current } = store.getSnapshot()
    if (current === namespace || current === undefined) activate(anotherConnected(namespace))
  }

  /** Records `connector`'s connection; returns the namespace it is in (a connector serving several may land in another). */
  const connected = (placeholder: ChainNamespace, connector: Connector, connection: Connection): ChainNamespace => {
    const actual = namespaceOf(connection.caipNetworkId)
    let namespace = placeholder
    if (actual && actual !== placeholder && connectorNamespaces(connector).includes(actual)) {
      setConnection(placeholder, undefined)
      namespace = actual
    }
    const wallet: RecentWallet = { id: connector.id, name: connector.name, icon: connector.imageUrl }
    setConnection(namespace, {
      status: 'connected',
      connectorId: connector.id,
      address: connection.address,
      addresses: connection.addresses,
      caipNetworkId: connection.caipNetworkId,
      wallet,
      user: connection.user,
      socialProvider: connection.socialProvider,
    })
    follow(namespace, connector)
    if (restoredByStore(connector)) {
      storage.setItem(STORAGE_KEYS.walletId, connector.id)
      storage.setItem(STORAGE_KEYS.walletName, connector.name)
    }
    return namespace
  }

  /** spec §4: a wallet-disconnect event resets the accounts of every namespace. */
  const resetAll = () => {
    for (const namespace of namespaces()) forget(namespace)
    activate(undefined)
    storage.removeItem(STORAGE_KEYS.walletId)
    storage.removeItem(STORAGE_KEYS.walletName)
    persist()
    syncAccount()
  }

  /** The namespace `connector` holds a live connection in. */
  const heldBy = (connector: Connector) => {
    const { connections } = store.getSnapshot()
    return namespaces().find((namespace) => {
      const entry = connections[namespace]
      return entry?.connectorId === connector.id && entry.status === 'connected'
    })
  }

  /** A connection that moved to another namespace (the embedded wallet switched from eip155 to solana). */
  const move = (from: ChainNamespace, to: ChainNamespace, connector: Connector) => {
    const entry = store.getSnapshot().connections[from]
    if (!entry) return
    bump(from)
    unsubscribes.get(from)?.()
    unsubscribes.delete(from)
    update((s) => {
      const connections = { ...s.connections, [to]: entry }
      delete connections[from]
      return { connections, current: s.current === from ? to : s.current }
    })
    follow(to, connector)
  }

  const onWalletEvent = (connector: Connector, event: ConnectorEvent) => {
    let namespace = heldBy(connector)
    if (!namespace) return
    const current = store.getSnapshot().connections[namespace]
    if (!current) return
    if (event.type === 'disconnect') return resetAll()
    if (event.type === 'accountsChanged') {
      const [address] = event.addresses
      if (!address) {
        forget(namespace)
      } else {
        setConnection(namespace, { ...current, address, addresses: event.addresses })
      }
    } else {
      const caipNetworkId = event.type === 'change' ? event.connection.caipNetworkId : event.caipNetworkId
      const target = namespaceOf(caipNetworkId) ?? namespace
      if (target !== namespace) {
        move(namespace, target, connector)
        namespace = target
      }
      setConnection(namespace, { ...current, ...(event.type === 'change' ? event.connection : { caipNetworkId }) })
      if (store.getSnapshot().current === namespace) update({ activeCaipNetworkId: caipNetworkId })
    }
    persist()
    syncAccount()
  }

  const reconnectingEntry = (connectorId: string | undefined): NamespaceConnection => ({
    status: 'reconnecting',
    connectorId,
    address: undefined,
    addresses: [],
    caipNetworkId: undefined,
    wallet: undefined,
  })

  /** The namespace `connector` starts in: the active network's when it serves that one. */
  const startNamespace = (connector: Connector) => {
    const active = namespaceOf(store.getSnapshot().activeCaipNetworkId)
    return active && connectorNamespaces(connector).includes(active) ? active : connector.chain
  }

  /** The active network, when `connector` can start on it. */
  const wantedNetwork = (connector: Connector, caipNetworkId = store.getSnapshot().activeCaipNetworkId) => {
    const namespace = namespaceOf(caipNetworkId)
    return namespace && connectorNamespaces(connector).includes(namespace) ? { caipNetworkId } : {}
  }

  /**
   * Restores the login a connector keeps itself (the embedded wallet). Asks the connector at
   * once (no await before), so the frame starts loading while the provider mounts.
   */
  const reconnectConnector = async (connector: Connector) => {
    const namespace = startNamespace(connector)
    const started = epoch(namespace)
    const stale = () => epoch(namespace) !== started
    setConnection(namespace, reconnectingEntry(connector.id))
    if (!store.getSnapshot().current) update({ current: namespace })
    syncAccount()
    let connection: Connection | null = null
    try {
      connection = await connector.reconnect({ ...wantedNetwork(connector), signal: lifetime.signal })
    } catch {
      // The connector could not answer (e.g. its frame did not load): its login stays cached.
    }
    if (stale()) return
    if (connection) connected(namespace, connector, connection)
    else setConnection(namespace, undefined)
  }

  const reconnectNamespace = async (namespace: ChainNamespace, storedId: string | undefined, onlyStored: boolean) => {
    const started = epoch(namespace)
    const stale = () => epoch(namespace) !== started
    setConnection(namespace, reconnectingEntry(storedId))
    syncAccount()
    const recent = store.getSnapshot().recentWallets.map((w) => w.id)
    const tried = new Set<string>()
    const candidates = async function* () {
      if (storedId) yield await waitForConnector(connectors, storedId, discoveryTimeoutMs)
      if (onlyStored) return
      for (const id of recent) yield findConnector(id)
      yield* connectors.getSnapshot()
    }
    for await (const connector of candidates()) {
      if (stale()) return
      if (!connector || connector.chain !== namespace || tried.has(connector.id) || !restoredByStore(connector)) continue
      // A pairing connector (WalletConnect) is only resumed when it held the connection.
      if (connector.reconnectOnlyWhenStored && connector.id !== storedId) continue
      tried.add(connector.id)
      let connection: Connection | null = null
      try {
        connection = await connector.reconnect()
      } catch {
        // Not authorized (or the wallet is locked): try the next one.
      }
      if (stale()) return
      if (connection) {
        connected(namespace, connector, connection)
        return
      }
    }
    if (!stale()) setConnection(namespace, undefined)
  }

  const runReconnect = async (current: number, only: readonly string[] | undefined): Promise<undefined> => {
    const wanted = (connector: Connector) => (only ? only.includes(connector.id) : connector.isAuthorized?.() === true)
    // First (synchronously) the connectors that keep their own login, then the stored namespaces.
    const runs = connectors
      .getSnapshot()
      .filter((connector) => !restoredByStore(connector) && wanted(connector))
      .map((connector) => reconnectConnector(connector))
    const stored = readPersisted(storage)
    const { activeNamespace } = stored
    const pairs = only
      ? only.flatMap((id) => {
          const connector = findConnector(id)
          return connector && restoredByStore(connector) ? [[connector.chain, id, true] as const] : []
        })
      : stored.namespaces
          // A login a connector keeps itself (the embedded wallet's) is not replaced by a stored wallet.
          .filter((namespace) => {
            const entry = store.getSnapshot().connections[namespace]
            return entry?.status !== 'connected' || restoredByStore(findConnector(entry.connectorId))
          })
          .map((namespace) => [namespace, stored.connectorIds[namespace], false] as const)
    if (runs.length === 0 && (only ? pairs.length : stored.namespaces.length) === 0) return
    // The account shows `reconnecting` for the namespace that was current last time.
    if (!store.getSnapshot().current && pairs.length) {
      const names = pairs.map(([namespace]) => namespace)
      update({ current: activeNamespace && names.includes(activeNamespace) ? activeNamespace : names[0] })
    }
    await Promise.all([...runs, ...pairs.map(([namespace, id, onlyStored]) => reconnectNamespace(namespace, id, onlyStored))])
    if (current !== generation) return
    const { connections } = store.getSnapshot()
    const active = store.getSnapshot().current
    if (!active || connections[active]?.status !== 'connected') {
      const preferred =
        activeNamespace && connections[activeNamespace]?.status === 'connected' ? activeNamespace : anotherConnected()
      activate(preferred)
    } else {
      activate(active)
    }
    persist()
    syncAccount()
  }

  const connection: ConnectionStore = {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    getStatus(namespace) {
      const key = namespace ?? store.getSnapshot().current
      return (key && store.getSnapshot().connections[key]?.status) || 'disconnected'
    },
    getConnector(namespace) {
      const key = namespace ?? store.getSnapshot().current
      return key ? findConnector(store.getSnapshot().connections[key]?.connectorId) : undefined
    },
    async connect(connectorId, { caipNetworkId } = {}) {
      const connector = findConnector(connectorId)
      if (!connector) throw new ConnectorNotFoundError({ connectorId })
      const network = wantedNetwork(connector, caipNetworkId ?? store.getSnapshot().activeCaipNetworkId)
      const namespace = namespaceOf(network.caipNetworkId) ?? connector.chain
      bump(namespace)
      const started = epoch(namespace)
      const previous = store.getSnapshot().connections[namespace]
      const previousActive = store.getSnapshot().current
      setConnection(namespace, {
        status: 'connecting',
        connectorId,
        address: undefined,
        addresses: [],
        caipNetworkId: undefined,
        wallet: undefined,
      })
      update({ current: namespace })
      syncAccount()
      let result: Connection
      try {
        result = await connector.connect(network)
      } catch (error) {
        if (epoch(namespace) === started) {
          // Back to the namespace's connection, if it had one; a reconnect it interrupted is over.
          const kept = previous?.status === 'connected' ? previous : undefined
          setConnection(namespace, kept)
          if (kept) follow(namespace, findConnector(kept.connectorId) ?? connector)
          update({ current: kept ? namespace : previousActive })
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
        const key = connected(namespace, connector, result)
        if (restoredByStore(connector)) {
          update((s) => ({
            recentWallets: addRecentWallet(s.recentWallets, { id: connector.id, name: connector.name, icon: connector.imageUrl }),
          }))
        }
        activate(key)
        persist()
        syncAccount()
      }
      return result
    },
    reconnect({ connectorIds } = {}) {
      if (reconnecting?.generation === generation) return reconnecting.promise
      const promise = runReconnect(generation, connectorIds).finally(() => {
        if (reconnecting?.promise === promise) reconnecting = undefined
      })
      reconnecting = { generation, promise }
      return promise
    },
    async disconnect(namespace = store.getSnapshot().current) {
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
      const { connections, current: active } = store.getSnapshot()
      const activeEntry = active ? connections[active] : undefined
      const activeConnector = findConnector(activeEntry?.connectorId)
      // A connector serving several namespaces takes the current connection along (the embedded wallet).
      const from =
        connections[namespace]?.status !== 'connected' &&
        activeEntry?.status === 'connected' &&
        activeConnector &&
        connectorNamespaces(activeConnector).includes(namespace)
          ? active
          : namespace
      const entry = from ? store.getSnapshot().connections[from] : undefined
      if (entry?.status === 'connected' && from) {
        const connector = findConnector(entry.connectorId)
        if (entry.caipNetworkId !== network.caipNetworkId) await connector?.switchNetwork?.(network)
        // The connector may have reported the move itself (a `change` event).
        const key = store.getSnapshot().connections[namespace]?.connectorId === entry.connectorId ? namespace : from
        if (key !== namespace && connector) move(key, namespace, connector)
        const latest = store.getSnapshot().connections[namespace]
        if (latest) setConnection(namespace, { ...latest, caipNetworkId: network.caipNetworkId })
        update({ current: namespace })
      } else if (anotherConnected() && store.getSnapshot().current !== namespace) {
        // spec §4: switching across namespaces shows that namespace, which has no connection yet.
        update({ current: namespace })
      }
      update({ activeCaipNetworkId: network.caipNetworkId })
      persist({ network: true })
      syncAccount()
    },
    start() {
      // A provider mounted again follows the wallets it is still connected to.
      const { connections } = store.getSnapshot()
      for (const namespace of namespaces()) {
        const connector = findConnector(connections[namespace]?.connectorId)
        if (connector && connections[namespace]?.status === 'connected') follow(namespace, connector)
      }
      void connection.reconnect()
      return () => {
        generation++
        lifetime.abort()
        lifetime = new AbortController()
        for (const unsubscribe of unsubscribes.values()) unsubscribe()
        unsubscribes.clear()
        for (const namespace of namespaces()) bump(namespace)
      }
    },
  }
  return connection
}
