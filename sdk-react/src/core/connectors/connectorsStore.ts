import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { createStore, type ReadableStore } from '../store/createStore'
import type { EIP6963ProviderDetail, Eip6963Store } from '../wallets/eip6963'
import { createEip1193Connector, type EventfulEIP1193Provider } from './eip1193'
import type { Connector } from './types'
import { createWalletStandardConnector, walletStandardConnectorId, walletStandardNamespaces } from './walletStandard'

/** The part of `@wallet-standard/app`'s `getWallets()` the store uses. */
export interface WalletStandardRegistry {
  get(): readonly Wallet[]
  on(event: 'register' | 'unregister', listener: () => void): () => void
}

/** The browser wallets the user can connect, in listing order; see {@link createConnectorsStore}. */
export interface ConnectorsStore extends ReadableStore<readonly Connector[]> {
  /** Reads `window.ethereum` and the wallet-standard registry, and follows EIP-6963 announcements. Idempotent. */
  start(): void
  /** Stops following; the connectors found stay. */
  stop(): void
  /** The connector with this id, if it is installed. */
  get(id: string): Connector | undefined
}

export type CreateConnectorsStoreParameters = {
  /** EIP-6963 discovery (started by the client). */
  eip6963: Eip6963Store
  /** The legacy injected provider. Default: `window.ethereum`, read in `start()`. */
  injected?: (() => unknown) | undefined
  /** The wallet-standard registry. Default: `getWallets()` of `@wallet-standard/app`, called in `start()`. */
  walletStandard?: (() => WalletStandardRegistry) | undefined
}

/** The connector id of the legacy `window.ethereum` provider. */
export const INJECTED_CONNECTOR_ID = 'injected'

function isProvider(value: unknown): value is EventfulEIP1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}

const defaultInjected = () => (typeof window === 'undefined' ? undefined : (window as { ethereum?: unknown }).ethereum)
const defaultWalletStandard = (): WalletStandardRegistry => getWallets()

/**
 * Every browser wallet as a {@link Connector}: wallets announced with EIP-6963 (id: their rdns),
 * the legacy `window.ethereum` when no wallet announced itself (id `injected`), then Solana and
 * Bitcoin wallets from the wallet-standard registry that implement `standard:connect`. Nothing
 * is read before `start()`. A connector keeps its identity while its wallet stays installed.
 *
 * @example
 * const connectors = createConnectorsStore({ eip6963: wallets })
 * wallets.start()
 * connectors.start()
 * connectors.getSnapshot().map((c) => c.name) // ['MetaMask', 'Phantom']
 */
export function createConnectorsStore(parameters: CreateConnectorsStoreParameters): ConnectorsStore {
  const store = createStore<{ connectors: readonly Connector[] }>({ connectors: [] })
  const cache = new Map<string, Connector>()
  let injected: EventfulEIP1193Provider | undefined
  let standardWallets: readonly Wallet[] = []
  let stops: (() => void)[] | undefined

  const cached = (id: string, make: () => Connector) => {
    let connector = cache.get(id)
    if (!connector) cache.set(id, (connector = make()))
    return connector
  }

  const announced = (detail: EIP6963ProviderDetail) => {
    const id = detail.info.rdns || detail.info.uuid
    return cached(`${id}\u0000${detail.info.uuid}`, () =>
      createEip1193Connector({
        id,
        name: detail.info.name,
        type: 'ANNOUNCED',
        provider: detail.provider,
        imageUrl: detail.info.icon,
        rdns: detail.info.rdns,
      }),
    )
  }

  const update = () => {
    const list: Connector[] = []
    const seen = new Set<string>()
    const add = (connector: Connector) => {
      if (seen.has(connector.id)) return
      seen.add(connector.id)
      list.push(connector)
    }
    for (const detail of parameters.eip6963.getSnapshot()) add(announced(detail))
    if (list.length === 0 && injected) {
      const provider = injected
      add(
        cached(INJECTED_CONNECTOR_ID, () =>
          createEip1193Connector({ id: INJECTED_CONNECTOR_ID, name: 'Browser Wallet', type: 'INJECTED', provider }),
        ),
      )
    }
    for (const wallet of standardWallets) {
      for (const namespace of walletStandardNamespaces(wallet)) {
        add(cached(walletStandardConnectorId(wallet, namespace), () => createWalletStandardConnector(wallet, namespace)))
      }
    }
    store.setState({ connectors: list })
  }

  return {
    getSnapshot: () => store.getSnapshot().connectors,
    subscribe: store.subscribe,
    get: (id) => store.getSnapshot().connectors.find((connector) => connector.id === id),
    start() {
      if (stops) return
      const current: (() => void)[] = []
      stops = current
      const candidate = (parameters.injected ?? defaultInjected)()
      injected = isProvider(candidate) ? candidate : undefined
      current.push(parameters.eip6963.subscribe(update))
      update()
      try {
        const registry = (parameters.walletStandard ?? defaultWalletStandard)()
        const refresh = () => {
          standardWallets = registry.get()
          update()
        }
        current.push(registry.on('register', refresh), registry.on('unregister', refresh))
        refresh()
      } catch {
        // Without the registry there are simply no Solana or Bitcoin browser wallets.
      }
    },
    stop() {
      for (const stop of stops ?? []) stop()
      stops = undefined
    },
  }
}
