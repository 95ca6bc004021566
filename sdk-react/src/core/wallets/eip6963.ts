import { createStore, type ReadableStore } from '../store/createStore'

/** EIP-1193 provider, as far as discovery needs to know it. */
export interface EIP1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/** Wallet metadata announced under EIP-6963. */
export interface EIP6963ProviderInfo {
  uuid: string
  name: string
  /** A `data:image/…` URI (anything else is dropped). */
  icon: string
  /** Reverse-DNS id, e.g. `io.metamask`. */
  rdns: string
}

export interface EIP6963ProviderDetail {
  info: EIP6963ProviderInfo
  provider: EIP1193Provider
}

export interface Eip6963Store extends ReadableStore<readonly EIP6963ProviderDetail[]> {
  /** Listens for announcements and asks wallets to announce. Idempotent. */
  start(): void
  /** Stops listening; already discovered wallets stay. */
  stop(): void
}

export type CreateEip6963StoreParameters = {
  /** Where events are dispatched. Default: `window`, read only in `start()`. */
  target?: (() => EventTarget) | undefined
}

export const ANNOUNCE_EVENT = 'eip6963:announceProvider'
export const REQUEST_EVENT = 'eip6963:requestProvider'

/**
 * EIP-6963 wallet discovery. Nothing happens until `start()`; announcements are deduplicated
 * by uuid, in announcement order.
 *
 * @example
 * const wallets = createEip6963Store()
 * wallets.subscribe(() => console.log(wallets.getSnapshot().map((w) => w.info.name)))
 * wallets.start()
 */
export function createEip6963Store(parameters: CreateEip6963StoreParameters = {}): Eip6963Store {
  const store = createStore<{ wallets: readonly EIP6963ProviderDetail[] }>({ wallets: [] })
  let target: EventTarget | undefined

  const onAnnounce = (event: Event) => {
    const detail = parseDetail((event as CustomEvent<unknown>).detail)
    if (!detail) return
    store.setState((s) =>
      s.wallets.some((w) => w.info.uuid === detail.info.uuid) ? {} : { wallets: [...s.wallets, detail] },
    )
  }

  return {
    getSnapshot: () => store.getSnapshot().wallets,
    subscribe: store.subscribe,
    start() {
      if (target) return
      target = parameters.target?.() ?? window
      target.addEventListener(ANNOUNCE_EVENT, onAnnounce)
      target.dispatchEvent(new Event(REQUEST_EVENT))
    },
    stop() {
      target?.removeEventListener(ANNOUNCE_EVENT, onAnnounce)
      target = undefined
    },
  }
}

function parseDetail(detail: unknown): EIP6963ProviderDetail | null {
  if (!isObject(detail) || !isObject(detail.info) || !isObject(detail.provider)) return null
  const { uuid, name, icon, rdns } = detail.info
  if (typeof uuid !== 'string' || !uuid || typeof name !== 'string' || !name) return null
  if (typeof detail.provider.request !== 'function') return null
  return {
    info: {
      uuid,
      name,
      icon: typeof icon === 'string' && icon.startsWith('data:image/') ? icon : '',
      rdns: typeof rdns === 'string' ? rdns : '',
    },
    provider: detail.provider as unknown as EIP1193Provider,
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
