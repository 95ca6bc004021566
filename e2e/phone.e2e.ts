// The demo dapp on a phone-sized screen (issue 18 §4): nothing overflows sideways.

import { loginByEmail } from '@oriel/stack/widget'
import { describe, expect, inject, it } from 'vitest'
import { chromiumForFile } from './support/fixtures'

const urls = inject('urls')
const chromium = chromiumForFile()

describe('the demo at 390 x 844', () => {
  it('fits the width, logged out and logged in: no element reaches past the right edge', async () => {
    const context = await chromium.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.goto(urls.demo)
    await page.getByRole('button', { name: 'Connect Wallet' }).first().waitFor()
    const overflowing = () =>
      page.evaluate(() => {
        // Every element, in shadow roots too (the widget's button and modal live in one).
        const all = (root: ParentNode): Element[] =>
          Array.from(root.querySelectorAll('*')).flatMap((el) => [el, ...(el.shadowRoot ? all(el.shadowRoot) : [])])
        return all(document.body)
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`)
      })
    expect(await overflowing()).toEqual([])
    // Logged in, with the address, the status card and the wallet's buttons.
    await loginByEmail(page, `phone+${Date.now()}@example.com`)
    await page.keyboard.press('Escape')
    expect(await overflowing()).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await context.close()
  })

  it('on a phone, choosing a wallet gives a link that opens it with the pairing, above the QR code', async () => {
    const context = await chromium.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    })
    const page = await context.newPage()
    await page.goto(urls.demo)
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    await page.locator('oriel-modal [role="dialog"]').waitFor()
    await page.getByRole('button', { name: /^Rainbow/ }).first().click()
    // The view is the wallet's, and opening the wallet on this phone comes first.
    await page.getByRole('heading', { name: 'Rainbow' }).waitFor()
    const open = page.getByRole('link', { name: 'Open Rainbow' })
    await open.waitFor({ timeout: 20_000 })
    const href = (await open.getAttribute('href'))!
    expect(href).toMatch(/^rainbow:\/\/wc\?uri=wc%3A/)
    const uri = decodeURIComponent(href.slice('rainbow://wc?uri='.length))
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    // The QR code and "Copy link" stay as fallbacks, below it.
    const [link, qr] = await Promise.all([
      open.boundingBox(),
      page.locator('oriel-modal .pairing svg, oriel-modal .pairing canvas, oriel-modal .pairing img').last().boundingBox(),
    ])
    expect(link!.y).toBeLessThan(qr!.y)
    expect(await page.getByRole('button', { name: /Copy link/ }).count()).toBe(1)
    await context.close()
  })
})
