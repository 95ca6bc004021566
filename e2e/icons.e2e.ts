// Icons and names that tell apart (issue 18 §5), in the demo against the real frame-host: social
// buttons carry 24 px marks; All Wallets has no unexplained tick, cuts a long name in the middle
// (whole on hover and for screen readers); a wallet whose image fails gets a tile drawn from its
// name, so Bitget Wallet and Binance Web3 Wallet no longer look alike.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()
const registry = JSON.parse(readFileSync(new URL('../fixtures/wallets/registry.json', import.meta.url), 'utf8')) as {
  wallets: { name: string; image_id: string }[]
}
const imageOf = (name: string) => registry.wallets.find((w) => w.name === name)!.image_id
const BITGET = 'Bitget Wallet'
const BINANCE = 'Binance Web3 Wallet'

let page: Page

beforeAll(async () => {
  page = await (await chromium.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  // The two wallets' images fail to load, as an image host that is down would.
  const failing = [imageOf(BITGET), imageOf(BINANCE)]
  await page.route(
    (url) => url.pathname.startsWith('/getWalletImage/') && failing.includes(decodeURIComponent(url.pathname.split('/')[2]!)),
    (route) => route.fulfill({ status: 404, body: '' }),
  )
  await page.goto(urls.demo)
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  await page.locator('oriel-modal [data-section="featured"]').first().waitFor()
})

const markSize = async (name: string) => page.getByRole('button', { name }).locator('svg').first().boundingBox()

describe('icons and names', () => {
  it('social buttons carry 24 px marks, those behind More loaded when it opens', async () => {
    for (const name of ['Continue with Google', 'Continue with X', 'Continue with Discord', 'Continue with GitHub']) {
      expect(await markSize(name), name).toMatchObject({ width: 24, height: 24 })
    }
    await page.getByRole('button', { name: 'More' }).click()
    for (const name of ['Continue with Apple', 'Continue with Facebook']) {
      const mark = page.getByRole('button', { name }).locator('svg')
      await mark.waitFor()
      expect(await mark.boundingBox(), name).toMatchObject({ width: 24, height: 24 })
    }
    await page.getByRole('button', { name: 'More' }).click()
  })

  it('All Wallets shows no unexplained tick, and cuts a long name in the middle, whole on hover and for screen readers', async () => {
    await page.getByRole('button', { name: /All Wallets/ }).click()
    const binance = page.getByRole('button', { name: BINANCE, exact: true })
    await binance.waitFor()
    expect(await page.locator('oriel-modal .wallet-card .certified').count()).toBe(0)
    const name = binance.locator('.name')
    expect(await name.getAttribute('title')).toBe(BINANCE)
    // What is drawn: the head, cut with an ellipsis where the card ends, then the name's last
    // characters; the name's box stays within the card.
    const drawn = await name.evaluate((el) => ({
      head: getComputedStyle(el, '::before').textOverflow,
      tail: getComputedStyle(el, '::after').content,
    }))
    expect(drawn).toEqual({ head: 'ellipsis', tail: '"allet" / ""' })
    const [card, box] = await Promise.all([binance.boundingBox(), name.boundingBox()])
    expect(box!.x).toBeGreaterThanOrEqual(card!.x)
    expect(box!.x + box!.width).toBeLessThanOrEqual(card!.x + card!.width)
  })

  it('a wallet whose image fails gets a tile of its own: Bitget Wallet and Binance Web3 Wallet look apart', async () => {
    const tile = (name: string) => page.getByRole('button', { name, exact: true }).locator('[data-testid="generated-tile"]')
    await tile(BITGET).waitFor()
    await tile(BINANCE).waitFor()
    const look = (name: string) =>
      tile(name).evaluate((el) => ({ text: el.textContent, background: getComputedStyle(el).backgroundImage }))
    const [bitget, binance] = await Promise.all([look(BITGET), look(BINANCE)])
    expect(bitget.text).toBe('B')
    expect(binance.text).toBe('BW')
    expect(bitget.background).toMatch(/^linear-gradient/)
    expect(bitget.background).not.toBe(binance.background)
    // The tile fills the wallet's logo box.
    const [logo, drawn] = await Promise.all([
      page.getByRole('button', { name: BITGET, exact: true }).locator('.logo').boundingBox(),
      tile(BITGET).boundingBox(),
    ])
    expect(drawn).toEqual(logo)
  })
})
