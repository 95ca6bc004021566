import { act, fireEvent, render, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../core/client/createClient'
import { createConfig, type CreateConfigParameters } from '../../core/config/createConfig'
import { ethereum, solana } from '../../core/networks'
import { createFakeRegistry, REGISTRY, walletNamed, type FakeRegistry } from '../../test/fakeRegistry'
import { loadFakeFrameClient } from '../../test/fakeFrameClient'
import { OrielContext } from '../context'
import { ModalRoot } from '../modal/ModalRoot'

/** IntersectionObserver as far as the list uses it; `scrollToEnd()` reports the sentinel visible. */
class FakeIntersectionObserver {
  static all = new Set<FakeIntersectionObserver>()
  readonly targets = new Set<Element>()
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.all.add(this)
  }
  observe(target: Element) {
    this.targets.add(target)
  }
  disconnect() {
    this.targets.clear()
    FakeIntersectionObserver.all.delete(this)
  }
  static scrollToEnd() {
    for (const observer of [...FakeIntersectionObserver.all]) {
      const entries = [...observer.targets].map((target) => ({ target, isIntersecting: true }))
      if (entries.length) observer.callback(entries as unknown as IntersectionObserverEntry[], observer as never)
    }
  }
}

const networks = [ethereum, solana]
const listable = REGISTRY.filter((w) => w.chains.some((c) => c === 'eip155:1' || c.startsWith('solana:5eykt')))

function open(config: Partial<CreateConfigParameters> = {}, fake: FakeRegistry = createFakeRegistry()) {
  const client = createClient({
    config: createConfig({ projectId: 'demo', walletConnectProjectId: 'demo', networks, features: { email: false, socials: false }, ...config }),
    loadFrameClient: loadFakeFrameClient,
    isMobile: () => false,
    fetch: fake.fetch,
    retryDelay: () => 0,
    preloadImage: async () => {},
  })
  const unmount = client.mount()
  const utils = render(
    <OrielContext.Provider value={client}>
      <ModalRoot />
    </OrielContext.Provider>,
  )
  act(() => client.modal.open())
  const root = document.querySelector('oriel-modal')?.shadowRoot as unknown as HTMLElement
  return {
    client,
    fake,
    root,
    ui: within(root),
    unmount() {
      utils.unmount()
      unmount()
    },
  }
}

const gridNames = (root: HTMLElement) => [...root.querySelectorAll('.wallet-card .name')].map((el) => el.textContent)
const rowNames = (root: HTMLElement, section: string) =>
  [...root.querySelectorAll(`[data-section="${section}"] .name`)].map((el) => el.textContent)

describe('wallet lists', () => {
  let unmount = () => {}
  // All Wallets loads on first use: compiled here once, ahead, so that no test's wait (1 s)
  // holds a first compile on a busy machine.
  beforeAll(async () => {
    await import('./AllWalletsView')
  })
  beforeEach(() => {
    localStorage.clear()
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  })
  afterEach(() => {
    unmount()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('Connect shows featured (4 by default), then recommended filling 4 rows, then All Wallets with the count', async () => {
    const t = open()
    unmount = t.unmount
    await vi.waitFor(() => expect(rowNames(t.root, 'recommended')).toHaveLength(4))
    expect(rowNames(t.root, 'recommended')).toEqual(listable.slice(0, 4).map((w) => w.name))
    expect(rowNames(t.root, 'featured')).toEqual([])
    const names = [...t.root.querySelectorAll('[data-connect-method="wallet"] .name')].map((el) => el.textContent)
    expect(names[0]).toBe('WalletConnect')
    expect(names.at(-1)).toBe('All Wallets')
    const all = t.ui.getByRole('button', { name: /All Wallets/ })
    expect(all.querySelector('.tag')?.textContent).toBe(`${Math.floor(listable.length / 10) * 10}+`)
    t.unmount()

    const two = ['Zerion', 'Safe'].map((n) => walletNamed(n).id)
    const u = open({ featuredWalletIds: two })
    unmount = u.unmount
    await vi.waitFor(() => expect(rowNames(u.root, 'featured')).toEqual(['Zerion', 'Safe']))
    const rest = listable.filter((w) => !two.includes(w.id)).slice(0, 2)
    expect(rowNames(u.root, 'recommended')).toEqual(rest.map((w) => w.name))
    const img = u.root.querySelector('[data-section="featured"] img')
    expect(img?.getAttribute('src')).toBe(
      `http://127.0.0.1:8787/getWalletImage/${walletNamed('Zerion').image_id}?projectId=demo&st=appkit&sv=oriel-react-0.1.0`,
    )
    u.unmount()

    const five = ['Zerion', 'Safe', 'Rainbow', 'Argent', 'Exodus'].map((n) => walletNamed(n).id)
    const v = open({ featuredWalletIds: five })
    unmount = v.unmount
    await vi.waitFor(() => expect(rowNames(v.root, 'featured')).toEqual(['Zerion', 'Safe', 'Rainbow', 'Argent']))
    expect(rowNames(v.root, 'recommended')).toEqual([])
  })

  it('makes no request before the modal opens', () => {
    const fake = createFakeRegistry()
    const client = createClient({
      config: createConfig({ projectId: 'demo', networks }),
      loadFrameClient: loadFakeFrameClient,
      fetch: fake.fetch,
    })
    unmount = client.mount()
    expect(fake.requests).toHaveLength(0)
  })

  it('an installed wallet shows once, as installed, and opens its extension; others open WalletConnect', async () => {
    const t = open()
    unmount = t.unmount
    await vi.waitFor(() => expect(rowNames(t.root, 'recommended')).toHaveLength(4))
    act(() => {
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: {
            info: { uuid: 'u-1', name: 'MetaMask', icon: 'data:image/svg+xml,<svg/>', rdns: 'io.metamask' },
            provider: { request: async () => null },
          },
        }),
      )
    })
    expect(rowNames(t.root, 'injected')).toEqual(['MetaMask'])
    expect(rowNames(t.root, 'recommended')).toEqual(
      listable.filter((w) => w.name !== 'MetaMask').slice(0, 3).map((w) => w.name),
    )
    const trust = t.root.querySelector(`[data-wallet-id="${walletNamed('Trust Wallet').id}"]`) as HTMLElement
    fireEvent.click(trust)
    const entry = t.client.modal.getSnapshot().history.at(-1)
    const trustWallet = walletNamed('Trust Wallet')
    expect(entry).toEqual({
      view: 'ConnectingWalletConnect',
      data: {
        wallet: trustWallet,
        name: 'Trust Wallet',
        mobileLink: trustWallet.mobile.native ?? trustWallet.mobile.universal,
      },
    })

    act(() => t.client.modal.push('AllWallets'))
    const card = await t.ui.findByRole('button', { name: 'MetaMask' })
    fireEvent.click(card)
    const installed = t.client.connectors.getSnapshot().find((c) => c.info?.rdns === 'io.metamask')
    expect(installed).toBeDefined()
    expect(t.client.modal.getSnapshot().history.at(-1)).toEqual({
      view: 'ConnectingExternal',
      data: {
        wallet: walletNamed('MetaMask'),
        connectorId: installed?.id,
        name: 'MetaMask',
        icon: 'data:image/svg+xml,<svg/>',
      },
    })
    // The browser-wallet view takes it from there, with the installed wallet.
    expect(await t.ui.findByRole('heading', { name: 'MetaMask' })).toBeTruthy()
  })

  it('All Wallets shows a loading state, then featured, recommended and page 1; scrolling loads page 2', async () => {
    const fake = createFakeRegistry()
    const held = fake.hold()
    const t = open({ featuredWalletIds: [walletNamed('Safe').id] }, fake)
    unmount = t.unmount
    act(() => t.client.modal.push('AllWallets'))
    expect(await t.ui.findByRole('heading', { name: 'All Wallets' })).toBeTruthy()
    expect((await t.ui.findByRole('status')).textContent).toBe('Loading wallets')
    expect(t.root.querySelectorAll('.wallet-card.skeleton').length).toBeGreaterThan(0)
    expect(t.ui.getByRole('searchbox', { name: 'Search wallet' })).toBeTruthy()
    held.release()
    await vi.waitFor(() => expect(gridNames(t.root)).toHaveLength(1 + 4 + 40))
    const names = gridNames(t.root)
    expect(names[0]).toBe('Safe')
    expect(names.slice(1, 5)).toEqual(listable.filter((w) => w.name !== 'Safe').slice(0, 4).map((w) => w.name))
    expect(new Set(names).size).toBe(names.length)
    const card = t.ui.getByRole('button', { name: 'Safe' })
    expect(card.querySelector('img')?.getAttribute('src')).toContain(`/getWalletImage/${walletNamed('Safe').image_id}?`)

    act(() => FakeIntersectionObserver.scrollToEnd())
    await vi.waitFor(() => expect(gridNames(t.root).length).toBe(Math.min(listable.length, 1 + 4 + 80)))
    expect(fake.requests.at(-1)?.get('page')).toBe('2')
    while (t.client.walletList.hasMore()) {
      const before = gridNames(t.root).length
      act(() => FakeIntersectionObserver.scrollToEnd())
      await vi.waitFor(() => expect(gridNames(t.root).length).toBeGreaterThan(before))
    }
    expect([...gridNames(t.root)].sort()).toEqual(listable.map((w) => w.name).sort())
    expect(t.root.querySelector('.sentinel')).toBeNull()
  })

  it('search waits 500 ms, shows matches, and an empty state when nothing matches', async () => {
    const t = open()
    unmount = t.unmount
    act(() => t.client.modal.push('AllWallets'))
    const search = await t.ui.findByRole('searchbox', { name: 'Search wallet' })
    await vi.waitFor(() => expect(gridNames(t.root).length).toBeGreaterThan(40))
    vi.useFakeTimers()
    const requests = t.fake.requests.length
    fireEvent.change(search, { target: { value: 'rain' } })
    expect(t.ui.getByRole('status').textContent).toBe('Searching wallets')
    await act(() => vi.advanceTimersByTimeAsync(499))
    expect(t.fake.requests).toHaveLength(requests)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(gridNames(t.root)).toEqual(['Rainbow'])
    fireEvent.change(search, { target: { value: 'no such wallet' } })
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(t.ui.getByRole('status').textContent).toBe('No wallet found for “no such wallet”')
    fireEvent.change(search, { target: { value: '' } })
    expect(gridNames(t.root).length).toBeGreaterThan(40)
  })

  it('an excluded wallet shows nowhere: Connect, All Wallets, search, or as an installed wallet', async () => {
    const metamask = walletNamed('MetaMask')
    const t = open({ excludeWalletIds: [metamask.id], featuredWalletIds: [metamask.id] })
    unmount = t.unmount
    act(() => {
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: {
            info: { uuid: 'u-2', name: 'MetaMask', icon: '', rdns: 'io.metamask' },
            provider: { request: async () => null },
          },
        }),
      )
    })
    await vi.waitFor(() => expect(rowNames(t.root, 'recommended')).toHaveLength(4))
    expect(t.root.textContent).not.toContain('MetaMask')
    act(() => t.client.modal.push('AllWallets'))
    await vi.waitFor(() => expect(gridNames(t.root).length).toBeGreaterThan(40))
    while (t.client.walletList.hasMore()) {
      const before = gridNames(t.root).length
      act(() => FakeIntersectionObserver.scrollToEnd())
      await vi.waitFor(() => expect(gridNames(t.root).length).toBeGreaterThan(before))
    }
    expect(gridNames(t.root)).toHaveLength(listable.length - 1)
    expect(gridNames(t.root)).not.toContain('MetaMask')
    vi.useFakeTimers()
    fireEvent.change(t.ui.getByRole('searchbox', { name: 'Search wallet' }), { target: { value: 'metamask' } })
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(t.ui.getByRole('status').textContent).toContain('No wallet found')
  })

  it('shows a failure with a retry', async () => {
    const fake = createFakeRegistry()
    fake.failWith(503)
    const t = open({}, fake)
    unmount = t.unmount
    act(() => t.client.modal.push('AllWallets'))
    const alert = await t.ui.findByRole('alert')
    expect(alert.textContent).toContain('HTTP status code: 503')
    fake.failWith(null)
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await vi.waitFor(() => expect(gridNames(t.root).length).toBeGreaterThan(40))
    expect(t.ui.queryByRole('alert')).toBeNull()
  })
})
