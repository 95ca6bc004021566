// The card does not jump (issue 18 §6): from the first frame it paints, the Connect view has the
// height it settles at, while the wallet registry (frame-host's /getWallets and its images)
// answers behind placeholder rows. A fresh browser profile each time, so nothing is cached.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from './support/browser.mjs'

const urls = inject('urls')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('the Connect card', () => {
  it('keeps its height within 2 px from its first painted frame until the wallets are in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(urls.demo)
    await page.getByRole('button', { name: 'Connect Wallet' }).first().waitFor()
    // Each frame's card height, from the click until 1.5 s after the registry's rows are in.
    const heights = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const samples: number[] = []
          let settledAt = 0
          const sample = (now: number) => {
            const root = document.querySelector('oriel-modal')?.shadowRoot
            const card = root?.querySelector<HTMLElement>('.card')
            if (card) samples.push(card.offsetHeight)
            const loaded = root?.querySelector('[data-section="featured"], [data-section="recommended"]')
            if (loaded && !settledAt) settledAt = now
            if (settledAt && now - settledAt > 1500) resolve(samples)
            else requestAnimationFrame(sample)
          }
          document.querySelector<HTMLButtonElement>('[data-oriel-connect-button]')!.click()
          requestAnimationFrame(sample)
        }),
    )
    expect(heights.length).toBeGreaterThan(10)
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(2)
    await context.close()
  })
})
