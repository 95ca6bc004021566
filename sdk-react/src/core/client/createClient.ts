import { createAccountStore, type AccountStore } from '../account/accountStore'
import { ALERTS, createAlertStore, type AlertStore } from '../alerts/alertStore'
import { usesEmbeddedWallet, type Config } from '../config/createConfig'
import type { SocialProvider } from '../config/features'
import { EMAIL_LOGIN_THROTTLE_MS } from '../constants'
import { createEmbeddedAuth, type EmbeddedAuth } from '../embedded/embeddedAuth'
import { createEmbeddedWallet, type CreateEmbeddedWalletParameters, type EmbeddedWallet } from '../embedded/embeddedWallet'
import { getErrorMessage } from '../errors/base'
import { ProjectIdNotConfiguredError } from '../errors/config'
import { EmailLoginThrottledError, InvalidEmailError, SocialLoginUnavailableError } from '../errors/auth'
import { isMobile as detectMobile } from '../env'
import { createModalStore, type ModalStore } from '../modal/modalStore'
import { createSnackbarStore, type SnackbarStore } from '../snackbar/snackbarStore'
import { STORAGE_KEYS } from '../storage/keys'
import { storage } from '../storage/storage'
import { isValidEmail } from '../validation/email'
import { createEip6963Store, type Eip6963Store } from '../wallets/eip6963'

export type ConnectEmailReturnType = { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'; email: string }

/** The framework-free SDK: every store plus the actions views call. */
export interface OrielClient {
  readonly config: Config
  readonly modal: ModalStore
  readonly snackbar: SnackbarStore
  readonly alerts: AlertStore
  readonly account: AccountStore
  /** Browser wallets discovered with EIP-6963. */
  readonly wallets: Eip6963Store
  /** The embedded wallet's frame (status store + lazily created frame client). */
  readonly embedded: EmbeddedWallet
  /**
   * Starts browser-only work: wallet discovery, and a reconnect when an embedded-wallet login is
   * cached in localStorage (nothing touches the network otherwise). Returns the cleanup.
   */
  mount(): () => void
  /** Starts email login: validates, throttles (30 s) and asks the frame to send a code. */
  connectEmail(email: string): Promise<ConnectEmailReturnType>
  /** Email login, device step: resolves once this browser is approved from the emailed link. */
  waitForDeviceApproval: EmbeddedAuth['waitForDeviceApproval']
  /** Email login, code step: sends the 6-digit code and connects the account. */
  connectOtp: EmbeddedAuth['connectOtp']
  /** Connects the account from the frame's logged-in user (the email action `CONNECT`). */
  completeLogin: EmbeddedAuth['completeLogin']
  /** Restores a cached embedded-wallet login. One at a time. */
  reconnect: EmbeddedAuth['reconnect']
  /** Signs out and resets the account; rejects with `DisconnectError` ('Failed to disconnect'). */
  disconnect: EmbeddedAuth['disconnect']
  /** Email change, step 1: validates the new email; a code goes to the current address. */
  updateEmail: EmbeddedAuth['updateEmail']
  /** Email change, step 2: the code sent to the current address. */
  updateEmailPrimaryOtp: EmbeddedAuth['updateEmailPrimaryOtp']
  /** Email change, step 3: the code sent to the new address; the account then shows the new email. */
  updateEmailSecondaryOtp: EmbeddedAuth['updateEmailSecondaryOtp']
  /** Starts social login with `provider`. */
  connectSocial(provider: SocialProvider): Promise<void>
}

export type CreateClientParameters = {
  config: Config
  /** Test seams. */
  isMobile?: (() => boolean) | undefined
  loadFrameClient?: CreateEmbeddedWalletParameters['load']
  now?: (() => number) | undefined
  eip6963Target?: (() => EventTarget) | undefined
}

export type CreateClientReturnType = OrielClient

/**
 * Creates the SDK client for a config. Creating it touches neither `window` nor the network;
 * `mount()` starts discovery, opening the modal preloads the embedded wallet.
 *
 * @example
 * const client = createClient({ config })
 * const unmount = client.mount()
 * client.modal.open()
 */
export function createClient(parameters: CreateClientParameters): CreateClientReturnType {
  const { config } = parameters
  const now = parameters.now ?? Date.now
  const snackbar = createSnackbarStore()
  const alerts = createAlertStore()
  const account = createAccountStore()
  const wallets = createEip6963Store({ target: parameters.eip6963Target })
  const embedded = createEmbeddedWallet({
    frameHostUrl: config.frameHostUrl,
    projectId: config.projectId,
    onAlert: (alert) => snackbar.showError(alert.message),
    onError: (error) => snackbar.showError(getErrorMessage(error)),
    load: parameters.loadFrameClient,
  })
  const embeddedEnabled = usesEmbeddedWallet(config) && config.projectId !== ''
  const auth = createEmbeddedAuth({ embedded, account, storage, enabled: embeddedEnabled })

  const modal = createModalStore({
    isMobile: parameters.isMobile ?? detectMobile,
    getAddress: () => account.getSnapshot().address,
    // Injected wallets and the embedded wallet are built in, so there is always an adapter.
    hasNoAdapters: () => false,
    onOpen() {
      if (!config.projectId) alerts.show(ALERTS.projectIdNotConfigured)
      if (embeddedEnabled) embedded.preload()
    },
  })

  return {
    config,
    modal,
    snackbar,
    alerts,
    account,
    wallets,
    embedded,
    mount() {
      if (config.enableEIP6963) wallets.start()
      const stopAuth = auth.start()
      return () => {
        stopAuth()
        wallets.stop()
        embedded.destroy()
        modal.destroy()
        snackbar.destroy()
      }
    },
    async connectEmail(input) {
      const email = input.trim()
      if (!config.projectId) throw new ProjectIdNotConfiguredError()
      if (!isValidEmail(email)) throw new InvalidEmailError({ email })
      // Kept in localStorage (spec §3) so a reload does not lift it; frame-host throttles too.
      const last = Number(storage.getItem(STORAGE_KEYS.embeddedLastEmailLoginTime) ?? Number.NaN)
      const wait = Number.isFinite(last) ? last + EMAIL_LOGIN_THROTTLE_MS - now() : 0
      // A time in the future (a changed clock) is ignored rather than locking the user out.
      if (wait > 0 && wait <= EMAIL_LOGIN_THROTTLE_MS) {
        throw new EmailLoginThrottledError({ seconds: Math.ceil(wait / 1000) })
      }
      const frame = await embedded.ensureReady()
      const { action } = await frame.connectEmail(email)
      storage.setItem(STORAGE_KEYS.embeddedLastEmailLoginTime, String(now()))
      return { action, email }
    },
    waitForDeviceApproval: auth.waitForDeviceApproval,
    connectOtp: auth.connectOtp,
    completeLogin: auth.completeLogin,
    reconnect: auth.reconnect,
    disconnect: auth.disconnect,
    updateEmail: auth.updateEmail,
    updateEmailPrimaryOtp: auth.updateEmailPrimaryOtp,
    updateEmailSecondaryOtp: auth.updateEmailSecondaryOtp,
    async connectSocial(provider) {
      if (!config.projectId) throw new ProjectIdNotConfiguredError()
      if (embeddedEnabled) embedded.preload()
      throw new SocialLoginUnavailableError({ provider })
    },
  }
}
