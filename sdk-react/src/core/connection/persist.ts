import type { CaipNetworkId, ChainNamespace } from '../networks'
import type { ConnectionState, RecentWallet } from './types'
import { RECENT_WALLETS_MAX } from '../constants'
import { STORAGE_KEYS } from '../storage/keys'
import type { SafeStorage } from '../storage/storage'
import { isChainNamespace, parseCaipNetworkId } from '../validation/caip'

/** What the connection store keeps between visits (spec §3 local storage). */
export interface PersistedConnections {
  readonly namespaces: readonly ChainNamespace[]
  readonly connectorIds: Readonly<Partial<Record<ChainNamespace, string>>>
  readonly activeNamespace: ChainNamespace | undefined
  readonly activeCaipNetworkId: CaipNetworkId | undefined
  readonly recentWallets: readonly RecentWallet[]
}

function readJson(storage: SafeStorage, key: (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]): unknown {
  const text = storage.getItem(key)
  if (text === null) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function readCaipNetworkId(value: string | null): CaipNetworkId | undefined {
  if (!value) return undefined
  try {
    return parseCaipNetworkId(value).caipNetworkId
  } catch {
    return undefined
  }
}

/** Reads the persisted connections; anything malformed (edited by hand, an older version) is dropped. */
export function readPersisted(storage: SafeStorage): PersistedConnections {
  const namespaces = readJson(storage, STORAGE_KEYS.connectedNamespaces)
  const ids = readJson(storage, STORAGE_KEYS.connectedConnectorIds)
  const connectorIds: Partial<Record<ChainNamespace, string>> = {}
  if (ids && typeof ids === 'object') {
    for (const [namespace, id] of Object.entries(ids)) {
      if (isChainNamespace(namespace) && typeof id === 'string' && id) connectorIds[namespace] = id
    }
  }
  const active = storage.getItem(STORAGE_KEYS.activeNamespace)
  return {
    namespaces: Array.isArray(namespaces) ? [...new Set(namespaces.filter(isChainNamespace))] : [],
    connectorIds,
    activeNamespace: isChainNamespace(active) ? active : undefined,
    activeCaipNetworkId: readCaipNetworkId(storage.getItem(STORAGE_KEYS.activeCaipNetworkId)),
    recentWallets: readRecentWallets(storage),
  }
}

/** The recent wallets, newest first, at most {@link RECENT_WALLETS_MAX}. */
export function readRecentWallets(storage: SafeStorage): RecentWallet[] {
  const list = readJson(storage, STORAGE_KEYS.recentWallets)
  if (!Array.isArray(list)) return []
  return list
    .filter(
      (w): w is RecentWallet =>
        typeof w === 'object' && w !== null && typeof w.id === 'string' && w.id !== '' && typeof w.name === 'string',
    )
    .map(({ id, name, icon }) => ({ id, name, ...(typeof icon === 'string' && icon ? { icon } : {}) }))
    .slice(0, RECENT_WALLETS_MAX)
}

/** `wallet` first, then the others without it, at most {@link RECENT_WALLETS_MAX}. */
export function addRecentWallet(list: readonly RecentWallet[], wallet: RecentWallet): RecentWallet[] {
  return [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
}

/** What {@link writePersisted} writes: the connections to restore, and the one a connector restores itself. */
export interface PersistedState extends Omit<PersistedConnections, 'activeCaipNetworkId'> {
  /** The active network, when it is to be kept (with a stored connection, or chosen by the user). */
  readonly activeCaipNetworkId?: CaipNetworkId | undefined
  /** The connector of a connection it restores itself (the embedded wallet, `AUTH`), while connected. */
  readonly sessionConnectorId?: string | undefined
}

/**
 * Writes the connections: the one place the connection record reaches localStorage (a
 * connector's own login, such as the embedded wallet's cached email, is the connector's).
 * `connectionStatus` is `connected` while any connection is.
 *
 * @example
 * writePersisted(storage, { namespaces: ['eip155'], connectorIds: { eip155: 'io.metamask' }, activeNamespace: 'eip155', recentWallets: [] })
 */
export function writePersisted(storage: SafeStorage, state: PersistedState): void {
  const { namespaces, connectorIds, activeNamespace, activeCaipNetworkId, recentWallets, sessionConnectorId } = state
  if (namespaces.length) {
    storage.setItem(STORAGE_KEYS.connectedNamespaces, JSON.stringify(namespaces))
    storage.setItem(STORAGE_KEYS.connectedConnectorIds, JSON.stringify(connectorIds))
  } else {
    storage.removeItem(STORAGE_KEYS.connectedNamespaces)
    storage.removeItem(STORAGE_KEYS.connectedConnectorIds)
  }
  if (sessionConnectorId) storage.setItem(STORAGE_KEYS.connectedConnectorId, sessionConnectorId)
  else storage.removeItem(STORAGE_KEYS.connectedConnectorId)
  storage.setItem(STORAGE_KEYS.connectionStatus, namespaces.length || sessionConnectorId ? 'connected' : 'disconnected')
  if (activeNamespace) storage.setItem(STORAGE_KEYS.activeNamespace, activeNamespace)
  else storage.removeItem(STORAGE_KEYS.activeNamespace)
  if (activeCaipNetworkId) storage.setItem(STORAGE_KEYS.activeCaipNetworkId, activeCaipNetworkId)
  if (recentWallets.length) storage.setItem(STORAGE_KEYS.recentWallets, JSON.stringify(recentWallets))
  else storage.removeItem(STORAGE_KEYS.recentWallets)
}

export type WriteConnectionsOptions = {
  /** Whether the store restores the connector's connection (false for the embedded wallet, which restores its own). */
  restoredByStore(connectorId: string | undefined): boolean
  /** The user chose the active network: keep it even without a stored connection. */
  network?: boolean | undefined
}

/**
 * Writes the connection store's state: the connections it restores (connected, or still
 * reconnecting, so a reload meanwhile loses nothing), the current namespace among them, the
 * network while there is one or once the user chose it, the recent wallets, and the connector
 * that restores its own login while it is connected.
 *
 * @example
 * writeConnections(storage, connection.getSnapshot(), { restoredByStore: (id) => find(id)?.restores !== 'connector' })
 */
export function writeConnections(storage: SafeStorage, state: ConnectionState, options: WriteConnectionsOptions): void {
  const { connections, current, activeCaipNetworkId, recentWallets } = state
  const entries = (Object.keys(connections) as ChainNamespace[]).map((namespace) => [namespace, connections[namespace]] as const)
  const kept = entries
    .filter(([, entry]) => (entry?.status === 'connected' || entry?.status === 'reconnecting') && entry.connectorId)
    .filter(([, entry]) => options.restoredByStore(entry?.connectorId))
    .map(([namespace]) => namespace)
  const connectorIds: Partial<Record<ChainNamespace, string>> = {}
  for (const namespace of kept) connectorIds[namespace] = connections[namespace]?.connectorId
  const session = entries.find(([, entry]) => entry?.status === 'connected' && !options.restoredByStore(entry.connectorId))
  writePersisted(storage, {
    namespaces: kept,
    connectorIds,
    activeNamespace: current && kept.includes(current) ? current : undefined,
    activeCaipNetworkId: kept.length || options.network ? activeCaipNetworkId : undefined,
    recentWallets,
    sessionConnectorId: session?.[1]?.connectorId,
  })
}
