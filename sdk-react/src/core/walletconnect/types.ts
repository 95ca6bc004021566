import type { Metadata } from '../config/createConfig'
import type { SessionLike } from './session'
import type { ProposalNamespace } from './namespaces'

/** A WalletConnect session as the sign client keeps it. */
export interface SignClientSession extends SessionLike {
  /** Seconds since the epoch. */
  readonly expiry: number
}

/** A key-value store for the sign client's state (its default is IndexedDB in browsers). */
export interface SignClientStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/** The parts of WalletConnect's sign client the connector uses. */
export interface SignClientLike {
  connect(parameters: {
    requiredNamespaces: Record<string, ProposalNamespace>
    optionalNamespaces: Record<string, ProposalNamespace>
  }): Promise<{ uri?: string | undefined; approval(): Promise<SignClientSession> }>
  request<T = unknown>(parameters: {
    topic: string
    chainId: string
    request: { method: string; params: unknown }
  }): Promise<T>
  disconnect(parameters: { topic: string; reason: { code: number; message: string } }): Promise<void>
  readonly session: { getAll(): SignClientSession[] }
  /** The relay connection: closed when the page no longer needs it, opened again on next use. */
  readonly core: { readonly relayer: { transportClose(): Promise<void>; transportOpen(): Promise<void> } }
  on(event: SignClientEvent, listener: (event: SignClientEventArgs) => void): unknown
}

/** Sign client events the connector follows. */
export type SignClientEvent = 'session_delete' | 'session_expire' | 'session_event' | 'session_update'

/** What those events carry (the union of their shapes). */
export interface SignClientEventArgs {
  readonly topic: string
  readonly params?: {
    readonly event?: { readonly name: string; readonly data: unknown }
    readonly chainId?: string
    readonly namespaces?: SessionLike['namespaces']
  }
}

/** Parameters of {@link startSignClient}. */
export type StartSignClientParameters = {
  projectId: string
  relayUrl: string
  metadata: Metadata
  /** Where the sign client keeps pairings and sessions. Default: its own (IndexedDB in browsers). */
  storage?: SignClientStorage | undefined
}
