import type { AccountType } from '../../codec/protocol.gen'
import { DISCONNECTED_ACCOUNT, type AccountStore, type EmbeddedUser } from '../account/accountStore'
import { toCaipAddress } from '../account/address'
import { DEVICE_APPROVAL_MIN_INTERVAL_MS } from '../constants'
import { DisconnectError, InvalidEmailError } from '../errors/auth'
import { FrameRequestError } from '../frame/errors'
import { STORAGE_KEYS } from '../storage/keys'
import type { SafeStorage } from '../storage/storage'
import { isValidEmail } from '../validation/email'
import type { EmbeddedWallet } from './embeddedWallet'

export type CreateEmbeddedAuthParameters = {
  embedded: EmbeddedWallet
  account: AccountStore
  storage: SafeStorage
  /** Whether the config uses the embedded wallet at all (email or socials on, a project id). */
  enabled: boolean
  /** The widget's active network (CAIP-2), which a login starts the wallet on. */
  getChainId?: (() => string | undefined) | undefined
}

export type WaitForDeviceApprovalParameters = {
  /** Stops asking the frame (the pending call's result is then ignored). */
  signal?: AbortSignal | undefined
}

/** Email login, reconnect and disconnect through the embedded wallet (spec §4). */
export interface EmbeddedAuth {
  /**
   * Waits until this browser is approved from the emailed link: asks the frame again each time
   * it answers `NotConnected`. Resolves once approved; rejects with an `AbortError` once
   * `signal` aborts, or with the frame's error.
   */
  waitForDeviceApproval(parameters?: WaitForDeviceApprovalParameters): Promise<void>
  /** Sends the emailed 6-digit code, then connects the account ({@link EmbeddedAuth.completeLogin}). */
  connectOtp(otp: string): Promise<EmbeddedUser>
  /** Fetches the logged-in user, connects the account and caches the login in localStorage. */
  completeLogin(): Promise<EmbeddedUser>
  /** Restores a previous login from the frame's session; one at a time. */
  reconnect(): Promise<void>
  /** Signs out of the frame, resets the account and clears the cached login. */
  disconnect(): Promise<void>
  /**
   * Starts changing the login email (spec §4 "Email update"): validates `email` (trimmed) and
   * asks the frame to send a code to the current address. Resolves with the next action,
   * `VERIFY_PRIMARY_OTP`; rejects with `InvalidEmailError` or the frame's error.
   */
  updateEmail(email: string): Promise<UpdateEmailReturnType>
  /** Email change: the code sent to the current address. Resolves with `VERIFY_SECONDARY_OTP`. */
  updateEmailPrimaryOtp(otp: string): Promise<UpdateEmailReturnType>
  /**
   * Email change: the code sent to the new address. Resolves with the new email, which the
   * account's user and the cached login then show.
   */
  updateEmailSecondaryOtp(otp: string): Promise<string>
  /**
   * Makes `accountType` the active account type of the embedded wallet on its network, then
   * reconnects the account from the wallet's answer (spec §4 "Preferred account type"). The
   * choice is kept per namespace in localStorage. Rejects with the frame's error, e.g. when
   * smart accounts are not enabled on the network.
   */
  setPreferredAccountType(accountType: AccountType): Promise<EmbeddedUser>
  /** Moves the embedded wallet to `caipNetworkId` (eip155 or solana) and shows its account there. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /**
   * Whether the last login is gone because the browser gave the wallet frame no lasting
   * storage (third-party storage blocked): true while logged out after such a login, until the
   * next login in a browser that keeps it, or a sign-out.
   */
  loginNotKept(): boolean
  /**
   * Asks the user, inside the frame, to let the wallet keep its storage on this site (the
   * Storage Access API). Resolves with whether the login now outlives the page.
   */
  requestStorageAccess(): Promise<boolean>
  /** Page-load work: reconnects when a login is cached, follows the frame's session. Returns the cleanup. */
  start(): () => void
}

/** The step of an email change that comes next. */
export type UpdateEmailReturnType = { action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }

/** The embedded wallet serves eip155 and solana networks (spec §9); others stay with the widget. */
function walletChain(caipNetworkId: string | undefined): string | undefined {
  return caipNetworkId?.startsWith('eip155:') || caipNetworkId?.startsWith('solana:') ? caipNetworkId : undefined
}

/** The frame reports that the session (or the device approval) is not there (yet). */
export function isNotConnectedError(error: unknown): boolean {
  return error instanceof FrameRequestError && error.code === 'NotConnected'
}

/**
 * Creates the embedded wallet's login actions on top of the frame client and the account store.
 *
 * @example
 * const auth = createEmbeddedAuth({ embedded, account, storage, enabled: true })
 * const stop = auth.start() // reconnects if a login is cached
 * await auth.connectOtp('123456')
 * await auth.disconnect()
 */
export function createEmbeddedAuth(parameters: CreateEmbeddedAuthParameters): EmbeddedAuth {
  const { embedded, account, storage, enabled } = parameters
  /** Bumped by `start()`'s cleanup so a reconnect from an unmounted provider changes nothing. */
  let generation = 0
  let reconnecting: { generation: number; promise: Promise<void> } | undefined

  /** Notes whether the current login outlives the page, for the next visit to say why it is gone. */
  const noteStorage = () => {
    if (embedded.getSnapshot().storage?.persistent === false) storage.setItem(STORAGE_KEYS.embeddedLoginNotKept, 'true')
    else storage.removeItem(STORAGE_KEYS.embeddedLoginNotKept)
  }

  const connect = (user: EmbeddedUser) => {
    const { namespace, caipNetworkId, caipAddress } = toCaipAddress({ chainId: user.chainId, address: user.address })
    account.setState({ status: 'connected', address: user.address, caipAddress, namespace, connectorId: 'AUTH', user })
    noteStorage()
    storage.setItem(STORAGE_KEYS.embeddedLoginUsed, 'true')
    if (user.email) storage.setItem(STORAGE_KEYS.embeddedEmail, user.email)
    storage.removeItem(STORAGE_KEYS.embeddedLastEmailLoginTime)
    storage.setItem(STORAGE_KEYS.embeddedLastUsedChainId, caipNetworkId)
    storage.setItem(STORAGE_KEYS.connectedConnectorId, 'AUTH')
    storage.setItem(STORAGE_KEYS.connectionStatus, 'connected')
  }

  const reset = () => {
    account.setState(DISCONNECTED_ACCOUNT)
    for (const key of [
      STORAGE_KEYS.embeddedLoginUsed,
      STORAGE_KEYS.embeddedEmail,
      STORAGE_KEYS.embeddedLastUsedChainId,
      STORAGE_KEYS.connectedSocialUsername,
      STORAGE_KEYS.connectedConnectorId,
    ]) {
      storage.removeItem(key)
    }
    storage.setItem(STORAGE_KEYS.connectionStatus, 'disconnected')
  }

  const runReconnect = async (current: number) => {
    // Stale once the provider unmounted, or once a login finished meanwhile.
    const stale = () => current !== generation || account.getSnapshot().status !== 'reconnecting'
    account.setState({ status: 'reconnecting' })
    try {
      const frame = await embedded.ensureReady()
      const connected = await frame.isConnected()
      if (stale()) return
      if (!connected) return reset()
      const user = await frame.getUser(walletChain(parameters.getChainId?.()))
      if (!stale()) connect(user)
    } catch {
      // Keep the cached login: the frame may load next time (spec §4: a failure sets disconnected).
      if (!stale()) account.setState({ status: 'disconnected' })
    }
  }

  const auth: EmbeddedAuth = {
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
    async connectOtp(otp) {
      const frame = await embedded.ensureReady()
      await frame.connectOtp(otp)
      return auth.completeLogin()
    },
    async completeLogin() {
      const previous = account.getSnapshot().status
      account.setState({ status: 'connecting' })
      try {
        const frame = await embedded.ensureReady()
        const user = await frame.getUser(walletChain(parameters.getChainId?.()))
        connect(user)
        return user
      } catch (error) {
        if (account.getSnapshot().status === 'connecting') account.setState({ status: previous })
        throw error
      }
    },
    async setPreferredAccountType(accountType) {
      if (account.getSnapshot().connectorId !== 'AUTH') throw new FrameRequestError({ code: 'NotConnected', message: 'Not connected', request: 'SetPreferredAccount' })
      const frame = await embedded.ensureReady()
      await frame.request({ SetPreferredAccount: { accountType } })
      const user = await frame.getUser(walletChain(parameters.getChainId?.()))
      connect(user)
      const namespace = user.chainId.split(':')[0] ?? 'eip155'
      let stored: Record<string, string> = {}
      try {
        stored = JSON.parse(storage.getItem(STORAGE_KEYS.embeddedPreferredAccountTypes) ?? '{}') as Record<string, string>
      } catch {
        // A corrupt value is replaced below.
      }
      storage.setItem(STORAGE_KEYS.embeddedPreferredAccountTypes, JSON.stringify({ ...stored, [namespace]: accountType }))
      return user
    },
    async switchNetwork(caipNetworkId) {
      const chainId = walletChain(caipNetworkId)
      if (!chainId || account.getSnapshot().connectorId !== 'AUTH') return
      const frame = await embedded.ensureReady()
      await frame.request({ SwitchNetwork: { chainId } })
      connect(await frame.getUser(chainId))
    },
    reconnect() {
      if (reconnecting?.generation === generation) return reconnecting.promise
      const current = generation
      const promise = runReconnect(current).finally(() => {
        if (reconnecting?.promise === promise) reconnecting = undefined
      })
      reconnecting = { generation: current, promise }
      return promise
    },
    async disconnect() {
      if (account.getSnapshot().connectorId === 'AUTH') {
        try {
          const frame = await embedded.ensureReady()
          // A session that is already gone is as good as signed out.
          await frame.signOut().catch((error: unknown) => {
            if (!isNotConnectedError(error)) throw error
          })
        } catch (cause) {
          throw new DisconnectError({ cause })
        }
      }
      reset()
      // Signed out on purpose: nothing to explain at the next visit.
      storage.removeItem(STORAGE_KEYS.embeddedLoginNotKept)
    },
    loginNotKept() {
      return storage.getItem(STORAGE_KEYS.embeddedLoginNotKept) === 'true' && account.getSnapshot().connectorId !== 'AUTH'
    },
    async requestStorageAccess() {
      const frame = await embedded.ensureReady()
      const persistent = await frame.requestStorageAccess()
      if (account.getSnapshot().connectorId === 'AUTH') noteStorage()
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
      const { user, connectorId } = account.getSnapshot()
      if (user && connectorId === 'AUTH') account.setState({ user: { ...user, email: newEmail } })
      storage.setItem(STORAGE_KEYS.embeddedEmail, newEmail)
      return newEmail
    },
    start() {
      if (enabled && storage.getItem(STORAGE_KEYS.embeddedLoginUsed) === 'true') void auth.reconnect()
      // The frame's SessionUpdate events: a session that ended (e.g. expired) disconnects.
      let session = embedded.getSnapshot().session
      const unsubscribe = embedded.subscribe(() => {
        const next = embedded.getSnapshot().session
        if (next === session) return
        session = next
        const { status, connectorId } = account.getSnapshot()
        if (next && !next.isConnected && status === 'connected' && connectorId === 'AUTH') reset()
      })
      return () => {
        generation++
        unsubscribe()
      }
    },
  }
  return auth
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
