import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeRegistry, REGISTRY, walletNamed, type FakeRegistry } from '../../test/fakeRegistry'
import { ProjectIdNotConfiguredError } from '../errors/config'
import { testFrameHost } from '../../test/frameHost'
import { createWalletRegistryClient, type RegistryWallet } from './registry'
import { createWalletListStore, getWalletConnectView, type CreateWalletListStoreParameters } from './walletList'

const EVM = ['eip155:1', 'eip155:8453']
const id = (name: string) => walletNamed(name).id
const names = (wallets: readonly RegistryWallet[]) => wallets.map((w) => w.name)

function setup(options: Partial<CreateWalletListStoreParameters> & { fake?: FakeRegistry } = {}) {
  const fake = options.fake ?? createFakeRegistry()
  const preloaded: string[] = []
  const list = createWalletListStore({
    registry: createWalletRegistryClient(testFrameHost(fake.fetch, 'http://fh.test')),
    featuredWalletIds: [],
    includeWalletIds: [],
    excludeWalletIds: [],
    chains: EVM,
    preloadImage: async (url) => {
      preloaded.push(url)
    },
    ...options,
  })
  return { list, fake, preloaded }
}

/** Every wallet the All Wallets list shows once all pages are in, in order. */
function allListed(state: ReturnType<ReturnType<typeof setup>['list']['getSnapshot']>) {
  return [...state.featured, ...state.recommended, ...state.wallets]
}

const evmWallets = REGISTRY.filter((w) => w.chains.some((c) => EVM.includes(c)))

describe('wallet list store', () => {
  afterEach(() => vi.useRealTimers())

  it('makes no request until prefetch', async () => {
    const { list, fake } = setup()
    expect(fake.requests).toHaveLength(0)
    expect(list.getSnapshot()).toMatchObject({ featured: [], recommended: [], wallets: [], page: 0, count: 0 })
    await list.prefetch()
    await list.prefetch()
    expect(fake.requests).toHaveLength(1)
  })

  it('recommends the top 4 wallets for the dapp networks and counts every listable wallet', async () => {
    const { list, fake } = setup()
    await list.prefetch()
    const state = list.getSnapshot()
    expect(names(state.recommended)).toEqual(names(evmWallets.slice(0, 4)))
    expect(state.count).toBe(evmWallets.length)
    expect(fake.requests[0]?.get('entries')).toBe('4')
    expect(fake.requests[0]?.get('chains')).toBe(EVM.join(','))
  })

  it('shows featured wallets first, in the configured order, and keeps them out of recommended', async () => {
    const featuredWalletIds = [id('Zerion'), id('Rainbow'), id('MetaMask')]
    const { list } = setup({ featuredWalletIds })
    await list.prefetch()
    const state = list.getSnapshot()
    expect(names(state.featured)).toEqual(['Zerion', 'Rainbow', 'MetaMask'])
    expect(names(state.recommended)).not.toContain('MetaMask')
    expect(names(state.recommended)).toHaveLength(4)
    expect(state.count).toBe(evmWallets.length)
  })

  it('pages through every wallet exactly once, 40 at a time, then stops', async () => {
    const featuredWalletIds = [id('Safe')]
    const { list, fake } = setup({ featuredWalletIds })
    await list.loadNextPage()
    expect(list.getSnapshot().page).toBe(1)
    expect(list.getSnapshot().wallets).toHaveLength(40)
    const pageRequest = fake.requests.at(-1)
    expect(pageRequest?.get('entries')).toBe('40')
    expect(pageRequest?.get('exclude')?.split(',')).toEqual([
      id('Safe'),
      ...list.getSnapshot().recommended.map((w) => w.id),
    ])
    while (list.hasMore()) await list.loadNextPage()
    const state = list.getSnapshot()
    const listed = allListed(state).map((w) => w.id)
    expect(new Set(listed).size).toBe(listed.length)
    expect(listed.sort()).toEqual(evmWallets.map((w) => w.id).sort())
    expect(state.count).toBe(evmWallets.length)
    expect(state.page).toBe(Math.ceil((evmWallets.length - 5) / 40))
    const requests = fake.requests.length
    await list.loadNextPage()
    expect(fake.requests).toHaveLength(requests)
  })

  it('never shows an excluded wallet: not featured, recommended, paged or searched', async () => {
    vi.useFakeTimers()
    const metamask = walletNamed('MetaMask')
    const { list, fake } = setup({ excludeWalletIds: [metamask.id], featuredWalletIds: [metamask.id, id('Rainbow')] })
    await list.prefetch()
    while (list.hasMore()) await list.loadNextPage()
    const state = list.getSnapshot()
    expect(names(state.featured)).toEqual(['Rainbow'])
    expect(allListed(state).map((w) => w.id)).not.toContain(metamask.id)
    expect(state.count).toBe(evmWallets.length - 1)
    expect(state.excludedWallets).toEqual([{ rdns: 'io.metamask', name: 'MetaMask' }])
    list.setSearch('meta')
    await vi.advanceTimersByTimeAsync(500)
    expect(list.getSnapshot().search).toEqual([])
    expect(fake.requests.at(-1)?.get('exclude')).toBe(metamask.id)
  })

  it('lists only included wallets when includeWalletIds is set', async () => {
    const includeWalletIds = [id('MetaMask'), id('Rainbow'), id('Zerion'), id('Safe'), id('Argent'), id('Frame')]
    const { list } = setup({ includeWalletIds, featuredWalletIds: [id('Frame'), id('Phantom')] })
    await list.prefetch()
    while (list.hasMore()) await list.loadNextPage()
    const state = list.getSnapshot()
    expect(names(state.featured)).toEqual(['Frame'])
    expect(names(allListed(state)).sort()).toEqual(['Argent', 'Frame', 'MetaMask', 'Rainbow', 'Safe', 'Zerion'])
    expect(state.count).toBe(6)
  })

  it('debounces search by 500 ms and asks for up to 100 results', async () => {
    vi.useFakeTimers()
    const searched: string[] = []
    const { list, fake } = setup({ onSearch: (text) => searched.push(text) })
    for (const text of ['w', 'wa', 'wal', 'wallet']) {
      list.setSearch(text)
      await vi.advanceTimersByTimeAsync(200)
    }
    expect(list.getSnapshot()).toMatchObject({ searchQuery: 'wallet', searching: true })
    expect(fake.requests).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(300)
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.get('search')).toBe('wallet')
    expect(fake.requests[0]?.get('entries')).toBe('100')
    const state = list.getSnapshot()
    expect(state.searching).toBe(false)
    expect(state.search.length).toBeGreaterThan(10)
    expect(state.search.every((w) => w.name.toLowerCase().includes('wallet'))).toBe(true)
    list.setSearch('  ')
    expect(list.getSnapshot()).toMatchObject({ search: [], searching: false })
    await vi.advanceTimersByTimeAsync(1000)
    expect(fake.requests).toHaveLength(1)
    // Only the search that was sent is reported (SEARCH_WALLET).
    expect(searched).toEqual(['wallet'])
  })

  it('ignores the answer of a search that was replaced', async () => {
    vi.useFakeTimers()
    const { list, fake } = setup()
    const held = fake.hold()
    list.setSearch('rain')
    await vi.advanceTimersByTimeAsync(500)
    list.setSearch('zer')
    held.release()
    await vi.advanceTimersByTimeAsync(500)
    expect(names(list.getSnapshot().search)).toEqual(['Zerion'])
  })

  it('preloads at most 20 images per page and waits at most 2 s for them', async () => {
    vi.useFakeTimers()
    const preloaded: string[] = []
    const { list } = setup({
      preloadImage: (url) => {
        preloaded.push(url)
        return new Promise(() => {})
      },
    })
    const prefetch = list.prefetch()
    await vi.advanceTimersByTimeAsync(1999)
    expect(list.getSnapshot().recommended).toEqual([])
    expect(list.getSnapshot().loading).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    await prefetch
    expect(list.getSnapshot().recommended).toHaveLength(4)
    expect(preloaded).toHaveLength(4)
    const page = list.loadNextPage()
    await vi.advanceTimersByTimeAsync(2000)
    await page
    expect(list.getSnapshot().wallets).toHaveLength(40)
    expect(preloaded).toHaveLength(24)
    expect(preloaded[4]).toBe(
      `http://fh.test/getWalletImage/${list.getSnapshot().wallets[0]?.image_id}?projectId=demo&st=appkit&sv=oriel-react-0.1.0`,
    )
  })

  it('keeps the error of a failed load and retries on the next call', async () => {
    const fake = createFakeRegistry()
    fake.failWith(500)
    const { list } = setup({ fake })
    await expect(list.prefetch()).rejects.toThrow('HTTP status code: 500')
    expect(list.getSnapshot().error?.shortMessage).toBe('HTTP status code: 500')
    await list.loadNextPage()
    expect(list.getSnapshot()).toMatchObject({ page: 0, loadingPage: false })
    fake.failWith(null)
    await list.loadNextPage()
    expect(list.getSnapshot()).toMatchObject({ page: 1, error: undefined })
    expect(list.getSnapshot().recommended).toHaveLength(4)
  })

  it('fetches nothing without a project id', async () => {
    const { list, fake } = setup({ unavailable: () => new ProjectIdNotConfiguredError() })
    await expect(list.prefetch()).rejects.toThrow('Project ID Not Configured')
    await list.loadNextPage()
    expect(list.getSnapshot().error?.shortMessage).toBe('Project ID Not Configured')
    expect(fake.requests).toHaveLength(0)
  })
})

describe('getWalletConnectView', () => {
  it('opens the installed browser wallet with the same rdns, else WalletConnect', () => {
    const metamask = walletNamed('MetaMask')
    const installed = [
      { id: 'eip6963:uuid-1', name: 'MetaMask', imageUrl: 'data:image/svg+xml,<svg/>', info: { rdns: 'io.metamask' } },
    ]
    expect(getWalletConnectView(metamask, installed)).toEqual({
      view: 'ConnectingExternal',
      data: { wallet: metamask, connectorId: 'eip6963:uuid-1', name: 'MetaMask', icon: 'data:image/svg+xml,<svg/>' },
    })
    const rainbow = [{ id: 'r', name: 'Rainbow', imageUrl: undefined, info: { rdns: 'me.rainbow' } }]
    expect(getWalletConnectView(metamask, rainbow)).toEqual({
      view: 'ConnectingWalletConnect',
      data: { wallet: metamask, name: 'MetaMask', mobileLink: metamask.mobile.native ?? metamask.mobile.universal },
    })
    const argent = walletNamed('Argent')
    expect(argent.rdns).toBeNull()
    const noRdns = [{ id: 'x', name: 'Injected', imageUrl: undefined, info: undefined }]
    expect(getWalletConnectView(argent, noRdns).view).toBe('ConnectingWalletConnect')
  })
})

beforeEach(() => localStorage.clear())
