// The demo dapp on a phone-sized screen (issue 18 §4): nothing overflows sideways.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from './support/browser.mjs'
import { loginByEmail } from './support/emailLogin.mjs'

const urls = inject('urls')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('the demo at 390 x 844', () => {
  it('fits the width, logged out and logged in: no element reaches past the right edge', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
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
})
