import {
  DEFAULT_DEBOUNCE_MS,
  IMAGE_PRELOAD_TIMEOUT_MS,
  RECOMMENDED_WALLETS_COUNT,
  WALLET_IMAGE_PREFETCH_LIMIT,
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_LIMIT,
} from '../constants'
import type { Connector } from '../connectors/types'
import { BaseError } from '../errors/base'
import { createStore, type ReadableStore } from '../store/createStore'
import type { RegistryWallet, WalletRegistryClient } from './registry'

/** A wallet the site owner excluded, as far as other wallet lists need to know it. */
export interface ExcludedWallet {
  readonly rdns: string | null
  readonly name: string
}

/** The wallet list state (spec §3). */
export interface WalletListState {
  /** `featuredWalletIds`, in that order. */
  readonly featured: readonly RegistryWallet[]
  /** The top wallets by registry order, other than featured and excluded ones (4). */
  readonly recommended: readonly RegistryWallet[]
  /** Pages loaded so far (40 each), other than featured and recommended ones. */
  readonly wallets: readonly RegistryWallet[]
  /** Results of the current search (up to 100). */
  readonly search: readonly RegistryWallet[]
  /** The search text as typed; results follow after the debounce. */
  readonly searchQuery: string
  /** Excluded wallets' rdns and names, to hide them from browser-wallet lists too. */
  readonly excludedWallets: readonly ExcludedWallet[]
  /** Last page loaded; 0 before the first. */
  readonly page: number
  /** Wallets the All Wallets list holds in all: featured + recommended + every page. */
  readonly count: number
  /** Featured, recommended and excluded wallets are loading. */
  readonly loading: boolean
  /** Featured, recommended and excluded wallets have loaded once. */
  readonly loaded: boolean
  /** The next page is loading. */
  readonly loadingPage: boolean
  /** A search is waiting for its debounce or its answer. */
  readonly searching: boolean
  /** The last failure, cleared by the next success. */
  readonly error: BaseError | undefined
}

export interface WalletListStore extends ReadableStore<WalletListState> {
  /** Loads featured, recommended and excluded wallets (once; again after a failure). */
  prefetch(): Promise<void>
  /** Loads the next page of 40, once featured and recommended are in. No-op while one loads or when all are in. */
  loadNextPage(): Promise<void>
  /** Whether pages remain to load. */
  hasMore(): boolean
  /** Sets the search text; the search runs 500 ms after the last change. Empty clears it. */
  setSearch(query: string): void
  /** The URL of a wallet's image. */
  getImageUrl(wallet: RegistryWallet): string
  /** Cancels a pending search (its answer is ignored). Loaded lists stay. */
  destroy(): void
}

export type CreateWalletListStoreParameters = {
  registry: WalletRegistryClient
  /** Wallet ids shown first, in this order. */
  featuredWalletIds: readonly string[]
  /** Only these wallet ids are listed, when non-empty. */
  includeWalletIds: readonly string[]
  /** These wallet ids are never listed. */
  excludeWalletIds: readonly string[]
  /** CAIP-2 ids of the dapp's networks: wallets supporting any of them are listed. */
  chains: readonly string[]
  /** Loads an image (resolves when loaded). Default: an `Image` element, so it lands in the HTTP cache. */
  preloadImage?: ((url: string) => Promise<void>) | undefined
  /** Search debounce. Default 500 ms. */
  debounceMs?: number | undefined
  /** Called with the text of each search that is sent (after the debounce), e.g. to track SEARCH_WALLET. */
  onSearch?: ((search: string) => void) | undefined
  /** When set, nothing is fetched: every load fails with this error (e.g. no project id). */
  unavailable?: (() => BaseError) | undefined
}

const INITIAL: WalletListState = {
  featured: [],
  recommended: [],
  wallets: [],
  search: [],
  searchQuery: '',
  excludedWallets: [],
  page: 0,
  count: 0,
  loading: false,
  loaded: false,
  loadingPage: false,
  searching: false,
  error: undefined,
}

/**
 * The wallet lists of the Connect and All Wallets views (spec §3, §6, §9). Nothing is fetched
 * until `prefetch()` (called when the modal opens).
 *
 * @example
 * const list = createWalletListStore({ registry, featuredWalletIds: [], includeWalletIds: [], excludeWalletIds: [], chains: ['eip155:1'] })
 * await list.prefetch()       // featured, recommended (4), excluded
 * await list.loadNextPage()   // page 1 (40)
 * list.setSearch('rain')      // 500 ms later: up to 100 results
 */
export function createWalletListStore(parameters: CreateWalletListStoreParameters): WalletListStore {
  const { registry } = parameters
  const featuredIds = unique(parameters.featuredWalletIds)
  const include = unique(parameters.includeWalletIds)
  const excludeIds = unique(parameters.excludeWalletIds)
  const chains = [...parameters.chains]
  const preload = parameters.preloadImage ?? preloadWithImageElement
  const debounceMs = parameters.debounceMs ?? DEFAULT_DEBOUNCE_MS
  const store = createStore<WalletListState>(INITIAL)
  let prefetched: Promise<void> | undefined
  let pageTotal: number | undefined
  let searchTimer: ReturnType<typeof setTimeout> | undefined
  let searchSeq = 0

  const set = store.setState
  const excluded = new Set(excludeIds)
  const allowed = (w: RegistryWallet) => !excluded.has(w.id)

  /** Preloads up to 20 images, each given at most 2 s. */
  const prefetchImages = (wallets: readonly RegistryWallet[]) =>
    Promise.all(
      wallets
        .slice(0, WALLET_IMAGE_PREFETCH_LIMIT)
        .map((w) => withTimeout(preload(registry.getWalletImageUrl(w.image_id)), IMAGE_PRELOAD_TIMEOUT_MS)),
    )

  async function loadFeatured(): Promise<RegistryWallet[]> {
    // Featured ids outside `includeWalletIds` or inside `excludeWalletIds` are not shown.
    const ids = featuredIds.filter((id) => !excluded.has(id) && (include.length === 0 || include.includes(id)))
    if (ids.length === 0) return []
    const { data } = await registry.getWallets({ page: 1, entries: ids.length, include: ids })
    return data.filter(allowed).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
  }

  async function loadExcluded(): Promise<ExcludedWallet[]> {
    if (excludeIds.length === 0) return []
    const { data } = await registry.getWallets({ page: 1, entries: excludeIds.length, include: excludeIds })
    return data.map(({ rdns, name }) => ({ rdns, name }))
  }

  async function runPrefetch() {
    set({ loading: true, error: undefined })
    try {
      if (parameters.unavailable) throw parameters.unavailable()
      const [featured, recommendedPage, excludedWallets] = await Promise.all([
        loadFeatured(),
        registry.getWallets({
          page: 1,
          entries: RECOMMENDED_WALLETS_COUNT,
          include,
          exclude: [...excludeIds, ...featuredIds],
          chains,
        }),
        loadExcluded(),
      ])
      const recommended = recommendedPage.data.filter(allowed)
      await prefetchImages([...featured, ...recommended])
      // The recommended query counts every listable wallet other than the featured ones.
      set({
        featured,
        recommended,
        excludedWallets,
        count: featured.length + recommendedPage.count,
        loading: false,
        loaded: true,
      })
    } catch (error) {
      prefetched = undefined
      set({ loading: false, error: asBaseError(error) })
      throw error
    }
  }

  const list: WalletListStore = {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    prefetch() {
      prefetched ??= runPrefetch()
      return prefetched
    },
    hasMore() {
      const { page } = store.getSnapshot()
      return pageTotal === undefined || page * WALLET_PAGE_SIZE < pageTotal
    },
    async loadNextPage() {
      const state = store.getSnapshot()
      if (state.loadingPage || !list.hasMore()) return
      set({ loadingPage: true })
      try {
        await list.prefetch()
        const { featured, recommended } = store.getSnapshot()
        const page = store.getSnapshot().page + 1
        const { data, count } = await registry.getWallets({
          page,
          entries: WALLET_PAGE_SIZE,
          include,
          exclude: [...excludeIds, ...featuredIds, ...recommended.map((w) => w.id)],
          chains,
        })
        const shown = new Set([...featured, ...recommended, ...store.getSnapshot().wallets].map((w) => w.id))
        const fresh = data.filter((w) => allowed(w) && !shown.has(w.id))
        await prefetchImages(fresh)
        pageTotal = count
        set((s) => ({
          wallets: [...s.wallets, ...fresh],
          page,
          count: Math.max(s.count, featured.length + recommended.length + count),
          loadingPage: false,
          error: undefined,
        }))
      } catch (error) {
        set({ loadingPage: false, error: asBaseError(error) })
      }
    },
    setSearch(query) {
      clearTimeout(searchTimer)
      const seq = ++searchSeq
      const text = query.trim()
      if (!text) {
        set({ searchQuery: query, search: [], searching: false })
        return
      }
      set({ searchQuery: query, searching: true })
      searchTimer = setTimeout(async () => {
        try {
          if (parameters.unavailable) throw parameters.unavailable()
          parameters.onSearch?.(text)
          const { data } = await registry.getWallets({
            page: 1,
            entries: WALLET_SEARCH_LIMIT,
            search: text,
            include,
            exclude: excludeIds,
            chains,
          })
          const results = data.filter(allowed)
          await prefetchImages(results)
          if (seq === searchSeq) set({ search: results, searching: false, error: undefined })
        } catch (error) {
          if (seq === searchSeq) set({ search: [], searching: false, error: asBaseError(error) })
        }
      }, debounceMs)
    },
    getImageUrl: (wallet) => registry.getWalletImageUrl(wallet.image_id),
    destroy() {
      clearTimeout(searchTimer)
      searchSeq++
      if (store.getSnapshot().searching) set({ searching: false })
    },
  }
  return list
}

/** An installed browser wallet, as far as picking a registry wallet needs to know it. */
export type InstalledWallet = Pick<Connector, 'id' | 'name' | 'imageUrl' | 'info'>

/** Where picking a registry wallet leads (router view and data). */
export type WalletConnectView =
  | {
      view: 'ConnectingExternal'
      data: { wallet: RegistryWallet; connectorId: string; name: string; icon: string | undefined }
    }
  | {
      view: 'ConnectingWalletConnect'
      /** `mobileLink`: the wallet's native deep link, else its universal link, when it has one. */
      data: { wallet: RegistryWallet; name: string; mobileLink?: string }
    }

/**
 * Where picking a registry wallet leads: its browser wallet when one with the same rdns is
 * installed (ConnectingExternal, with the connector's id), else a WalletConnect pairing.
 */
export function getWalletConnectView(wallet: RegistryWallet, installed: readonly InstalledWallet[]): WalletConnectView {
  const connector = wallet.rdns ? installed.find((c) => c.info?.rdns === wallet.rdns) : undefined
  if (!connector) {
    // The pairing view is titled with the wallet and, on a phone, opens it by its link.
    const mobileLink = wallet.mobile.native ?? wallet.mobile.universal ?? undefined
    return { view: 'ConnectingWalletConnect', data: { wallet, name: wallet.name, ...(mobileLink ? { mobileLink } : {}) } }
  }
  return {
    view: 'ConnectingExternal',
    data: { wallet, connectorId: connector.id, name: connector.name, icon: connector.imageUrl },
  }
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))]
}

function asBaseError(error: unknown): BaseError {
  return error instanceof BaseError ? error : new BaseError('Something went wrong', { cause: error })
}

/** Resolves when `promise` settles or after `ms`, whichever is first; never rejects. */
function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    promise.then(
      () => {
        clearTimeout(timer)
        resolve()
      },
      () => {
        clearTimeout(timer)
        resolve()
      },
    )
  })
}

function preloadWithImageElement(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve()
    image.onerror = () => reject(new Error(`image failed to load: ${url}`))
    image.src = url
  })
}
