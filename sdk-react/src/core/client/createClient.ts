import { createAccountStore, type AccountStore } from '../account/accountStore'
import { startAnalytics } from '../analytics/analytics'
import { NATIVE_BALANCE_STORAGE } from '../account/balance'
import { ALERTS, createAlertStore, type AlertStore } from '../alerts/alertStore'
import { usesEmbeddedWallet, type Config } from '../config/createConfig'
import { createConnectionStore, type ConnectionStore } from '../connection/connectionStore'
import { watchUnsupportedChain } from '../connection/unsupportedChain'
import {
  createConnectorsStore,
  type ConnectorsStore,
  type CreateConnectorsStoreParameters,
} from '../connectors/connectorsStore'
import { withConnectors } from '../connectors/withConnectors'
import { watchApprovals } from '../embedded/approvals'
import { createEmbeddedConnector, type EmbeddedConnector } from '../embedded/connector'
import { createEmbeddedLogin, type EmbeddedLogin } from '../embedded/login'
import { introduceDapp } from '../embedded/introduceDapp'
import { sendTheme, watchTheme } from '../embedded/syncTheme'
import { createEmbeddedWallet, type CreateEmbeddedWalletParameters, type EmbeddedWallet } from '../embedded/embeddedWallet'
import { createEmbeddedProvider, type EmbeddedProvider } from '../embedded/provider'
import { getErrorMessage } from '../errors/base'
import { ProjectIdNotConfiguredError } from '../errors/config'
import { afterNextPaint, isMobile as detectMobile } from '../env'
import { createEventsStore, type EventsStore } from '../events/eventsStore'
import { createModalStore, type ModalStore } from '../modal/modalStore'
import type { SignInController } from '../siwx/signIn'
import { createSnackbarStore, type SnackbarStore } from '../snackbar/snackbarStore'
import { STORAGE_KEYS } from '../storage/keys'
import { createQueryClient, type QueryClient } from '../query/queryClient'
import { storage } from '../storage/storage'
import { createThemeStore, type ThemeStore } from '../theme/themeStore'
import {
  createWalletConnectConnector,
  type CreateWalletConnectConnectorParameters,
  type WalletConnectConnector,
} from '../walletconnect/connector'
import { createEip6963Store, type Eip6963Store } from '../wallets/eip6963'
import { cachedWalletRegistry, createWalletRegistryClient } from '../wallets/registry'
import { createFrameHost, type FrameHost } from '../frameHost/transport'
import { createWalletListStore, type WalletListStore } from '../wallets/walletList'
import { reportEvents } from './reportEvents'

/**
 * The framework-free SDK: its stores and connectors. Actions (`connect`, `disconnect`,
 * `switchNetwork`, …) are free functions over it in `core/actions/`.
 */
export interface OrielClient {
  readonly config: Config
  readonly modal: ModalStore
  readonly snackbar: SnackbarStore
  readonly alerts: AlertStore
  /** The account of the current connection (written only by `connection`). */
  readonly account: AccountStore
  /**
   * The one cache of what the SDK reads (frame-host's answers, the native balance): keys,
   * staleness, one read at a time per key, invalidation, and the spec's localStorage caches.
   */
  readonly query: QueryClient
  /** Lazily loaded features' own state (the Swap form, the Activity list, …) by name, created on first use by `getExtension`. */
  readonly extensions: Map<string, unknown>
  /** The theme in effect (mode and CSS variables), changeable at runtime. */
  readonly theme: ThemeStore
  /** Events a dapp can listen to: MODAL_OPEN, MODAL_CLOSE, CONNECT_SUCCESS, DISCONNECT_SUCCESS, … */
  readonly events: EventsStore
  /** Browser wallets discovered with EIP-6963. */
  readonly wallets: Eip6963Store
  /** Every browser wallet the user can connect (EIP-6963, `window.ethereum`, wallet-standard). */
  readonly connectors: ConnectorsStore
  /** Every connection (browser wallets, WalletConnect, the embedded wallet): per namespace, the current one, the active network. */
  readonly connection: ConnectionStore
  /** The one client of the config's frame-host: every route the SDK calls (spec §7) goes through it. */
  readonly frameHost: FrameHost
  /** frame-host's wallet registry: featured, recommended, paged and searched wallets (fetched once the modal opens). */
  readonly walletList: WalletListStore
  /** The embedded wallet's frame (status store + lazily created frame client). */
  readonly embedded: EmbeddedWallet
  /** Pairing by QR code or deep link; WalletConnect's library loads on first use. */
  readonly walletConnect: WalletConnectConnector
  /** The embedded wallet (email and social login) as a connector: `connection.connect(embeddedConnector.id)` connects it. */
  readonly embeddedConnector: EmbeddedConnector
  /**
   * The embedded wallet's login as its connector and its actions (`core/embedded/actions/`:
   * email login, code, email change, account type, storage access) share it.
   */
  readonly embeddedLogin: EmbeddedLogin
  /** The embedded wallet as an EIP-1193 provider (for viem, ethers, wagmi). */
  readonly embeddedProvider: EmbeddedProvider
  /**
   * Sign-in with a wallet signature, when the config has `siwx` or `siweConfig`: its code loads
   * once the client mounts (it is not part of the first load), so it is undefined until then.
   */
  readonly signIn: SignInController | undefined
  /**
   * Starts browser-only work: wallet discovery, the reconnect of stored connections (an
   * embedded-wallet login cached in localStorage loads the frame) and, with the `analytics`
   * feature on, the one `/getAnalyticsConfig` request and the events sent after it. Returns the
   * cleanup.
   */
  mount(): () => void
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
  /** frame-host's HTTP client (`fetch`, and the wait before a retry) and the wallet images' preloader. */
  fetch?: typeof fetch | undefined
  retryDelay?: ((n: number) => number) | undefined
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
  const query = createQueryClient({ now })
  const frameHost = createFrameHost({
    baseUrl: config.frameHostUrl,
    projectId: config.projectId,
    fetch: parameters.fetch,
    retryDelay: parameters.retryDelay,
  })
  const theme = createThemeStore(config)
  const events = createEventsStore({ now })
  const wallets = createEip6963Store({ target: parameters.eip6963Target })
  const walletList = createWalletListStore({
    registry: cachedWalletRegistry(createWalletRegistryClient(frameHost), query),
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
    projectId: config.walletConnectProjectId,
    relayUrl: config.walletConnectRelayUrl,
    metadata: config.metadata,
    networks: config.networks,
    defaultNetwork: config.defaultNetwork,
    ...parameters.walletConnect,
  })

  const embedded = createEmbeddedWallet({
    frameHostUrl: config.frameHostUrl,
    projectId: config.projectId,
    onAlert: (alert) => snackbar.showError(alert.message),
    onError: (error) => snackbar.showError(getErrorMessage(error)),
    load: parameters.loadFrameClient,
    // The frame shows the dapp's name on its approval screens, next to the origin the browser
    // reported; the name is the dapp's own claim.
    // Its screens wear the widget's theme.
    onReady: async (frame) => {
      await introduceDapp(frame, config)
      await sendTheme(frame, theme.getSnapshot())
    },
  })
  const embeddedEnabled = usesEmbeddedWallet(config) && config.projectId !== ''
  const embeddedLogin = createEmbeddedLogin({ embedded, account, storage, defaultAccountTypes: config.defaultAccountTypes, now })
  const embeddedProvider = createEmbeddedProvider({
    embedded,
    // The account, while it is the embedded wallet's connection.
    account: { getSnapshot: embeddedLogin.connected, subscribe: account.subscribe },
    onNotAllowed: (message) => snackbar.showError(message),
  })
  const embeddedConnector = createEmbeddedConnector({ login: embeddedLogin, provider: embeddedProvider, enabled: embeddedEnabled })
  const connection = createConnectionStore({
    networks: config.networks,
    defaultNetwork: config.defaultNetwork,
    // WalletConnect and the embedded wallet are connectors of the connection store too (not
    // listed with the browser wallets).
    connectors: withConnectors(connectors, [
      ...(config.enableWalletConnect ? [walletConnect] : []),
      embeddedConnector,
    ]),
    account,
    storage,
  })

  const modal = createModalStore({
    isMobile: parameters.isMobile ?? detectMobile,
    getAddress: () => account.getSnapshot().address,
    // Injected wallets and the embedded wallet are built in, so there is always an adapter.
    hasNoAdapters: () => false,
    isSignInPending: () => signIn?.isPending() ?? false,
    onOpen() {
      if (!config.projectId) alerts.show(ALERTS.projectIdNotConfigured)
      // The wallet frame starts once the first view is on screen (creating the iframe holds
      // the main thread for over 10 ms, which would otherwise come before that view's paint),
      // unless the modal closed again meanwhile.
      if (embeddedEnabled) afterNextPaint(() => modal.getSnapshot().open && embedded.preload())
      // The first network request of the wallet lists; a failure shows in the lists.
      if (config.projectId) walletList.prefetch().catch(() => {})
    },
  })

  let signIn: SignInController | undefined
  const isConnected = () => account.getSnapshot().status === 'connected'

  return {
    config,
    modal,
    snackbar,
    alerts,
    account,
    query,
    extensions: new Map(),
    frameHost,
    theme,
    events,
    wallets,
    connectors,
    connection,
    walletList,
    embedded,
    walletConnect,
    embeddedConnector,
    embeddedLogin,
    embeddedProvider,
    get signIn() {
      return signIn
    },
    mount() {
      if (config.enableEIP6963) wallets.start()
      connectors.start()
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
      let stopSignIn = () => {}
      let mounted = true
      if (config.siwx || config.siweConfig) {
        import('../siwx/clientSignIn')
          .then(({ createClientSignIn }) => {
            if (!mounted) return
            signIn = createClientSignIn({ config, account, connection, modal, storage, now })
            stopSignIn = signIn?.start() ?? (() => {})
          })
          .catch((error: unknown) => console.error('oriel: the sign-in flow could not be loaded', error))
      }
      const stopTheme = watchTheme({ theme, embedded })
      const stopEvents = reportEvents({ modal, account, events, isConnected })
      const stopAnalytics =
        config.features.analytics && config.projectId
          ? startAnalytics({
              frameHost,
              query,
              events,
              getAddress: () => account.getSnapshot().caipAddress,
              onForbidden: () => alerts.show(ALERTS.invalidAppConfiguration),
            })
          : () => {}
      const stopBalanceCache = query.persist('balance', { storage, key: STORAGE_KEYS.balanceCache, ...NATIVE_BALANCE_STORAGE })
      // The account's name and avatar (identity) show only in the modal: their code loads when
      // it first opens.
      let stopIdentity = () => {}
      let identityLoaded = false
      const loadIdentity = () => {
        if (identityLoaded || !config.projectId || !modal.getSnapshot().open) return
        identityLoaded = true
        import('../account/identity')
          .then(({ fetchIdentity, watchIdentity }) => {
            if (!mounted) return
            stopIdentity = watchIdentity({
              account,
              query,
              storage,
              inUse: modal,
              fetchIdentity: (address) => fetchIdentity(frameHost, address),
            })
          })
          .catch((error: unknown) => console.error('oriel: the identity of the account could not be loaded', error))
      }
      const stopIdentityLoad = modal.subscribe(loadIdentity)
      loadIdentity()
      // The first time the modal opens, frame-host says whether it knows the project and
      // allows this page (spec: Invalid App Configuration), so a developer learns it at once
      // rather than from the frame's load timing out.
      let projectChecked = false
      const checkProjectOnOpen = () => {
        if (projectChecked || !config.projectId || !modal.getSnapshot().open) return
        projectChecked = true
        import('../projects/checkProject')
          .then(({ checkProject }) => checkProject(frameHost, { projectId: config.projectId, origin: window.location.origin }))
          .then((problem) => {
            if (!mounted || !problem) return
            console.error(problem.console)
            alerts.show(problem.alert)
          })
          .catch((error: unknown) => console.error('oriel: the project check could not be loaded', error))
      }
      const stopProjectCheck = modal.subscribe(checkProjectOnOpen)
      checkProjectOnOpen()
      return () => {
        stopBalanceCache()
        stopProjectCheck()
        stopIdentityLoad()
        stopIdentity()
        stopAnalytics()
        stopApprovals()
        mounted = false
        stopSignIn()
        stopTheme()
        stopEvents()
        stopWatch()
        stopConnection()
        connectors.stop()
        void walletConnect.destroy()
        wallets.stop()
        walletList.destroy()
        embedded.destroy()
        modal.destroy()
        snackbar.destroy()
      }
    },
  }
}
