import type { AccountType } from '../../codec/protocol.gen'
import { createAccountStore, type AccountStore } from '../account/accountStore'
import { ALERTS, createAlertStore, type AlertStore } from '../alerts/alertStore'
import { usesEmbeddedWallet, type Config } from '../config/createConfig'
import type { SocialProvider } from '../config/features'
import { createConnectionStore, type ConnectionStore } from '../connection/connectionStore'
import { watchUnsupportedChain } from '../connection/unsupportedChain'
import {
  createConnectorsStore,
  type ConnectorsStore,
  type CreateConnectorsStoreParameters,
} from '../connectors/connectorsStore'
import { EMAIL_LOGIN_THROTTLE_MS } from '../constants'
import { createEmbeddedAuth, type EmbeddedAuth } from '../embedded/embeddedAuth'
import { watchApprovals } from '../embedded/approvals'
import { createEmbeddedWallet, type CreateEmbeddedWalletParameters, type EmbeddedWallet } from '../embedded/embeddedWallet'
import { createEmbeddedProvider, type EmbeddedProvider } from '../embedded/provider'
import { getErrorMessage } from '../errors/base'
import { ProjectIdNotConfiguredError } from '../errors/config'
import { EmailLoginThrottledError, InvalidEmailError, SocialLoginUnavailableError } from '../errors/auth'
import { isMobile as detectMobile } from '../env'
import { createEventsStore, type EventsStore } from '../events/eventsStore'
import { createModalStore, type ModalStore } from '../modal/modalStore'
import type { Network } from '../networks'
import { createSnackbarStore, type SnackbarStore } from '../snackbar/snackbarStore'
import { createThemeStore, type ThemeStore } from '../theme/themeStore'
import { STORAGE_KEYS } from '../storage/keys'
import { storage } from '../storage/storage'
import { isValidEmail } from '../validation/email'
import { createEip6963Store, type EIP1193Provider, type Eip6963Store } from '../wallets/eip6963'
import { SDK_TYPE, createWalletRegistryClient } from '../wallets/registry'
import { version } from '../errors/base'
import { createWalletListStore, type WalletListStore } from '../wallets/walletList'
import type { ReadableStore } from '../store/createStore'
import type { Connection, Connector } from '../connectors/types'
import {
  createWalletConnectConnector,
  WALLETCONNECT_CONNECTOR_ID,
  type CreateWalletConnectConnectorParameters,
  type WalletConnectConnector,
} from '../walletconnect/connector'

export type ConnectEmailReturnType = { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'; email: string }

/** The framework-free SDK: every store plus the actions views call. */
export interface OrielClient {
  readonly config: Config
  readonly modal: ModalStore
  readonly snackbar: SnackbarStore
  readonly alerts: AlertStore
  readonly account: AccountStore
  /** The theme in effect (mode and CSS variables), changeable at runtime. */
  readonly theme: ThemeStore
  /** Events a dapp can listen to: MODAL_OPEN, MODAL_CLOSE, CONNECT_SUCCESS, DISCONNECT_SUCCESS, … */
  readonly events: EventsStore
  /** Browser wallets discovered with EIP-6963. */
  readonly wallets: Eip6963Store
  /** Every browser wallet the user can connect (EIP-6963, `window.ethereum`, wallet-standard). */
  readonly connectors: ConnectorsStore
  /** Browser-wallet and WalletConnect connections per namespace, the active namespace and network. */
  readonly connection: ConnectionStore
  /** frame-host's wallet registry: featured, recommended, paged and searched wallets (fetched once the modal opens). */
  readonly walletList: WalletListStore
  /** The embedded wallet's frame (status store + lazily created frame client). */
  readonly embedded: EmbeddedWallet
  /** Pairing by QR code or deep link; WalletConnect's library loads on first use. */
  readonly walletConnect: WalletConnectConnector
  /** The embedded wallet as an EIP-1193 provider (for viem, ethers, wagmi). */
  readonly embeddedProvider: EmbeddedProvider
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
  /**
   * Pairs with a wallet through WalletConnect (the pairing's URI is `walletConnect.pairing`) and
   * connects it through the connection store once the wallet approves.
   */
  connectWalletConnect(): Promise<Connection>
  /**
   * The active connection's EIP-1193 provider: the embedded wallet's when connected through it
   * (`AUTH`), else the browser wallet's or WalletConnect session's; `undefined` while disconnected.
   */
  getProvider(): EIP1193Provider | undefined
  /**
   * Disconnects the active account (the embedded wallet, a browser wallet or a WalletConnect
   * session); another remaining connection then becomes active. Rejects with `DisconnectError`
   * ('Failed to disconnect'). Reports DISCONNECT_SUCCESS or DISCONNECT_ERROR.
   */
  disconnect(): Promise<void>
  /**
   * Switches the active network; with a browser wallet connected in its namespace the wallet is
   * asked (`wallet_switchEthereumChain`, adding the chain on 4902). Rejects with
   * `ChainNotSupportedError` ('Chain is not supported'), `SwitchChainError` or `NetworkNotFoundError`.
   */
  switchNetwork(network: Network): Promise<void>
  /** Email change, step 1: validates the new email; a code goes to the current address. */
  updateEmail: EmbeddedAuth['updateEmail']
  /** Email change, step 2: the code sent to the current address. */
  updateEmailPrimaryOtp: EmbeddedAuth['updateEmailPrimaryOtp']
  /** Email change, step 3: the code sent to the new address; the account then shows the new email. */
  updateEmailSecondaryOtp: EmbeddedAuth['updateEmailSecondaryOtp']
  /** Whether the last embedded login is gone because the browser kept no storage for the wallet. */
  loginNotKept: EmbeddedAuth['loginNotKept']
  /** Asks the user, in the wallet frame, to let it keep its storage on this site. */
  requestStorageAccess: EmbeddedAuth['requestStorageAccess']
  /** Starts social login with `provider`. */
  connectSocial(provider: SocialProvider): Promise<void>
  /**
   * Switches the embedded wallet's account type (spec §4): shows loading, updates the wallet,
   * reconnects the account and tracks SET_PREFERRED_ACCOUNT_TYPE.
   */
  setPreferredAccountType(accountType: AccountType): Promise<void>
}

export type CreateClientParameters = {
  config: Config
  /** Test seams. */
  isMobile?: (() => boolean) | undefined
  loadFrameClient?: CreateEmbeddedWalletParameters['load']
  now?: (() => number) | undefined
  eip6963Target?: (() => EventTarget) | undefined
  injectedProvider?: CreateConnectorsStoreParameters['injected']
  walletStandard?: CreateConnectorsStoreParameters['walletStandard']
  /** WalletConnect connector options (e.g. the sign client's storage). */
  walletConnect?: Partial<Pick<CreateWalletConnectConnectorParameters, 'start' | 'storage' | 'reusePairing'>> | undefined
  /** The wallet registry's HTTP client and image preloader. */
  fetch?: typeof fetch | undefined
  preloadImage?: ((url: string) => Promise<void>) | undefined
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
  const theme = createThemeStore(config)
  const events = createEventsStore({ now })
  const wallets = createEip6963Store({ target: parameters.eip6963Target })
  const walletList = createWalletListStore({
    registry: createWalletRegistryClient({
      baseUrl: config.frameHostUrl,
      projectId: config.projectId,
      fetch: parameters.fetch,
    }),
    featuredWalletIds: config.featuredWalletIds,
    includeWalletIds: config.includeWalletIds,
    excludeWalletIds: config.excludeWalletIds,
    chains: config.networks.map((n) => n.caipNetworkId),
    preloadImage: parameters.preloadImage,
    onSearch: (search) => events.emit('SEARCH_WALLET', { search }),
    unavailable: config.projectId ? undefined : () => new ProjectIdNotConfiguredError(),
  })
  const connectors = createConnectorsStore({
    eip6963: wallets,
    injected: parameters.injectedProvider,
    walletStandard: parameters.walletStandard,
  })
  const walletConnect = createWalletConnectConnector({
    projectId: config.projectId,
    relayUrl: config.walletConnectRelayUrl,
    metadata: config.metadata,
    networks: config.networks,
    defaultNetwork: config.defaultNetwork,
    ...parameters.walletConnect,
  })

  const connection = createConnectionStore({
    networks: config.networks,
    defaultNetwork: config.defaultNetwork,
    // WalletConnect is one more connector of the connection store (not listed with the browser wallets).
    connectors: withConnector(connectors, config.enableWalletConnect ? walletConnect : undefined),
    account,
    storage,
  })
  const embedded = createEmbeddedWallet({
    frameHostUrl: config.frameHostUrl,
    projectId: config.projectId,
    onAlert: (alert) => snackbar.showError(alert.message),
    onError: (error) => snackbar.showError(getErrorMessage(error)),
    load: parameters.loadFrameClient,
    // The frame shows the dapp's name on its approval screens, next to the origin the browser
    // reported; the name is the dapp's own claim.
    onReady: async (frame) => {
      const metadata = config.metadata
      await frame.request({
        SyncDappData: {
          metadata: {
            name: metadata?.name ?? '',
            description: metadata?.description ?? '',
            url: metadata?.url ?? '',
            icons: [...(metadata?.icons ?? [])],
          },
          sdkVersion: version,
          sdkType: SDK_TYPE,
          projectId: config.projectId,
        },
      })
    },
  })
  const embeddedEnabled = usesEmbeddedWallet(config) && config.projectId !== ''
  const auth = createEmbeddedAuth({
    embedded,
    account,
    storage,
    enabled: embeddedEnabled,
    getChainId: () => connection.getSnapshot().activeCaipNetworkId,
  })

  const embeddedProvider = createEmbeddedProvider({
    embedded,
    account,
    onNotAllowed: (message) => snackbar.showError(message),
  })

  const modal = createModalStore({
    isMobile: parameters.isMobile ?? detectMobile,
    getAddress: () => account.getSnapshot().address,
    // Injected wallets and the embedded wallet are built in, so there is always an adapter.
    hasNoAdapters: () => false,
    onOpen() {
      if (!config.projectId) alerts.show(ALERTS.projectIdNotConfigured)
      if (embeddedEnabled) embedded.preload()
      // The first network request of the wallet lists; a failure shows in the lists.
      if (config.projectId) walletList.prefetch().catch(() => {})
    },
  })

  const isConnected = () => account.getSnapshot().status === 'connected'

  return {
    config,
    modal,
    snackbar,
    alerts,
    account,
    theme,
    events,
    wallets,
    connectors,
    connection,
    walletList,
    embedded,
    walletConnect,
    embeddedProvider,
    mount() {
      if (config.enableEIP6963) wallets.start()
      connectors.start()
      const stopAuth = auth.start()
      const stopConnection = connection.start()
      const stopWatch = watchUnsupportedChain({
        connection,
        modal,
        networks: config.networks,
        allowUnsupportedChain: config.allowUnsupportedChain,
        enableNetworkSwitch: config.enableNetworkSwitch,
        inline: config.enableEmbedded,
      })
      const stopApprovals = watchApprovals({ embedded, modal })
      const stopEvents = reportEvents({ modal, account, events, isConnected })
      return () => {
        stopApprovals()
        stopEvents()
        stopWatch()
        stopConnection()
        stopAuth()
        connectors.stop()
        void walletConnect.destroy()
        wallets.stop()
        walletList.destroy()
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
    async connectWalletConnect() {
      if (!config.projectId) throw new ProjectIdNotConfiguredError()
      // The pairing waits for a wallet without touching the connection state (the modal may be
      // closed meanwhile); once a wallet approves, the connection store takes the session over.
      await walletConnect.connect()
      return connection.connect(WALLETCONNECT_CONNECTOR_ID)
    },
    getProvider() {
      const { connectorId, status } = account.getSnapshot()
      if (connectorId === 'AUTH') return status === 'connected' ? embeddedProvider : undefined
      const { activeNamespace, connections } = connection.getSnapshot()
      if (!activeNamespace || connections[activeNamespace]?.status !== 'connected') return undefined
      return connection.getConnector(activeNamespace)?.getProvider()
    },
    async disconnect() {
      const { connectorId } = account.getSnapshot()
      const { activeNamespace, connections } = connection.getSnapshot()
      const viaConnection = connectorId !== 'AUTH' && activeNamespace && connections[activeNamespace]
      try {
        if (viaConnection) await connection.disconnect(activeNamespace)
        else await auth.disconnect()
      } catch (error) {
        events.emit('DISCONNECT_ERROR', { message: getErrorMessage(error) })
        throw error
      }
      events.emit('DISCONNECT_SUCCESS')
    },
    async switchNetwork(network) {
      // The embedded wallet follows the widget's network in its own frame first.
      if (account.getSnapshot().connectorId === 'AUTH') await auth.switchNetwork(network.caipNetworkId)
      await connection.switchNetwork(network)
      events.emit('SWITCH_NETWORK', { network: network.caipNetworkId })
    },
    updateEmail: auth.updateEmail,
    updateEmailPrimaryOtp: auth.updateEmailPrimaryOtp,
    updateEmailSecondaryOtp: auth.updateEmailSecondaryOtp,
    loginNotKept: auth.loginNotKept,
    requestStorageAccess: auth.requestStorageAccess,
    async setPreferredAccountType(accountType) {
      modal.setLoading(true)
      try {
        const user = await auth.setPreferredAccountType(accountType)
        events.emit('SET_PREFERRED_ACCOUNT_TYPE', { accountType, network: user.chainId })
      } finally {
        modal.setLoading(false)
      }
    },
    async connectSocial(provider) {
      if (!config.projectId) throw new ProjectIdNotConfiguredError()
      if (embeddedEnabled) embedded.preload()
      throw new SocialLoginUnavailableError({ provider })
    },
  }
}

type ReportEventsParameters = Pick<OrielClient, 'modal' | 'account' | 'events'> & { isConnected(): boolean }

/**
 * Turns state changes into events: MODAL_OPEN and MODAL_CLOSE (with `connected`), and
 * CONNECT_SUCCESS when an account connects (not when a cached login is restored on page load).
 */
function reportEvents({ modal, account, events, isConnected }: ReportEventsParameters): () => void {
  let open = modal.getSnapshot().open
  let status = account.getSnapshot().status
  const stopModal = modal.subscribe(() => {
    const next = modal.getSnapshot().open
    if (next === open) return
    open = next
    events.emit(next ? 'MODAL_OPEN' : 'MODAL_CLOSE', { connected: isConnected() })
  })
  const stopAccount = account.subscribe(() => {
    const { status: next, connectorId, caipAddress } = account.getSnapshot()
    const previous = status
    status = next
    if (next === 'connected' && previous !== 'connected' && previous !== 'reconnecting') {
      events.emit('CONNECT_SUCCESS', { connector: connectorId, caipAddress })
    }
  })
  return () => {
    stopModal()
    stopAccount()
  }
}

/** `base`'s connectors plus `extra` (last), as a store whose snapshot stays the same object until `base` changes. */
function withConnector(base: ReadableStore<readonly Connector[]>, extra: Connector | undefined): ReadableStore<readonly Connector[]> {
  if (!extra) return base
  let seen: readonly Connector[] | undefined
  let list: readonly Connector[] = []
  return {
    getSnapshot() {
      const current = base.getSnapshot()
      if (current !== seen) {
        seen = current
        list = [...current, extra]
      }
      return list
    },
    subscribe: base.subscribe,
  }
}
