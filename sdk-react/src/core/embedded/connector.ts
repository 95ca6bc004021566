import type { AccountType, User } from '../../codec/protocol.gen'
import type { AccountState } from '../account/accountStore'
import { toCaipAddress } from '../account/address'
import { DEFAULT_ACCOUNT_TYPES, type DefaultAccountTypes } from '../config/accountTypes'
import type { Connection, Connector, ConnectorEvent } from '../connectors/types'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../config/features'
import { DEVICE_APPROVAL_MIN_INTERVAL_MS, EMAIL_LOGIN_THROTTLE_MS } from '../constants'
import { EmailLoginThrottledError, InvalidEmailError } from '../errors/auth'
import { FrameRequestError } from '../frame/errors'
import { STORAGE_KEYS } from '../storage/keys'
import type { SafeStorage } from '../storage/storage'
import type { ReadableStore } from '../store/createStore'
import { isCaipAddress, parseCaipAddress } from '../validation/caip'
import { isValidEmail } from '../validation/email'
import type { FrameClient } from '../frame/client'
import type { EmbeddedWallet } from './embeddedWallet'
import { createEmbeddedProvider, type EmbeddedProvider } from './provider'

/** The embedded wallet's connector id (spec §3: connector type `AUTH`). */
export const EMBEDDED_CONNECTOR_ID = 'AUTH'

/** What the embedded wallet is called in the widget. */
const EMBEDDED_WALLET_NAME = 'Email Wallet'

export type CreateEmbeddedConnectorParameters = {
  embedded: EmbeddedWallet
  /** The account the widget shows (read only: the connection store writes it). */
  account: ReadableStore<AccountState>
  storage: SafeStorage
  /** Whether the config uses the embedded wallet at all (email or socials on, a project id). */
  enabled: boolean
  /** The account types until the user chooses one (config `defaultAccountTypes`). Default: the spec's (§6). */
  defaultAccountTypes?: Readonly<DefaultAccountTypes> | undefined
  /** The clock of the email-login throttle. Default `Date.now`. */
  now?: (() => number) | undefined
  /** Reports a refused or unknown RPC method to the user (spec: a toast after 300 ms). */
  onNotAllowed?: ((message: string) => void) | undefined
}

export type WaitForDeviceApprovalParameters = {
  /** Stops asking the frame (the pending call's result is then ignored). */
  signal?: AbortSignal | undefined
}

/** The first step of an email login: the frame sent a code, wants the device approved, or is logged in. */
export type StartEmailLoginReturnType = { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'; email: string }

/** The step of an email change that comes next. */
export type UpdateEmailReturnType = { action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }

/**
 * The embedded wallet (email and social login) as a {@link Connector}: connect, reconnect,
 * disconnect, provider, network switch and events like every wallet, plus the steps only it
 * has (email code, device approval, email change, account type, storage access).
 */
export interface EmbeddedConnector extends Connector {
  readonly type: 'AUTH'
  /** The embedded wallet as an EIP-1193 provider (for viem, ethers, wagmi). */
  readonly provider: EmbeddedProvider
  /**
   * Starts an email login: validates `email` (trimmed), throttles (30 s, kept in localStorage)
   * and asks the frame to send a code. Rejects with `InvalidEmailError`,
   * `EmailLoginThrottledError` or the frame's error.
   */
  startEmailLogin(email: string): Promise<StartEmailLoginReturnType>
  /** Milliseconds until another email login may start (the 30 s throttle); 0 when it may now. */
  emailLoginWaitMs(): number
  /**
   * Waits until this browser is approved from the emailed link: asks the frame again each time
   * it answers `NotConnected`. Resolves once approved; rejects with an `AbortError` once
   * `signal` aborts, or with the frame's error.
   */
  waitForDeviceApproval(parameters?: WaitForDeviceApprovalParameters): Promise<undefined>
  /** Sends the emailed 6-digit code; `connect()` then connects the account. */
  verifyOtp(otp: string): Promise<void>
  /**
   * Starts changing the login email (spec §4 "Email update"): validates `email` (trimmed) and
   * asks the frame to send a code to the current address. Rejects with `InvalidEmailError` or
   * the frame's error.
   */
  updateEmail(email: string): Promise<UpdateEmailReturnType>
  /** Email change: the code sent to the current address. Resolves with `VERIFY_SECONDARY_OTP`. */
  updateEmailPrimaryOtp(otp: string): Promise<UpdateEmailReturnType>
  /** Email change: the code sent to the new address. Resolves with the new email, which the user then shows. */
  updateEmailSecondaryOtp(otp: string): Promise<string>
  /**
   * Makes `accountType` the wallet's active account type on its network and reports the
   * changed user (spec §4 "Preferred account type"); the choice is kept per namespace.
   * Rejects with the frame's error, e.g. when smart accounts are not enabled on the network.
   */
  setPreferredAccountType(accountType: AccountType): Promise<User>
  /**
   * The networks (CAIP-2) where the wallet has smart accounts (frame-host has a bundler there).
   * Asked once per login; a failed answer is asked again next time.
   */
  getSmartAccountEnabledNetworks(): Promise<readonly string[]>
  /**
   * Reads the connected user again (a smart account's deployment shows only then, as the
   * wallet checks it on each read) and reports it as a `change`. Does nothing when logged out.
   */
  refreshUser(): Promise<void>
  /**
   * Whether the last login is gone because the browser gave the wallet frame no lasting
   * storage: true while logged out after such a login, until the next login in a browser that
   * keeps it, or a sign-out.
   */
  loginNotKept(): boolean
  /** Asks the user, inside the frame, to let the wallet keep its storage on this site. Resolves with whether it does. */
  requestStorageAccess(): Promise<boolean>
}

/** The embedded wallet serves eip155 and solana networks (spec §9); others stay with the widget. */
function walletChain(caipNetworkId: string | undefined): string | undefined {
  return caipNetworkId?.startsWith('eip155:') || caipNetworkId?.startsWith('solana:') ? caipNetworkId : undefined
}

/** The account types each namespace's stored choice may be; a value edited by hand is ignored. */
const CHOOSABLE: Readonly<Record<string, readonly AccountType[]>> = { eip155: ['eoa', 'smartAccount'] }

/** A stored social provider, if it is one (a value edited by hand is none). */
function readSocialProvider(value: string | null): SocialProvider | undefined {
  return SOCIAL_PROVIDERS.find((provider) => provider === value)
}

/** The frame reports that the session (or the device approval) is not there (yet). */
function isNotConnectedError(error: unknown): boolean {
  return error instanceof FrameRequestError && error.code === 'NotConnected'
}

/**
 * Creates the embedded wallet's connector over its frame ({@link EmbeddedWallet}). Its login
 * outlives the page in the frame's session plus a few `@oriel/embedded/*` keys, so it restores
 * itself (`restores: 'connector'`); the connection store holds its connection like any other.
 *
 * @example
 * const connector = createEmbeddedConnector({ embedded, account, storage, enabled: true })
 * await connector.startEmailLogin('ada@example.com')
 * await connector.verifyOtp('123456')
 * await connection.connect(connector.id)
 */
export function createEmbeddedConnector(parameters: CreateEmbeddedConnectorParameters): EmbeddedConnector {
  const { embedded, account, storage, enabled } = parameters
  const defaultAccountTypes = parameters.defaultAccountTypes ?? DEFAULT_ACCOUNT_TYPES
  const now = parameters.now ?? Date.now
  const listeners = new Set<(event: ConnectorEvent) => void>()
  const emit = (event: ConnectorEvent) => {
    for (const listener of [...listeners]) listener(event)
  }

  /** The account, while it is this connector's connection. */
  const own = (state: AccountState) =>
    state.connectorId === EMBEDDED_CONNECTOR_ID && state.status === 'connected' && state.address ? state : undefined
  const connected = () => own(account.getSnapshot())
  const ownAccount: ReadableStore<AccountState | undefined> = {
    getSnapshot: connected,
    subscribe: account.subscribe,
  }
  const provider = createEmbeddedProvider({ embedded, account: ownAccount, onNotAllowed: parameters.onNotAllowed })

  /** Notes whether the current login outlives the page, for the next visit to say why it is gone. */
  const noteStorage = () => {
    if (embedded.getSnapshot().storage?.persistent === false) storage.setItem(STORAGE_KEYS.embeddedLoginNotKept, 'true')
    else storage.removeItem(STORAGE_KEYS.embeddedLoginNotKept)
  }

  /** Caches the login (the connector's own keys) and describes it as a connection. */
  const loggedIn = (user: User): Connection => {
    const { caipNetworkId } = toCaipAddress({ chainId: user.chainId, address: user.address })
    noteStorage()
    storage.setItem(STORAGE_KEYS.embeddedLoginUsed, 'true')
    if (user.email) storage.setItem(STORAGE_KEYS.embeddedEmail, user.email)
    storage.removeItem(STORAGE_KEYS.embeddedLastEmailLoginTime)
    storage.setItem(STORAGE_KEYS.embeddedLastUsedChainId, caipNetworkId)
    // The social login's provider, as its flow stored it (spec §3), and the provider's username.
    const socialProvider = readSocialProvider(storage.getItem(STORAGE_KEYS.connectedSocialProvider))
    if (socialProvider && user.userName) storage.setItem(STORAGE_KEYS.connectedSocialUsername, user.userName)
    return { address: user.address, caipNetworkId, addresses: [user.address], user, socialProvider }
  }

  /** The account-type choices kept per namespace (spec §3), `{}` when none or unreadable. */
  const storedAccountTypes = (): Record<string, unknown> => {
    try {
      const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.embeddedPreferredAccountTypes) ?? '{}')
      return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {}
    } catch {
      return {}
    }
  }

  /** Keeps `accountType` as the choice of `namespace`. */
  const keepAccountType = (namespace: string, accountType: AccountType) => {
    storage.setItem(STORAGE_KEYS.embeddedPreferredAccountTypes, JSON.stringify({ ...storedAccountTypes(), [namespace]: accountType }))
  }

  /**
   * The account type to ask for on `chainId`: the namespace's kept choice, else the configured
   * default. Only eip155 has a choice; the frame's other namespaces have one type (none sent).
   */
  const preferredAccountType = (chainId: string): AccountType | undefined => {
    const namespace = chainId.split(':')[0] ?? ''
    const choosable = CHOOSABLE[namespace]
    if (!choosable) return undefined
    const stored = storedAccountTypes()[namespace]
    return choosable.find((type) => type === stored) ?? defaultAccountTypes[namespace as keyof DefaultAccountTypes]
  }

  /**
   * The user on `chainId` (the frame's active network when undefined), on its preferred account
   * type. Without a network the frame's answer says which one it is; when the account type there
   * is not the preferred one, the frame is asked again with it.
   */
  const fetchUser = async (frame: FrameClient, chainId: string | undefined): Promise<User> => {
    if (chainId) return frame.getUser(chainId, preferredAccountType(chainId))
    const user = await frame.getUser()
    const preferred = preferredAccountType(user.chainId)
    return preferred && preferred !== user.preferredAccountType ? frame.getUser(user.chainId, preferred) : user
  }

  /** The smart-account networks of the current login, once asked. */
  let smartAccountNetworks: Promise<readonly string[]> | undefined

  /** Forgets the cached login. */
  const loggedOut = () => {
    smartAccountNetworks = undefined
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
  }

  /** The current network of the connected account (CAIP-2). */
  const accountChain = () => {
    const caipAddress = connected()?.caipAddress
    return isCaipAddress(caipAddress) ? parseCaipAddress(caipAddress).caipNetworkId : undefined
  }

  const connector: EmbeddedConnector = {
    id: EMBEDDED_CONNECTOR_ID,
    name: EMBEDDED_WALLET_NAME,
    type: 'AUTH',
    chain: 'eip155',
    namespaces: ['eip155', 'solana'],
    restores: 'connector',
    provider,
    isAuthorized: () => enabled && storage.getItem(STORAGE_KEYS.embeddedLoginUsed) === 'true',
    async connect({ caipNetworkId } = {}) {
      const frame = await embedded.ensureReady()
      smartAccountNetworks = undefined
      return loggedIn(await fetchUser(frame, walletChain(caipNetworkId)))
    },
    async reconnect({ caipNetworkId, signal } = {}) {
      const frame = await embedded.ensureReady()
      const session = await frame.isConnected()
      if (signal?.aborted) return null
      if (!session) {
        loggedOut()
        return null
      }
      const user = await fetchUser(frame, walletChain(caipNetworkId))
      return signal?.aborted ? null : loggedIn(user)
    },
    async disconnect() {
      // The connection store asks only while it holds this connector's connection.
      const frame = await embedded.ensureReady()
      // A session that is already gone is as good as signed out.
      await frame.signOut().catch((error: unknown) => {
        if (!isNotConnectedError(error)) throw error
      })
      loggedOut()
      // Signed out on purpose: nothing to explain at the next visit.
      storage.removeItem(STORAGE_KEYS.embeddedLoginNotKept)
    },
    getProvider: () => provider,
    subscribe(listener) {
      listeners.add(listener)
      // The frame's SessionUpdate events: a session that ended (e.g. expired) disconnects.
      let session = embedded.getSnapshot().session
      const stop = embedded.subscribe(() => {
        const next = embedded.getSnapshot().session
        if (next === session) return
        session = next
        if (next && !next.isConnected && connected()) {
          loggedOut()
          listener({ type: 'accountsChanged', addresses: [] })
        }
      })
      return () => {
        listeners.delete(listener)
        stop()
      }
    },
    async switchNetwork(network) {
      const chainId = walletChain(network.caipNetworkId)
      if (!chainId || !connected()) return
      const frame = await embedded.ensureReady()
      await frame.request({ SwitchNetwork: { chainId } })
      emit({ type: 'change', connection: loggedIn(await fetchUser(frame, chainId)) })
    },
    emailLoginWaitMs() {
      // Kept in localStorage (spec §3) so a reload does not lift it; frame-host throttles too.
      const last = Number(storage.getItem(STORAGE_KEYS.embeddedLastEmailLoginTime) ?? Number.NaN)
      const wait = Number.isFinite(last) ? last + EMAIL_LOGIN_THROTTLE_MS - now() : 0
      // A time in the future (a changed clock) is ignored rather than locking the user out.
      return wait > 0 && wait <= EMAIL_LOGIN_THROTTLE_MS ? wait : 0
    },
    async startEmailLogin(input) {
      const email = input.trim()
      if (!isValidEmail(email)) throw new InvalidEmailError({ email })
      const wait = connector.emailLoginWaitMs()
      if (wait > 0) throw new EmailLoginThrottledError({ seconds: Math.ceil(wait / 1000) })
      const frame = await embedded.ensureReady()
      const { action } = await frame.connectEmail(email)
      storage.setItem(STORAGE_KEYS.embeddedLastEmailLoginTime, String(now()))
      // A login by email: no social provider.
      storage.removeItem(STORAGE_KEYS.connectedSocialProvider)
      storage.removeItem(STORAGE_KEYS.connectedSocialUsername)
      return { action, email }
    },
    async waitForDeviceApproval({ signal } = {}) {
      const frame = await embedded.ensureReady()
      for (;;) {
        signal?.throwIfAborted()
        const started = Date.now()
        try {
          await frame.connectDevice()
          signal?.throwIfAborted()
          return
        } catch (error) {
          if (!isNotConnectedError(error)) throw error
        }
        await sleep(started + DEVICE_APPROVAL_MIN_INTERVAL_MS - Date.now(), signal)
      }
    },
    async verifyOtp(otp) {
      const frame = await embedded.ensureReady()
      await frame.connectOtp(otp)
    },
    async setPreferredAccountType(accountType) {
      const chainId = accountChain()
      if (!connected() || !chainId) {
        throw new FrameRequestError({ code: 'NotConnected', message: 'Not connected', request: 'SetPreferredAccount' })
      }
      const frame = await embedded.ensureReady()
      await frame.request({ SetPreferredAccount: { accountType } })
      // Kept before the user is read again, as every GetUser sends the kept choice.
      keepAccountType(chainId.split(':')[0] ?? 'eip155', accountType)
      const user = await fetchUser(frame, walletChain(chainId))
      emit({ type: 'change', connection: loggedIn(user) })
      return user
    },
    async refreshUser() {
      const chainId = accountChain()
      if (!connected() || !chainId) return
      const frame = await embedded.ensureReady()
      const user = await fetchUser(frame, walletChain(chainId))
      if (connected()) emit({ type: 'change', connection: loggedIn(user) })
    },
    getSmartAccountEnabledNetworks() {
      if (!smartAccountNetworks) {
        const asked = embedded.ensureReady().then((frame) => frame.getSmartAccountEnabledNetworks())
        asked.catch(() => {
          if (smartAccountNetworks === asked) smartAccountNetworks = undefined
        })
        smartAccountNetworks = asked
      }
      return smartAccountNetworks
    },
    loginNotKept() {
      return storage.getItem(STORAGE_KEYS.embeddedLoginNotKept) === 'true' && !connected()
    },
    async requestStorageAccess() {
      const frame = await embedded.ensureReady()
      const persistent = await frame.requestStorageAccess()
      if (connected()) noteStorage()
      return persistent
    },
    async updateEmail(input) {
      const email = input.trim()
      if (!isValidEmail(email)) throw new InvalidEmailError({ email })
      const frame = await embedded.ensureReady()
      return frame.updateEmail(email)
    },
    async updateEmailPrimaryOtp(otp) {
      const frame = await embedded.ensureReady()
      await frame.updateEmailPrimaryOtp(otp)
      return { action: 'VERIFY_SECONDARY_OTP' }
    },
    async updateEmailSecondaryOtp(otp) {
      const frame = await embedded.ensureReady()
      const { newEmail } = await frame.updateEmailSecondaryOtp(otp)
      const current = connected()
      if (current?.user && current.address && isCaipAddress(current.caipAddress)) {
        const { caipNetworkId } = parseCaipAddress(current.caipAddress)
        emit({
          type: 'change',
          connection: { address: current.address, caipNetworkId, addresses: [current.address], user: { ...current.user, email: newEmail } },
        })
      }
      storage.setItem(STORAGE_KEYS.embeddedEmail, newEmail)
      return newEmail
    },
  }
  return connector
}

/** Resolves after `ms` (at once when not positive); rejects when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
