import type { Metadata } from '../config/createConfig'
import type { BitcoinProvider } from '../connectors/bitcoinProvider'
import type { SolanaProvider } from '../connectors/solanaProvider'
import type { Connection, Connector, ConnectorEvent } from '../connectors/types'
import { isBrowser } from '../env'
import { ChainNotSupportedError } from '../errors/connection'
import { WalletConnectLoadError } from '../errors/walletconnect'
import type { CaipNetworkId, Network } from '../networks'
import type { ReadableStore } from '../store/createStore'
import type { EIP1193Provider } from '../wallets/eip6963'
import { buildNamespaces, isPairingNamespace } from './namespaces'
import { createPairingFlow, type PairingFlowState } from './pairing'
import { reusesPairing } from './platform'
import { createWalletConnectBitcoinProvider, createWalletConnectSolanaProvider } from './namespaceProviders'
import { createWalletConnectProvider } from './provider'
import { sessionToConnection } from './session'
import type { SignClientLike, SignClientSession, SignClientStorage, StartSignClientParameters } from './types'

/** The WalletConnect connector's id (also what localStorage keeps as the connected connector). */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

/** The wallet at the other end of a session, as it describes itself. */
export interface WalletConnectPeer {
  readonly name: string
  readonly url: string
  readonly icon: string | undefined
}

/** Pairing by QR code or deep link (spec §1), through WalletConnect's own sign client. */
export interface WalletConnectConnector extends Connector {
  readonly type: 'WALLET_CONNECT'
  /** The pairing on offer while a connect waits for a wallet: what the QR code shows. */
  readonly pairing: ReadableStore<PairingFlowState>
  /**
   * Offers a pairing (or, on Telegram and iOS Safari, keeps an unexpired one) and resolves once
   * a wallet approves a session. Rejects with `ConnectionDeclinedError` when the wallet declines,
   * `PairingCancelledError` after `disconnect()`, `WalletConnectLoadError` when the library or
   * the relay cannot be reached. With a live session it resolves with that session's connection
   * at once (so the connection store can take over a session a wallet just approved).
   */
  connect(parameters?: { caipNetworkId?: CaipNetworkId | undefined }): Promise<Connection>
  /** Keeps the offered pairing fresh (an expired one is replaced) until the returned function is called. */
  watchPairing(): () => void
  /** The connected wallet's name, URL and icon. */
  getPeer(): WalletConnectPeer | undefined
  /** Calls `listener` when the wallet ends the session or it expires. Returns the unsubscribe. */
  onDisconnect(listener: () => void): () => void
  /**
   * Closes the relay connection and gives up a waiting connect; the session stays stored, so a
   * later `reconnect()` (here, which opens the connection again, or after a reload) resumes it.
   */
  destroy(): Promise<void>
}

export type CreateWalletConnectConnectorParameters = {
  projectId: string
  /** The relay's `ws://` or `wss://` URL. */
  relayUrl: string
  /** What wallets are told about the dapp. Default: the page's title and origin. */
  metadata?: Metadata | undefined
  networks: readonly Network[]
  /** The network whose account is active after connecting. Default: the first network. */
  defaultNetwork?: Network | undefined
  /** Whether an unexpired pairing is reused. Default: on Telegram and iOS Safari. */
  reusePairing?: (() => boolean) | undefined
  now?: (() => number) | undefined
  /** Where the sign client keeps its state. Default: its own (IndexedDB in browsers). */
  storage?: SignClientStorage | undefined
  /** Starts the sign client. Default: a dynamic import of `./signClient` (a lazy chunk). */
  start?: ((parameters: StartSignClientParameters) => Promise<SignClientLike>) | undefined
  fetch?: typeof fetch | undefined
}

export type CreateWalletConnectConnectorReturnType = WalletConnectConnector

const DISCONNECT_REASON = { code: 6000, message: 'User disconnected.' }

/**
 * Creates the WalletConnect connector. Creating it loads nothing: WalletConnect's library is
 * imported the first time `connect()` or `reconnect()` runs.
 *
 * @example
 * const walletConnect = createWalletConnectConnector({ projectId, relayUrl, networks: [ethereum] })
 * walletConnect.pairing.subscribe(() => showQr(walletConnect.pairing.getSnapshot().pairing?.uri))
 * const { address } = await walletConnect.connect()
 */
export function createWalletConnectConnector(
  parameters: CreateWalletConnectConnectorParameters,
): CreateWalletConnectConnectorReturnType {
  const { networks } = parameters
  const now = parameters.now ?? Date.now
  const start = parameters.start ?? ((p: StartSignClientParameters) => import('./signClient').then((m) => m.startSignClient(p)))
  const defaultNetwork = parameters.defaultNetwork ?? networks[0]
  const listeners = new Set<() => void>()
  const subscribers = new Set<(event: ConnectorEvent) => void>()
  const notify = (event: ConnectorEvent) => {
    for (const subscriber of [...subscribers]) subscriber(event)
  }
  let client: Promise<SignClientLike> | undefined
  let session: SignClientSession | undefined
  let caipNetworkId: CaipNetworkId | undefined
  let provider: EIP1193Provider | undefined
  /** The sign client of the adopted session, for the Solana and Bitcoin providers. */
  let loaded: SignClientLike | undefined
  const namespaceProviders = new Map<'solana' | 'bip122', SolanaProvider | BitcoinProvider>()
  const namespaceAccess = (signClient: SignClientLike) => ({
    client: signClient,
    getSession: () => session,
    getCaipNetworkId: () => caipNetworkId,
  })
  /** The connection the live session gave. */
  let adopted: Connection | undefined
  /** Set by `destroy()`: the relay connection is (being) closed. */
  let closing: Promise<void> | undefined

  const ended = (topic: string) => {
    if (!session || session.topic !== topic) return
    session = provider = caipNetworkId = adopted = undefined
    for (const listener of [...listeners]) listener()
    // The session is over: its namespace has no account any more (other namespaces keep theirs).
    notify({ type: 'accountsChanged', addresses: [] })
  }

  /** The sign client, started once per connector. */
  const load = () => {
    client ??= start({
      projectId: parameters.projectId,
      relayUrl: parameters.relayUrl,
      metadata: parameters.metadata ?? pageMetadata(),
      storage: parameters.storage,
    }).then(
      (signClient) => {
        signClient.on('session_delete', ({ topic }) => ended(topic))
        signClient.on('session_expire', ({ topic }) => ended(topic))
        signClient.on('session_update', ({ topic, params }) => {
          if (session?.topic === topic && params?.namespaces) session = { ...session, namespaces: params.namespaces }
        })
        signClient.on('session_event', ({ topic, params }) => {
          if (session?.topic !== topic || params?.event?.name !== 'chainChanged') return
          const id = params.chainId ?? `eip155:${Number(params.event.data)}`
          if (!networks.some((n) => n.caipNetworkId === id)) return
          caipNetworkId = id as CaipNetworkId
          notify({ type: 'chainChanged', caipNetworkId })
        })
        return signClient
      },
      (cause: unknown) => {
        client = undefined
        throw new WalletConnectLoadError({ cause })
      },
    )
    return client
  }

  /** The sign client, with its relay connection open again after `destroy()`. */
  const ensureClient = async () => {
    const signClient = await load()
    if (closing !== undefined) {
      const closed = closing
      closing = undefined
      await closed
      await signClient.core.relayer.transportOpen().catch(() => {
        // Opened on the next request instead.
      })
    }
    return signClient
  }

  const adopt = async (approved: SignClientSession): Promise<Connection> => {
    const signClient = await ensureClient()
    const connection = sessionToConnection({ session: approved, networks, activeNetwork: defaultNetwork })
    session = approved
    caipNetworkId = connection.caipNetworkId
    adopted = connection
    loaded = signClient
    namespaceProviders.clear()
    provider = createWalletConnectProvider({
      client: signClient,
      getSession: () => session,
      getCaipNetworkId: () => caipNetworkId ?? connection.caipNetworkId,
      networks,
      fetch: parameters.fetch,
    })
    return connection
  }

  const flow = createPairingFlow<SignClientSession>({
    reuse: parameters.reusePairing ?? reusesPairing,
    now,
    async propose() {
      const signClient = await ensureClient()
      const { uri, approval } = await signClient.connect(buildNamespaces({ networks, activeNetwork: defaultNetwork }))
      if (!uri) throw new WalletConnectLoadError({ cause: new Error('the sign client returned no pairing URI') })
      return { uri, approval }
    },
  })

  return {
    id: WALLETCONNECT_CONNECTOR_ID,
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    chain: defaultNetwork?.chainNamespace ?? 'eip155',
    /**
     * The namespaces a session covers: the live session's, else every one the pairing proposes.
     * The connection store moves a WalletConnect connection between them on a network switch.
     */
    get namespaces() {
      if (session) return Object.keys(session.namespaces).filter(isPairingNamespace)
      return [...new Set(networks.map((n) => n.chainNamespace).filter(isPairingNamespace))]
    },
    reconnectOnlyWhenStored: true,
    pairing: flow,
    async connect() {
      // A live session (one a wallet just approved) is the connection; else offer a pairing.
      if (session && adopted) return adopted
      return adopt(await flow.start())
    },
    async reconnect() {
      const signClient = await ensureClient()
      const live = signClient.session
        .getAll()
        .filter((s) => s.expiry * 1000 > now())
        .at(-1)
      if (!live) return null
      try {
        return await adopt(live)
      } catch {
        // A session without an account on the dapp's networks cannot be resumed.
        return null
      }
    },
    async disconnect() {
      flow.cancel()
      const current = session
      session = provider = caipNetworkId = adopted = undefined
      if (!current || !client) return
      const signClient = await ensureClient()
      await signClient.disconnect({ topic: current.topic, reason: DISCONNECT_REASON })
    },
    getProvider: () => provider,
    getNamespaceProvider(namespace) {
      const current = session
      if (!current || !loaded || !current.namespaces[namespace]?.accounts.length) return undefined
      const cached = namespaceProviders.get(namespace)
      if (cached) return cached as never
      const made =
        namespace === 'solana'
          ? createWalletConnectSolanaProvider(namespaceAccess(loaded))
          : createWalletConnectBitcoinProvider(namespaceAccess(loaded))
      namespaceProviders.set(namespace, made)
      return made as never
    },
    async switchNetwork(network) {
      // The session fixes the networks: a switch is to one the wallet shared an account on.
      const shared = Object.values(session?.namespaces ?? {}).some((namespace) =>
        namespace.accounts.some((account) => account.startsWith(`${network.caipNetworkId}:`)),
      )
      if (!session || !shared) throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId })
      const from = caipNetworkId?.split(':')[0]
      caipNetworkId = network.caipNetworkId
      // Another namespace of the session has its own address (a Solana or Bitcoin account).
      if (from !== network.chainNamespace) {
        notify({ type: 'change', connection: sessionToConnection({ session, networks, activeNetwork: network }) })
      }
    },
    watchPairing: () => flow.watch(),
    getPeer() {
      if (!session) return undefined
      const { name, url, icons } = session.peer.metadata
      return { name, url, icon: icons[0] }
    },
    async destroy() {
      flow.cancel()
      session = provider = caipNetworkId = adopted = undefined
      const loading = client
      if (!loading) return
      // The sign client stays (one per page: WalletConnect's core is a page-wide singleton); its
      // relay connection closes until the next connect or reconnect opens it again.
      closing = loading.then(
        (signClient) => signClient.core.relayer.transportClose(),
        () => {},
      )
      await closing
    },
    subscribe(listener) {
      subscribers.add(listener)
      return () => {
        subscribers.delete(listener)
      }
    },
    onDisconnect(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** What wallets see of a dapp that set no `metadata`: the page's title and origin. */
function pageMetadata(): Metadata {
  if (!isBrowser()) return { name: 'Oriel', description: '', url: '', icons: [] }
  return { name: document.title || location.host, description: '', url: location.origin, icons: [] }
}
