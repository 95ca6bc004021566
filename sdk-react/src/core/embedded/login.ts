// The embedded wallet's login as the page holds it, shared by its connector (connect, reconnect,
// disconnect, its events) and its actions in `actions/` (email login, code, email change,
// account type, storage access): the frame, the cached login's keys, the connection changes it
// reports, and the user a login step already answered with.
import type { AccountType, User } from '../../codec/protocol.gen'
import type { AccountState } from '../account/accountStore'
import { toCaipAddress } from '../account/address'
import { DEFAULT_ACCOUNT_TYPES, type DefaultAccountTypes } from '../config/accountTypes'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../config/features'
import type { Connection, ConnectorEvent } from '../connectors/types'
import type { FrameClient } from '../frame/client'
import { STORAGE_KEYS } from '../storage/keys'
import type { SafeStorage } from '../storage/storage'
import type { ReadableStore } from '../store/createStore'
import { isCaipAddress, parseCaipAddress } from '../validation/caip'
import { preferredAccountType } from './accountTypes'
import type { EmbeddedWallet } from './embeddedWallet'

/** The embedded wallet's connector id (spec §3: connector type `AUTH`). */
export const EMBEDDED_CONNECTOR_ID = 'AUTH'

export type CreateEmbeddedLoginParameters = {
  embedded: EmbeddedWallet
  /** The account the widget shows (read only: the connection store writes it). */
  account: ReadableStore<AccountState>
  storage: SafeStorage
  /** The account types until the user chooses one (config `defaultAccountTypes`). Default: the spec's (§6). */
  defaultAccountTypes?: Readonly<DefaultAccountTypes> | undefined
  /** The clock of the email-login throttle. Default `Date.now`. */
  now?: (() => number) | undefined
}

/** Asks the frame for the user on a network and account type: `GetUser`, or a login step that answers with the user. */
export type AskUser = (chainId?: string, preferredAccountType?: AccountType) => Promise<User>

export interface EmbeddedLogin {
  readonly embedded: EmbeddedWallet
  readonly storage: SafeStorage
  /** The clock of the email-login throttle. */
  readonly now: () => number
  /** The account, while it is the embedded wallet's connection. */
  connected(): AccountState | undefined
  /** The connected account's network (CAIP-2), while connected. */
  accountChain(): string | undefined
  /**
   * The user on `chainId` (the frame's active network when undefined), on its preferred account
   * type, asked with `ask` (default `GetUser`). Without a network the frame's answer says which
   * one it is; when the account type there is not the preferred one, `GetUser` asks again with it.
   */
  fetchUser(frame: FrameClient, chainId: string | undefined, ask?: AskUser): Promise<User>
  /** Caches the login (the embedded wallet's own keys) and describes it as a connection. */
  loggedIn(user: User): Connection
  /** Forgets the cached login and what was asked of it. */
  loggedOut(): void
  /** Notes whether the current login outlives the page, for the next visit to say why it is gone. */
  noteStorage(): void
  /** Sends `event` to the connector's listeners (the connection store). */
  emit(event: ConnectorEvent): void
  /** Listens to the connector's events; returns the unsubscribe function. */
  listen(listener: (event: ConnectorEvent) => void): () => void
  /**
   * Hands `user`, which a login step answered with on `chainId`, to the connector's next
   * `connect()` on that network, so that it asks the frame nothing more. Returns the function
   * that withdraws it if still there.
   */
  handOver(chainId: string | undefined, user: User): () => void
  /** The user handed over, once, if it was for `chainId`. */
  takeHandedOver(chainId: string | undefined): User | undefined
  /** The networks (CAIP-2) where the current login has smart accounts: asked once per login, again after a failure. */
  smartAccountNetworks(): Promise<readonly string[]>
  /** A new login starts: what was asked of the last one is forgotten. */
  newLogin(): void
}

/** The embedded wallet serves eip155 and solana networks (spec §9); others stay with the widget. */
export function walletChain(caipNetworkId: string | undefined): string | undefined {
  return caipNetworkId?.startsWith('eip155:') || caipNetworkId?.startsWith('solana:') ? caipNetworkId : undefined
}

/** A stored social provider, if it is one (a value edited by hand is none). */
function readSocialProvider(value: string | null): SocialProvider | undefined {
  return SOCIAL_PROVIDERS.find((provider) => provider === value)
}

/**
 * Creates the embedded wallet's login state over its frame ({@link EmbeddedWallet}): one per
 * client, given to its connector and read by its actions through `client.embeddedLogin`.
 *
 * @example
 * const login = createEmbeddedLogin({ embedded, account, storage })
 * const connector = createEmbeddedConnector({ login, provider, enabled: true })
 */
export function createEmbeddedLogin(parameters: CreateEmbeddedLoginParameters): EmbeddedLogin {
  const { embedded, account, storage } = parameters
  const defaults = parameters.defaultAccountTypes ?? DEFAULT_ACCOUNT_TYPES
  const listeners = new Set<(event: ConnectorEvent) => void>()
  let handed: { chainId: string | undefined; user: User } | undefined
  let smartAccountNetworks: Promise<readonly string[]> | undefined

  const connected = () => {
    const state = account.getSnapshot()
    return state.connectorId === EMBEDDED_CONNECTOR_ID && state.status === 'connected' && state.address ? state : undefined
  }

  const login: EmbeddedLogin = {
    embedded,
    storage,
    now: parameters.now ?? Date.now,
    connected,
    accountChain() {
      const caipAddress = connected()?.caipAddress
      return isCaipAddress(caipAddress) ? parseCaipAddress(caipAddress).caipNetworkId : undefined
    },
    async fetchUser(frame, chainId, ask = (c, p) => frame.getUser(c, p)) {
      if (chainId) return ask(chainId, preferredAccountType(storage, defaults, chainId))
      const user = await ask()
      const preferred = preferredAccountType(storage, defaults, user.chainId)
      return preferred && preferred !== user.preferredAccountType ? frame.getUser(user.chainId, preferred) : user
    },
    loggedIn(user) {
      const { caipNetworkId } = toCaipAddress({ chainId: user.chainId, address: user.address })
      login.noteStorage()
      storage.setItem(STORAGE_KEYS.embeddedLoginUsed, 'true')
      if (user.email) storage.setItem(STORAGE_KEYS.embeddedEmail, user.email)
      storage.removeItem(STORAGE_KEYS.embeddedLastEmailLoginTime)
      storage.setItem(STORAGE_KEYS.embeddedLastUsedChainId, caipNetworkId)
      // The social login's provider, as its flow stored it (spec §3), and the provider's username.
      const socialProvider = readSocialProvider(storage.getItem(STORAGE_KEYS.connectedSocialProvider))
      if (socialProvider && user.userName) storage.setItem(STORAGE_KEYS.connectedSocialUsername, user.userName)
      return { address: user.address, caipNetworkId, addresses: [user.address], user, socialProvider }
    },
    loggedOut() {
      smartAccountNetworks = undefined
      handed = undefined
      for (const key of [
        STORAGE_KEYS.embeddedLoginUsed,
        STORAGE_KEYS.embeddedEmail,
        STORAGE_KEYS.embeddedLastUsedChainId,
        STORAGE_KEYS.connectedSocialProvider,
        STORAGE_KEYS.connectedSocialUsername,
        STORAGE_KEYS.connectedSocialImage,
      ]) {
        storage.removeItem(key)
      }
    },
    noteStorage() {
      if (embedded.getSnapshot().storage?.persistent === false) storage.setItem(STORAGE_KEYS.embeddedLoginNotKept, 'true')
      else storage.removeItem(STORAGE_KEYS.embeddedLoginNotKept)
    },
    emit(event) {
      for (const listener of [...listeners]) listener(event)
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    handOver(chainId, user) {
      const mine = { chainId, user }
      handed = mine
      return () => {
        if (handed === mine) handed = undefined
      }
    },
    takeHandedOver(chainId) {
      const taken = handed
      handed = undefined
      return taken && taken.chainId === chainId ? taken.user : undefined
    },
    smartAccountNetworks() {
      if (!smartAccountNetworks) {
        const asked = embedded.ensureReady().then((frame) => frame.getSmartAccountEnabledNetworks())
        asked.catch(() => {
          if (smartAccountNetworks === asked) smartAccountNetworks = undefined
        })
        smartAccountNetworks = asked
      }
      return smartAccountNetworks
    },
    newLogin() {
      smartAccountNetworks = undefined
    },
  }
  return login
}
