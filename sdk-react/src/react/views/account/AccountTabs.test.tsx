import { act, fireEvent, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectOtp } from '../../../core/embedded/actions/connectOtp'
import { resetFakeFrameClient } from '../../../test/fakeFrameClient'
import { frameHostFetch, hash, nftTransfer, type FrameHostAnswers, tokenTransfer, wireNft, wireTransaction } from '../../../test/history'
import { OPTIONS, purchase } from '../../../test/onramp'
import { getShadowRoot, renderWithOriel } from '../../../test/renderWithOriel'
import { ConnectButton } from '../../ConnectButton'

const NOW = Date.parse('2026-11-23T20:00:00Z')

/** IntersectionObserver as the test drives it: `intersect()` tells every observer its element is in view. */
class TestObserver {
  static all = new Set<TestObserver>()
  constructor(private callback: IntersectionObserverCallback) {}
  observe() {
    TestObserver.all.add(this)
  }
  disconnect() {
    TestObserver.all.delete(this)
  }
  static intersect() {
    for (const o of [...TestObserver.all]) o.callback([{ isIntersecting: true } as IntersectionObserverEntry], o as never)
  }
}

/** The rendered tree's cleanup, run after each test (also after one that failed half-way). */
let unmount = () => {}

/** Logs in through the (fake) frame with frame-host answering `answers`, opens Account, returns the modal's queries. */
async function openAccount(answers: FrameHostAnswers) {
  const host = frameHostFetch(answers)
  vi.stubGlobal('fetch', host.fetch)
  const utils = renderWithOriel(<ConnectButton />, {}, { now: () => NOW })
  unmount = utils.unmount
  await act(() => connectOtp(utils.client, { otp: '123456' }))
  fireEvent.click(utils.getByRole('button', { name: '0x1234…abcd' }))
  const ui = within(getShadowRoot() as unknown as HTMLElement)
  await ui.findByRole('tablist', { name: 'Account' })
  return { ...utils, ui, host }
}

const page = (data: Record<string, unknown>[], next: string | null = null) => ({ body: { data, next } })
const noNfts = { body: { nfts: [] } }

describe('Account view: tabs Tokens, NFTs, Activity', () => {
  beforeAll(async () => {
    // The view and its panels are lazy chunks: transform them here, not within a test's time.
    await Promise.all([import('../AccountView'), import('../TokensPanel'), import('./NftsPanel'), import('./ActivityPanel')])
  })
  beforeEach(() => {
    resetFakeFrameClient()
    localStorage.clear()
    TestObserver.all.clear()
    vi.stubGlobal('IntersectionObserver', TestObserver)
  })
  afterEach(() => {
    unmount()
    unmount = () => {}
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('is a tab list: Tokens first, the arrow keys, Home and End select (as currentTab) and focus', async () => {
    const { ui, client } = await openAccount({ history: { '': page([]) }, nfts: noNfts })
    const tabs = ui.getAllByRole('tab')
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected'), tab.tabIndex])).toEqual([
      ['Tokens', 'true', 0],
      ['NFTs', 'false', -1],
      ['Activity', 'false', -1],
    ])
    const panel = ui.getByRole('tabpanel')
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id)
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id)
    expect(await ui.findByRole('list', { name: 'Token balances' })).toBeTruthy()

    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' })
    expect(client.account.getSnapshot().currentTab).toBe('nfts')
    expect(ui.getByRole('tab', { name: 'NFTs' }).getAttribute('aria-selected')).toBe('true')
    expect(getShadowRoot().activeElement).toBe(ui.getByRole('tab', { name: 'NFTs' }))
    fireEvent.keyDown(ui.getByRole('tab', { name: 'NFTs' }), { key: 'End' })
    expect(client.account.getSnapshot().currentTab).toBe('activity')
    fireEvent.keyDown(ui.getByRole('tab', { name: 'Activity' }), { key: 'ArrowRight' })
    expect(client.account.getSnapshot().currentTab).toBe('tokens')
    fireEvent.keyDown(ui.getByRole('tab', { name: 'Tokens' }), { key: 'ArrowLeft' })
    expect(client.account.getSnapshot().currentTab).toBe('activity')
    fireEvent.keyDown(ui.getByRole('tab', { name: 'Activity' }), { key: 'Home' })
    expect(client.account.getSnapshot().currentTab).toBe('tokens')
    fireEvent.click(ui.getByRole('tab', { name: 'Activity' }))
    expect(ui.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(ui.getByRole('tab', { name: 'Activity' }).id)
    expect(await ui.findByText('No activity yet.')).toBeTruthy()
  })

  it('Activity: this chain only, all-spam hidden, by year then month, each row titled, described and timed', async () => {
    const history = {
      '': page([
        wireTransaction({ hash: hash(1), minedAt: '2026-11-23T19:55:00Z', transfers: [tokenTransfer('in', '1000', 'dUSD')] }),
        wireTransaction({ hash: hash(2), minedAt: '2026-11-23T19:59:30Z', operationType: 'mint', transfers: [nftTransfer('in', 'Dev Collection #3')] }),
        wireTransaction({ hash: hash(3), minedAt: '2026-11-20T12:00:00Z', transfers: [nftTransfer('in', 'Free Claim', true)] }),
        wireTransaction({ hash: hash(4), minedAt: '2026-11-22T12:00:00Z', chain: 'eip155:8453' }),
        wireTransaction({ hash: hash(5), minedAt: '2026-09-10T12:00:00Z', operationType: 'send', transfers: [tokenTransfer('out', '0.12345', 'ETH')] }),
        wireTransaction({ hash: hash(6), minedAt: '2025-02-10T12:00:00Z' }),
      ]),
    }
    const { ui, host } = await openAccount({ history, nfts: noNfts })
    fireEvent.click(ui.getByRole('tab', { name: 'Activity' }))
    await ui.findByRole('list', { name: 'November 2026' })
    expect(ui.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['2026', '2025'])
    expect(ui.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['November', 'September', 'February'])
    const rows = (name: string) =>
      within(ui.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((row) => [...row.querySelectorAll('.tx-title, .tx-party, .tx-time, .tx-desc')].map((part) => part.textContent))
    expect(rows('November 2026')).toEqual([
      ['Minted', 'from 0x7099…79C8', '30 sec', '+Dev Collection #3'],
      ['Received', 'from 0x7099…79C8', '5 min', '+1000.000 dUSD'],
    ])
    expect(rows('September 2026')).toEqual([['Sent', 'to 0x7099…79C8', '2 mo', '-0.123 ETH']])
    expect(rows('February 2025')).toEqual([['Received', 'from 0x7099…79C8', '1 yr', '+1.500 ETH']])
    expect(ui.getByRole('list', { name: 'November 2026' }).querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(host.history()[0]!.searchParams.get('chainId')).toBe('eip155:1')
  })

  it('Activity marks unverified tokens and hides zero-value and look-alike transfers until asked (issue 38, L-9)', async () => {
    const history = {
      '': page([
        wireTransaction({ hash: hash(1), minedAt: '2026-11-23T19:00:00Z', transfers: [tokenTransfer('in', '5', 'dUSD')] }),
        wireTransaction({ hash: hash(2), minedAt: '2026-11-23T19:10:00Z', transfers: [tokenTransfer('in', '5000', 'dUSD', null, { verified: false })] }),
        wireTransaction({ hash: hash(3), minedAt: '2026-11-23T19:20:00Z', transfers: [tokenTransfer('in', '0.000001', 'ETH', null, { hidden: 'lookAlike' })] }),
        wireTransaction({
          hash: hash(4),
          minedAt: '2026-11-23T19:30:00Z',
          operationType: 'send',
          transfers: [tokenTransfer('out', '0', 'dUSD', null, { hidden: 'zeroValue' })],
        }),
      ]),
    }
    const { ui } = await openAccount({ history, nfts: noNfts })
    fireEvent.click(ui.getByRole('tab', { name: 'Activity' }))
    const list = await ui.findByRole('list', { name: 'November 2026' })
    const rows = () =>
      within(ui.getByRole('list', { name: 'November 2026' }))
        .getAllByRole('listitem')
        .map((row) => [...row.querySelectorAll('.tx-title, .tx-desc, .flag')].map((part) => part.textContent))
    expect(list).toBeTruthy()
    expect(rows()).toEqual([
      ['Received', '+5000.000 dUSD', 'Unverified'],
      ['Received', '+5.000 dUSD'],
    ])
    const notice = ui.getByTestId('activity-hidden')
    expect(notice.textContent).toContain('2 transactions hidden: a zero value or a look-alike address.')
    const toggle = within(notice).getByRole('button', { name: 'Show hidden transfers' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')

    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(rows()).toEqual([
      ['Sent', '-0.000 dUSD', 'Zero value'],
      ['Received', '+0.000 ETH', 'Look-alike address'],
      ['Received', '+5000.000 dUSD', 'Unverified'],
      ['Received', '+5.000 dUSD'],
    ])
    fireEvent.click(toggle)
    expect(rows()).toHaveLength(2)
  })

  it('Activity shows a swap as what left and what arrived, and card purchases: on their delivery, or on their own while under way', async () => {
    const delivery = hash(8)
    const history = {
      '': page([
        wireTransaction({
          hash: hash(7),
          minedAt: '2026-11-23T19:58:00Z',
          operationType: 'trade',
          transfers: [tokenTransfer('out', '0.1', 'ETH'), tokenTransfer('in', '296.150425', 'dUSD')],
        }),
        wireTransaction({ hash: delivery, minedAt: '2026-11-23T19:50:00Z', transfers: [tokenTransfer('in', '0.01638333', 'ETH')] }),
      ]),
    }
    const account = '0x1234567890abcdef1234567890abcdef1234abcd'
    const purchases = { sandbox: [{ ...purchase('p2', 'pending', account), createdAt: '2026-11-23T19:59:00Z' }, purchase('p1', 'success', account, delivery)] }
    const { ui, host } = await openAccount({ history, nfts: noNfts, onramp: { options: OPTIONS, purchases } })
    fireEvent.click(ui.getByRole('tab', { name: 'Activity' }))
    await ui.findByRole('list', { name: 'Purchases' })
    const rows = (name: string) =>
      within(ui.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((row) => [...row.querySelectorAll('.tx-title, .tx-party, .tx-desc')].map((part) => part.textContent))
    expect(rows('Purchases')).toEqual([['Buying', '+0.016 ETH · paid 50.00 USD']])
    expect(rows('November 2026')).toEqual([
      ['Swapped', '0.100 ETH → 296.150 dUSD'],
      ['Bought', '+0.016 ETH · paid 50.00 USD'],
    ])
    expect(host.urls.find((url) => url.searchParams.get('onramp'))?.pathname).toBe(`/v1/account/${account}/history`)
  })

  it('Activity loads the next page when the end of the list scrolls into view, never twice at once', async () => {
    let answer = (_: unknown) => {}
    const history = {
      '': page([wireTransaction({ hash: hash(2), minedAt: '2026-11-23T12:00:00Z' })], 'p2'),
      p2: page([wireTransaction({ hash: hash(1), minedAt: '2026-10-23T12:00:00Z' })]),
    }
    const { ui, host } = await openAccount({ history, nfts: noNfts })
    const plain = host.fetch
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.includes('cursor=p2')) await new Promise((resolve) => (answer = resolve))
      return plain(url)
    })
    fireEvent.click(ui.getByRole('tab', { name: 'Activity' }))
    await ui.findByRole('list', { name: 'November 2026' })
    expect(TestObserver.all.size).toBe(1)
    await act(async () => TestObserver.intersect())
    // While the page loads the sentinel is not observed, so scrolling asks for nothing more.
    expect(TestObserver.all.size).toBe(0)
    expect(ui.getByRole('status').textContent).toContain('Loading activity…')
    await act(async () => answer(undefined))
    await ui.findByRole('list', { name: 'October 2026' })
    expect(host.history().map((url) => url.searchParams.get('cursor'))).toEqual([null, 'p2'])
    expect(TestObserver.all.size).toBe(0)
    expect(ui.queryByRole('status')).toBeNull()
  })

  it("Activity shows 'Failed to fetch transactions' when the fetch fails, and tries again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const history: FrameHostAnswers['history'] = { '': { status: 500, body: { error: { code: 'internal', message: 'down' } } } }
    const { ui, client } = await openAccount({ history, nfts: noNfts })
    fireEvent.click(ui.getByRole('tab', { name: 'Activity' }))
    const panel = within(ui.getByRole('tabpanel'))
    expect((await panel.findByRole('alert')).textContent).toContain('Failed to fetch transactions')
    expect(client.snackbar.getSnapshot()).toMatchObject({ message: 'Failed to fetch transactions', variant: 'error' })
    expect(ui.queryByText('No activity yet.')).toBeNull()
    history[''] = page([wireTransaction({ hash: hash(1), minedAt: '2026-11-23T12:00:00Z' })])
    fireEvent.click(ui.getByRole('button', { name: 'Try again' }))
    await ui.findByRole('list', { name: 'November 2026' })
    expect(panel.queryByRole('alert')).toBeNull()
  })

  it('NFTs: a grid of images with name and id; empty; unavailable with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const nfts: FrameHostAnswers['nfts'] = { body: { nfts: [wireNft('3'), wireNft('12', null)] } }
    const { ui, client } = await openAccount({ history: { '': page([]) }, nfts })
    fireEvent.click(ui.getByRole('tab', { name: 'NFTs' }))
    const grid = await ui.findByRole('list', { name: 'NFTs' })
    const cards = within(grid).getAllByRole('listitem')
    const texts = (card: HTMLElement) => [...card.querySelectorAll('.nft-name, .nft-id')].map((part) => part.textContent)
    expect(cards.map(texts)).toEqual([
      ['Dev Collection', '#3'],
      ['Dev Collection', '#12'],
    ])
    expect(within(cards[0]!).getByRole('img', { name: 'Dev Collection #3' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(within(cards[1]!).queryByRole('img')).toBeNull()

    nfts.status = 500
    nfts.body = { error: { code: 'internal', message: 'down' } }
    fireEvent.click(ui.getByRole('tab', { name: 'Tokens' }))
    fireEvent.click(ui.getByRole('tab', { name: 'NFTs' }))
    expect((await within(ui.getByRole('tabpanel')).findByRole('alert')).textContent).toContain('NFTs are unavailable right now.')
    nfts.status = 200
    nfts.body = { nfts: [] }
    fireEvent.click(ui.getByRole('button', { name: 'Try again' }))
    expect(await ui.findByText('No NFTs yet.')).toBeTruthy()
    expect(client.account.getSnapshot().currentTab).toBe('nfts')
  })
})
