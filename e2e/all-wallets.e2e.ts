// The wallet registry end to end: the demo dapp (which features Rainbow and Zerion and excludes
// Trust Wallet) against the real frame-host's /getWallets and /getWalletImage, in Chromium.
import { readFileSync } from 'node:fs'
import type { Page, Request } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()

type Wallet = { id: string; name: string; order: number; chains: string[]; image_id: string }
const registry = (
  JSON.parse(readFileSync(new URL('../fixtures/wallets/registry.json', import.meta.url), 'utf8')) as {
    wallets: Wallet[]
  }
).wallets.sort((a, b) => a.order - b.order)
const byName = (name: string) => registry.find((w) => w.name === name)!
const TRUST = byName('Trust Wallet')
// The demo's networks: Ethereum, Base, Polygon, the local devnet, Solana, the local Solana
// cluster and Bitcoin.
const DEMO_CHAINS = [
  'eip155:1',
  'eip155:8453',
  'eip155:137',
  'eip155:31337',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:Ay2AEajzuAs9MiB6D6ug4qGQ4Yzt6NZo',
  'bip122:000000000019d6689c085ae165831e93',
]
const listable = registry.filter((w) => w.id !== TRUST.id && w.chains.some((c) => DEMO_CHAINS.includes(c)))

let page: Page
const requests: URL[] = []

beforeAll(async () => {
  page = await (await chromium.newContext()).newPage()
  page.on('request', (request: Request) => {
    const url = new URL(request.url())
    if (url.origin === urls.frameHost && url.pathname.startsWith('/getWallet')) requests.push(url)
  })
  await page.goto(urls.demo)
})

const walletRequests = () => requests.filter((u) => u.pathname === '/getWallets')
const cards = () => page.locator('.wallet-card[data-wallet-id]')
const cardIds = () => cards().evaluateAll((els) => els.map((el) => el.getAttribute('data-wallet-id')!))
const scrollToEnd = () =>
  page.locator('.wallet-scroll').evaluate((el) => {
    el.scrollTop = el.scrollHeight
  })

describe('All Wallets', () => {
  it('asks frame-host nothing until the modal opens', async () => {
    await page.getByRole('button', { name: 'Connect Wallet' }).first().waitFor()
    await page.waitForTimeout(300)
    expect(requests).toEqual([])
  })

  it('Connect lists the featured wallets, then recommended ones, and All Wallets with the count', async () => {
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    const featured = page.locator('[data-section="featured"] .name')
    await expect.poll(() => featured.allTextContents()).toEqual(['Rainbow', 'Zerion'])
    const recommended = page.locator('[data-section="recommended"] .name')
    // Recommended wallets fill what the two featured ones leave of 4 rows.
    const expected = listable.filter((w) => !['Rainbow', 'Zerion'].includes(w.name)).slice(0, 2)
    await expect.poll(() => recommended.allTextContents()).toEqual(expected.map((w) => w.name))
    const all = page.getByRole('button', { name: /All Wallets/ })
    await expect.poll(() => all.locator('.tag').textContent()).toBe(`${Math.floor(listable.length / 10) * 10}+`)
    const first = walletRequests()[0]!
    expect(first.searchParams.get('projectId')).toBe('demo')
    expect(first.searchParams.get('st')).toBe('appkit')
    expect(first.searchParams.get('sv')).toMatch(/^oriel-react-/)
    // Images come from frame-host and really load.
    const img = page.locator('[data-section="featured"] img').first()
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  })

  it('shows featured, recommended and the first page of 40, then loads page 2 on scroll', async () => {
    await page.getByRole('button', { name: /All Wallets/ }).click()
    await page.getByRole('heading', { name: 'All Wallets' }).waitFor()
    await expect.poll(() => cards().count()).toBe(2 + 4 + 40)
    const names = await page.locator('.wallet-card[data-wallet-id] .name').allTextContents()
    expect(names.slice(0, 2)).toEqual(['Rainbow', 'Zerion'])
    expect(walletRequests().at(-1)?.searchParams.get('page')).toBe('1')
    await scrollToEnd()
    await expect.poll(() => cards().count()).toBe(Math.min(listable.length, 2 + 4 + 80))
    expect(walletRequests().at(-1)?.searchParams.get('page')).toBe('2')
    const lastImage = cards().last().locator('img')
    await lastImage.scrollIntoViewIfNeeded()
    await expect
      .poll(() => lastImage.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0)
  })

  it('every listable wallet shows once, and the excluded one never', async () => {
    // Scroll until every wallet is in; a page may also arrive by itself (its sentinel in view).
    for (let i = 0; i < 10; i++) {
      const before = await cards().count()
      if (before >= listable.length) break
      await scrollToEnd()
      await expect.poll(() => cards().count()).toBeGreaterThan(before)
    }
    const ids = await cardIds()
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(listable.map((w) => w.id).sort())
    expect(ids).not.toContain(TRUST.id)
    expect(await page.locator('.wallet-card').filter({ hasText: /^Trust Wallet$/ }).count()).toBe(0)
  })

  it('search shows matches after the debounce; the excluded wallet is not found', async () => {
    const search = page.getByRole('searchbox', { name: 'Search wallet' })
    const before = walletRequests().length
    await search.pressSequentially('rain', { delay: 50 })
    await expect.poll(() => page.locator('.wallet-card[data-wallet-id] .name').allTextContents()).toEqual(['Rainbow'])
    const searches = walletRequests().slice(before)
    expect(searches.map((u) => u.searchParams.get('search'))).toEqual(['rain'])
    expect(searches[0]?.searchParams.get('entries')).toBe('100')

    await search.fill('Trust Wallet')
    await page.getByText('No wallet found for “Trust Wallet”').waitFor()
    await search.fill('trust')
    await expect.poll(() => page.locator('.wallet-card[data-wallet-id] .name').allTextContents()).toEqual([
      'Trustee Wallet',
    ])
  })

  it('picking a wallet that is not installed opens a WalletConnect pairing titled with that wallet', async () => {
    await page.getByRole('button', { name: 'Trustee Wallet' }).click()
    await page.getByRole('heading', { name: 'Trustee Wallet' }).waitFor()
    await page.locator('oriel-modal [data-view="ConnectingWalletConnect"] .pairing').waitFor()
  })

  it('the pairing’s QR code carries the wallet’s logo and counts the code’s time down, live', async () => {
    const qr = page.locator('oriel-modal [data-testid="wc-qr"]')
    await qr.waitFor({ timeout: 20_000 })
    const logo = qr.locator('img.qr-logo')
    expect(new URL((await logo.getAttribute('src'))!).pathname).toBe(`/getWalletImage/${byName('Trustee Wallet').image_id}`)
    await expect.poll(() => logo.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    // 4 minutes, replaced 10 s before the end: 3:50 at most.
    const countdown = page.getByRole('timer')
    const first = (await countdown.textContent())!
    expect(first).toMatch(/^Code expires in 3:[0-5]\d$/)
    await expect.poll(() => countdown.textContent()).not.toBe(first)
    const seconds = (text: string) => Number(text.slice(-4, -3)) * 60 + Number(text.slice(-2))
    expect(seconds((await countdown.textContent())!)).toBeLessThan(seconds(first))
  })
})
